import { enumLabelText } from '@dms/shared/domain/labels';
import type { ConvertedRange, ProfitCompare } from '@dms/shared/contracts/http/stats';
import {
  formatAmount,
  formatCount,
  formatDecimal,
  formatPercent,
  formatRatio,
  NO_VALUE,
} from '@/lib/format/number';
import { languageOf } from '@/lib/i18n/languages';

export { NO_VALUE };

/** The figures compared on Company Profit, in display order. */
export const METRICS = ['turnover', 'payout', 'ggr', 'margin', 'bets', 'activePlayers'] as const;
export type Metric = (typeof METRICS)[number];

/** How a metric is written, and whether a rise is good for the company (payout rising is not). */
export const METRIC_KIND: Readonly<
  Record<Metric, { kind: 'money' | 'count' | 'ratio'; higherIsBetter: boolean }>
> = {
  turnover: { kind: 'money', higherIsBetter: true },
  payout: { kind: 'money', higherIsBetter: false },
  ggr: { kind: 'money', higherIsBetter: true },
  margin: { kind: 'ratio', higherIsBetter: true },
  bets: { kind: 'count', higherIsBetter: true },
  activePlayers: { kind: 'count', higherIsBetter: true },
};

function isNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

/** A figure of a metric: money in minor units (2 decimals), a count, or a ratio as a percentage. */
export function formatFigure(metric: Metric, value: number | null | undefined, currency?: string): string {
  if (!isNumber(value)) return NO_VALUE;
  switch (METRIC_KIND[metric].kind) {
    case 'money':
      return formatAmount(value, currency);
    case 'ratio':
      return formatRatio(value);
    default:
      return formatCount(value);
  }
}

/** A difference B − A with its sign; a margin difference is in percentage points. */
export function formatDifference(
  metric: Metric,
  value: number | null | undefined,
  currency?: string,
): string {
  if (!isNumber(value)) return NO_VALUE;
  const sign = value > 0 ? '+' : '';
  if (METRIC_KIND[metric].kind === 'ratio') return `${sign}${formatDecimal(value * 100)} pp`;
  return `${sign}${formatFigure(metric, value, currency)}`;
}

/** A percentage change as the gateway gives it (already ×100, 2 decimals), or — when there is none. */
export function formatPct(pct: number | null | undefined): string {
  return formatPercent(pct, true);
}

/** `up`, `down` or `flat` for a difference, and whether that is good for the company. */
export function trendOf(
  metric: Metric,
  value: number | null | undefined,
): { dir: 'up' | 'down' | 'flat'; good: boolean | null } {
  if (!isNumber(value) || value === 0) return { dir: 'flat', good: null };
  const up = value > 0;
  return { dir: up ? 'up' : 'down', good: up === METRIC_KIND[metric].higherIsBetter };
}

/** A game's name in the interface language (an unknown id as itself, marked unknown). */
export function gameName(gameId: number, language: string): string {
  return enumLabelText('game', gameId, languageOf(language));
}

/**
 * What the comparison, the charts and the breakdowns show: the ranges and their difference, either as the
 * gateway added the chosen currencies up (one currency) or converted into the reporting currency, where a
 * money figure is null when a rate it needs is missing.
 */
export interface ProfitView {
  a: ConvertedRange;
  b: ConvertedRange;
  diff: ProfitCompare['diff'];
}
