import type { Store } from '../platform/db/db.store';
import type { Logger } from '../platform/logger/logger';
import { EventBatchWriter } from '../engine/batch.service';
import { DayCutter } from '../engine/events.mapper';
import { EventsRepository } from '../engine/events.repository';
import { EventPipeline } from '../engine/pipeline.service';
import { loadFeedConfig, type FeedConfig } from './feed.config';
import { FeedStateRepository } from './feedState.repository';
import { FeedService } from './feed.service';

/** What the feed needs from the gateway. */
export interface FeedContext {
  store: Store;
  logger?: Logger | undefined;
  now?: () => number;
  /** The feed configuration; read from `env` (default `process.env`) when absent. */
  config?: FeedConfig;
  env?: Readonly<Record<string, string | undefined>>;
}

/** A wired feed: the service (status, events$, submit) and its pipeline. */
export interface Feed {
  service: FeedService;
  pipeline: EventPipeline;
  config: FeedConfig;
  /** Starts the source in the background (after the server listens). */
  start(): void;
  /** Stops the source and drains the pipeline (before the store closes). */
  stop(): Promise<void>;
}

/**
 * Wires the event pipeline over the store (batched writes and roll-ups) and the feed source chosen by
 * the configuration. The pipeline accepts submissions at once (the HTTP ingest works before `start()`);
 * the source (simulator backfill and live play, or the poller) runs after `start()`.
 */
export function createFeed(ctx: FeedContext): Feed {
  const now = ctx.now ?? Date.now;
  const config = ctx.config ?? loadFeedConfig(ctx.env ?? process.env);
  const repo = EventsRepository.of(ctx.store);
  const writer = new EventBatchWriter(repo, new DayCutter(config.timeZone));
  const pipeline = new EventPipeline(writer, {
    now,
    logger: ctx.logger,
    bufferMs: config.pipeline.bufferMs,
    maxBatch: config.pipeline.maxBatch,
    maxQueued: config.pipeline.maxQueued,
  });
  pipeline.start();
  const service = new FeedService(config, pipeline, new FeedStateRepository(ctx.store, now), {
    now,
    logger: ctx.logger,
  });
  let tuned: Promise<void> | undefined;
  return {
    service,
    pipeline,
    config,
    start: () => {
      tuned ??= repo
        .tune()
        .catch((err: unknown) => ctx.logger?.warn({ err }, 'feed: tuning the connection failed'));
      void tuned.then(() => service.start());
    },
    stop: () => service.stop(),
  };
}

/** {@link createFeed} and start it at once. */
export function startFeed(ctx: FeedContext): Feed {
  const feed = createFeed(ctx);
  feed.start();
  return feed;
}
