import { describe, expect, it } from 'vitest';
import { abbreviate, floor2, formatMoney, toFixed2 } from './number';

describe('floor2', () => {
  it('floors positive numbers to 2 decimals', () => {
    expect(floor2(1.239)).toBe(1.23);
    expect(floor2(1.999)).toBe(1.99);
    expect(floor2(5)).toBe(5);
  });

  it('keeps decimals whose binary form is a hair below them', () => {
    expect(floor2(0.29)).toBe(0.29); // 0.29 * 100 = 28.999999999999996
    expect(floor2(1.13)).toBe(1.13);
    expect(floor2(0.7 + 0.1)).toBe(0.8); // 0.7999999999999999
    expect(floor2((1.005 * 100) / 100)).toBe(1);
    expect(floor2(4.35)).toBe(4.35);
  });

  it('cuts negative numbers toward zero so a loss shows the digits of the equal gain', () => {
    expect(floor2(-1.239)).toBe(-1.23);
    expect(floor2(-0.29)).toBe(-0.29);
    expect(Object.is(floor2(-0.001), 0)).toBe(true);
  });

  it('returns NaN and infinities unchanged', () => {
    expect(floor2(Number.NaN)).toBeNaN();
    expect(floor2(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('toFixed2', () => {
  it('writes exactly two floored decimals', () => {
    expect(toFixed2(3)).toBe('3.00');
    expect(toFixed2(0.29)).toBe('0.29');
    expect(toFixed2(2.999)).toBe('2.99');
    expect(toFixed2(-2.999)).toBe('-2.99');
  });
});

describe('abbreviate', () => {
  it('uses the suffixes k, M, G, T, P, E', () => {
    expect(abbreviate(1000)).toBe('1k');
    expect(abbreviate(1234567)).toBe('1.23M');
    expect(abbreviate(2.5e9)).toBe('2.5G');
    expect(abbreviate(7e12)).toBe('7T');
    expect(abbreviate(1.11e15)).toBe('1.11P');
    expect(abbreviate(3e18)).toBe('3E');
    expect(abbreviate(4.5e21)).toBe('4500E');
  });

  it('floors instead of rounding, so it never reads more than the number', () => {
    expect(abbreviate(999_999)).toBe('999.99k');
    expect(abbreviate(1999)).toBe('1.99k');
  });

  it('reads a number within binary error of a boundary as the boundary', () => {
    expect(abbreviate(999_999.9999999999)).toBe('1M');
  });

  it('leaves numbers under 1000 without a suffix and drops trailing zeros', () => {
    expect(abbreviate(12.345)).toBe('12.34');
    expect(abbreviate(999)).toBe('999');
    expect(abbreviate(0)).toBe('0');
    expect(abbreviate(0.001)).toBe('0');
  });

  it('keeps the sign of negative numbers', () => {
    expect(abbreviate(-1500)).toBe('-1.5k');
    expect(abbreviate(-0.001)).toBe('0');
  });

  it('honours the number of digits', () => {
    expect(abbreviate(1234567, 0)).toBe('1M');
    expect(abbreviate(1234567, 4)).toBe('1.2345M');
    expect(() => abbreviate(1, -1)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('writes minor units with thousands separators and 2 decimals', () => {
    expect(formatMoney(123456789)).toBe('1,234,567.89');
    expect(formatMoney(100)).toBe('1.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(99999)).toBe('999.99');
    expect(formatMoney(100000)).toBe('1,000.00');
  });

  it('writes negative amounts with a leading minus', () => {
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(-123456)).toBe('-1,234.56');
  });

  it('cuts a fractional amount of minor units toward zero', () => {
    expect(formatMoney(1234.9)).toBe('12.34');
    expect(formatMoney(-1234.9)).toBe('-12.34');
    expect(formatMoney(-0.4)).toBe('0.00');
  });

  it('stays exact for the largest safe integer', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('90,071,992,547,409.91');
  });

  it('takes separators, a prefix and a suffix', () => {
    expect(formatMoney(123456789, { groupSeparator: '.', decimalSeparator: ',' })).toBe('1.234.567,89');
    expect(formatMoney(-150, { prefix: '$' })).toBe('-$1.50');
    expect(formatMoney(150, { suffix: ' INR', groupSeparator: '' })).toBe('1.50 INR');
  });

  it('abbreviates on request', () => {
    expect(formatMoney(123456789, { abbreviate: true })).toBe('1.23M');
    expect(formatMoney(-250000, { abbreviate: true, prefix: '$' })).toBe('-$2.5k');
  });
});
