import { z } from 'zod';
import { addDays, isDay, parseDay } from '../../format/businessDay';
import { MESSAGES, englishText } from '../../errors/messages';
import { ENUM_LABELS, type EnumName } from '../../domain/labels';
import { INT_ID_MAX, cleanText, integerProblem, reportProblem } from './inputPolicy';

/**
 * Statistics calls of the workbench tables (home page) and of Company Profit (12000).
 *
 * Conventions:
 * - Money is an integer count of minor units (cents); `margin` is a ratio (`ggr / turnover`, 0.025 is 2.5 %)
 *   or null when the turnover is 0.
 * - Days are business days `YYYY-MM-DD` cut in the gateway's business time zone (`DMS_TZ`); a range is
 *   inclusive at both ends. Times (`ts`) are UTC epoch milliseconds.
 * - Every call is scoped to the account's providers and currencies: asking for one outside them is refused
 *   with HTTP 403, envelope -1 `provider not in your scope` / `currency not in your scope`.
 * - Totals add minor units of the chosen currencies together; with more than one currency chosen, read the
 *   per-currency rows instead.
 */

/** Longest day range (inclusive) of one statistics query. */
export const MAX_RANGE_DAYS = 366;

/**
 * The spec's messages of the search pages (section 5), sent as `msg` verbatim, and the other statistics
 * refusals: the English texts of their message keys (`errors/messages.ts`), which the client shows localised.
 */
export const STATS_MESSAGES = {
  providerRequired: MESSAGES['validation.providerRequired'],
  currencyRequired: MESSAGES['validation.currencyRequired'],
  dateRequired: MESSAGES['validation.dateRequired'],
  startAfterEnd: MESSAGES['validation.dateOrder'],
  noDataToDownload: MESSAGES['validation.noDataToDownload'],
  rangeTooLong: englishText('validation.rangeTooLong', { max: MAX_RANGE_DAYS }),
  providerOutOfScope: MESSAGES['access.providerOutOfScope'],
  currencyOutOfScope: MESSAGES['access.currencyOutOfScope'],
  badCursor: MESSAGES['stats.badCursor'],
} as const;

/** Largest `pageSize` of the statistics tables. */
export const STATS_MAX_PAGE_SIZE = 500;

/** Above this many matching rows, a searched game-record list stops counting and says `totalCapped`. */
export const SEARCH_COUNT_CAP = 10_000;

/** Reads a query value that may be a comma list, repeated keys or a JSON-ish array into trimmed items. */
function toItems(v: unknown): unknown {
  if (v === undefined || v === null) return [];
  const raw = Array.isArray(v) ? v : [v];
  return raw
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}

/** Number of days of an inclusive range (`start` ≤ `end`), 1 for a single day. */
export function rangeDays(start: string, end: string): number {
  const a = parseDay(start);
  const b = parseDay(end);
  return (
    Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000) + 1
  );
}

/** Every day of an inclusive range, in order. */
export function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** `providerIds`: a comma list (or repeated key) of provider ids; required. */
export const providerIdsSchema = z.preprocess(
  toItems,
  z
    .array(
      z.union([z.string(), z.number()]).transform((v, ctx) => {
        const n = Number(v);
        if (Number.isNaN(n)) {
          ctx.addIssue({ code: 'custom', message: 'providerIds must be a comma list of provider ids' });
          return z.NEVER;
        }
        const problem = integerProblem(n, 1, INT_ID_MAX);
        if (problem) {
          reportProblem(ctx, problem, v);
          return z.NEVER;
        }
        return n;
      }),
      { error: STATS_MESSAGES.providerRequired },
    )
    .min(1, { error: STATS_MESSAGES.providerRequired })
    .max(200, { error: 'at most 200 providers at once' })
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
);

/** `currencies`: a comma list (or repeated key) of currency codes; required. */
export const currenciesSchema = z.preprocess(
  toItems,
  z
    .array(
      z
        .string({ error: 'currencies must be a comma list of currency codes' })
        .transform((s) => s.toUpperCase())
        .pipe(
          z
            .string()
            .regex(/^[A-Z0-9]{2,10}$/, { error: 'currencies must be a comma list of currency codes' }),
        ),
      { error: STATS_MESSAGES.currencyRequired },
    )
    .min(1, { error: STATS_MESSAGES.currencyRequired })
    .max(50, { error: 'at most 50 currencies at once' })
    .transform((c) => [...new Set(c)].sort()),
);

/** A required business day `YYYY-MM-DD`. */
function daySchema(name: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: STATS_MESSAGES.dateRequired })
      .min(1, { error: STATS_MESSAGES.dateRequired })
      .refine(isDay, {
        error: `${name} must be a day written YYYY-MM-DD`,
        params: { key: 'validation.dayFormat' },
      }),
  );
}

