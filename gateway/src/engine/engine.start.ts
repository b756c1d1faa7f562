import type { Observable } from 'rxjs';
import type { IngestResult } from '@dms/shared/contracts/events/platform';
import type { Store } from '../platform/db/db.store';
import type { Logger } from '../platform/logger/logger';
import { EventBatchWriter } from './batch.service';
import type { EngineConfig } from './engine.config';
import { DayCutter } from './events.mapper';
import { EventsRepository } from './events.repository';
import { EventPipeline, type CommittedBatch, type PipelineStats } from './pipeline.service';

/** What a platform source needs of the engine: somewhere to submit. */
export interface EngineInput {
  /**
   * Validates and stores a batch of raw events; resolves once every accepted event is committed (or was
   * stored already), with the refusals by index. Rejects when the store failed (a retry is safe).
   */
  submit(raw: readonly unknown[]): Promise<IngestResult>;
}

/** The engine of a gateway: the one event pipeline over the store, and what reads its commits. */
export interface Engine extends EngineInput {
  /** Every committed batch, in commit order. */
  readonly committed$: Observable<CommittedBatch>;
  /** The pipeline's counters since start. */
  readonly stats: Readonly<PipelineStats>;
  /** Events stored per second over the last `windowMs`. */
  eventsPerSec(windowMs?: number): number;
  /** Tunes the store's connection for batched writes (call once the server listens). */
  start(): void;
  /** Writes what is queued and stops accepting (call after the sources stopped, before the store closes). */
  stop(): Promise<void>;
}

export interface EngineContext {
  store: Store;
  config: EngineConfig;
  logger?: Logger | undefined;
  now?: () => number;
}

/**
 * Creates the engine over an open store. It accepts submissions at once (the HTTP ingest works before
 * `start()`); the feeds (simulator, poller, HTTP ingest) only submit to it.
 */
export function createEngine(ctx: EngineContext): Engine {
  const now = ctx.now ?? Date.now;
  const repo = EventsRepository.of(ctx.store);
  const pipeline = new EventPipeline(new EventBatchWriter(repo, new DayCutter(ctx.config.timeZone)), {
    now,
    logger: ctx.logger,
    lingerMs: ctx.config.pipeline.lingerMs,
    maxBatch: ctx.config.pipeline.maxBatch,
    maxQueued: ctx.config.pipeline.maxQueued,
  });
  pipeline.start();
  const committed$ = pipeline.committed$;
  let started: Promise<void> | undefined;
  return {
    submit: (raw) => pipeline.submit(raw),
    committed$,
    get stats() {
      return pipeline.stats;
    },
    eventsPerSec: (windowMs) => pipeline.eventsPerSec(windowMs),
    start: () => {
      started ??= repo
        .tune()
        .catch((err: unknown) => ctx.logger?.warn({ err }, 'engine: tuning the connection failed'));
    },
    stop: async () => {
      await started;
      await pipeline.stop();
    },
  };
}
