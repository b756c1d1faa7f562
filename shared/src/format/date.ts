/**
 * Date formatting from UTC epoch milliseconds, in the local time zone or a named IANA zone.
 * Standard JavaScript only (`Date`, `Intl.DateTimeFormat`), so it runs in the browser and in Node.
 */

/** The wall-clock fields of an instant in some time zone. `month` is 1–12; `weekday` 0 (Sunday)–6. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** The spec's default date format: year-month-day hours:minutes:seconds. */
export const DEFAULT_DATE_PATTERN = '{y}-{m}-{d} {h}:{i}:{s}';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown zone, which is what a caller should see.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function weekdayOf(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCDay();
}

/**
 * The wall-clock fields of `epochMs` in `timeZone` (an IANA name such as `'Asia/Shanghai'`), or in the
 * runtime's local zone when `timeZone` is omitted. Throws a RangeError for an unknown zone.
 */
export function wallTime(epochMs: number, timeZone?: string): WallTime {
  if (timeZone === undefined) {
    const d = new Date(epochMs);
    return {
      year: d.getFullYear(),
      month: d.getMonth() + 1,
      day: d.getDate(),
      hour: d.getHours(),
      minute: d.getMinutes(),
      second: d.getSeconds(),
      weekday: d.getDay(),
    };
  }
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let beforeChrist = false;
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value) % 24; // some engines still write midnight as 24
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
      case 'era':
        beforeChrist = part.value.startsWith('B');
        break;
      default:
        break;
    }
  }
  if (beforeChrist) year = 1 - year;
  return { year, month, day, hour, minute, second, weekday: weekdayOf(year, month, day) };
}

function pad(n: number, width = 2): string {
  const text = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? `-${text}` : text;
}

/**
 * Writes `epochMs` with `pattern`, whose tokens are `{y}` year, `{m}` month, `{d}` day, `{h}` hours
 * (00–23), `{i}` minutes, `{s}` seconds, all zero-padded, and `{a}` the weekday 0 (Sunday)–6.
 * Put `#` after a letter (`{m#}`) to leave the number unpadded. Other text is kept as it is.
 * The default pattern is the spec's `YYYY-MM-DD HH:mm:ss`. The instant is read in `timeZone`, or in the
 * local zone when none is given. A non-finite `epochMs` gives `''`.
 */
export function formatDate(epochMs: number, pattern = DEFAULT_DATE_PATTERN, timeZone?: string): string {
  if (!Number.isFinite(epochMs)) return '';
  return formatWallTime(wallTime(epochMs, timeZone), pattern);
}

/**
 * A moment as a screen that runs for days shows it: the time of day (`HH:mm:ss`) when it falls on the day of
 * `nowMs`, else the date and the minute (`MM-DD HH:mm`, with the year when it is another year's). In
 * `timeZone`, or the local zone. A non-finite `epochMs` gives `''`.
 */
export function formatMoment(epochMs: number, nowMs: number, timeZone?: string): string {
  if (!Number.isFinite(epochMs)) return '';
  const t = wallTime(epochMs, timeZone);
  const now = wallTime(nowMs, timeZone);
  if (t.year !== now.year) return formatWallTime(t, '{y}-{m}-{d} {h}:{i}');
  if (t.month !== now.month || t.day !== now.day) return formatWallTime(t, '{m}-{d} {h}:{i}');
  return formatWallTime(t, '{h}:{i}:{s}');
}

/** Writes wall-clock fields with a {@link formatDate} pattern. */
export function formatWallTime(t: WallTime, pattern: string): string {
  const fields: Readonly<Record<string, number>> = {
    y: t.year,
    m: t.month,
    d: t.day,
    h: t.hour,
    i: t.minute,
    s: t.second,
    a: t.weekday,
  };
  return pattern.replace(/\{([ymdhisa])(#?)\}/g, (match, key: string, raw: string) => {
    const value = fields[key];
    if (value === undefined) return match;
    if (raw === '#' || key === 'a') return String(value);
    return pad(value, key === 'y' ? 4 : 2);
  });
}