/** Checks one range: start ≤ end and at most {@link MAX_RANGE_DAYS} days. */
function checkRange(
  ctx: {
    addIssue: (issue: {
      code: 'custom';
      message: string;
      path: string[];
      input: unknown;
      params: Record<string, string | number>;
    }) => void;
  },
  start: string,
  end: string,
  path: string,
): void {
  if (!isDay(start) || !isDay(end)) return; // already refused field by field
  if (start > end) {
    ctx.addIssue({
      code: 'custom',
      message: STATS_MESSAGES.startAfterEnd,
      path: [path],
      input: start,
      params: { key: 'validation.dateOrder' },
    });
  } else if (rangeDays(start, end) > MAX_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      message: STATS_MESSAGES.rangeTooLong,
      path: [path],
      input: start,
      params: { key: 'validation.rangeTooLong', max: MAX_RANGE_DAYS },
    });
  }
}

/** The filter every statistics call takes: providers, currencies and an inclusive day range. */
export const statsFilterSchema = z
  .object({
    providerIds: providerIdsSchema,
    currencies: currenciesSchema,
    startDate: daySchema('startDate'),
    endDate: daySchema('endDate'),
  })
  .superRefine((q, ctx) => checkRange(ctx, q.startDate, q.endDate, 'startDate'));
export type StatsFilter = z.infer<typeof statsFilterSchema>;

const sortOrderSchema = z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc');

/** Paging of the statistics tables: `page` (1-based), `pageSize` ≤ 500, and the keyset `cursor` of raw tables. */
const pagingShape = {
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1)
    .max(STATS_MAX_PAGE_SIZE, { error: `pageSize must be at most ${STATS_MAX_PAGE_SIZE}` })
    .default(20),
};

/** The keyset cursor of a raw-record list: `nextCursor` of the previous page. When given, `page` is ignored. */
const cursorSchema = cleanText(z.string().trim().max(200).optional());

/** Builds the query schema of one table: the filter, paging and the table's whitelisted sort keys. */
function tableQuery<
  const K extends readonly [string, ...string[]],
  X extends z.ZodRawShape = Record<never, never>,
>(sortKeys: K, defaultSort: K[number], extra?: X) {
  return z
    .object({
      providerIds: providerIdsSchema,
      currencies: currenciesSchema,
      startDate: daySchema('startDate'),
      endDate: daySchema('endDate'),
      ...pagingShape,
      sortBy: z
        .enum(sortKeys, { error: `sortBy must be one of ${sortKeys.join(', ')}` })
        .default(defaultSort as never),
      sortOrder: sortOrderSchema,
      ...((extra ?? {}) as X),
    })
    .superRefine((q, ctx) => {
      const range = q as unknown as { startDate: string; endDate: string };
      checkRange(ctx, range.startDate, range.endDate, 'startDate');
    });
}

const rawExtra = { cursor: cursorSchema };

/** Sort keys of the raw-record tables: time only, read in index order at any depth. */
export const RAW_SORT_KEYS = ['ts'] as const;

/** Sort keys of the daily tables (read from the roll-ups). */
export const DAILY_SORT_KEYS = [
  'day',
  'turnover',
  'payout',
  'ggr',
  'bets',
  'activePlayers',
  'registrations',
  'logins',
  'transferIn',
  'transferOut',
  'bonus',
  'prize',
] as const;

/** Sort keys of the operator daily table. */
export const OPERATOR_DAILY_SORT_KEYS = [...DAILY_SORT_KEYS, 'provider'] as const;

/** Sort keys of player data. */
export const PLAYER_SORT_KEYS = [
  'turnover',
  'payout',
  'ggr',
  'bets',
  'transferIn',
  'transferOut',
  'bonus',
  'prize',
  'logins',
  'activeDays',
  'playerId',
  'account',
] as const;

const searchText = (name: string) =>
  cleanText(
    z
      .string({ error: `${name} must be text` })
      .trim()
      .max(64, { error: `${name} is at most 64 characters` })
      .optional(),
  ).transform((s) => (s ? s : undefined));

const gameRecordExtra = {
  ...rawExtra,
  account: searchText('account'),
  roundId: searchText('roundId'),
  transactionId: searchText('transactionId'),
};

/** `GET /stats/login` query. */
export const loginQuerySchema = tableQuery(RAW_SORT_KEYS, 'ts', rawExtra);
/** `GET /stats/registered` query. */
export const registeredQuerySchema = tableQuery(RAW_SORT_KEYS, 'ts', rawExtra);
/** `GET /stats/transfers` query. */
export const transferQuerySchema = tableQuery(RAW_SORT_KEYS, 'ts', rawExtra);
/** `GET /stats/bonus` query. */
export const bonusQuerySchema = tableQuery(RAW_SORT_KEYS, 'ts', rawExtra);
/** `GET /stats/prizes` query. */
export const prizeQuerySchema = tableQuery(RAW_SORT_KEYS, 'ts', rawExtra);
/**
 * `GET /stats/game-records` query: the filter plus optional exact search by player `account`, `roundId`
 * or `transactionId` (all given ones must match).
 */
