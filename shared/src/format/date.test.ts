import { describe, expect, it } from 'vitest';
import { formatDate, formatMoment, wallTime } from './date';

// 2024-03-05T01:07:09.250Z
const INSTANT = Date.UTC(2024, 2, 5, 1, 7, 9, 250);

describe('formatDate', () => {
  it('writes year-month-day hours:minutes:seconds by default', () => {
    expect(formatDate(INSTANT, undefined, 'UTC')).toBe('2024-03-05 01:07:09');
  });

  it('reads the instant in the given time zone', () => {
    expect(formatDate(INSTANT, undefined, 'Asia/Shanghai')).toBe('2024-03-05 09:07:09');
    expect(formatDate(INSTANT, undefined, 'America/New_York')).toBe('2024-03-04 20:07:09');
    expect(formatDate(INSTANT, undefined, 'Asia/Kolkata')).toBe('2024-03-05 06:37:09');
  });

  it('uses the local time zone when none is given', () => {
    const d = new Date(INSTANT);
    const expected = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(formatDate(INSTANT, '{y}-{m}-{d}')).toBe(expected);
  });

  it('writes midnight as hour 00', () => {
    expect(formatDate(Date.UTC(2024, 0, 1), '{h}:{i}', 'UTC')).toBe('00:00');
    expect(formatDate(Date.UTC(2023, 11, 31, 16), '{y}-{m}-{d} {h}', 'Asia/Shanghai')).toBe('2024-01-01 00');
  });

  it('follows a custom pattern, unpadded with # and with the weekday', () => {
    expect(formatDate(INSTANT, '{m#}月{d#}日 {h}时', 'UTC')).toBe('3月5日 01时');
    expect(formatDate(INSTANT, '{y}/{m}/{d} ({a})', 'UTC')).toBe('2024/03/05 (2)');
    expect(formatDate(INSTANT, 'at {x} {i}', 'UTC')).toBe('at {x} 07');
  });

  it('gives an empty text for an invalid instant', () => {
    expect(formatDate(Number.NaN)).toBe('');
  });

  it('refuses an unknown time zone', () => {
    expect(() => formatDate(INSTANT, undefined, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('wallTime', () => {
  it('gives the fields and weekday of an instant in a zone', () => {
    expect(wallTime(INSTANT, 'Asia/Shanghai')).toEqual({
      year: 2024,
      month: 3,
      day: 5,
      hour: 9,
      minute: 7,
      second: 9,
      weekday: 2,
    });
  });

  it('handles years before the common era', () => {
    const instant = Date.UTC(2000, 0, 1) - 2001 * 365.2425 * 86_400_000;
    expect(wallTime(instant, 'UTC').year).toBe(new Date(instant).getUTCFullYear());
  });
});

describe('formatMoment', () => {
  const now = Date.UTC(2026, 11, 7, 1, 22, 44); // 09:22:44 on 2026-12-07 in Shanghai
  const zone = 'Asia/Shanghai';

  it("writes the time of day on the day of now, in the zone's days", () => {
    expect(formatMoment(Date.UTC(2026, 11, 6, 16, 0, 5), now, zone)).toBe('00:00:05');
    expect(formatMoment(now, now, zone)).toBe('09:22:44');
  });

  it("writes the date and minute on another day, and the year on another year's", () => {
    expect(formatMoment(Date.UTC(2026, 11, 6, 11, 31, 52), now, zone)).toBe('12-06 19:31');
    expect(formatMoment(Date.UTC(2026, 11, 6, 15, 59, 59), now, zone)).toBe('12-06 23:59');
    expect(formatMoment(Date.UTC(2025, 11, 7, 1, 0, 0), now, zone)).toBe('2025-12-07 09:00');
    expect(formatMoment(Number.NaN, now, zone)).toBe('');
  });
});
