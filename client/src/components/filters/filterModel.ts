import { DEFAULT_BUSINESS_TIME_ZONE, formatDay, isDay, parseDay } from '@dms/shared/format/businessDay';
import {
  DATE_SHORTCUT_KEYS,
  dateShortcut,
  type DateShortcutKey,
  type DayRange,
} from '@dms/shared/format/dateShortcuts';
import { MAX_RANGE_DAYS, rangeDays, type StatsFilter } from '@dms/shared/contracts/http/stats';
import type { MessageKey } from '@dms/shared/errors/messages';

/**
 * The filter of the statistics screens as the user is editing it: nothing is required yet, and the day
 * range may be half chosen or in the wrong order. {@link validateFilter} turns it into a {@link StatsFilter}.
 */
export interface FilterDraft {
  providerIds: number[];
  currencies: string[];
  /** Business days `YYYY-MM-DD`, or null while not chosen. */
  startDate: string | null;
  endDate: string | null;
}

/**
 * The message keys of the spec's search-page messages, in the order they are checked: the same keys the
 * gateway sends when it refuses the filter (`errors:<key>` in the locale files).
 */
export const FILTER_MESSAGE_KEYS = {
  providerRequired: 'validation.providerRequired',
  currencyRequired: 'validation.currencyRequired',
  dateRequired: 'validation.dateRequired',
  startAfterEnd: 'validation.dateOrder',
  rangeTooLong: 'validation.rangeTooLong',
  noDataToDownload: 'validation.noDataToDownload',
} as const satisfies Record<string, MessageKey>;
export type FilterMessage = keyof typeof FILTER_MESSAGE_KEYS;

/** The outcome of {@link validateFilter}. */
export type FilterCheck = { ok: true; filter: StatsFilter } | { ok: false; message: FilterMessage };

/** Checks a day range alone: both days chosen, start not after end, at most {@link MAX_RANGE_DAYS} days. */
export function validateRange(startDate: string | null, endDate: string | null): FilterMessage | null {
  if (!startDate || !endDate || !isDay(startDate) || !isDay(endDate)) return 'dateRequired';
  if (startDate > endDate) return 'startAfterEnd';
  if (rangeDays(startDate, endDate) > MAX_RANGE_DAYS) return 'rangeTooLong';
  return null;
}

/**
 * Checks a draft as the spec's search pages do (section 5): a provider, a currency and a date must be
 * chosen, and the start date must not be after the end date. The first failure wins.
 */
export function validateFilter(draft: FilterDraft): FilterCheck {
  if (draft.providerIds.length === 0) return { ok: false, message: 'providerRequired' };
  if (draft.currencies.length === 0) return { ok: false, message: 'currencyRequired' };
  const range = validateRange(draft.startDate, draft.endDate);
  if (range) return { ok: false, message: range };
  return {
    ok: true,
    filter: {
      providerIds: [...draft.providerIds].sort((a, b) => a - b),
      currencies: [...draft.currencies].sort(),
      startDate: draft.startDate as string,
      endDate: draft.endDate as string,
    },
  };
}

/** Whether two filters ask for the same rows. */
export function sameFilter(a: StatsFilter | null | undefined, b: StatsFilter | null | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.providerIds.join(',') === b.providerIds.join(',') &&
    a.currencies.join(',') === b.currencies.join(',')
  );
}

/** The query parameters of a filter: comma lists, as the contract reads them. */
export function filterParams(filter: StatsFilter): Record<string, string> {
  return {
    providerIds: filter.providerIds.join(','),
    currencies: filter.currencies.join(','),
    startDate: filter.startDate,
    endDate: filter.endDate,
  };
}

/** The business zone of the statistics days (the gateway's default `DMS_TZ`). */
export const BUSINESS_TIME_ZONE = DEFAULT_BUSINESS_TIME_ZONE;

/** A shortcut's day range now, in the business zone. */
export function shortcutRange(key: DateShortcutKey, now: number = Date.now()): DayRange {
  return dateShortcut(key, now, BUSINESS_TIME_ZONE);
}

/** Every shortcut's day range now, in picker order. */
export function shortcutRanges(now: number = Date.now()): { key: DateShortcutKey; range: DayRange }[] {
  return DATE_SHORTCUT_KEYS.map((key) => ({ key, range: shortcutRange(key, now) }));
}

/**
 * A business day as a local `Date` at midnight, which is what the date picker shows as that calendar day
 * whatever the browser's zone is.
 */
export function dayToDate(day: string | null): Date | null {
  if (!day || !isDay(day)) return null;
  const { year, month, day: d } = parseDay(day);
  const date = new Date(2000, month - 1, d);
  date.setFullYear(year);
  return date;
}

/** The calendar day a picker `Date` stands for (its local fields), or null. */
export function dateToDay(date: Date | null | undefined): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  return formatDay({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

/** A draft over the given scope and day range. */
export function draftOf(
  providerIds: readonly number[],
  currencies: readonly string[],
  range: DayRange | null,
): FilterDraft {
  return {
    providerIds: [...providerIds],
    currencies: [...currencies],
    startDate: range?.start ?? null,
    endDate: range?.end ?? null,
  };
}