export const gameRecordQuerySchema = tableQuery(RAW_SORT_KEYS, 'ts', gameRecordExtra);
/** `GET /stats/daily` query. */
export const dailyQuerySchema = tableQuery(DAILY_SORT_KEYS, 'day');
/** `GET /stats/operator-daily` query. */
export const operatorDailyQuerySchema = tableQuery(OPERATOR_DAILY_SORT_KEYS, 'day');
/** `GET /stats/players` query. */
export const playerQuerySchema = tableQuery(PLAYER_SORT_KEYS, 'turnover');

/** Languages of the export header row. */
export const EXPORT_LANGS = ['zh', 'en', 'es', 'ja'] as const;
export type ExportLang = (typeof EXPORT_LANGS)[number];

const langExtra = {
  lang: z.enum(EXPORT_LANGS, { error: `lang must be one of ${EXPORT_LANGS.join(', ')}` }).default('zh'),
};

/**
 * `GET /stats/<table>/export` queries: the table's query plus `lang` of the header row (default zh).
 * `page`, `pageSize` and `cursor` are accepted and ignored: an export holds every row of the filter.
 */
export const exportQuerySchemas = {
  login: tableQuery(RAW_SORT_KEYS, 'ts', { ...rawExtra, ...langExtra }),
  registered: tableQuery(RAW_SORT_KEYS, 'ts', { ...rawExtra, ...langExtra }),
  daily: tableQuery(DAILY_SORT_KEYS, 'day', langExtra),
  'game-records': tableQuery(RAW_SORT_KEYS, 'ts', { ...gameRecordExtra, ...langExtra }),
  bonus: tableQuery(RAW_SORT_KEYS, 'ts', { ...rawExtra, ...langExtra }),
  players: tableQuery(PLAYER_SORT_KEYS, 'turnover', langExtra),
  transfers: tableQuery(RAW_SORT_KEYS, 'ts', { ...rawExtra, ...langExtra }),
  prizes: tableQuery(RAW_SORT_KEYS, 'ts', { ...rawExtra, ...langExtra }),
  'operator-daily': tableQuery(OPERATOR_DAILY_SORT_KEYS, 'day', langExtra),
} as const;

export type LoginQuery = z.infer<typeof loginQuerySchema>;
export type RegisteredQuery = z.infer<typeof registeredQuerySchema>;
export type TransferQuery = z.infer<typeof transferQuerySchema>;
export type BonusQuery = z.infer<typeof bonusQuerySchema>;
export type PrizeQuery = z.infer<typeof prizeQuerySchema>;
export type GameRecordQuery = z.infer<typeof gameRecordQuerySchema>;
export type DailyQuery = z.infer<typeof dailyQuerySchema>;
export type OperatorDailyQuery = z.infer<typeof operatorDailyQuerySchema>;
export type PlayerQuery = z.infer<typeof playerQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Rows

const int = () => z.number().int();
const money = () => z.number().int();
const ratio = () => z.number().nullable();

/** Spec's operation labels: a bet with direction 0 reads "bet", otherwise "bet result". */
export const BET_OP_LABELS_EN = { 0: 'bet', 1: 'bet result' } as const;
/** Spec's operation labels: a transfer with direction 0 reads "transfer out", otherwise "transfer in". */
export const TRANSFER_OP_LABELS_EN = { 0: 'transfer out', 1: 'transfer in' } as const;

/** A row of login data (one login). */
export const loginRowSchema = z.object({
  id: z.string(),
  playerId: int(),
  account: z.string(),
  provider: int(),
  currency: z.string(),
  ts: int(),
  ip: z.string(),
  device: z.string(),
});
export type LoginRow = z.infer<typeof loginRowSchema>;

/** A row of registered data (one registration). */
export const registeredRowSchema = z.object({
  playerId: int(),
  account: z.string(),
  provider: int(),
  currency: z.string(),
  /** Registration time, epoch ms. */
  ts: int(),
  ip: z.string(),
  device: z.string(),
});
export type RegisteredRow = z.infer<typeof registeredRowSchema>;

/**
 * A row of game record (one bet). `op` is `bet`; `direction` 0 while the bet is open ("bet") and 1 once
 * it is settled ("bet result"). `winLoss` is the player's result (`payout − amount`), null while open.
 */
