import { z } from 'zod';
import { isDay } from '../../format/businessDay';
import { pageSchema } from '../envelope';
import { rangeDays } from './stats';

/**
 * Exchange rates per business day, set by an administrator (permission 12001, a child of Company Profit
 * 12000), imported from CSV files, every change in the audit log. Company Profit converts each day's figures
 * into a reporting currency at that day's rates.
 *
 * A rate is stated against the base currency {@link RATE_BASE}: how many units of the currency one USD
 * buys on that day ("1 USD = 7.1234 CNY" is stored as CNY 7.1234). USD itself is always 1 and is not
 * stored. An amount of `m` minor units of currency C on day D is `m × rate(D, R) / rate(D, C)` minor units
 * of the reporting currency R. A day without a rate for a currency it needs is not guessed from another
 * day: the figures that need it are not summed and the missing rates are listed.
 */

/** The currency every rate is stated against. */
export const RATE_BASE = 'USD';

/** Longest day range of one `set` or `delete` (as for statistics). */
export const RATE_MAX_RANGE_DAYS = 366;

/** At most this many rate lines per CSV import. */
export const RATE_IMPORT_MAX_LINES = 20_000;

/** Largest rate accepted (units of a currency per USD; the Iranian rial is about 42,000). */
export const RATE_MAX = 1e9;

/** A rate as an administrator types it: a decimal number greater than 0 (12 significant digits kept). */
export const rateValueSchema = z
  .union([z.number(), z.string()], { error: 'rate is required' })
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v.trim());
    if (!Number.isFinite(n) || n <= 0 || n > RATE_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: 'rate must be a number greater than 0',
        params: { key: 'validation.rate' },
      });
      return z.NEVER;
    }
    return Number(n.toPrecision(12));
  });

const rateCurrencySchema = z
  .string({ error: 'currency is required' })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => /^[A-Z0-9]{2,10}$/.test(s), {
    error: 'currency must be a currency code',
    params: { key: 'validation.currencyCode' },
  });

const rateDaySchema = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .refine(isDay, {
      error: `${name} must be a day written YYYY-MM-DD`,
      params: { key: 'validation.dayFormat' },
    });

/** A range of days of one currency: `startDay` ≤ `endDay`, at most {@link RATE_MAX_RANGE_DAYS} days. */
function rangeShape() {
  return {
    currency: rateCurrencySchema,
    startDay: rateDaySchema('startDay'),
    endDay: rateDaySchema('endDay'),
  };
}

function checkRange(
  q: { startDay: string; endDay: string },
  ctx: {
    addIssue: (i: {
      code: 'custom';
      message: string;
      path: string[];
      params: Record<string, unknown>;
    }) => void;
  },
): void {
  if (!isDay(q.startDay) || !isDay(q.endDay)) return;
  if (q.startDay > q.endDay) {
    ctx.addIssue({
      code: 'custom',
      message: 'Start date is less than end date !',
      path: ['startDay'],
      params: { key: 'validation.dateOrder' },
    });
  } else if (rangeDays(q.startDay, q.endDay) > RATE_MAX_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      message: `The date range is at most ${RATE_MAX_RANGE_DAYS} days !`,
      path: ['startDay'],
      params: { key: 'validation.rangeTooLong', max: RATE_MAX_RANGE_DAYS },
    });
  }
}

/** `POST /exchange-rates/set`: one rate for every day of a range of one currency (replacing what was there). */
export const rateSetBodySchema = z
  .object({ ...rangeShape(), rate: rateValueSchema })
  .superRefine((q, ctx) => checkRange(q, ctx));
export type RateSetBody = z.infer<typeof rateSetBodySchema>;

/** `POST /exchange-rates/delete`: removes the rates of a range of days of one currency. */
export const rateDeleteBodySchema = z.object(rangeShape()).superRefine((q, ctx) => checkRange(q, ctx));
export type RateDeleteBody = z.infer<typeof rateDeleteBodySchema>;

/** What a set, delete or import changed. */
export const rateChangeSchema = z.object({
  /** Rates written (new or replaced). */
  written: z.number().int(),
  /** Of those, the ones that replaced a rate. */
  replaced: z.number().int(),
  /** Rates removed. */
  deleted: z.number().int(),
});
export type RateChange = z.infer<typeof rateChangeSchema>;

/** `POST /exchange-rates/import`: the text of a CSV file (see {@link parseRatesCsv}). */
export const rateImportBodySchema = z.object({
  csv: z.string({ error: 'csv is required' }).min(1, { error: 'csv is required' }).max(1_000_000),
});
export type RateImportBody = z.infer<typeof rateImportBodySchema>;

