import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { initTestI18n } from '@/testing/i18nForTests';
import { formatAmount, formatAmountShort, formatCount, formatPercent, formatRatio } from './number';

describe('numbers in the interface language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('writes English and Chinese figures with a comma between thousands and a point before decimals', async () => {
    initTestI18n();
    expect(formatAmount(123456789)).toBe('1,234,567.89');
    expect(formatAmount(-5, 'CNY')).toBe('-0.05 CNY');
    expect(formatCount(1234567)).toBe('1,234,567');
    await i18n.changeLanguage('zh');
    expect(formatAmount(123456789)).toBe('1,234,567.89');
  });

  it('writes Spanish figures with Spanish separators', async () => {
    initTestI18n();
    await i18n.changeLanguage('es');
    expect(formatAmount(123456789)).toBe('1.234.567,89');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatRatio(0.025)).toBe('2,50\u00a0%');
    expect(formatPercent(12.5, true)).toBe('+12,50\u00a0%');
    expect(formatAmountShort(123456789, 'USD')).toBe('1,23M USD');
  });

  it('cuts toward zero as the spec fixes numbers, never rounding up', () => {
    initTestI18n();
    expect(formatRatio(0.0249999)).toBe('2.49%');
    expect(formatRatio(-0.0491)).toBe('-4.91%');
    expect(formatAmount(12345.9)).toBe('123.45');
    expect(formatAmount(null)).toBe('—');
  });
});
