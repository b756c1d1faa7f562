import { z } from 'zod';
import type { RiskRunnerTuning } from './risk/riskRunner.service';

/**
 * Configuration of the engine (the event pipeline every source submits to), read from the environment
 * with zod. The variable names keep their `DMS_FEED_` prefix: they were the feed's when the feed owned
 * the pipeline, and deployments set them.
 */
export interface EngineConfig {
  /** IANA zone in which business days are cut (`DMS_TZ`). */
  timeZone: string;
  pipeline: {
    /**
     * Extra time a write waits for more events while fewer than `maxBatch` are queued, ms; 0 writes at
     * once when the store is idle (group commit batches what arrives while a write is in flight).
     */
    lingerMs: number;
    /** Most events written in one transaction. */
    maxBatch: number;
    /** Most events accepted and not yet committed; sources wait above it. */
    maxQueued: number;
  };
  /** The risk runner's lease, wake-up, chunk and snapshot tuning. */
  risk: RiskRunnerTuning;
  /** Where the risk runner and its detector run (`DMS_RISK_THREAD`): the gateway's thread or a worker thread. */
  riskThread?: 'main' | 'worker';
}

/** Thrown by {@link loadEngineConfig}, naming each bad variable. */
export class EngineConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid engine configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'EngineConfigError';
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
  DMS_FEED_BUFFER_MS: int(0, 0, 5000),
  DMS_FEED_MAX_BATCH: int(5000, 1, 50_000),
  DMS_FEED_MAX_QUEUED: int(100_000, 1000, 5_000_000),
  DMS_RISK_LEASE_MS: int(15_000, 1000, 600_000),
  DMS_RISK_POLL_MS: int(1000, 50, 60_000),
  DMS_RISK_CHUNK: int(500, 1, 10_000),
  DMS_RISK_SNAPSHOT_EVERY: int(20_000, 1, 10_000_000),
  DMS_RISK_SNAPSHOT_MS: int(60_000, 1000, 86_400_000),
  DMS_RISK_THREAD: z.preprocess(
    blank,
    z.enum(['main', 'worker'], { error: 'must be main or worker' }).default('worker'),
  ),
});

/**
 * Reads the engine configuration from `env`.
 *
 * @throws EngineConfigError naming each bad variable.
 */
export function loadEngineConfig(env: Readonly<Record<string, string | undefined>>): EngineConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new EngineConfigError(
      parsed.error.issues.map((i) => `${String(i.path[0] ?? '(environment)')}: ${i.message}`),
    );
  }
  const e = parsed.data;
  return {
    timeZone: e.DMS_TZ,
    pipeline: {
      lingerMs: e.DMS_FEED_BUFFER_MS,
      maxBatch: e.DMS_FEED_MAX_BATCH,
      maxQueued: e.DMS_FEED_MAX_QUEUED,
    },
    risk: {
      leaseMs: e.DMS_RISK_LEASE_MS,
      // Three renewals per lease: one lost or late renewal never loses it.
      renewMs: Math.max(100, Math.floor(e.DMS_RISK_LEASE_MS / 3)),
      pollMs: e.DMS_RISK_POLL_MS,
      chunkSize: e.DMS_RISK_CHUNK,
      snapshotEvery: e.DMS_RISK_SNAPSHOT_EVERY,
      snapshotMs: e.DMS_RISK_SNAPSHOT_MS,
    },
    riskThread: e.DMS_RISK_THREAD,
  };
}