/** `GET /exchange-rates/list` query: newest day first, optionally one currency and a day range. */
export const rateListQuerySchema = z.object({
  currency: rateCurrencySchema.optional(),
  startDay: rateDaySchema('startDay').optional(),
  endDay: rateDaySchema('endDay').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(31),
});
export type RateListQuery = z.infer<typeof rateListQuerySchema>;

/** A stored rate. */
export const rateRowSchema = z.object({
  day: z.string(),
  currency: z.string(),
  /** Units of the currency one USD buys on that day. */
  rate: z.number(),
  updatedAt: z.number().int(),
  updatedBy: z.string(),
});
export type RateRow = z.infer<typeof rateRowSchema>;
export const ratePageSchema = pageSchema(rateRowSchema);

/** A change of the rates as the audit log keeps it. */
export const rateHistoryRowSchema = z.object({
  at: z.number().int(),
  actor: z.string(),
  action: z.enum(['rate.set', 'rate.delete', 'rate.import']),
  currency: z.string().nullable(),
  startDay: z.string().nullable(),
  endDay: z.string().nullable(),
  rate: z.number().nullable(),
  written: z.number().int(),
  deleted: z.number().int(),
});
export type RateHistoryRow = z.infer<typeof rateHistoryRowSchema>;
export const rateHistoryPageSchema = pageSchema(rateHistoryRowSchema);
export const rateHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** One rate of a CSV file. */
export interface CsvRate {
  /** 1-based line number in the file. */
  line: number;
  day: string;
  currency: string;
  rate: number;
}

/** A refused CSV line: its number and why, as a message key and its parameters. */
export interface CsvLineError {
  line: number;
  key:
    | 'rates.csvColumns'
    | 'rates.csvDay'
    | 'rates.csvCurrency'
    | 'rates.csvRate'
    | 'rates.csvBase'
    | 'rates.csvDuplicate';
  params: Record<string, string | number>;
}
export const csvLineErrorSchema = z.object({
  line: z.number().int(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** The header line of the CSV format: `day,currency,rate`. */
export const RATES_CSV_HEADER = 'day,currency,rate';

/**
 * Reads a CSV file of rates: one `day,currency,rate` per line (`2025-11-03,CNY,7.1234`: one USD bought 7.1234
 * CNY that day), comma or semicolon separated, an optional header line, blank lines and `#` comments
 * ignored, a decimal comma accepted when the separator is a semicolon. Every bad line is reported with its
 * number; a currency repeated on the same day is refused, and so is a rate of the base currency.
 */
export function parseRatesCsv(text: string): { rates: CsvRate[]; errors: CsvLineError[] } {
  const rates: CsvRate[] = [];
  const errors: CsvLineError[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i += 1) {
    const line = i + 1;
    const raw = (lines[i] as string).trim();
    if (!raw || raw.startsWith('#')) continue;
    const separator = raw.includes(';') ? ';' : ',';
    const cells = raw.split(separator).map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
    if (rates.length === 0 && errors.length === 0 && /^(day|date|日期)$/i.test(cells[0] ?? '')) continue;
    if (cells.length !== 3) {
      errors.push({ line, key: 'rates.csvColumns', params: { line, count: cells.length } });
      continue;
    }
    const [day = '', code = '', value = ''] = cells;
    const currency = code.toUpperCase();
    if (!isDay(day)) {
      errors.push({ line, key: 'rates.csvDay', params: { line } });
      continue;
    }
    if (!/^[A-Z0-9]{2,10}$/.test(currency)) {
      errors.push({ line, key: 'rates.csvCurrency', params: { line } });
      continue;
    }
    if (currency === RATE_BASE) {
      errors.push({ line, key: 'rates.csvBase', params: { line, currency } });
      continue;
    }
    const number = Number(separator === ';' ? value.replace(',', '.') : value);
    if (!/^\d+([.,]\d+)?$/.test(value) || !Number.isFinite(number) || number <= 0 || number > RATE_MAX) {
      errors.push({ line, key: 'rates.csvRate', params: { line } });
      continue;
    }
    const key = `${day}|${currency}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, key: 'rates.csvDuplicate', params: { line, first, day, currency } });
      continue;
    }
    seen.set(key, line);
    rates.push({ line, day, currency, rate: Number(number.toPrecision(12)) });
  }
  return { rates, errors };
}
