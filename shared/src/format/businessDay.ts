import { wallTime } from './date';

/**
 * Business days: the calendar day of an instant in the business time zone, and the instants that bound a
 * day. Days are written `YYYY-MM-DD`, which sorts as text in date order.
 */

/** The default business time zone of statistics. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as numbers; `month` is 1–12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** Writes a calendar day as `YYYY-MM-DD`. */
export function formatDay({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Reads a `YYYY-MM-DD` day; throws a RangeError if the text is not a real calendar day. */
export function parseDay(text: string): CalendarDay {
  const match = DAY_PATTERN.exec(text);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    const date = new Date(Date.UTC(2000, month - 1, day));
    date.setUTCFullYear(year);
    if (date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return { year, month, day };
  }
  throw new RangeError(`not a YYYY-MM-DD calendar day: ${JSON.stringify(text)}`);
}

/** Whether `text` is a real `YYYY-MM-DD` calendar day. */
export function isDay(text: string): boolean {
  try {
    parseDay(text);
    return true;
  } catch {
    return false;
  }
}

/** Midnight UTC of a calendar day, as a number to do day arithmetic on. */
function utcMidnight({ year, month, day }: CalendarDay): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function dayOfUtcMidnight(ms: number): CalendarDay {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The day `n` days after `day` (before it when `n` is negative): `addDays('2024-02-28', 2) === '2024-03-01'`. */
export function addDays(day: string, n: number): string {
  return formatDay(dayOfUtcMidnight(utcMidnight(parseDay(day)) + n * 24 * HOUR));
}

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  return new Date(utcMidnight(parseDay(day))).getUTCDay() || 7;
}

/**
 * The same day of the month `n` months after `day` (before it when negative), moved back to the month's
 * last day when the month is shorter: `addMonths('2024-03-31', -1) === '2024-02-29'`.
 */
export function addMonths(day: string, n: number): string {
  const d = parseDay(day);
  const monthIndex = d.year * 12 + (d.month - 1) + n;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  const lastDay = dayOfUtcMidnight(utcMidnight({ year, month: month + 1, day: 1 }) - 24 * HOUR).day;
  return formatDay({ year, month, day: Math.min(d.day, lastDay) });
}

/** The calendar day (`YYYY-MM-DD`) of an instant in `timeZone`, by default the business zone. */
export function businessDayOf(epochMs: number, timeZone = DEFAULT_BUSINESS_TIME_ZONE): string {
  if (!Number.isFinite(epochMs)) throw new RangeError(`not an instant: ${epochMs}`);
  return formatDay(wallTime(epochMs, timeZone));
}

/** Offset of `timeZone` from UTC at an instant, in ms, to the second (sub-second offsets do not exist). */
function offsetAt(epochMs: number, timeZone: string): number {
  const t = wallTime(epochMs, timeZone);
  const date = new Date(0);
  date.setUTCFullYear(t.year, t.month - 1, t.day);
  date.setUTCHours(t.hour, t.minute, t.second);
  return date.getTime() - (epochMs - (((epochMs % SECOND) + SECOND) % SECOND));
}

/** Whether the day in `timeZone` starts exactly at `epochMs`. */
function startsDay(epochMs: number, day: string, timeZone: string): boolean {
  return businessDayOf(epochMs, timeZone) === day && businessDayOf(epochMs - SECOND, timeZone) < day;
}

/** The first instant of a calendar day in `timeZone`. */
function startOfDay(day: string, timeZone: string): number {
  const wall = utcMidnight(parseDay(day));
  // Usual case: local midnight exists once; two rounds of "wall time minus offset" find it.
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (startsDay(second, day, timeZone)) return second;
  if (startsDay(first, day, timeZone)) return first;
  // Midnight is skipped by a clock change (the day starts at, say, 01:00): search for the first second of
  // the day. Offsets lie within ±14 h, 26 h gives room for historical local mean times.
  let lo = Math.floor((wall - 26 * HOUR) / SECOND);
  let hi = Math.ceil((wall + 26 * HOUR) / SECOND);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (businessDayOf(mid * SECOND, timeZone) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo * SECOND;
}

/**
 * The instants bounding a calendar day in `timeZone`: `[start, end)` in epoch ms, where `start` is the
 * first instant of the day and `end` the first instant of the next. A day is 23 or 25 hours long across a
 * daylight-saving change; a day whose midnight is skipped starts at the clock change.
 * Throws a RangeError for a malformed day or an unknown zone.
 */
export function dayRange(day: string, timeZone = DEFAULT_BUSINESS_TIME_ZONE): [number, number] {
  return [startOfDay(day, timeZone), startOfDay(addDays(day, 1), timeZone)];
}
