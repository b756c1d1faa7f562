import { describe, expect, it } from 'vitest';
import { MAX_RANGE_DAYS, STATS_MESSAGES } from '@dms/shared/contracts/http/stats';
import { DATE_SHORTCUT_LABELS_EN } from '@dms/shared/format/dateShortcuts';
import { OPERATION_LABELS_EN } from '@dms/shared/domain/enums';

const files = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../locales/*/{statistics,companyProfit,errors}.json',
  {
    eager: true,
  },
);
const LANGUAGES = ['zh', 'en', 'es', 'ja'];
const NAMESPACES = ['statistics', 'companyProfit'];

function resource(lng: string, ns: string): Record<string, unknown> {
  const file = files[`../../locales/${lng}/${ns}.json`];
  if (!file) throw new Error(`missing locales/${lng}/${ns}.json`);
  return file.default;
}

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function lookup(lng: string, ns: string, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resource(lng, ns));
}

describe('statistics and Company Profit texts', () => {
  it.each(NAMESPACES)('every language has every key of %s, none empty', (ns) => {
    const english = keys(resource('en', ns)).sort();
    for (const lng of LANGUAGES) {
      expect(keys(resource(lng, ns)).sort(), `${lng}/${ns}`).toEqual(english);
      for (const key of english) expect(lookup(lng, ns, key), `${lng}/${ns}:${key}`).not.toBe('');
    }
  });

  it('has the spec messages verbatim in English, under the keys the gateway sends', () => {
    expect(lookup('en', 'errors', 'validation.providerRequired')).toBe(STATS_MESSAGES.providerRequired);
    expect(lookup('en', 'errors', 'validation.currencyRequired')).toBe(STATS_MESSAGES.currencyRequired);
    expect(lookup('en', 'errors', 'validation.dateRequired')).toBe(STATS_MESSAGES.dateRequired);
    expect(lookup('en', 'errors', 'validation.dateOrder')).toBe(STATS_MESSAGES.startAfterEnd);
    expect(lookup('en', 'errors', 'validation.noDataToDownload')).toBe(STATS_MESSAGES.noDataToDownload);
    expect(
      String(lookup('en', 'errors', 'validation.rangeTooLong')).replace('{{max}}', String(MAX_RANGE_DAYS)),
    ).toBe(STATS_MESSAGES.rangeTooLong);
  });

  it('has the spec shortcuts and operation labels verbatim in English', () => {
    for (const [key, label] of Object.entries(DATE_SHORTCUT_LABELS_EN)) {
      expect(lookup('en', 'statistics', `shortcut.${key}`)).toBe(label);
    }
    for (const [key, label] of Object.entries(OPERATION_LABELS_EN))
      expect(lookup('en', 'statistics', key)).toBe(label);
  });
});
