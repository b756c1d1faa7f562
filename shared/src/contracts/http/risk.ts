import { z } from 'zod';
import { RiskLevel } from '../../domain/enums';
import { boundedInt, cleanText } from './inputPolicy';
import { epochMsSchema, idSchema, providerIdSchema, requiredString } from './fields';
import { ERR } from '../../errors/codes';
import { riskSettingsSchema } from './riskSettings';

/**
 * The risk API (issue 9; `gateway/src/modules/risk`): what the risk engine found, the alerts it raised and
 * what operators did with them, the manual risk list, and Risk Setting. Lists are paged with `page` (from
 * 1) and `size` (up to 500), newest first, and scoped to the caller's providers: a cross-bet group is
 * shown when one of its members belongs to one of them, and then with all its members.
 */

export const RISK_PAGE_MAX = 500;
/** Detail statistics cover the last two months (spec section 9). */
export const RISK_DETAIL_DAYS = 62;

const riskPageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(RISK_PAGE_MAX).default(20),
};

export const riskLevelSchema = z.union([
  z.literal(RiskLevel.Abnormal),
  z.literal(RiskLevel.Middle),
  z.literal(RiskLevel.High),
]);
const levelQuery = z.coerce
  .number()
  .int()
  .min(1)
  .max(3)
  .transform((n) => n as RiskLevel)
  .optional();

export function riskPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), items: z.array(item) });
}
export interface RiskPage<T> {
  total: number;
  items: T[];
}

export const groupMemberSchema = z.object({ provider: z.number().int(), account: z.string() });

export const crossbetGroupRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['pair', 'ring']),
  level: riskLevelSchema,
  score: z.number(),
  members: z.array(groupMemberSchema),
  rounds: z.number().int(),
  turnover: z.number(),
  /** Event time of the settlement that first flagged the group. */
  firstDetectedAt: z.number(),
  lastSeenAt: z.number(),
  tables: z.array(z.string()),
});
export type CrossbetGroupRow = z.infer<typeof crossbetGroupRowSchema>;

export const crossbetGroupsQuerySchema = z.object({
  ...riskPageQuery,
  kind: z.enum(['pair', 'ring']).optional(),
  level: levelQuery,
  provider: providerIdSchema.optional(),
  account: cleanText(z.string().trim().max(64).optional()),
});
export type CrossbetGroupsQuery = z.infer<typeof crossbetGroupsQuerySchema>;

/** Width of a bucket of the cross-bet volume (event time), and the longest period asked for at once. */
export const CROSSBET_VOLUME_BUCKET_MS = 60_000;
export const CROSSBET_VOLUME_MINUTES_MAX = 1440;

/**
 * The cross-bet volume of a period (`GET /risk/crossbet/volume`): the evidence rounds of the groups within your
 * providers, per minute of the round's settlement, for pairs and for rings — what the monitor's live chart
 * counts, for the minutes before it opened. `minutes` back from `to` (the server's clock by default).
 */
export const crossbetVolumeQuerySchema = z.object({
  to: epochMsSchema.optional(),
  minutes: boundedInt(1, CROSSBET_VOLUME_MINUTES_MAX).default(120),
  /** Only the rounds of this game (1 baccarat, 2 Teen Patti); both by default. */
  gameId: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
});
export type CrossbetVolumeQuery = z.infer<typeof crossbetVolumeQuerySchema>;

/**
 * `seq`: the store's number of the newest evidence counted; a live `crossbet:*` change at or below it is in
 * the points already. `from`–`to`: the period counted (settled at or after `from`, before `to`). `points`:
 * the minutes with evidence, oldest first (`t` the minute's start).
 */
export const crossbetVolumeSchema = z.object({
  seq: z.number().int(),
  from: z.number(),
  to: z.number(),
  bucketMs: z.number().int(),
  points: z.array(z.object({ t: z.number(), pairs: z.number().int(), rings: z.number().int() })),
});
export type CrossbetVolume = z.infer<typeof crossbetVolumeSchema>;

export const groupIdParamSchema = z.object({ id: cleanText(z.string().trim().min(1).max(200)) });

/** One evidence round of a group, with every member's bets on it. */
export const evidenceRoundSchema = z.object({
  roundId: z.string(),
  gameId: z.number().int(),
  tableId: z.string(),
  settledAt: z.number().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  bets: z.array(
    z.object({
      provider: z.number().int(),
      account: z.string(),
      currency: z.string(),
      betType: z.string(),
      amount: z.number(),
      payout: z.number().nullable(),
    }),
  ),
});
export type EvidenceRound = z.infer<typeof evidenceRoundSchema>;
export const groupRoundsQuerySchema = z.object({ ...riskPageQuery });

export const riskPlayerRowSchema = z.object({
  provider: z.number().int(),
  account: z.string(),
  kinds: z.array(z.enum(['win_rate', 'bonus', 'transfer'])),
  level: riskLevelSchema,
  score: z.number(),
  reason: z.string(),
  firstDetectedAt: z.number(),
  lastSeenAt: z.number(),
});
export type RiskPlayerRow = z.infer<typeof riskPlayerRowSchema>;

export const riskProviderRowSchema = z.object({
  provider: z.number().int(),
  kinds: z.array(z.enum(['margin', 'volume'])),
  level: riskLevelSchema,
  score: z.number(),
  reason: z.string(),
  firstDetectedAt: z.number(),
  lastSeenAt: z.number(),
});
export type RiskProviderRow = z.infer<typeof riskProviderRowSchema>;

