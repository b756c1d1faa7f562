import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from '../logger/logger';

/** HSTS sent over HTTPS: half a year, sub-domains included. */
export const HSTS_VALUE = 'max-age=15552000; includeSubDomains';

/**
 * The security headers of every answer (helmet): a Content-Security-Policy that lets the page talk to its
 * own origin only — `connect-src 'self'` covers the API and the socket.io WebSocket of the same host, and
 * nothing else, so an injected script cannot send data anywhere — and HSTS only on answers served over
 * HTTPS (`req.secure`, which honours `DMS_TRUST_PROXY` behind a TLS-terminating load balancer): on plain
 * HTTP it would be ignored at best, and a LAN console reached by IP must not be pinned to HTTPS.
 */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // Blueprint and ECharts set inline styles.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'worker-src': ["'self'", 'blob:'],
          // The console is often reached over plain HTTP on a LAN: do not force https sub-requests.
          'upgrade-insecure-requests': null,
        },
      },
      strictTransportSecurity: false,
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
      next();
    },
  ];
}

/** `Cache-Control: no-store` on API answers: no envelope, export or image of an account is kept by a cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * Warns once, on the first request that carries `X-Forwarded-For` while `trust proxy` is off: behind a
 * load balancer every client then shares the balancer's address, so per-address limits (sign-in, ingest)
 * count everyone together. Set `DMS_TRUST_PROXY` to the balancer's hop count or addresses.
 */
export function warnUntrustedProxy(logger: Logger, trustProxy: unknown): RequestHandler {
  let warned = trustProxy !== false;
  return (req, _res, next) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      logger.warn(
        { remoteAddress: req.socket.remoteAddress },
        'requests carry X-Forwarded-For but DMS_TRUST_PROXY is unset: every client behind the proxy shares ' +
          "one address for the sign-in and ingest limits; set DMS_TRUST_PROXY to the proxy's hop count or addresses",
      );
    }
    next();
  };
}

/** The value of cookie `name` in a `Cookie` header, if present (RFC 6265 syntax, percent-decoded). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
