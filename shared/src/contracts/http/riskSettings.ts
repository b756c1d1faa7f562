import { z } from 'zod';

/**
 * Risk Setting (permission 10000): the thresholds of the risk engine, applied without a restart.
 *
 * Scores are evidence on a log10 scale (a score of 4 means the observations are 10,000 times more likely
 * under collusion or abuse than under chance). A finding is raised at level "abnormal" when it passes the
 * false-discovery control at rate `fdr`; it is raised to "middle risk" and "high risk" when its score
 * reaches `levelMiddle` and `levelHigh`. Windows are counted in rounds and in event time (`ts`), never in
 * wall time. Fields may be added (each with its default); none may be renamed.
 */
export const riskSettingsSchema = z
  .object({
    /** Two stakes are "matched" when they differ by at most this percentage of the larger one. */
    amountTolerancePct: z.number().min(0).max(100).default(10),
    /** Target false-discovery rate over all pairs, rings, players and providers tested. */
    fdr: z.number().gt(0).max(0.2).default(0.01),
    /** Shared rounds a pair needs before it can be flagged. */
    minSharedRounds: z.number().int().min(2).max(1000).default(6),
    /** Rounds of history kept per account and per group. */
    windowRounds: z.number().int().min(50).max(100_000).default(2000),
    /** Hours of event time after which an unseen account, pair or group expires. */
    windowHours: z.number().int().min(1).max(24 * 62).default(72),
    /** Smallest and largest ring tested (accounts). */
    ringMinSize: z.number().int().min(3).max(6).default(3),
    ringMaxSize: z.number().int().min(3).max(16).default(6),
    /** Bonus abuse: flagged when turnover after bonuses is below this multiple of the bonuses taken. */
    bonusTurnoverMultiple: z.number().min(0).max(1000).default(3),
    /** Transfer abuse: flagged when turnover is below this fraction of the money moved in and out. */
    transferPlayRatio: z.number().min(0).max(100).default(0.3),
    /** Smallest amount moved (major units of the player's currency) that the bonus and transfer tests consider. */
    minMovedAmount: z.number().min(0).max(1e12).default(1000),
    /** Provider margin: flagged when it is this many standard errors from the expected edge. */
    providerMarginSigma: z.number().min(1).max(100).default(6),
    /** Provider volume: flagged when an hour's turnover is this many times its usual. */
    providerVolumeFactor: z.number().min(1.5).max(1000).default(8),
    /** Score from which a finding is "middle risk". */
    levelMiddle: z.number().min(0).max(1000).default(4),
    /** Score from which a finding is "high risk". */
    levelHigh: z.number().min(0).max(1000).default(8),
  })
  .refine((s) => s.ringMaxSize >= s.ringMinSize, {
    error: 'ringMaxSize must be at least ringMinSize',
    path: ['ringMaxSize'],
    params: { key: 'validation.ringSize' },
  })
  .refine((s) => s.levelHigh >= s.levelMiddle, {
    error: 'levelHigh must be at least levelMiddle',
    path: ['levelHigh'],
    params: { key: 'validation.levelOrder' },
  });

export type RiskSettings = z.infer<typeof riskSettingsSchema>;

/** The settings of a fresh install. */
export const DEFAULT_RISK_SETTINGS: RiskSettings = riskSettingsSchema.parse({});
