import { formatWallTime, wallTime } from './date';

/** Languages of the interface. */
export type RelativeTimeLanguage = 'zh' | 'en' | 'es' | 'ja';

/** Options of {@link relativeTime}. */
export interface RelativeTimeOptions {
  /** Zone in which an older instant is written; the local zone by default. */
  timeZone?: string;
  /** A {@link formatDate} pattern for an older instant, instead of the language's month-day-time form. */
  pattern?: string;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ES_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

interface Wording {
  justNow: string;
  minutes: (n: number) => string;
  hours: (n: number) => string;
  oneDay: string;
  /** Month, day, hours and minutes of an older instant. */
  date: (month: number, day: number, hour: number, minute: number) => string;
}

const two = (n: number): string => String(n).padStart(2, '0');

const WORDING: Readonly<Record<RelativeTimeLanguage, Wording>> = {
  zh: {
    justNow: '刚刚',
    minutes: (n) => `${n}分钟前`,
    hours: (n) => `${n}小时前`,
    oneDay: '1天前',
    // As vue-element-admin's formatTime writes it: unpadded numbers.
    date: (mo, d, h, mi) => `${mo}月${d}日${h}时${mi}分`,
  },
  en: {
    justNow: 'just now',
    minutes: (n) => (n === 1 ? '1 minute ago' : `${n} minutes ago`),
    hours: (n) => (n === 1 ? '1 hour ago' : `${n} hours ago`),
    oneDay: '1 day ago',
    date: (mo, d, h, mi) => `${EN_MONTHS[mo - 1] ?? mo} ${d}, ${two(h)}:${two(mi)}`,
  },
  es: {
    justNow: 'justo ahora',
    minutes: (n) => (n === 1 ? 'hace 1 minuto' : `hace ${n} minutos`),
    hours: (n) => (n === 1 ? 'hace 1 hora' : `hace ${n} horas`),
    oneDay: 'hace 1 día',
    date: (mo, d, h, mi) => `${d} ${ES_MONTHS[mo - 1] ?? mo}, ${two(h)}:${two(mi)}`,
  },
  ja: {
    justNow: 'たった今',
    minutes: (n) => `${n}分前`,
    hours: (n) => `${n}時間前`,
    oneDay: '1日前',
    date: (mo, d, h, mi) => `${mo}月${d}日 ${two(h)}:${two(mi)}`,
  },
};

/**
 * How long ago `epochMs` was, seen at `now`, as the spec words it: under 30 s "just now"; under an hour
 * in whole minutes (at least 1); under a day in whole hours; under two days "1 day ago"; older instants
 * as month, day, hours and minutes (zh `3月5日9时7分`, en `Mar 5, 09:07`, es `5 mar, 09:07`,
 * ja `3月5日 09:07`) or with `opts.pattern`.
 *
 * Elapsed time is cut down, not up as vue-element-admin's `Math.ceil` did, so 61 minutes reads
 * "1 hour ago" rather than "2 hours ago". An instant up to 30 s in the future (clock skew between
 * machines) also reads "just now"; one further ahead is written as a date.
 */
export function relativeTime(
  epochMs: number,
  now: number,
  lang: RelativeTimeLanguage,
  opts: RelativeTimeOptions = {},
): string {
  if (!Number.isFinite(epochMs) || !Number.isFinite(now)) return '';
  const words = WORDING[lang];
  const elapsed = now - epochMs;
  if (elapsed < 30 * SECOND && elapsed > -30 * SECOND) return words.justNow;
  if (elapsed > 0) {
    if (elapsed < HOUR) return words.minutes(Math.max(1, Math.floor(elapsed / MINUTE)));
    if (elapsed < DAY) return words.hours(Math.floor(elapsed / HOUR));
    if (elapsed < 2 * DAY) return words.oneDay;
  }
  const t = wallTime(epochMs, opts.timeZone);
  if (opts.pattern !== undefined) return formatWallTime(t, opts.pattern);
  return words.date(t.month, t.day, t.hour, t.minute);
}
