import type { Observable } from 'rxjs';
import type { IngestResult } from '@dms/shared/contracts/events/platform';
import type { Store } from '../platform/db/db.store';
import type { Logger } from '../platform/logger/logger';
import { EventBatchWriter } from './batch.service';
import type { EngineConfig } from './engine.config';
import { DayCutter } from './events.mapper';
import { EventsRepository } from './events.repository';
import { EventPipeline, type CommittedBatch, type PipelineStats } from './pipeline.service';
import { RiskRunner, type DetectorFactory, type RiskRunnerTuning } from './risk/riskRunner.service';
import type { RiskSink } from './risk/riskSink.port';

/** What a platform source needs of the engine: somewhere to submit. */
export interface EngineInput {
  /**
   * Validates and stores a batch of raw events; resolves once every accepted event is committed (or was
   * stored already), with the refusals by index. Rejects when the store failed (a retry is safe).
   */
  submit(raw: readonly unknown[]): Promise<IngestResult>;
}

/** The engine of a gateway: the one event pipeline over the store, and what reads its commits. */
export interface Engine<Output = unknown, Snapshot = unknown> extends EngineInput {
  /** Every committed batch, in commit order. */
  readonly committed$: Observable<CommittedBatch>;
  /** The pipeline's counters since start. */
  readonly stats: Readonly<PipelineStats>;
  /** Events stored per second over the last `windowMs`. */
  eventsPerSec(windowMs?: number): number;
  /** The risk runner, when the engine was given a detector. */
  readonly risk: RiskRunner<Output, Snapshot> | undefined;
  /** Tunes the store's connection for batched writes and starts the risk runner (call once the server listens). */
  start(): void;
  /**
   * Writes what is queued and stops accepting, then stops the risk runner (it gives its lease up). Call
   * after the sources stopped, before the store closes.
   */
  stop(): Promise<void>;
}

/** The risk engine's detector and where its outputs go. */
export interface EngineRisk<Output, Snapshot> {
  createDetector: DetectorFactory<Output, Snapshot>;
  sink: RiskSink<Output>;
  /** The runner's partition and holder name, and its tuning over the configuration's. */
  partition?: string;
  holder?: string;
  tuning?: Partial<RiskRunnerTuning>;
}

export interface EngineContext<Output = unknown, Snapshot = unknown> {
  store: Store;
  config: EngineConfig;
  logger?: Logger | undefined;
  now?: () => number;
  /** Runs the risk engine over the committed input (one runner per database, by lease). */
  risk?: EngineRisk<Output, Snapshot> | undefined;
}

/**
 * Creates the engine over an open store. It accepts submissions at once (the HTTP ingest works before
 * `start()`); the feeds (simulator, poller, HTTP ingest) only submit to it.
 */
export function createEngine<Output = unknown, Snapshot = unknown>(
  ctx: EngineContext<Output, Snapshot>,
): Engine<Output, Snapshot> {
  const now = ctx.now ?? Date.now;
  const repo = EventsRepository.of(ctx.store);
  const writer = new EventBatchWriter(repo, new DayCutter(ctx.config.timeZone), (err) =>
    ctx.logger?.error({ err }, 'engine: adding a batch to the roll-ups failed; it stays pending'),
  );
  const pipeline = new EventPipeline(writer, {
    now,
    logger: ctx.logger,
    lingerMs: ctx.config.pipeline.lingerMs,
    maxBatch: ctx.config.pipeline.maxBatch,
    maxQueued: ctx.config.pipeline.maxQueued,
  });
  pipeline.start();
  const committed$ = pipeline.committed$;
  const risk = ctx.risk
    ? new RiskRunner({
        store: ctx.store,
        createDetector: ctx.risk.createDetector,
        sink: ctx.risk.sink,
        committed$,
        partition: ctx.risk.partition,
        holder: ctx.risk.holder,
        now,
        logger: ctx.logger,
        ...ctx.config.risk,
        ...ctx.risk.tuning,
      })
    : undefined;
  let started: Promise<void> | undefined;
  return {
    submit: (raw) => pipeline.submit(raw),
    committed$,
    get stats() {
      return pipeline.stats;
    },
    eventsPerSec: (windowMs) => pipeline.eventsPerSec(windowMs),
    risk,
    start: () => {
      started ??= repo
        .tune()
        .catch((err: unknown) => ctx.logger?.warn({ err }, 'engine: tuning the connection failed'))
        // Roll-ups a stopped gateway left pending (it stopped between a batch and its roll-up).
        .then(() => writer.rollUp())
        .catch((err: unknown) => ctx.logger?.error({ err }, 'engine: adding pending roll-ups failed'))
        .then(() => risk?.start());
    },
    stop: async () => {
      await started;
      await pipeline.stop();
      await risk?.stop();
    },
  };
}
