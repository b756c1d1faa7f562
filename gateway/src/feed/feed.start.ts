import type { Store } from '../platform/db/db.store';
import type { Logger } from '../platform/logger/logger';
import { loadFeedConfig, type FeedConfig } from './feed.config';
import { FeedStateRepository } from './feedState.repository';
import { FeedService, type FeedEngine } from './feed.service';
import type { SimTableSource } from './simulator.service';

/** What the feed needs from the gateway. */
export interface FeedContext {
  store: Store;
  /** The engine the sources submit to (it owns the pipeline). */
  engine: FeedEngine;
  logger?: Logger | undefined;
  now?: () => number;
  /** The feed configuration; read from `env` (default `process.env`) when absent. */
  config?: FeedConfig;
  env?: Readonly<Record<string, string | undefined>>;
  /** Table setting: the simulator plays its enabled tables (and configures its own on a fresh install). */
  tables?: SimTableSource | undefined;
}

/** A wired feed: the service (status, submit) and its configuration. */
export interface Feed {
  service: FeedService;
  config: FeedConfig;
  /** Starts the source in the background (after the server listens). */
  start(): void;
  /** Stops the source and waits for what it submitted (before the engine stops). */
  stop(): Promise<void>;
}

/**
 * Wires the feed source chosen by the configuration to the engine. Submissions are accepted at once (the
 * HTTP ingest works before `start()`); the source (simulator backfill and live play, or the poller) runs
 * after `start()`.
 */
export function createFeed(ctx: FeedContext): Feed {
  const now = ctx.now ?? Date.now;
  const config = ctx.config ?? loadFeedConfig(ctx.env ?? process.env);
  const service = new FeedService(config, ctx.engine, new FeedStateRepository(ctx.store, now), {
    now,
    logger: ctx.logger,
    tables: ctx.tables,
  });
  return {
    service,
    config,
    start: () => service.start(),
    stop: () => service.stop(),
  };
}
