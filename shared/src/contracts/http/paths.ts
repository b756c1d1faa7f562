/**
 * Where the gateway serves things. The paths of `endpoints.ts` are relative to {@link API_BASE}: the
 * client's base URL is `API_BASE`, so `POST /user/login` is requested as `POST /api/user/login`.
 * Everything outside these prefixes is the single-page app (the gateway answers unknown GETs with
 * `index.html`).
 */
export const API_BASE = '/api';

/**
 * The cookie in which the client keeps the session token (spec section 4). The client reads it to send
 * `Authorization: Bearer`; the gateway reads it only where a browser sends no header (the avatar `<img>`).
 */
export const TOKEN_COOKIE = 'Admin-Token';

/**
 * Generated avatar images: `${API_BASE}${AVATAR_PATH}/<uid>`, served to the signed-in account for its own
 * uid only; resize query params are accepted and ignored.
 */
export const AVATAR_PATH = '/avatar';

/** Liveness and readiness: `{code:0, msg:'success', data:{status, db, uptimeMs, version}}`. Public. */
export const HEALTH_PATH = '/healthz';

/** The OpenAPI 3.1 document generated from the endpoint registry. Public. */
export const OPENAPI_PATH = '/openapi.json';

/** The socket.io endpoint (same origin, same port). */
export const LIVE_PATH = '/socket.io';

/** The version label of the product (spec section 9: "Ver 1.4"). */
export const APP_VERSION = '1.4';
