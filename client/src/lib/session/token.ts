import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@/config/app';

/** The session token of the `Admin-Token` cookie, or undefined for a visitor. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

let displayToken: (() => string | undefined) | undefined;

/**
 * Where a wall screen's display token is read, sent by the REST client when there is no session token (a
 * wall has no sign-in): set by the wall once it is paired, as a getter of its current token (as its live
 * socket reads it), and cleared when the pairing ends. Only requests use it: the session, its guards and
 * the console's socket never see it.
 */
export function setDisplayRequestToken(token: (() => string | undefined) | undefined): void {
  displayToken = token;
}

/** The bearer token of a REST request: the session's, else a paired wall's display token. */
export function getRequestToken(): string | undefined {
  return getToken() ?? displayToken?.();
}

/**
 * Stores the session token in the `Admin-Token` cookie: a session cookie, `SameSite=Strict` (never sent
 * with a request another site starts), `Secure` when the page is served over HTTPS. It stays readable by
 * the client, which sends it as the spec's Bearer header.
 */
export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Strict', secure: window.location.protocol === 'https:' });
}

/** Forgets the session token. */
export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}
