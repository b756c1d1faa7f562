import { daysOf } from '@dms/shared/contracts/http/stats';
import type { StatsRow } from './api/statsApi';

/** One day of the headline trend. */
export interface TrendDay {
  /** Business day `YYYY-MM-DD`. */
  day: string;
  ggr: number;
  turnover: number;
}

/**
 * Every day of the range in order with the GGR and turnover of its daily row (one currency), and 0 on a
 * day without a row, so that a quiet day keeps its place on the chart's axis instead of its neighbours
 * closing up (as Company Profit's daily charts do).
 */
export function trendDays(rows: readonly StatsRow[], start: string, end: string): TrendDay[] {
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  return daysOf(start, end).map((day) => {
    const row = byDay.get(day);
    return { day, ggr: Number(row?.ggr ?? 0), turnover: Number(row?.turnover ?? 0) };
  });
}