export const gameRecordRowSchema = z.object({
  transactionId: z.string(),
  roundId: z.string(),
  playerId: int(),
  account: z.string(),
  provider: int(),
  currency: z.string(),
  gameId: int(),
  tableId: z.string(),
  shoeId: z.string(),
  betType: z.string(),
  op: z.literal('bet'),
  direction: z.union([z.literal(0), z.literal(1)]),
  amount: money(),
  payout: money().nullable(),
  winLoss: money().nullable(),
  ts: int(),
  settledAt: int().nullable(),
});
export type GameRecordRow = z.infer<typeof gameRecordRowSchema>;

/** A row of transfer data. `op` is `transfer`; `direction` 0 "transfer out", 1 "transfer in". */
export const transferRowSchema = z.object({
  id: z.string(),
  playerId: int(),
  account: z.string(),
  provider: int(),
  currency: z.string(),
  op: z.literal('transfer'),
  direction: z.union([z.literal(0), z.literal(1)]),
  amount: money(),
  balanceAfter: money().nullable(),
  ts: int(),
});
export type TransferRow = z.infer<typeof transferRowSchema>;

/** A row of bonus details or prize details. */
export const awardRowSchema = z.object({
  id: z.string(),
  playerId: int(),
  account: z.string(),
  provider: int(),
  currency: z.string(),
  kind: z.string(),
  amount: money(),
  ts: int(),
});
export type AwardRow = z.infer<typeof awardRowSchema>;
export const bonusRowSchema = awardRowSchema;
export const prizeRowSchema = awardRowSchema;
export type BonusRow = AwardRow;
export type PrizeRow = AwardRow;

/** A row of player data: one player's figures over the range (from the `daily_player` roll-up). */
export const playerRowSchema = z.object({
  playerId: int(),
  account: z.string(),
  provider: int(),
  currency: z.string(),
  turnover: money(),
  payout: money(),
  /** Company's gross gaming revenue from this player: turnover − payout. */
  ggr: money(),
  margin: ratio(),
  bets: int(),
  transferIn: money(),
  transferOut: money(),
  bonus: money(),
  prize: money(),
  logins: int(),
  /** Days of the range with at least one bet. */
  activeDays: int(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;

const dailyMeasures = {
  turnover: money(),
  payout: money(),
  ggr: money(),
  margin: ratio(),
  bets: int(),
  rounds: int(),
  /** Distinct players with at least one bet that day. */
  activePlayers: int(),
  registrations: int(),
  logins: int(),
  /** Distinct players who logged in that day. */
  loginPlayers: int(),
  transferIn: money(),
  transferInCount: int(),
  transferOut: money(),
  transferOutCount: int(),
  bonus: money(),
  bonusCount: int(),
  prize: money(),
  prizeCount: int(),
};

/** A row of daily data: one day and currency, summed over the chosen providers. */
export const dailyRowSchema = z.object({ day: z.string(), currency: z.string(), ...dailyMeasures });
export type DailyRow = z.infer<typeof dailyRowSchema>;

/** A row of operator daily data: one day, provider (operator) and currency. */
export const operatorDailyRowSchema = z.object({
  day: z.string(),
  provider: int(),
  currency: z.string(),
  ...dailyMeasures,
});
export type OperatorDailyRow = z.infer<typeof operatorDailyRowSchema>;

/**
 * A page of a statistics table. `total` is exact unless `totalCapped` (a searched game-record list counts up
 * to {@link SEARCH_COUNT_CAP}). `nextCursor` (raw-record tables only) fetches the next page by keyset, fast at
 * any depth; pass it back as `cursor`.
 */
export function statsPageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: int(),
    totalCapped: z.boolean(),
    page: int(),
    pageSize: int(),
    nextCursor: z.string().nullable(),
  });
}
export interface StatsPage<T> {
  list: T[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  nextCursor: string | null;
}

export const loginPageSchema = statsPageSchema(loginRowSchema);
export const registeredPageSchema = statsPageSchema(registeredRowSchema);
export const gameRecordPageSchema = statsPageSchema(gameRecordRowSchema);
export const transferPageSchema = statsPageSchema(transferRowSchema);
export const bonusPageSchema = statsPageSchema(bonusRowSchema);
export const prizePageSchema = statsPageSchema(prizeRowSchema);
export const playerPageSchema = statsPageSchema(playerRowSchema);
export const dailyPageSchema = statsPageSchema(dailyRowSchema);
export const operatorDailyPageSchema = statsPageSchema(operatorDailyRowSchema);

// ---------------------------------------------------------------------------------------------------------
// Headline figures

/** `GET /stats/summary` query: the filter only. */
export const summaryQuerySchema = statsFilterSchema;
export type SummaryQuery = StatsFilter;

const headlineShape = {
  turnover: money(),
  payout: money(),
  ggr: money(),
  margin: ratio(),
  bets: int(),
  /** Distinct players with at least one bet in the range. */
  activePlayers: int(),
  registrations: int(),
  logins: int(),
  transferIn: money(),
  transferOut: money(),
  bonus: money(),
  prize: money(),
};

/** Headline figures of a range. */
export const headlineSchema = z.object(headlineShape);
export type Headline = z.infer<typeof headlineSchema>;

/** `GET /stats/summary` data: the range's headline figures, in total and per currency. */
export const summarySchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totals: headlineSchema,
  byCurrency: z.array(z.object({ currency: z.string(), ...headlineShape })),
});
export type Summary = z.infer<typeof summarySchema>;

