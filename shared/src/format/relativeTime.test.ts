import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const NOW = Date.UTC(2024, 2, 10, 12, 0, 0);
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('says "just now" under 30 seconds in every language', () => {
    expect(relativeTime(NOW - 29 * SEC, NOW, 'zh')).toBe('刚刚');
    expect(relativeTime(NOW, NOW, 'en')).toBe('just now');
    expect(relativeTime(NOW - 10 * SEC, NOW, 'es')).toBe('justo ahora');
    expect(relativeTime(NOW - 10 * SEC, NOW, 'ja')).toBe('たった今');
  });

  it('counts whole minutes under an hour, at least one', () => {
    expect(relativeTime(NOW - 30 * SEC, NOW, 'en')).toBe('1 minute ago');
    expect(relativeTime(NOW - 5 * MIN - 59 * SEC, NOW, 'en')).toBe('5 minutes ago');
    expect(relativeTime(NOW - 5 * MIN, NOW, 'zh')).toBe('5分钟前');
    expect(relativeTime(NOW - 5 * MIN, NOW, 'es')).toBe('hace 5 minutos');
    expect(relativeTime(NOW - 1 * MIN, NOW, 'es')).toBe('hace 1 minuto');
    expect(relativeTime(NOW - 59 * MIN, NOW, 'ja')).toBe('59分前');
  });

  it('counts whole hours under a day', () => {
    expect(relativeTime(NOW - HOUR, NOW, 'en')).toBe('1 hour ago');
    expect(relativeTime(NOW - 61 * MIN, NOW, 'en')).toBe('1 hour ago');
    expect(relativeTime(NOW - 23 * HOUR, NOW, 'zh')).toBe('23小时前');
    expect(relativeTime(NOW - 2 * HOUR, NOW, 'es')).toBe('hace 2 horas');
    expect(relativeTime(NOW - 3 * HOUR, NOW, 'ja')).toBe('3時間前');
  });

  it('says "1 day ago" under two days', () => {
    expect(relativeTime(NOW - DAY, NOW, 'zh')).toBe('1天前');
    expect(relativeTime(NOW - 47 * HOUR, NOW, 'en')).toBe('1 day ago');
    expect(relativeTime(NOW - 47 * HOUR, NOW, 'es')).toBe('hace 1 día');
    expect(relativeTime(NOW - 47 * HOUR, NOW, 'ja')).toBe('1日前');
  });

  it('writes month, day, hours and minutes from two days on', () => {
    const then = Date.UTC(2024, 2, 5, 9, 7); // 2024-03-05 09:07 UTC
    expect(relativeTime(then, NOW, 'zh', { timeZone: 'UTC' })).toBe('3月5日9时7分');
    expect(relativeTime(then, NOW, 'en', { timeZone: 'UTC' })).toBe('Mar 5, 09:07');
    expect(relativeTime(then, NOW, 'es', { timeZone: 'UTC' })).toBe('5 mar, 09:07');
    expect(relativeTime(then, NOW, 'ja', { timeZone: 'UTC' })).toBe('3月5日 09:07');
    expect(relativeTime(then, NOW, 'zh', { timeZone: 'Asia/Shanghai' })).toBe('3月5日17时7分');
  });

  it('writes an older instant with a pattern when given one', () => {
    const then = NOW - 3 * DAY;
    expect(relativeTime(then, NOW, 'en', { timeZone: 'UTC', pattern: '{y}-{m}-{d}' })).toBe('2024-03-07');
  });

  it('treats a slightly future instant as just now and a far one as a date', () => {
    expect(relativeTime(NOW + 20 * SEC, NOW, 'en')).toBe('just now');
    expect(relativeTime(NOW + 2 * HOUR, NOW, 'en', { timeZone: 'UTC' })).toBe('Mar 10, 14:00');
  });

  it('gives an empty text for an invalid instant', () => {
    expect(relativeTime(Number.NaN, NOW, 'en')).toBe('');
  });
});
