import { z } from 'zod';
import { FEED_SOURCES, type FeedSourceKind } from '@dms/shared/contracts/live/feed';

/**
 * Configuration of the platform feed, read from the environment with zod. The gateway's own config
 * validates `DMS_FEED`, `DMS_TZ` and `DMS_INGEST_SECRET` too; the feed's keys below (simulator, poller)
 * are read here so the feed can be configured on its own. The pipeline's tuning is the engine's
 * (`engine/engine.config.ts`).
 */
export interface FeedConfig {
  /** Which source plays events into the pipeline besides the HTTP ingest. */
  source: FeedSourceKind;
  /** IANA zone in which days are cut. */
  timeZone: string;
  /** Shared secret of the signed ingest endpoint; the endpoint is enabled when set. */
  ingestSecret: string | undefined;
  /** Ingest requests allowed per minute per client address. */
  ingestRatePerMinute: number;
  sim: {
    seed: string;
    players: number;
    historyDays: number;
    /** Time multiplier of the live simulation (1: a table deals every 20–40 s). */
    speed: number;
    /** Where to write the ground truth (who colludes or cheats, from when); not written when absent. */
    truthFile: string | undefined;
  };
  poll: {
    url: string | undefined;
    intervalMs: number;
  };
}

/** Thrown by {@link loadFeedConfig}, naming each bad variable. */
export class FeedConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid feed configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'FeedConfigError';
  }
}

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function int(def: number, min: number, max: number) {
  return z.preprocess(
    blank,
    z.coerce
      .number({ error: `must be a number from ${min} to ${max}` })
      .int({ error: `must be a whole number from ${min} to ${max}` })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` })
      .default(def),
  );
}

const envSchema = z.object({
  DMS_FEED: z.preprocess(
    blank,
    z.enum(FEED_SOURCES, { error: `must be one of ${FEED_SOURCES.join(', ')}` }).default('sim'),
  ),
  DMS_TZ: z.preprocess(
    blank,
    z
      .string()
      .refine(
        (tz) => {
          try {
            new Intl.DateTimeFormat('en-US', { timeZone: tz });
            return true;
          } catch {
            return false;
          }
        },
        { error: 'must be an IANA time zone such as Asia/Shanghai' },
      )
      .default('Asia/Shanghai'),
  ),
  DMS_INGEST_SECRET: z.preprocess(
    blank,
    z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  ),
  DMS_INGEST_RATE: int(600, 1, 1_000_000),
  DMS_SIM_SEED: z.preprocess(blank, z.string().max(64).default('dms')),
  DMS_SIM_PLAYERS: int(3000, 10, 200_000),
  DMS_SIM_HISTORY_DAYS: int(60, 0, 400),
  DMS_SIM_SPEED: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'must be a number from 0.01 to 10000' })
      .min(0.01, { error: 'must be at least 0.01' })
      .max(10_000, { error: 'must be at most 10000' })
      .default(1),
  ),
  DMS_SIM_TRUTH_FILE: z.preprocess(blank, z.string().optional()),
  DMS_POLL_URL: z.preprocess(
    blank,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  DMS_POLL_INTERVAL_MS: int(2000, 50, 3_600_000),
});

/**
 * Reads the feed configuration from `env`.
 *
 * @throws FeedConfigError naming each bad variable; also when `DMS_FEED=poll` lacks `DMS_POLL_URL`.
 */
export function loadFeedConfig(env: Readonly<Record<string, string | undefined>>): FeedConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new FeedConfigError(
      parsed.error.issues.map((i) => `${String(i.path[0] ?? '(environment)')}: ${i.message}`),
    );
  }
  const e = parsed.data;
  if (e.DMS_FEED === 'poll' && !e.DMS_POLL_URL)
    throw new FeedConfigError(['DMS_POLL_URL: is required with DMS_FEED=poll']);
  return {
    source: e.DMS_FEED,
    timeZone: e.DMS_TZ,
    ingestSecret: e.DMS_INGEST_SECRET,
    ingestRatePerMinute: e.DMS_INGEST_RATE,
    sim: {
      seed: e.DMS_SIM_SEED,
      players: e.DMS_SIM_PLAYERS,
      historyDays: e.DMS_SIM_HISTORY_DAYS,
      speed: e.DMS_SIM_SPEED,
      truthFile: e.DMS_SIM_TRUTH_FILE,
    },
    poll: { url: e.DMS_POLL_URL, intervalMs: e.DMS_POLL_INTERVAL_MS },
  };
}
