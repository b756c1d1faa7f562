import { describe, expect, it } from 'vitest';
import {
  GAPS_MAX,
  copyClock,
  emptyClock,
  expectedGap,
  freshnessOf,
  seedGaps,
  silenceLimit,
  tickClock,
} from './panelClock';

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

  it("holds a feed that pauses between rounds to its longest recent pause, not to its bets' rate", () => {
    const clock = emptyClock();
    // Two rounds of a table: bets every 2 s for 14 s, then 20 s of deal and wait until the next round.
    let t = T0;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 7; i++) tickClock(clock, (t += 2000));
      tickClock(clock, (t += 20_000));
    }
    expect(expectedGap(clock)).toBe(2000);
    expect(freshnessOf(clock, t + 13_000, 10_000)).toBe('fresh');
    expect(freshnessOf(clock, t + 30_000, 10_000)).toBe('fresh');
    expect(freshnessOf(clock, t + 30_001, 10_000)).toBe('stale');
    // The card tells that limit (its median gap of 2 s would promise red after 6 s).
    expect(silenceLimit(clock, 10_000)).toBe(30_000);
    expect(silenceLimit(emptyClock(), 10_000)).toBe(10_000);
  });

  it('takes the gaps of a starting picture until it has its own', () => {
    const clock = emptyClock();
    tickClock(clock, T0);
    // A quiet feed: a settlement every 25 s on the picture's roads (two tables, given out of order).
    const settled = Array.from({ length: 30 }, (_, i) => T0 - 750_000 + i * 25_000);
    seedGaps(clock, [...settled.filter((_, i) => i % 2), ...settled.filter((_, i) => i % 2 === 0)]);
    expect(clock.gaps).toHaveLength(GAPS_MAX);
    expect(expectedGap(clock)).toBe(25_000);
    // Silent for 14 s is not news on that feed; 80 s is.
    expect(freshnessOf(clock, T0 + 14_000, 10_000)).toBe('fresh');
    expect(freshnessOf(clock, T0 + 80_000, 10_000)).toBe('stale');
    // A clock with gaps of its own keeps them.
    const own = copyClock(clock);
    own.gaps = [1000];
    seedGaps(own, settled);
    expect(own.gaps).toEqual([1000]);
    // Nothing seeded, the floor alone: 14 s is silent.
    const bare = emptyClock();
    tickClock(bare, T0);
    seedGaps(bare, [T0 - 5000]);
    expect(freshnessOf(bare, T0 + 14_000, 10_000)).toBe('stale');
  });
});
