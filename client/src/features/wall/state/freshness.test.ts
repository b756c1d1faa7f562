import { describe, expect, it } from 'vitest';
import { freshness, intervalOfRate } from './freshness';

describe('freshness', () => {
  it('tells a silent feed from a quiet one by the rate it expects', () => {
    // A feed storing events about every second.
    const feed = { lastAt: 100_000, expectEveryMs: 1_000 };
    expect(freshness(feed, 103_000).level).toBe('live');
    expect(freshness(feed, 115_000).level).toBe('late');
    expect(freshness(feed, 170_000)).toEqual({ level: 'silent', ageMs: 70_000 });
    // Alerts have no rhythm: an hour without one is quiet, never silent.
    expect(freshness({ lastAt: 100_000, expectEveryMs: null }, 3_700_000)).toEqual({
      level: 'quiet',
      ageMs: 3_600_000,
    });
    expect(freshness({ lastAt: null, expectEveryMs: 1_000 }, 1)).toEqual({ level: 'waiting', ageMs: null });
  });

  it('scales the thresholds with a slow rhythm', () => {
    const slow = { lastAt: 0, expectEveryMs: 30_000 };
    expect(freshness(slow, 100_000).level).toBe('live');
    expect(freshness(slow, 200_000).level).toBe('late');
    expect(freshness(slow, 700_000).level).toBe('silent');
  });

  it('turns a rate into an interval', () => {
    expect(intervalOfRate(4)).toBe(250);
    expect(intervalOfRate(0)).toBeNull();
  });
});
