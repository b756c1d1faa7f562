/**
 * Number and money formatting for display. The spec fixes 2 decimals and "floors" them.
 *
 * Negative numbers: every function here cuts toward zero (it floors the magnitude and keeps the sign),
 * so a loss shows the same digits as the equal gain (-1.239 → -1.23, like 1.239 → 1.23) and a displayed
 * amount never exceeds the true one in size. For numbers ≥ 0 this is the same as `Math.floor`.
 */

const SIGNIFICANT_DIGITS = 15;

/**
 * Cuts a scaled value to an integer toward zero after snapping it to 15 significant digits, so that the
 * binary error of decimals (0.29 * 100 = 28.999999999999996) does not cost a whole unit.
 */
function cutScaled(scaled: number): number {
  const snapped = Number(scaled.toPrecision(SIGNIFICANT_DIGITS));
  return Math.trunc(snapped) + 0; // `+ 0` turns -0 into 0
}

/**
 * Cuts `n` to 2 decimals toward zero: `floor2(1.239) === 1.23`, `floor2(0.29) === 0.29`,
 * `floor2(-1.239) === -1.23`. NaN and ±Infinity are returned unchanged.
 * Binary error is absorbed by working to 15 significant digits, so the result is exact for magnitudes
 * below 10^13 (beyond that a double has no hundredths left to cut). Money in minor units needs no
 * flooring: use {@link formatMoney}.
 */
export function floor2(n: number): number {
  if (!Number.isFinite(n)) return n;
  return cutScaled(n * 100) / 100;
}

/** `floor2(n)` written with exactly 2 decimals: `toFixed2(3) === '3.00'`. NaN gives `'NaN'`. */
export function toFixed2(n: number): string {
  return floor2(n).toFixed(2);
}

const SUFFIXES: readonly { value: number; symbol: string }[] = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** Cuts `n` to `digits` decimals toward zero and drops trailing zeros: 1.50 → '1.5', 2.00 → '2'. */
function cutToString(n: number, digits: number): string {
  const factor = 10 ** digits;
  const cut = cutScaled(n * factor) / factor;
  return cut.toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
}

/**
 * Abbreviates a number with the spec's suffixes k, M, G, T, P, E (10^3 … 10^18), cutting to `digits`
 * decimals toward zero and dropping trailing zeros: `abbreviate(1234567) === '1.23M'`,
 * `abbreviate(999999) === '999.99k'`, `abbreviate(-1500) === '-1.5k'`, `abbreviate(12.345) === '12.34'`.
 */
export function abbreviate(n: number, digits = 2): string {
  if (!Number.isInteger(digits) || digits < 0 || digits > 10) {
    throw new RangeError(`digits must be an integer from 0 to 10, got ${digits}`);
  }
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  // Snapped first so that 999999.9999999999 (1e6 give or take binary error) reads 1M, not 1000k.
  const abs = Number(Math.abs(n).toPrecision(SIGNIFICANT_DIGITS));
  for (const { value, symbol } of SUFFIXES) {
    if (abs >= value) {
      return sign + cutToString(abs / value, digits) + symbol;
    }
  }
  const text = cutToString(abs, digits);
  return text === '0' ? '0' : sign + text;
}

/** Options of {@link formatMoney}. */
export interface FormatMoneyOptions {
  /** Thousands separator; `','` by default. */
  groupSeparator?: string;
  /** Decimal separator; `'.'` by default. */
  decimalSeparator?: string;
  /** Abbreviate with k, M, … instead of grouping (`'1.23M'`). */
  abbreviate?: boolean;
  /** Text put before the number, after the sign (for example `'$'`). */
  prefix?: string;
  /** Text put after the number (for example `' INR'`). */
  suffix?: string;
}

function groupThousands(digits: string, separator: string): string {
  if (separator === '' || digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}

/**
 * Formats an amount of minor units (cents) for display with 2 decimals and thousands separators:
 * `formatMoney(123456789) === '1,234,567.89'`, `formatMoney(-5) === '-0.05'`.
 * The arithmetic is on integers, so no binary rounding creeps in. A non-integer amount (an average, say)
 * is cut toward zero to whole minor units first. NaN and ±Infinity are written as `String(n)`.
 */
export function formatMoney(minorUnits: number, opts: FormatMoneyOptions = {}): string {
  const { groupSeparator = ',', decimalSeparator = '.', prefix = '', suffix = '' } = opts;
  if (!Number.isFinite(minorUnits)) return String(minorUnits);
  const units = Math.trunc(minorUnits) + 0;
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  if (opts.abbreviate) {
    const text = abbreviate(abs / 100, 2);
    return sign + prefix + (decimalSeparator === '.' ? text : text.replace('.', decimalSeparator)) + suffix;
  }
  const whole = Math.floor(abs / 100);
  const cents = abs - whole * 100;
  const wholeText = groupThousands(whole.toFixed(0), groupSeparator);
  const centsText = String(cents).padStart(2, '0');
  return `${sign}${prefix}${wholeText}${decimalSeparator}${centsText}${suffix}`;
}
