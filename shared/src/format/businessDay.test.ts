import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessDayOf, dayRange, isDay, isoWeekday, parseDay } from './businessDay';

const HOUR = 3_600_000;

describe('businessDayOf', () => {
  it('cuts days in Asia/Shanghai by default', () => {
    expect(businessDayOf(Date.UTC(2024, 2, 4, 15, 59, 59))).toBe('2024-03-04');
    expect(businessDayOf(Date.UTC(2024, 2, 4, 16, 0, 0))).toBe('2024-03-05');
  });

  it('cuts days in the given zone', () => {
    expect(businessDayOf(Date.UTC(2024, 2, 5, 3), 'America/New_York')).toBe('2024-03-04');
    expect(businessDayOf(Date.UTC(2024, 2, 5, 3), 'UTC')).toBe('2024-03-05');
  });

  it('refuses an invalid instant', () => {
    expect(() => businessDayOf(Number.NaN)).toThrow(RangeError);
  });
});

describe('dayRange', () => {
  it('bounds a 24-hour Shanghai day at 16:00 UTC', () => {
    expect(dayRange('2024-03-05', 'Asia/Shanghai')).toEqual([
      Date.UTC(2024, 2, 4, 16),
      Date.UTC(2024, 2, 5, 16),
    ]);
    expect(dayRange('2024-03-05')).toEqual(dayRange('2024-03-05', 'Asia/Shanghai'));
  });

  it('makes the New York spring-forward day 23 hours long', () => {
    // 2024-03-10: clocks go from 02:00 EST to 03:00 EDT.
    const [start, end] = dayRange('2024-03-10', 'America/New_York');
    expect(start).toBe(Date.UTC(2024, 2, 10, 5)); // 00:00 EST
    expect(end).toBe(Date.UTC(2024, 2, 11, 4)); // 00:00 EDT
    expect(end - start).toBe(23 * HOUR);
  });

  it('makes the New York fall-back day 25 hours long', () => {
    // 2024-11-03: clocks go from 02:00 EDT back to 01:00 EST.
    const [start, end] = dayRange('2024-11-03', 'America/New_York');
    expect(start).toBe(Date.UTC(2024, 10, 3, 4));
    expect(end).toBe(Date.UTC(2024, 10, 4, 5));
    expect(end - start).toBe(25 * HOUR);
  });

  it('starts a day whose midnight is skipped at the clock change', () => {
    // 2018-11-04 in São Paulo: clocks went from 00:00 -03 to 01:00 -02, so the day began at 03:00 UTC.
    const [start, end] = dayRange('2018-11-04', 'America/Sao_Paulo');
    expect(start).toBe(Date.UTC(2018, 10, 4, 3));
    expect(end).toBe(Date.UTC(2018, 10, 5, 2));
    expect(businessDayOf(start - 1, 'America/Sao_Paulo')).toBe('2018-11-03');
  });

  it('joins consecutive days without gap or overlap', () => {
    for (const zone of ['America/New_York', 'Asia/Shanghai', 'Europe/London', 'Australia/Lord_Howe']) {
      let day = '2024-01-01';
      let [, previousEnd] = dayRange(day, zone);
      for (let i = 0; i < 366; i++) {
        day = addDays(day, 1);
        const [start, end] = dayRange(day, zone);
        expect(start).toBe(previousEnd);
        expect(businessDayOf(start, zone)).toBe(day);
        expect(businessDayOf(end - 1, zone)).toBe(day);
        previousEnd = end;
      }
    }
  });

  it('refuses a malformed day or an unknown zone', () => {
    expect(() => dayRange('2024-02-30', 'UTC')).toThrow(RangeError);
    expect(() => dayRange('2024-3-5', 'UTC')).toThrow(RangeError);
    expect(() => dayRange('2024-03-05', 'Nowhere/Land')).toThrow(RangeError);
  });
});

describe('calendar day arithmetic', () => {
  it('reads and validates YYYY-MM-DD days', () => {
    expect(parseDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('2024-13-01')).toBe(false);
    expect(isDay('0099-01-01')).toBe(true);
  });

  it('adds days across months and years', () => {
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
    expect(addDays('2024-03-10', 0)).toBe('2024-03-10');
  });

  it('adds months, clamping to the last day of a shorter month', () => {
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-08-31', -6)).toBe('2024-02-29');
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-15');
    expect(addMonths('2023-11-30', 3)).toBe('2024-02-29');
  });

  it('numbers weekdays from Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2024-03-11')).toBe(1);
    expect(isoWeekday('2024-03-10')).toBe(7);
  });
});
