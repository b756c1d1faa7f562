import { formatDate } from '@dms/shared/format/date';
import { BUSINESS_TIME_ZONE } from '@/components/filters/filterModel';
import { NO_VALUE } from '@/lib/format/number';

export { formatAmount, formatCount, formatRatio, NO_VALUE } from '@/lib/format/number';

/** A time (epoch ms) in the spec's format, read in the business zone like the days of the statistics. */
export function formatTime(ts: number | null | undefined): string {
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return NO_VALUE;
  return formatDate(ts, undefined, BUSINESS_TIME_ZONE);
}
