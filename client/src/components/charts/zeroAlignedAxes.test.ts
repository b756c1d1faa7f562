import { describe, expect, it } from 'vitest';
import { zeroAlignedAxes } from './zeroAlignedAxes';

/** Height of zero on an axis, from its bottom, as a share of the axis. */
const zeroAt = (b: { min: number; max: number }) => -b.min / (b.max - b.min);

describe('zeroAlignedAxes', () => {
  it('puts zero at the same height on a GGR axis with losses and a turnover axis without', () => {
    const ggr = [-8_600_000, 1_200_000, 0, -50_000];
    const turnover = [0, 33_000_000, 21_500_000, 100];
    const [l, r] = zeroAlignedAxes(ggr, turnover);
    expect(zeroAt(l)).toBeCloseTo(zeroAt(r), 9);
    expect(l.min).toBeLessThanOrEqual(-8_600_000);
    expect(l.max).toBeGreaterThanOrEqual(1_200_000);
    expect(r.min).toBeLessThan(0);
    expect(r.max).toBeGreaterThanOrEqual(33_000_000);
    for (const b of [l, r]) expect((b.max - b.min) / b.interval).toBeCloseTo(5, 9);
  });

  it('does not squash the data into a corner of either axis', () => {
    const [l, r] = zeroAlignedAxes([-12_000_000, 6_000_000], [0, 80_000_000]);
    expect(zeroAt(l)).toBeCloseTo(zeroAt(r), 9);
    // Two thirds of GGR's extent lie below zero, so turnover can have a third of its axis at most.
    expect(18_000_000 / (l.max - l.min)).toBeGreaterThanOrEqual(0.5);
    expect(80_000_000 / (r.max - r.min)).toBeGreaterThanOrEqual(0.3);
  });

  it('keeps zero at the bottom of both when nothing is negative, with round intervals', () => {
    const [l, r] = zeroAlignedAxes([10, 420], [0, 9_999]);
    expect(l).toEqual({ min: 0, max: 500, interval: 100 });
    expect(r).toEqual({ min: 0, max: 10_000, interval: 2_000 });
  });

  it('leaves room above zero for turnover when every GGR is a loss', () => {
    const [l, r] = zeroAlignedAxes([-300, -1_000], [5_000, 200]);
    expect(zeroAt(l)).toBeCloseTo(zeroAt(r), 9);
    expect(l.min).toBeLessThanOrEqual(-1_000);
    expect(r.max).toBeGreaterThanOrEqual(5_000);
  });

  it('gives a usable axis for empty or all-zero data', () => {
    const [l, r] = zeroAlignedAxes([], [0, 0]);
    expect(l).toEqual({ min: 0, max: 5, interval: 1 });
    expect(r).toEqual({ min: 0, max: 5, interval: 1 });
  });
});
