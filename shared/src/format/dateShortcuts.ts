import { addDays, addMonths, businessDayOf, DEFAULT_BUSINESS_TIME_ZONE, isoWeekday } from './businessDay';

/**
 * The date range shortcuts of the search pages (spec, section 2), as inclusive `YYYY-MM-DD` day ranges.
 *
 * Decisions: "Last N days" and "Last 6 months" end today and count today, so "Last 7 days" is 7 days
 * (today and the 6 before it) and "Last 6 months" starts the day after the same date six months ago.
 * "This week/month/year" end today, not at the end of the period, because later days have no data yet.
 * Weeks start on Monday.
 */

/** The shortcut keys in the order the date pickers list them. */
export const DATE_SHORTCUT_KEYS = [
  'today',
  'yesterday',
  'last7Days',
  'last30Days',
  'last6Months',
  'thisWeek',
  'thisMonth',
  'lastWeek',
  'lastMonth',
  'thisYear',
] as const;

export type DateShortcutKey = (typeof DATE_SHORTCUT_KEYS)[number];

/** An inclusive range of calendar days. */
export interface DayRange {
  start: string;
  end: string;
}

/** The shortcuts with the i18n key of each label (`shortcut.today`, …), in picker order. */
export const DATE_SHORTCUTS: readonly { key: DateShortcutKey; labelKey: string }[] = DATE_SHORTCUT_KEYS.map(
  (key) => ({ key, labelKey: `shortcut.${key}` }),
);

/** English label of each shortcut. */
export const DATE_SHORTCUT_LABELS_EN: Readonly<Record<DateShortcutKey, string>> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
  last6Months: 'Last 6 months',
  thisWeek: 'This week',
  thisMonth: 'This month',
  lastWeek: 'Last week',
  lastMonth: 'Last month',
  thisYear: 'This year',
};

/** Whether `value` is a shortcut key. */
export function isDateShortcutKey(value: unknown): value is DateShortcutKey {
  return typeof value === 'string' && (DATE_SHORTCUT_KEYS as readonly string[]).includes(value);
}

/**
 * The inclusive day range of a shortcut, for the instant `now` seen in `timeZone` (by default the
 * business zone): `dateShortcut('lastWeek', now)` is Monday to Sunday of the week before this one.
 */
export function dateShortcut(
  key: DateShortcutKey,
  now: number,
  timeZone = DEFAULT_BUSINESS_TIME_ZONE,
): DayRange {
  const today = businessDayOf(now, timeZone);
  const monday = addDays(today, 1 - isoWeekday(today));
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (key) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { start: yesterday, end: yesterday };
    }
    case 'last7Days':
      return { start: addDays(today, -6), end: today };
    case 'last30Days':
      return { start: addDays(today, -29), end: today };
    case 'last6Months':
      return { start: addDays(addMonths(today, -6), 1), end: today };
    case 'thisWeek':
      return { start: monday, end: today };
    case 'thisMonth':
      return { start: firstOfMonth, end: today };
    case 'lastWeek':
      return { start: addDays(monday, -7), end: addDays(monday, -1) };
    case 'lastMonth':
      return { start: addMonths(firstOfMonth, -1), end: addDays(firstOfMonth, -1) };
    case 'thisYear':
      return { start: `${today.slice(0, 4)}-01-01`, end: today };
  }
}
