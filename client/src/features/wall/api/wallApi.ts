import type { z } from 'zod';
import { endpoints, type EndpointDef } from '@dms/shared/contracts/http/endpoints';
import { API_BASE, HEALTH_PATH } from '@dms/shared/contracts/http/paths';
import { RELOGIN_CODES } from '@dms/shared/errors/codes';

/** Keeps the wall's display token across reloads (a wall is one browser, paired once). */
export const WALL_TOKEN_KEY = 'dms.wall.token';

export function readWallToken(): string | null {
  try {
    return localStorage.getItem(WALL_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function keepWallToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(WALL_TOKEN_KEY, token);
    else localStorage.removeItem(WALL_TOKEN_KEY);
  } catch {
    // Private mode without storage: the wall pairs again after a reload.
  }
}

/** Why a wall call failed: the gateway refused the token (-2: back to pairing), answered otherwise, or not at all. */
export class WallCallError extends Error {
  constructor(
    readonly kind: 'refused' | 'failed' | 'unreachable',
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

const CALL_TIMEOUT_MS = 15_000;

/**
 * One REST call of the wall with its display token (not the console's session: a wall has no signed-in
 * person, and its failures must not raise the console's re-login prompt). The answer is checked against the
 * endpoint's schema.
 */
export async function wallCall<E extends EndpointDef>(
  endpoint: E,
  options: {
    token?: string | null;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
  } = {},
): Promise<E['response'] extends z.ZodType ? z.infer<E['response']> : never> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${endpoint.path}${qs ? `?${qs}` : ''}`, {
      method: endpoint.method,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: 'no-store',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new WallCallError('unreachable', error instanceof Error ? error.message : String(error));
  }
  let envelope: { code?: unknown; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // A proxy's error page while the gateway restarts.
    throw new WallCallError('unreachable', `HTTP ${response.status}`);
  }
  const code = typeof envelope.code === 'number' ? envelope.code : -1;
  if (RELOGIN_CODES.includes(code)) throw new WallCallError('refused', `code ${code}`, code);
  if (code !== 0)
    throw new WallCallError(response.status >= 500 ? 'unreachable' : 'failed', `code ${code}`, code);
  const schema = endpoint.response;
  if (schema === 'file') throw new WallCallError('failed', 'unexpected file');
  const parsed = schema.safeParse(envelope.data);
  if (!parsed.success) throw new WallCallError('failed', parsed.error.message);
  return parsed.data as never;
}

/** Whether the gateway answers its health check (it and its database are up). */
export async function gatewayAnswers(): Promise<boolean> {
  try {
    const r = await fetch(HEALTH_PATH, { cache: 'no-store', signal: AbortSignal.timeout(5_000) });
    return r.ok;
  } catch {
    return false;
  }
}

/** The build a document runs: the source of its entry module script (hashed by the build). */
export function buildIdOf(html: string): string | null {
  const match =
    /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html) ??
    /<script[^>]*src="([^"]+)"[^>]*type="module"/.exec(html);
  return match?.[1] ?? null;
}

/** The build this page runs. */
export function currentBuildId(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script ? script.getAttribute('src') : null;
}

/** The build the gateway serves now (null when it cannot be read). */
export async function servedBuildId(): Promise<string | null> {
  try {
    const r = await fetch(window.location.pathname, {
      headers: { accept: 'text/html' },
      cache: 'no-store',
      signal: AbortSignal.timeout(5_000),
    });
    if (!r.ok) return null;
    return buildIdOf(await r.text());
  } catch {
    return null;
  }
}

export const wallEndpoints = {
  pair: endpoints.displayPair,
  me: endpoints.displayMe,
  alerts: endpoints.alertList,
  providers: endpoints.providers,
  feedStatus: endpoints.feedStatus,
} as const;
