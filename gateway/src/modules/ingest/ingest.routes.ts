import express, { type ErrorRequestHandler, type Router } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { ok } from '@dms/shared/contracts/envelope';
import { ERR } from '@dms/shared/errors/codes';
import {
  INGEST_MAX_BYTES,
  INGEST_MAX_EVENTS,
  INGEST_SIGNATURE_HEADER,
  INGEST_TIMESTAMP_HEADER,
  type IngestResult,
} from '@dms/shared/contracts/events/platform';
import type { Logger } from '../../platform/logger/logger';
import { failWith } from '../../platform/errors/errors';
import { verifyIngestSignature } from './ingest.signature';

/** Path of the ingest endpoint, relative to the API base (`POST /api/ingest/events`). */
export const INGEST_PATH = '/ingest/events';

export interface IngestRouterOptions {
  /** The shared secret (`DMS_INGEST_SECRET`). */
  secret: string;
  /** Requests per minute per client address. */
  ratePerMinute: number;
  /** Where requests are counted: shared by the instances in scale-out; memory by default. */
  rateLimitStore?: Store | undefined;
  /** Validates, stores and acknowledges a batch; resolves once committed. */
  submit(events: readonly unknown[]): Promise<IngestResult>;
  now?: () => number;
  logger?: Logger | undefined;
}

/**
 * `POST /ingest/events`: signed event batches from the games platform, machine to machine (no user
 * token). Order of checks: rate limit (429), body size (413), signature and timestamp over the raw body
 * (401 -1 "invalid signature" / "stale timestamp"), JSON (400), batch shape and size (400 / 413), then
 * the pipeline. The answer `{accepted, duplicates, refused: [{index, id?, reason}]}` comes after the
 * accepted events are committed (an event the store itself refuses is refused by index too); a failure
 * of the store (down, full) answers 503 and the whole batch may be retried.
 */
export function ingestRouter(options: IngestRouterOptions): Router {
  const now = options.now ?? Date.now;
  const router = express.Router();
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: options.ratePerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
    passOnStoreError: true,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    handler: (_req, res) => {
      res.status(429).json(failWith(ERR.GENERAL, 'ingest.tooManyRequests'));
    },
  });

  router.post(
    INGEST_PATH,
    limiter,
    express.raw({ type: () => true, limit: INGEST_MAX_BYTES }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const check = verifyIngestSignature({
        secret: options.secret,
        signature: req.get(INGEST_SIGNATURE_HEADER),
        timestamp: req.get(INGEST_TIMESTAMP_HEADER),
        body,
        now: now(),
      });
      if (!check.ok) {
        res
          .status(401)
          .json(
            failWith(
              ERR.GENERAL,
              check.reason === 'stale timestamp' ? 'ingest.staleTimestamp' : 'ingest.invalidSignature',
            ),
          );
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        res.status(400).json(failWith(ERR.GENERAL, 'request.invalidJson'));
        return;
      }
      const events = (parsed as { events?: unknown } | null)?.events;
      if (!Array.isArray(events)) {
        res.status(400).json(failWith(ERR.GENERAL, 'ingest.notAnArray'));
        return;
      }
      if (events.length === 0) {
        res.status(400).json(failWith(ERR.GENERAL, 'ingest.emptyBatch'));
        return;
      }
      if (events.length > INGEST_MAX_EVENTS) {
        res.status(413).json(failWith(ERR.GENERAL, 'ingest.batchTooLarge', { max: INGEST_MAX_EVENTS }));
        return;
      }
      let result: IngestResult;
      try {
        result = await options.submit(events);
      } catch (err) {
        options.logger?.error({ err }, 'ingest: storing a batch failed');
        res.status(503).json(failWith(ERR.GENERAL, 'ingest.storeFailed'));
        return;
      }
      res.json(ok(result));
    },
  );

  const errors: ErrorRequestHandler = (err: unknown, _req, res, next) => {
    const type = (err as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') {
      res
        .status(413)
        .json(failWith(ERR.GENERAL, 'request.tooLarge', { limit: `${INGEST_MAX_BYTES / 1024 / 1024} MB` }));
      return;
    }
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      res.status(415).json(failWith(ERR.GENERAL, 'request.unsupportedEncoding'));
      return;
    }
    if (type === 'request.aborted') {
      res.status(400).json(failWith(ERR.GENERAL, 'request.aborted'));
      return;
    }
    next(err);
  };
  router.use(INGEST_PATH, errors);
  return router;
}
