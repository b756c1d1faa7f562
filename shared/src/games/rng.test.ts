import { describe, expect, it } from 'vitest';
import { createRng } from './rng';

describe('Rng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRng('table-7');
    const b = createRng('table-7');
    const seqA = Array.from({ length: 20 }, () => a.nextUint32());
    const seqB = Array.from({ length: 20 }, () => b.nextUint32());
    expect(seqA).toEqual(seqB);
  });

  it('treats a number seed like its decimal text', () => {
    expect(createRng(42).next()).toBe(createRng('42').next());
  });

  it('gives different sequences for different seeds', () => {
    expect(createRng('a').nextUint32()).not.toBe(createRng('b').nextUint32());
  });

  it('draws floats in [0, 1) with a mean near one half', () => {
    const rng = createRng(1);
    let sum = 0;
    let outside = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const x = rng.next();
      if (x < 0 || x >= 1) outside++;
      sum += x;
    }
    expect(outside).toBe(0);
    // Standard error of the mean is 1/sqrt(12n) ≈ 0.0009.
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(0.005);
  });

  it('draws integers uniformly below n', () => {
    const rng = createRng('dice');
    const counts = new Array<number>(6).fill(0);
    const n = 60_000;
    for (let i = 0; i < n; i++) {
      const k = rng.int(6);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    // Chi-square with 5 degrees of freedom: 20.5 is the 0.999 quantile.
    const chi2 = counts.reduce((s, c) => s + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi2).toBeLessThan(20.5);
  });

  it('refuses a bound that is not a positive integer', () => {
    const rng = createRng(0);
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(2.5)).toThrow(RangeError);
    expect(rng.int(1)).toBe(0);
  });

  it('shuffles in place into a permutation, every position equally likely', () => {
    const rng = createRng('shuffle');
    const firstPlace = new Array<number>(4).fill(0);
    const items = [0, 1, 2, 3];
    expect(rng.shuffle(items)).toBe(items);
    expect([...items].sort()).toEqual([0, 1, 2, 3]);
    for (let i = 0; i < 40_000; i++) {
      rng.shuffle(items);
      const first = items[0] ?? 0;
      firstPlace[first] = (firstPlace[first] ?? 0) + 1;
    }
    for (const count of firstPlace) expect(Math.abs(count - 10_000)).toBeLessThan(400);
  });
});
