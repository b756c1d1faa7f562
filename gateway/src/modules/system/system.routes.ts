import type { Router } from 'express';
import { ok } from '@dms/shared/contracts/envelope';
import { ERR } from '@dms/shared/errors/codes';
import { APP_VERSION, HEALTH_PATH, OPENAPI_PATH } from '@dms/shared/contracts/http/paths';
import type { Store } from '../../platform/db/db.store';
import { buildOpenApi } from '../../platform/http/http.openapi';
import { failWith } from '../../platform/errors/errors';

/** The body of `GET /healthz`. */
export interface Health {
  status: 'ok';
  db: Store['dialect'];
  uptimeMs: number;
  version: string;
}

/**
 * `GET /healthz` (the database answers → 200 `{status:'ok', db, uptimeMs, version}`, else 503 -1) and
 * `GET /openapi.json`. Both public.
 */
export function mountSystem(router: Router, store: Store, startedAt: number, now: () => number): void {
  router.get(HEALTH_PATH, async (_req, res) => {
    try {
      await store.ping();
    } catch {
      res.status(503).json(failWith(ERR.GENERAL, 'server.databaseUnavailable'));
      return;
    }
    const health: Health = {
      status: 'ok',
      db: store.dialect,
      uptimeMs: Math.max(0, now() - startedAt),
      version: APP_VERSION,
    };
    res.set('Cache-Control', 'no-store').json(ok(health));
  });
  let doc: string | undefined;
  router.get(OPENAPI_PATH, (_req, res) => {
    doc ??= JSON.stringify(buildOpenApi());
    res.type('application/json').send(doc);
  });
}