// ---------------------------------------------------------------------------------------------------------
// Company Profit (12000)

/**
 * `GET /company-profit/compare` query: two inclusive day ranges A (the base) and B, providers and
 * currencies, and optionally the reporting currency `reportCurrency` the money is converted into at each
 * day's exchange rates (`contracts/http/rates.ts`).
 */
export const profitCompareQuerySchema = z
  .object({
    providerIds: providerIdsSchema,
    currencies: currenciesSchema,
    aStart: daySchema('aStart'),
    aEnd: daySchema('aEnd'),
    bStart: daySchema('bStart'),
    bEnd: daySchema('bEnd'),
    reportCurrency: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((s) => /^[A-Z0-9]{2,10}$/.test(s), {
        error: 'reportCurrency must be a currency code',
        params: { key: 'validation.currencyCode' },
      })
      .optional(),
  })
  .superRefine((q, ctx) => {
    checkRange(ctx, q.aStart, q.aEnd, 'aStart');
    checkRange(ctx, q.bStart, q.bEnd, 'bStart');
  });
export type ProfitCompareQuery = z.infer<typeof profitCompareQuerySchema>;

const profitShape = {
  turnover: money(),
  payout: money(),
  ggr: money(),
  margin: ratio(),
  bets: int(),
  /** Distinct players with a bet; null where the roll-ups cannot tell it (per game). */
  activePlayers: int().nullable(),
};

/** Company Profit figures of a range or of one slice of it. */
export const profitTotalsSchema = z.object(profitShape);
export type ProfitTotals = z.infer<typeof profitTotalsSchema>;

/** One range of the comparison with its breakdowns (days in order; the others by turnover, largest first). */
export const profitRangeSchema = z.object({
  start: z.string(),
  end: z.string(),
  totals: profitTotalsSchema,
  byProvider: z.array(z.object({ provider: int(), ...profitShape })),
  byCurrency: z.array(z.object({ currency: z.string(), ...profitShape })),
  byGame: z.array(z.object({ gameId: int(), ...profitShape })),
  byDay: z.array(z.object({ day: z.string(), ...profitShape })),
});
export type ProfitRange = z.infer<typeof profitRangeSchema>;

/** A difference B − A and its percentage of A (null when A is 0 or either side is null). */
export const profitDeltaSchema = z.object({ value: z.number().nullable(), pct: z.number().nullable() });
export type ProfitDelta = z.infer<typeof profitDeltaSchema>;

const profitDiffSchema = z.object({
  turnover: profitDeltaSchema,
  payout: profitDeltaSchema,
  ggr: profitDeltaSchema,
  margin: profitDeltaSchema,
  bets: profitDeltaSchema,
  activePlayers: profitDeltaSchema,
});

/**
 * Company Profit figures converted into the reporting currency: money (minor units of it) is null where a
 * day's rate it needs is missing — such a sum is not made — and counts are as they are.
 */
const convertedShape = {
  turnover: money().nullable(),
  payout: money().nullable(),
  ggr: money().nullable(),
  margin: ratio(),
  bets: int(),
  activePlayers: int().nullable(),
};
export const convertedTotalsSchema = z.object(convertedShape);
export type ConvertedTotals = z.infer<typeof convertedTotalsSchema>;

/** One range of the comparison in the reporting currency, with its breakdowns (as {@link profitRangeSchema}). */
export const convertedRangeSchema = z.object({
  start: z.string(),
  end: z.string(),
  totals: convertedTotalsSchema,
  byProvider: z.array(z.object({ provider: int(), ...convertedShape })),
  /** Each currency's figures converted; its own figures are in `byCurrency` of the range. */
  byCurrency: z.array(z.object({ currency: z.string(), ...convertedShape })),
  byGame: z.array(z.object({ gameId: int(), ...convertedShape })),
  byDay: z.array(z.object({ day: z.string(), ...convertedShape })),
});
export type ConvertedRange = z.infer<typeof convertedRangeSchema>;

/** A rate Company Profit needed and did not find: the money of that currency on that day is not summed. */
export const missingRateSchema = z.object({ day: z.string(), currency: z.string() });
export type MissingRate = z.infer<typeof missingRateSchema>;

