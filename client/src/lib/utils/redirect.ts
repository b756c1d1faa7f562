/**
 * The `redirect` query parameter of the login page, if it is safe to follow: a path on this origin
 * ("/riskdata/riskdata?x=1"), never another site ("//evil.example", "https://…", "/\\evil") and never the
 * login page itself.
 */
export function safeRedirect(
  raw: string | null | undefined,
  origin: string = window.location.origin,
): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  if (url.pathname === '/login' || url.pathname === '/auth-redirect') return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login URL that comes back to `fullPath` after signing in. */
export function loginUrl(fullPath: string): string {
  const back = safeRedirect(fullPath);
  return back && back !== '/' ? `/login?redirect=${encodeURIComponent(back)}` : '/login';
}
