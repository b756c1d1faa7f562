import { describe, expect, it } from 'vitest';
import { GAPS_MAX, copyClock, emptyClock, expectedGap, freshnessOf, tickClock } from './panelClock';

const T0 = Date.UTC(2026, 10, 26, 10);

describe('panel clock', () => {
  it('notes the gaps between batches, keeping the most recent', () => {
    const clock = emptyClock();
    tickClock(clock, T0);
    expect(clock).toEqual({ lastAt: T0, gaps: [] });
    tickClock(clock, T0 + 4000);
    tickClock(clock, T0 + 4000); // the same instant: no gap of zero
    tickClock(clock, T0 + 10_000);
    expect(clock).toEqual({ lastAt: T0 + 10_000, gaps: [4000, 6000] });
    for (let i = 1; i <= GAPS_MAX + 5; i++) tickClock(clock, T0 + 10_000 + i * 1000);
    expect(clock.gaps).toHaveLength(GAPS_MAX);
    expect(clock.gaps.every((g) => g === 1000)).toBe(true);
  });

  it('copies without sharing the gaps', () => {
    const clock = { lastAt: T0, gaps: [1000] };
    const copy = copyClock(clock);
    tickClock(copy, T0 + 2000);
    expect(clock).toEqual({ lastAt: T0, gaps: [1000] });
  });

  it('expects the median gap, none before two batches', () => {
    expect(expectedGap(emptyClock())).toBeNull();
    expect(expectedGap({ lastAt: T0, gaps: [] })).toBeNull();
    expect(expectedGap({ lastAt: T0, gaps: [5000, 6000, 4000] })).toBe(5000);
    expect(expectedGap({ lastAt: T0, gaps: [9000, 1000, 2000, 8000] })).toBe(8000);
  });

  it('judges freshness against three expected gaps, never under the floor', () => {
    const floor = 10_000;
    expect(freshnessOf(emptyClock(), T0, floor)).toBe('waiting');
    const clock = { lastAt: T0, gaps: [5000, 6000, 4000] };
    expect(freshnessOf(clock, T0 + 15_000, floor)).toBe('fresh');
    expect(freshnessOf(clock, T0 + 15_001, floor)).toBe('stale');
    // A fast feed is held to the floor, not to three of its gaps.
    const fast = { lastAt: T0, gaps: [1000] };
    expect(freshnessOf(fast, T0 + 9000, floor)).toBe('fresh');
    expect(freshnessOf(fast, T0 + 10_001, floor)).toBe('stale');
    // Before a gap is known the floor alone decides: each monitor its own.
    const once = { lastAt: T0, gaps: [] };
    expect(freshnessOf(once, T0 + 20_000, 10_000)).toBe('stale');
    expect(freshnessOf(once, T0 + 20_000, 30_000)).toBe('fresh');
  });
});
