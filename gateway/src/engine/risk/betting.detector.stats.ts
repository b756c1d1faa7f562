/**
 * Small numeric helpers of the risk detector (docs/RISK-ENGINE.md): betting e-processes kept as log
 * wealth per betting fraction, e-BH, and the per-unit moments of every bet type.
 */
import { HOUSE_EDGE } from '@dms/shared/games/settlement';

/** Betting fractions mixed with equal weights in every e-process (see {@link betStep}). */
export const FRACTIONS: readonly number[] = [0.05, 0.15, 0.35, 0.6, 0.85];

/** Fresh log wealth of a mixture: each bet starts with 1. */
export function freshWealth(): number[] {
  return FRACTIONS.map(() => 0);
}

/**
 * One step of a mixture of betting martingales on a 0/1 observation `x` whose probability under the null
 * is at most `p0`: bet `v` of the wealth on x=1 at fair odds 1/p0 (`1 + v (x/p0 - 1)`). `floor` (log) keeps
 * each bet's wealth from falling below a small stake so that evidence starting late is still found.
 */
export function betStep(w: number[], x: boolean, p0: number, floor: number): void {
  for (let k = 0; k < w.length; k++) {
    const v = FRACTIONS[k] ?? 0;
    const next = (w[k] ?? 0) + Math.log(x ? 1 + v * (1 / p0 - 1) : 1 - v);
    w[k] = next < floor ? floor : next;
  }
}

/** Log of the mixture's e-value: log of the mean wealth. */
export function logMean(w: readonly number[]): number {
  let max = -Infinity;
  for (const x of w) if (x > max) max = x;
  if (max === -Infinity) return 0;
  let s = 0;
  for (const x of w) s += Math.exp(x - max);
  return max + Math.log(s / w.length);
}

/** Betting fractions of the mean test (win_rate): `1 + λ (y + edge)` stays positive for y ≥ -1. */
export const LAMBDAS: readonly number[] = [0.02, 0.06, 0.15, 0.35, 0.7];

export function meanStep(w: number[], centred: number): void {
  for (let k = 0; k < w.length; k++) {
    const l = LAMBDAS[k] ?? 0;
    w[k] = (w[k] ?? 0) + Math.log(Math.max(1e-12, 1 + l * centred));
  }
}

/**
 * e-BH (Wang and Ramdas): of hypotheses with log e-values `logE`, among `m` tested in all, rejects the k
 * largest for the largest k with e_(k) ≥ m / (α k). Returns the rejected keys. Ties broken by key, so the
 * answer does not depend on the order of the input.
 */
export function eBH(cands: { key: string; logE: number }[], m: number, alpha: number): string[] {
  const sorted = [...cands].sort((a, b) => b.logE - a.logE || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const lm = Math.log(Math.max(1, m) / alpha);
  let kMax = 0;
  for (let k = 1; k <= sorted.length; k++) {
    const c = sorted[k - 1];
    if (c && c.logE >= lm - Math.log(k)) kMax = k;
  }
  return sorted.slice(0, kMax).map((c) => c.key);
}

/** Expected loss per unit staked of a bet type (0 for an unknown one). */
export function houseEdge(gameId: number, betType: string): number {
  const table = (HOUSE_EDGE as Record<number, Record<string, number> | undefined>)[gameId];
  return table?.[betType] ?? 0;
}

/** Second moment of the net result per unit staked, E[y²] (an upper bound of its variance). */
const SECOND_MOMENT: Readonly<Record<number, Readonly<Record<string, number>>>> = {
  1: { banker: 0.86, player: 0.905, tie: 7.0, banker_pair: 9.96, player_pair: 9.96 },
  2: { player_a: 0.98, player_b: 0.98, tie: 709, pair_plus: 8.7 },
};

export function secondMoment(gameId: number, betType: string): number {
  return SECOND_MOMENT[gameId]?.[betType] ?? 1;
}

/** Whether two stakes are matched: they differ by at most `tol` (a fraction) of the larger. */
export function matched(a: number, b: number, tol: number): boolean {
  return Math.abs(a - b) <= tol * Math.max(a, b) + 1e-9;
}

/**
 * Probability that two independent stakes, one drawn from each sorted list, are matched within `tol`,
 * smoothed ((matches + ½) / (pairs + 1)); ½ when either list is empty. Two pointers: O(|a| + |b|).
 */
export function matchProbability(a: readonly number[], b: readonly number[], tol: number): number {
  if (a.length === 0 || b.length === 0) return 0.5;
  if (tol >= 1) return 1;
  let lo = 0;
  let hi = 0;
  let hits = 0;
  for (const x of a) {
    const min = x * (1 - tol) - 1e-9;
    const max = x / (1 - tol) + 1e-9;
    while (lo < b.length && (b[lo] ?? 0) < min) lo++;
    if (hi < lo) hi = lo;
    while (hi < b.length && (b[hi] ?? 0) <= max) hi++;
    hits += hi - lo;
  }
  return (hits + 0.5) / (a.length * b.length + 1);
}

/** Inserts `x` into the sorted list `s` (kept beside a ring buffer of the same values). */
export function sortedInsert(s: number[], x: number): void {
  let i = s.length;
  s.push(x);
  while (i > 0 && (s[i - 1] ?? 0) > x) {
    s[i] = s[i - 1] ?? 0;
    i--;
  }
  s[i] = x;
}

/** Removes one `x` from the sorted list `s`. */
export function sortedRemove(s: number[], x: number): void {
  const i = s.indexOf(x);
  if (i >= 0) s.splice(i, 1);
}