/** The comparison in the reporting currency, at each day's rates. */
export const profitReportSchema = z.object({
  /** The reporting currency. */
  currency: z.string(),
  /** The currency the rates are stated against. */
  base: z.string(),
  a: convertedRangeSchema,
  b: convertedRangeSchema,
  diff: profitDiffSchema,
  /** The rates that were needed and missing, by day then currency (at most {@link MISSING_RATES_LISTED}). */
  missing: z.array(missingRateSchema),
  /** How many rates were missing in all. */
  missingCount: int(),
});
export type ProfitReport = z.infer<typeof profitReportSchema>;

/** The longest list of missing rates a comparison carries (the count says how many there are). */
export const MISSING_RATES_LISTED = 200;

/**
 * `GET /company-profit/compare` data: each range as its currencies' amounts added up (meaningful for one
 * currency), and with `reportCurrency`, `report`: the same in the reporting currency at each day's rates.
 */
export const profitCompareSchema = z.object({
  a: profitRangeSchema,
  b: profitRangeSchema,
  diff: profitDiffSchema,
  report: profitReportSchema.nullable(),
});
export type ProfitCompare = z.infer<typeof profitCompareSchema>;

/** The difference B − A and its percentage of A, rounded to 2 decimals; null when A is 0 or a side is null. */
export function profitDelta(a: number | null, b: number | null): ProfitDelta {
  if (a === null || b === null) return { value: null, pct: null };
  const value = b - a;
  return { value, pct: a === 0 ? null : Math.round((value / Math.abs(a)) * 10_000) / 100 };
}

/** GGR margin `ggr / turnover`, null when the turnover is 0. */
export function marginOf(ggr: number, turnover: number): number | null {
  return turnover === 0 ? null : ggr / turnover;
}

// ---------------------------------------------------------------------------------------------------------
// Tables and their columns (the export header row and the client's column labels)

/** The statistics tables, as they appear in the paths `/stats/<table>` and `/stats/<table>/export`. */
export const STATS_TABLES = [
  'login',
  'registered',
  'daily',
  'game-records',
  'bonus',
  'players',
  'transfers',
  'prizes',
  'operator-daily',
] as const;
export type StatsTable = (typeof STATS_TABLES)[number];

/**
 * How a column is shown on screen and written in exports: money (minor units → 2 decimals), a count, an
 * identifier (a number written without separators), a ratio (a percentage), a time (epoch ms; an Excel
 * date-time in exports), a business day (an Excel date), text, the spec's operation label, an enumerated
 * value (its label, {@link StatsColumn.enum}), or a provider (its name).
 */
export type ColumnKind =
  'money' | 'int' | 'id' | 'ratio' | 'time' | 'day' | 'text' | 'op' | 'enum' | 'provider';

/** One column of a table: the row key, its kind and its label per language. */
export interface StatsColumn {
  key: string;
  kind: ColumnKind;
  label: Readonly<Record<ExportLang, string>>;
  /** For `enum` columns: the enumeration whose labels the values are shown with. */
  enum?: EnumName;
}

const L = (zh: string, en: string, es: string, ja: string) => ({ zh, en, es, ja });

