import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/testing/i18nForTests';
import { currencyName } from './currencyName';
import { i18n } from './i18n';

describe('currencyName', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names a currency in the interface language, not in the English stored with it', async () => {
    initTestI18n();
    expect(currencyName('CNY', 'Chinese Yuan')).toBe('Chinese Yuan');
    await i18n.changeLanguage('zh');
    expect(currencyName('CNY', 'Chinese Yuan')).toBe('人民币');
    await i18n.changeLanguage('es');
    expect(currencyName('USD', 'US Dollar')).toBe('dólar estadounidense');
  });

  it('keeps the stored name of a code the browser does not know', async () => {
    initTestI18n();
    await i18n.changeLanguage('zh');
    expect(currencyName('USDT', 'Tether')).toBe('Tether');
    expect(currencyName('ZZZ', 'Test coin')).toBe('Test coin');
  });
});
