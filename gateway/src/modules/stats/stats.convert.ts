import { RATE_BASE } from '@dms/shared/contracts/http/rates';
import {
  MISSING_RATES_LISTED,
  daysOf,
  marginOf,
  profitDelta,
  type ConvertedRange,
  type ConvertedTotals,
  type MissingRate,
  type ProfitRange,
  type ProfitReport,
} from '@dms/shared/contracts/http/stats';
import type { GameDayCell } from './stats.gameDays';

/** A day → currency → rate table (units of the currency per USD), as the rates module reads it. */
export type RateTable = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** Reads the rates of some currencies on the days from `start` to `end`. */
export type RateLookup = (currencies: readonly string[], start: string, end: string) => Promise<RateTable>;

/** Money of one slice in the reporting currency (minor units, not yet rounded) and whether a rate lacked. */
interface Acc {
  turnover: number;
  payout: number;
  bets: number;
  missing: boolean;
}

const zero = (): Acc => ({ turnover: 0, payout: 0, bets: 0, missing: false });

function accOf<K>(m: Map<K, Acc>, k: K): Acc {
  let a = m.get(k);
  if (!a) {
    a = zero();
    m.set(k, a);
  }
  return a;
}

/** A slice's figures: money rounded to whole minor units once, at the end; null where a rate lacked. */
function totalsOf(a: Acc | undefined, activePlayers: number | null): ConvertedTotals {
  if (!a) return { turnover: 0, payout: 0, ggr: 0, margin: null, bets: 0, activePlayers };
  if (a.missing) {
    return { turnover: null, payout: null, ggr: null, margin: null, bets: a.bets, activePlayers };
  }
  const ggr = a.turnover - a.payout;
  return {
    turnover: Math.round(a.turnover),
    payout: Math.round(a.payout),
    ggr: Math.round(ggr),
    margin: marginOf(ggr, a.turnover),
    bets: a.bets,
    activePlayers,
  };
}

/** Largest converted turnover first; a slice without its figure (a missing rate) last. */
function byTurnover<T extends { turnover: number | null }>(rows: T[]): T[] {
  return rows.sort((x, y) => (y.turnover ?? -Infinity) - (x.turnover ?? -Infinity));
}

/**
 * Converts Company Profit's two ranges into a reporting currency at each day's rates.
 *
 * Each `daily_game` cell (a day, provider, currency and game) is converted at its own day's rates:
 * `amount × rate(day, R) / rate(day, C)`, where USD (the base) is 1 and a currency in itself is 1. The
 * converted amounts are added up as decimals and rounded to whole minor units once per figure. A cell whose
 * day lacks a rate it needs is not converted and not left out: every figure it belongs to (the total, its
 * day, provider, currency and game) is null, and the missing rate is listed — the page says which rates
 * to set instead of showing a sum that quietly lacks a currency.
 */
export class ProfitConverter {
  private readonly missing = new Set<string>();

  constructor(
    /** The reporting currency. */
    private readonly currency: string,
    private readonly rates: RateTable,
  ) {}

  /** The factor from `currency` to the reporting currency on `day`, or undefined where a rate is missing. */
  private factor(day: string, currency: string): number | undefined {
    if (currency === this.currency) return 1;
    const from = currency === RATE_BASE ? 1 : this.rates.get(day)?.get(currency);
    const to = this.currency === RATE_BASE ? 1 : this.rates.get(day)?.get(this.currency);
    if (from === undefined || to === undefined) {
      if (from === undefined) this.missing.add(`${day}|${currency}`);
      if (to === undefined) this.missing.add(`${day}|${this.currency}`);
      return undefined;
    }
    return to / from;
  }

  /**
   * One range in the reporting currency, from the cached cells of its days that lie in `pairs` (keys
   * `provider|currency`); active players are taken from the range's own figures.
   */
  range(
    cells: ReadonlyMap<string, readonly GameDayCell[]>,
    pairs: ReadonlySet<string>,
    native: ProfitRange,
  ): ConvertedRange {
    const total = zero();
    const byDay = new Map<string, Acc>();
    const byProvider = new Map<number, Acc>();
    const byCurrency = new Map<string, Acc>();
    const byGame = new Map<number, Acc>();
    for (const day of daysOf(native.start, native.end)) {
      for (const c of cells.get(day) ?? []) {
        if (!pairs.has(c.pair)) continue;
        const f = c.turnover === 0 && c.payout === 0 ? 1 : this.factor(day, c.currency);
        for (const a of [
          total,
          accOf(byDay, day),
          accOf(byProvider, c.provider),
          accOf(byCurrency, c.currency),
          accOf(byGame, c.gameId),
        ]) {
          a.bets += c.bets;
          if (f === undefined) a.missing = true;
          else {
            a.turnover += c.turnover * f;
            a.payout += c.payout * f;
          }
        }
      }
    }
    const active = <K>(
      rows: readonly ({ activePlayers: number | null } & Record<string, unknown>)[],
      key: string,
    ) => new Map(rows.map((r) => [r[key] as K, r.activePlayers]));
    const activeProvider = active<number>(native.byProvider, 'provider');
    const activeCurrency = active<string>(native.byCurrency, 'currency');
    const activeDay = active<string>(native.byDay, 'day');
    return {
      start: native.start,
      end: native.end,
      totals: totalsOf(total, native.totals.activePlayers),
      byProvider: byTurnover(
        [...byProvider].map(([provider, a]) => ({
          provider,
          ...totalsOf(a, activeProvider.get(provider) ?? 0),
        })),
      ),
      byCurrency: byTurnover(
        [...byCurrency].map(([currency, a]) => ({
          currency,
          ...totalsOf(a, activeCurrency.get(currency) ?? 0),
        })),
      ),
      byGame: byTurnover([...byGame].map(([gameId, a]) => ({ gameId, ...totalsOf(a, null) }))),
      byDay: daysOf(native.start, native.end).map((day) => ({
        day,
        ...totalsOf(byDay.get(day), activeDay.get(day) ?? 0),
      })),
    };
  }

  /** The report of two converted ranges: their difference and the rates that were missing. */
  report(a: ConvertedRange, b: ConvertedRange): ProfitReport {
    const d = (k: keyof ConvertedTotals) => profitDelta(a.totals[k], b.totals[k]);
    const missing: MissingRate[] = [...this.missing].sort().map((k) => {
      const [day = '', currency = ''] = k.split('|');
      return { day, currency };
    });
    return {
      currency: this.currency,
      base: RATE_BASE,
      a,
      b,
      diff: {
        turnover: d('turnover'),
        payout: d('payout'),
        ggr: d('ggr'),
        margin: d('margin'),
        bets: d('bets'),
        activePlayers: d('activePlayers'),
      },
      missing: missing.slice(0, MISSING_RATES_LISTED),
      missingCount: missing.length,
    };
  }
}