const C = {
  day: { key: 'day', kind: 'day', label: L('日期', 'Date', 'Fecha', '日付') },
  ts: { key: 'ts', kind: 'time', label: L('时间', 'Time', 'Hora', '時間') },
  playerId: { key: 'playerId', kind: 'id', label: L('玩家ID', 'Player ID', 'ID de jugador', 'プレイヤーID') },
  account: { key: 'account', kind: 'text', label: L('玩家账号', 'Account', 'Cuenta', 'アカウント') },
  provider: {
    key: 'provider',
    kind: 'provider',
    label: L('平台商', 'Provider', 'Proveedor', 'プロバイダー'),
  },
  currency: { key: 'currency', kind: 'text', label: L('币种', 'Currency', 'Moneda', '通貨') },
  ip: { key: 'ip', kind: 'text', label: L('IP', 'IP', 'IP', 'IP') },
  device: {
    key: 'device',
    kind: 'enum',
    enum: 'device',
    label: L('设备', 'Device', 'Dispositivo', 'デバイス'),
  },
  amount: { key: 'amount', kind: 'money', label: L('金额', 'Amount', 'Importe', '金額') },
  bonusKind: {
    key: 'kind',
    kind: 'enum',
    enum: 'bonusKind',
    label: L('红利类型', 'Bonus type', 'Tipo de bono', 'ボーナスの種類'),
  },
  prizeKind: {
    key: 'kind',
    kind: 'enum',
    enum: 'prizeKind',
    label: L('奖金类型', 'Prize type', 'Tipo de premio', '賞金の種類'),
  },
  op: { key: 'op', kind: 'op', label: L('操作', 'Operation', 'Operación', '操作') },
  turnover: {
    key: 'turnover',
    kind: 'money',
    label: L('投注额', 'Turnover', 'Volumen apostado', 'ベット額'),
  },
  payout: { key: 'payout', kind: 'money', label: L('派彩', 'Payout', 'Pagos', '配当') },
  ggr: { key: 'ggr', kind: 'money', label: L('公司输赢', 'GGR', 'GGR', 'GGR') },
  margin: { key: 'margin', kind: 'ratio', label: L('利润率', 'Margin', 'Margen', '利益率') },
  bets: { key: 'bets', kind: 'int', label: L('注单数', 'Bets', 'Apuestas', 'ベット数') },
  rounds: { key: 'rounds', kind: 'int', label: L('局数', 'Rounds', 'Rondas', 'ラウンド数') },
  activePlayers: {
    key: 'activePlayers',
    kind: 'int',
    label: L('活跃人数', 'Active players', 'Jugadores activos', 'アクティブ人数'),
  },
  registrations: {
    key: 'registrations',
    kind: 'int',
    label: L('注册人数', 'Registrations', 'Registros', '登録数'),
  },
  logins: { key: 'logins', kind: 'int', label: L('登录次数', 'Logins', 'Inicios de sesión', 'ログイン回数') },
  loginPlayers: {
    key: 'loginPlayers',
    kind: 'int',
    label: L('登录人数', 'Login players', 'Jugadores conectados', 'ログイン人数'),
  },
  transferIn: {
    key: 'transferIn',
    kind: 'money',
    label: L('转入', 'Transfer in', 'Transferencia entrante', '入金'),
  },
  transferInCount: {
    key: 'transferInCount',
    kind: 'int',
    label: L('转入笔数', 'Transfers in', 'Nº transferencias entrantes', '入金件数'),
  },
  transferOut: {
    key: 'transferOut',
    kind: 'money',
    label: L('转出', 'Transfer out', 'Transferencia saliente', '出金'),
  },
  transferOutCount: {
    key: 'transferOutCount',
    kind: 'int',
    label: L('转出笔数', 'Transfers out', 'Nº transferencias salientes', '出金件数'),
  },
  bonus: { key: 'bonus', kind: 'money', label: L('红利', 'Bonus', 'Bono', 'ボーナス') },
  bonusCount: { key: 'bonusCount', kind: 'int', label: L('红利笔数', 'Bonuses', 'Nº bonos', 'ボーナス件数') },
  prize: { key: 'prize', kind: 'money', label: L('奖金', 'Prize', 'Premio', '賞金') },
  prizeCount: { key: 'prizeCount', kind: 'int', label: L('奖金笔数', 'Prizes', 'Nº premios', '賞金件数') },
} as const satisfies Record<string, StatsColumn>;

const dailyColumns: readonly StatsColumn[] = [
  C.turnover,
  C.payout,
  C.ggr,
  C.margin,
  C.bets,
  C.rounds,
  C.activePlayers,
  C.registrations,
  C.logins,
  C.loginPlayers,
  C.transferIn,
  C.transferInCount,
  C.transferOut,
  C.transferOutCount,
  C.bonus,
  C.bonusCount,
  C.prize,
  C.prizeCount,
];

const awardColumns = (kind: StatsColumn): readonly StatsColumn[] => [
  { key: 'id', kind: 'text', label: L('单号', 'ID', 'ID', 'ID') },
  C.playerId,
  C.account,
  C.provider,
  C.currency,
  kind,
  C.amount,
  C.ts,
];

