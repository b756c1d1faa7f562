import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import { API_BASE, LIVE_PATH } from '@dms/shared/contracts/http/paths';

/**
 * Serves the built client from `clientDir` when it holds an `index.html`: hashed files under `/assets/`
 * are cached for a year, everything else is revalidated, and any other GET that accepts HTML gets
 * `index.html` (the client router decides). Returns whether the client is served.
 */
export function serveClient(app: Express, clientDir: string): boolean {
  const index = join(clientDir, 'index.html');
  if (!existsSync(index)) return false;
  app.use(
    express.static(clientDir, {
      index: false,
      setHeaders(res, path) {
        const underAssets = path.startsWith(join(clientDir, 'assets'));
        res.setHeader('Cache-Control', underAssets ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  app.get('/{*rest}', (req, res, next) => {
    if (
      req.path.startsWith(`${API_BASE}/`) ||
      req.path.startsWith(LIVE_PATH) ||
      req.path.startsWith('/assets/')
    ) {
      return next();
    }
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
