import type { RateRow } from '@dms/shared/contracts/http/rates';
import type { Db } from '../../platform/db/db.store';

/** One rate to write. */
export interface RateWrite {
  day: string;
  currency: string;
  rate: number;
}

/** Who writes and when. */
export interface RateAuthor {
  at: number;
  by: string;
}

/** The days among `days` that already have a rate of `currency` (to count replacements). */
export async function existingDays(db: Db, currency: string, days: readonly string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const found = new Set<string>();
  // Bounded statement sizes whatever the range.
  for (let i = 0; i < days.length; i += 500) {
    const rows = await db
      .selectFrom('exchange_rate')
      .select('day')
      .where('currency', '=', currency)
      .where('day', 'in', days.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.day);
  }
  return found;
}

/** Writes rates, replacing a rate of the same day and currency; returns how many replaced one. */
export async function upsertRates(db: Db, rates: readonly RateWrite[], author: RateAuthor): Promise<number> {
  let replaced = 0;
  const byCurrency = new Map<string, string[]>();
  for (const r of rates) {
    const days = byCurrency.get(r.currency) ?? [];
    days.push(r.day);
    byCurrency.set(r.currency, days);
  }
  for (const [currency, days] of byCurrency) replaced += (await existingDays(db, currency, days)).size;
  for (let i = 0; i < rates.length; i += 200) {
    await db
      .insertInto('exchange_rate')
      .values(
        rates.slice(i, i + 200).map((r) => ({
          day: r.day,
          currency: r.currency,
          rate: r.rate,
          updated_at: author.at,
          updated_by: author.by.slice(0, 64),
        })),
      )
      .onConflict((oc) =>
        oc.columns(['day', 'currency']).doUpdateSet((eb) => ({
          rate: eb.ref('excluded.rate'),
          updated_at: eb.ref('excluded.updated_at'),
          updated_by: eb.ref('excluded.updated_by'),
        })),
      )
      .execute();
  }
  return replaced;
}

/** Removes the rates of a currency on the days from `start` to `end`; returns how many there were. */
export async function deleteRates(db: Db, currency: string, start: string, end: string): Promise<number> {
  const result = await db
    .deleteFrom('exchange_rate')
    .where('currency', '=', currency)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A page of rates, newest day first (then by currency), with the total of the filter. */
export async function listRates(
  db: Db,
  f: { currency?: string | undefined; startDay?: string | undefined; endDay?: string | undefined },
  offset: number,
  limit: number,
): Promise<{ rows: RateRow[]; total: number }> {
  let base = db.selectFrom('exchange_rate');
  if (f.currency) base = base.where('currency', '=', f.currency);
  if (f.startDay) base = base.where('day', '>=', f.startDay);
  if (f.endDay) base = base.where('day', '<=', f.endDay);
  const [rows, count] = await Promise.all([
    base
      .select(['day', 'currency', 'rate', 'updated_at as updatedAt', 'updated_by as updatedBy'])
      .orderBy('day', 'desc')
      .orderBy('currency')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, rate: Number(r.rate), updatedAt: Number(r.updatedAt) })),
    total: Number(count.n),
  };
}

/** The rates of some currencies on the days from `start` to `end`, by day then currency. */
export async function ratesOf(
  db: Db,
  currencies: readonly string[],
  start: string,
  end: string,
): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  if (currencies.length === 0) return out;
  const rows = await db
    .selectFrom('exchange_rate')
    .select(['day', 'currency', 'rate'])
    .where('currency', 'in', currencies)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .execute();
  for (const r of rows) {
    let day = out.get(r.day);
    if (!day) {
      day = new Map();
      out.set(r.day, day);
    }
    day.set(r.currency, Number(r.rate));
  }
  return out;
}
