import { z } from 'zod';
import { riskSettingsSchema } from './riskSettings';

/**
 * The Risk Setting backtest (issue 9; `gateway/src/modules/risk/riskBacktest.service.ts`): before saving,
 * the stored last two months are replayed through the detector with the proposed and with the current
 * thresholds, off the request path. Each setting is replayed twice: once as stored (what it would flag),
 * once with synthetic colluders and honest look-alikes injected into real rounds of baccarat tables (what
 * it catches and what it gets wrong, measured against a known truth). A job is started, polled and may be
 * cancelled; one job per account at a time; results are kept in memory for a while.
 */

/** Days of history a backtest replays (the last two months, as the risk detail statistics). */
export const BACKTEST_DAYS = 62;
/** Finished jobs are kept this long, then forgotten. */
export const BACKTEST_KEEP_MS = 30 * 60_000;

/** The proposed thresholds: validated exactly as Risk Setting validates them. */
export const backtestStartSchema = riskSettingsSchema;

export const backtestIdParamSchema = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) });

export const backtestStartedSchema = z.object({ id: z.string() });
export type BacktestStarted = z.infer<typeof backtestStartedSchema>;

/** What the detector can flag, as counted by the backtest. A player is counted under each of its kinds. */
export const BACKTEST_KINDS = ['pair', 'ring', 'win_rate', 'bonus', 'transfer', 'provider'] as const;
export type BacktestKind = (typeof BACKTEST_KINDS)[number];

/** Flagged subjects of one kind at each level (their level at the end of the replay). */
export const backtestLevelCountsSchema = z.object({
  abnormal: z.number().int(),
  middle: z.number().int(),
  high: z.number().int(),
});
export type BacktestLevelCounts = z.infer<typeof backtestLevelCountsSchema>;

/**
 * Detection quality on the injected truth. A colluding group counts as caught when a pair or ring
 * finding names only its members (at least two of them); a false flag is a finding that names an injected
 * honest look-alike, or mixes injected accounts of different groups or with real ones. Findings of the
 * real history alone are not judged here (their truth is unknown): they are the counts.
 */
export const backtestQualitySchema = z.object({
  pairsCaught: z.number().int(),
  ringsCaught: z.number().int(),
  /** Findings that name an injected account wrongly. */
  falseFlags: z.number().int(),
  /** Right findings / findings naming injected accounts; null when nothing injected was flagged. */
  precision: z.number().nullable(),
  /** Groups caught / groups injected; null when nothing could be injected (no baccarat table). */
  recall: z.number().nullable(),
  /** Caught groups only: median of the rounds the group had played together when first flagged. */
  medianRoundsToDetection: z.number().nullable(),
  /** Recall counting only groups flagged at middle risk or higher, and at high risk. */
  recallMiddle: z.number().nullable(),
  recallHigh: z.number().nullable(),
});
export type BacktestQuality = z.infer<typeof backtestQualitySchema>;

export const backtestSideSchema = z.object({
  counts: z.record(z.enum(BACKTEST_KINDS), backtestLevelCountsSchema),
  quality: backtestQualitySchema,
});
export type BacktestSide = z.infer<typeof backtestSideSchema>;

export const backtestResultSchema = z.object({
  /** Event-time window replayed. */
  from: z.number(),
  to: z.number(),
  rounds: z.number().int(),
  bets: z.number().int(),
  walletEvents: z.number().int(),
  /** What was injected (fixed seed: the same history gives the same injection). */
  injected: z.object({
    seed: z.number().int(),
    pairs: z.number().int(),
    rings: z.number().int(),
    /** Honest look-alikes (streak and chop followers, one-side regulars, flat bettors) beside them. */
    decoys: z.number().int(),
    /** Baccarat tables the groups played on. */
    tables: z.number().int(),
  }),
  current: backtestSideSchema,
  proposed: backtestSideSchema,
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

export const BACKTEST_STATES = ['running', 'done', 'cancelled', 'failed'] as const;
export type BacktestState = (typeof BACKTEST_STATES)[number];
export const BACKTEST_PHASES = ['counting', 'replaying', 'done'] as const;
export type BacktestPhase = (typeof BACKTEST_PHASES)[number];

export const backtestStatusSchema = z.object({
  id: z.string(),
  state: z.enum(BACKTEST_STATES),
  phase: z.enum(BACKTEST_PHASES),
  /** Settled rounds of the window replayed so far, and in all. */
  roundsDone: z.number().int(),
  roundsTotal: z.number().int(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  /** Why a failed job failed: a message key of the error catalogue. */
  error: z.string().nullable(),
  result: backtestResultSchema.nullable(),
});
export type BacktestStatus = z.infer<typeof backtestStatusSchema>;