/** The columns of each table in display and export order. */
export const STATS_COLUMNS: Readonly<Record<StatsTable, readonly StatsColumn[]>> = {
  login: [
    { key: 'id', kind: 'text', label: L('登录ID', 'Login ID', 'ID de sesión', 'ログインID') },
    C.playerId,
    C.account,
    C.provider,
    C.currency,
    C.ip,
    C.device,
    C.ts,
  ],
  registered: [
    C.playerId,
    C.account,
    C.provider,
    C.currency,
    C.ip,
    C.device,
    { key: 'ts', kind: 'time', label: L('注册时间', 'Registered at', 'Fecha de registro', '登録日時') },
  ],
  daily: [C.day, C.currency, ...dailyColumns],
  'game-records': [
    {
      key: 'transactionId',
      kind: 'text',
      label: L('交易ID', 'Transaction ID', 'ID de transacción', '取引ID'),
    },
    { key: 'roundId', kind: 'text', label: L('局号', 'Round ID', 'ID de ronda', 'ラウンドID') },
    C.playerId,
    C.account,
    C.provider,
    C.currency,
    { key: 'gameId', kind: 'enum', enum: 'game', label: L('游戏', 'Game', 'Juego', 'ゲーム') },
    { key: 'tableId', kind: 'text', label: L('桌号', 'Table ID', 'ID de mesa', 'テーブルID') },
    { key: 'shoeId', kind: 'text', label: L('靴号', 'Shoe ID', 'ID de zapato', 'シューID') },
    {
      key: 'betType',
      kind: 'enum',
      enum: 'betType',
      label: L('投注类型', 'Bet type', 'Tipo de apuesta', 'ベットタイプ'),
    },
    C.op,
    C.amount,
    C.payout,
    { key: 'winLoss', kind: 'money', label: L('输赢', 'Win/loss', 'Ganancia/pérdida', '勝敗') },
    C.ts,
  ],
  bonus: awardColumns(C.bonusKind),
  players: [
    C.playerId,
    C.account,
    C.provider,
    C.currency,
    C.turnover,
    C.payout,
    C.ggr,
    C.margin,
    C.bets,
    C.transferIn,
    C.transferOut,
    C.bonus,
    C.prize,
    C.logins,
    { key: 'activeDays', kind: 'int', label: L('活跃天数', 'Active days', 'Días activos', 'アクティブ日数') },
  ],
  transfers: [
    { key: 'id', kind: 'text', label: L('单号', 'ID', 'ID', 'ID') },
    C.playerId,
    C.account,
    C.provider,
    C.currency,
    C.op,
    C.amount,
    { key: 'balanceAfter', kind: 'money', label: L('余额', 'Balance after', 'Saldo posterior', '残高') },
    C.ts,
  ],
  prizes: awardColumns(C.prizeKind),
  'operator-daily': [C.day, C.provider, C.currency, ...dailyColumns],
};

/** Localised operation labels (spec section 3) for the `op` column: the direction labels of `labels.ts`. */
export const OP_LABELS: Readonly<
  Record<'bet' | 'transfer', Readonly<Record<0 | 1, Readonly<Record<ExportLang, string>>>>>
> = {
  bet: ENUM_LABELS.betDirection,
  transfer: ENUM_LABELS.transferDirection,
};

/** The enumeration of the `op` column's label for a row: a transfer's direction or a bet's. */
export function opEnum(op: unknown): 'transferDirection' | 'betDirection' {
  return op === 'transfer' ? 'transferDirection' : 'betDirection';
}

/** The name of each table in each language: the workbench's tab and the export's title and file name. */
export const STATS_TABLE_LABELS: Readonly<Record<StatsTable, Readonly<Record<ExportLang, string>>>> = {
  login: L('登录数据', 'Login data', 'Datos de inicio de sesión', 'ログインデータ'),
  registered: L('注册数据', 'Registered data', 'Datos de registro', '登録データ'),
  daily: L('每日数据', 'Daily data', 'Datos diarios', '日次データ'),
  'game-records': L('游戏记录', 'Game record', 'Registro de juego', 'ゲーム記録'),
  bonus: L('红利明细', 'Bonus details', 'Detalle de bonos', 'ボーナス明細'),
  players: L('玩家数据', 'Player data', 'Datos de jugadores', 'プレイヤーデータ'),
  transfers: L('转账数据', 'Transfer data', 'Datos de transferencias', '入出金データ'),
  prizes: L('奖金明细', 'Prize details', 'Detalle de premios', '賞金明細'),
  'operator-daily': L(
    '平台商每日数据',
    'Operator daily data',
    'Datos diarios por proveedor',
    'プロバイダー別日次データ',
  ),
};

/** The words of an export's header block (the filters that produced it), in each language. */
export const EXPORT_TEXTS = {
  providers: L('平台商', 'Providers', 'Proveedores', 'プロバイダー'),
  currencies: L('币种', 'Currencies', 'Monedas', '通貨'),
  dates: L('日期', 'Dates', 'Fechas', '日付'),
  dateRange: L('{{start}} 至 {{end}}', '{{start}} to {{end}}', '{{start}} a {{end}}', '{{start}} ～ {{end}}'),
  sortedBy: L('排序', 'Sorted by', 'Orden', '並べ替え'),
  asc: L('升序', 'ascending', 'ascendente', '昇順'),
  desc: L('降序', 'descending', 'descendente', '降順'),
  exportedAt: L('导出时间', 'Exported at', 'Exportado el', 'エクスポート日時'),
  timeZone: L('时区', 'Time zone', 'Zona horaria', 'タイムゾーン'),
} as const satisfies Record<string, Readonly<Record<ExportLang, string>>>;

/**
 * The download file name of a table export, in the user's language: `<table name>-<start>-<end>.xlsx`
 * ("游戏记录-2025-11-01-2025-11-30.xlsx").
 */
export function exportFileName(
  table: StatsTable,
  startDate: string,
  endDate: string,
  lang: ExportLang,
): string {
  return `${STATS_TABLE_LABELS[table][lang]}-${startDate}-${endDate}.xlsx`;
}
