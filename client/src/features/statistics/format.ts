import { BET_TYPE_LABELS_CN, BET_TYPE_LABELS_EN, GAMES, type BetType } from '@dms/shared/domain/games';
import { formatDate } from '@dms/shared/format/date';
import { formatMoney, toFixed2 } from '@dms/shared/format/number';
import { BUSINESS_TIME_ZONE } from '@/components/filters/filterModel';

/** Shown for a figure that does not exist (a margin without turnover, an open bet's payout). */
export const NO_VALUE = '—';

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count with thousands separators. */
export function formatCount(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? grouping.format(n) : NO_VALUE;
}

/** An amount of minor units with 2 decimals (floored), optionally followed by the currency code. */
export function formatAmount(minor: number | null | undefined, currency?: string): string {
  if (typeof minor !== 'number' || !Number.isFinite(minor)) return NO_VALUE;
  return formatMoney(minor, currency ? { suffix: ` ${currency}` } : {});
}

/** A ratio (0.025) as a percentage with 2 decimals, floored as the spec fixes numbers ("2.50%"). */
export function formatRatio(ratio: number | null | undefined): string {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return NO_VALUE;
  return `${toFixed2(ratio * 100)}%`;
}

/** A time (epoch ms) in the spec's format, read in the business zone like the days of the statistics. */
export function formatTime(ts: number | null | undefined): string {
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return NO_VALUE;
  return formatDate(ts, undefined, BUSINESS_TIME_ZONE);
}

/** A game's name in the interface language (Chinese for zh, English otherwise), or its id. */
export function gameName(gameId: number, language: string): string {
  const game = GAMES.find((g) => g.gameId === gameId);
  if (!game) return `#${gameId}`;
  return language === 'zh' ? game.gameNameCn : game.gameNameEn;
}

/** A bet type's label in the interface language (Chinese for zh, English otherwise), or the raw value. */
export function betTypeLabel(betType: string, language: string): string {
  const labels = language === 'zh' ? BET_TYPE_LABELS_CN : BET_TYPE_LABELS_EN;
  return (labels as Record<string, string>)[betType as BetType] ?? betType;
}
