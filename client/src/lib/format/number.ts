import { abbreviate, floor2 } from '@dms/shared/format/number';
import { i18n } from '@/lib/i18n/i18n';
import { LANGUAGE_TAGS, languageOf } from '@/lib/i18n/languages';

/** Shown for a figure that does not exist (a margin without turnover, an open bet's payout). */
export const NO_VALUE = '—';

interface Formats {
  count: Intl.NumberFormat;
  money: Intl.NumberFormat;
  percent: Intl.NumberFormat;
  decimal: string;
}

const cache = new Map<string, Formats>();

/**
 * The number formats of the interface language (`Intl`, so Spanish writes 12.345,67 and 2,50 %). Every
 * figure of every screen goes through the functions below, so a screen formats numbers with the locale by
 * using them. A language switch reloads the page, so the language is read when a figure is written.
 */
function formats(): Formats {
  const tag = LANGUAGE_TAGS[languageOf(i18n.language)];
  let f = cache.get(tag);
  if (!f) {
    const money = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    f = {
      count: new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }),
      money,
      percent: new Intl.NumberFormat(tag, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
      decimal: money.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.',
    };
    cache.set(tag, f);
  }
  return f;
}

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** A count with the locale's thousands separators ("1,234", "1.234"). */
export function formatCount(n: number | null | undefined): string {
  return isNumber(n) ? formats().count.format(n) : NO_VALUE;
}

/**
 * An amount of minor units with 2 decimals (cut toward zero to whole minor units, as the spec floors
 * money), optionally followed by the currency code.
 */
export function formatAmount(minor: number | null | undefined, currency?: string): string {
  if (!isNumber(minor)) return NO_VALUE;
  const text = formats().money.format((Math.trunc(minor) + 0) / 100);
  return currency ? `${text} ${currency}` : text;
}

/** A ratio (0.025) as a percentage with 2 decimals, cut toward zero as the spec fixes numbers ("2.50%"). */
export function formatRatio(ratio: number | null | undefined): string {
  if (!isNumber(ratio)) return NO_VALUE;
  return formats().percent.format(floor2(ratio * 100) / 100);
}

/** A percentage already ×100 (a change of +12.5 %), with its sign when `signed`. */
export function formatPercent(pct: number | null | undefined, signed = false): string {
  if (!isNumber(pct)) return NO_VALUE;
  const text = formats().percent.format(floor2(pct) / 100);
  return signed && pct > 0 ? `+${text}` : text;
}

/** A number abbreviated with the spec's k, M, G… and the locale's decimal separator ("1,23M" in Spanish). */
export function formatShort(n: number): string {
  const text = abbreviate(n);
  const decimal = formats().decimal;
  return decimal === '.' ? text : text.replace('.', decimal);
}

/** An amount of minor units abbreviated ("1.23M"), optionally followed by the currency code. */
export function formatAmountShort(minor: number, currency?: string): string {
  const text = formatShort((Math.trunc(minor) + 0) / 100);
  return currency ? `${text} ${currency}` : text;
}

/** A number with 2 decimals, cut toward zero as the spec fixes numbers, in the locale ("1,25" in Spanish). */
export function formatDecimal(n: number | null | undefined): string {
  return isNumber(n) ? formats().money.format(floor2(n)) : NO_VALUE;
}

const rateFormats = new Map<string, Intl.NumberFormat>();

/** An exchange rate with up to 8 decimals, in the locale ("7.1234", "7,1234"). */
export function formatDecimalRate(rate: number | null | undefined): string {
  if (!isNumber(rate)) return NO_VALUE;
  const tag = LANGUAGE_TAGS[languageOf(i18n.language)];
  let f = rateFormats.get(tag);
  if (!f) {
    f = new Intl.NumberFormat(tag, { maximumFractionDigits: 8 });
    rateFormats.set(tag, f);
  }
  return f.format(rate);
}

const precisePercents = new Map<string, Intl.NumberFormat>();

/**
 * A ratio as a percentage with `digits` decimals, rounded (an RTP of 0.990011 → "99.001%"): for figures
 * measured to more than the spec's 2 places, such as simulated returns against their theory.
 */
export function formatRatioPrecise(ratio: number | null | undefined, digits = 3): string {
  if (!isNumber(ratio)) return NO_VALUE;
  const tag = `${LANGUAGE_TAGS[languageOf(i18n.language)]}|${digits}`;
  let f = precisePercents.get(tag);
  if (!f) {
    f = new Intl.NumberFormat(LANGUAGE_TAGS[languageOf(i18n.language)], {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    precisePercents.set(tag, f);
  }
  return f.format(ratio);
}