export const riskPlayersQuerySchema = z.object({
  ...riskPageQuery,
  level: levelQuery,
  provider: providerIdSchema.optional(),
  account: cleanText(z.string().trim().max(64).optional()),
});
export type RiskPlayersQuery = z.infer<typeof riskPlayersQuerySchema>;
export const riskProvidersQuerySchema = z.object({ ...riskPageQuery, level: levelQuery });
export type RiskProvidersQuery = z.infer<typeof riskProvidersQuerySchema>;

/** Detail statistics of one player (provider + account) or one provider, day by day over two months. */
export const riskDetailQuerySchema = z.object({
  provider: providerIdSchema,
  account: cleanText(z.string().trim().max(64).optional()),
});
export type RiskDetailQuery = z.infer<typeof riskDetailQuerySchema>;
export const riskDetailDaySchema = z.object({
  day: z.string(),
  currency: z.string(),
  turnover: z.number(),
  payout: z.number(),
  /** Turnover − payout (the house's result). */
  profit: z.number(),
  bets: z.number().int(),
  transferIn: z.number(),
  transferOut: z.number(),
  bonus: z.number(),
});
export const riskDetailSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(riskDetailDaySchema),
});
export type RiskDetail = z.infer<typeof riskDetailSchema>;

// Alerts -------------------------------------------------------------------------------------------------

export const ALERT_KINDS = ['crossbet', 'player', 'provider'] as const;
export const ALERT_STATE_VALUES = ['open', 'acknowledged', 'snoozed', 'resolved'] as const;
export const ALERT_OUTCOMES = ['confirmed', 'false_positive'] as const;

export const alertRowSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  level: riskLevelSchema,
  state: z.enum(ALERT_STATE_VALUES),
  /** The cross-bet group's id, `provider:account` of a player, or the provider id. */
  subject: z.string(),
  providers: z.array(z.number().int()),
  raisedAt: z.number(),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  snoozedUntil: z.number().nullable(),
  outcome: z.enum(ALERT_OUTCOMES).nullable(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  at: z.number().nullable(),
});
export type AlertRow = z.infer<typeof alertRowSchema>;

export const alertListQuerySchema = z.object({
  ...riskPageQuery,
  level: levelQuery,
  kind: z.enum(ALERT_KINDS).optional(),
  state: z.enum(ALERT_STATE_VALUES).optional(),
  provider: providerIdSchema.optional(),
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

/** What an operator does with an alert. */
export const alertActionBodySchema = z.discriminatedUnion('action', [
  z.object({ id: idSchema, action: z.literal('acknowledge') }),
  /** `assignee` absent: to the caller. */
  z.object({ id: idSchema, action: z.literal('assign'), assignee: idSchema.optional() }),
  z.object({
    id: idSchema,
    action: z.literal('snooze'),
    /** Epoch ms; at most 30 days ahead. */
    until: z.number().int().positive(),
  }),
  z.object({ id: idSchema, action: z.literal('resolve'), outcome: z.enum(ALERT_OUTCOMES) }),
  z.object({ id: idSchema, action: z.literal('reopen') }),
]);
export type AlertActionBody = z.infer<typeof alertActionBodySchema>;
export const ALERT_SNOOZE_MAX_MS = 30 * 24 * 3600_000;

// Manual risk list ----------------------------------------------------------------------------------------

export const manualRiskRowSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  provider: z.number().int(),
  riskType: riskLevelSchema,
  createdAt: z.number(),
  createdBy: z.string(),
});
export type ManualRiskRow = z.infer<typeof manualRiskRowSchema>;
export const manualRiskQuerySchema = z.object({
  ...riskPageQuery,
  provider: providerIdSchema.optional(),
  account: cleanText(z.string().trim().max(64).optional()),
});
export type ManualRiskQuery = z.infer<typeof manualRiskQuerySchema>;
const manualRiskFields = {
  account: requiredString(ERR.GENERAL, 'player account is required'),
  provider: providerIdSchema,
  riskType: riskLevelSchema,
};
export const manualRiskCreateSchema = z.object(manualRiskFields);
export type ManualRiskCreate = z.infer<typeof manualRiskCreateSchema>;
export const manualRiskUpdateSchema = z.object({ id: idSchema, ...manualRiskFields });
export type ManualRiskUpdate = z.infer<typeof manualRiskUpdateSchema>;
export const idBodySchema = z.object({ id: idSchema });

// Risk Setting --------------------------------------------------------------------------------------------

export const riskSettingsViewSchema = z.object({
  settings: riskSettingsSchema,
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
});
export type RiskSettingsView = z.infer<typeof riskSettingsViewSchema>;

export const TELEGRAM_LANGUAGES = ['zh', 'en'] as const;
export const telegramGroupRowSchema = z.object({
  id: z.number().int(),
  providerName: z.string(),
  companyName: z.string(),
  groupId: z.string(),
  language: z.enum(TELEGRAM_LANGUAGES),
  createdAt: z.number(),
});
export type TelegramGroupRow = z.infer<typeof telegramGroupRowSchema>;
const telegramFields = {
  providerName: requiredString(ERR.GENERAL, 'provider name is required'),
  companyName: requiredString(ERR.GENERAL, 'company name is required'),
  /** A Telegram chat id (`-100…`) or a public `@channel` name. */
  groupId: requiredString(ERR.GENERAL, 'group id is required').refine(
    (s) => /^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/.test(s),
    { error: 'group id must be a Telegram chat id or @name', params: { key: 'risk.telegramGroupId' } },
  ),
  language: z.enum(TELEGRAM_LANGUAGES).default('zh'),
};
export const telegramCreateSchema = z.object(telegramFields);
export type TelegramCreate = z.infer<typeof telegramCreateSchema>;
export const telegramUpdateSchema = z.object({ id: idSchema, ...telegramFields });
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
export const telegramTestResultSchema = z.object({ ok: z.boolean(), detail: z.string() });
