import { describe, expect, it } from 'vitest';
import { trendDays } from './trendDays';

describe('trendDays', () => {
  it('puts every day of the range on the axis, 0 where the daily data has no row', () => {
    const rows = [
      { day: '2026-11-21', currency: 'CNY', ggr: -8_613_815, turnover: 33_077_300 },
      { day: '2026-11-19', currency: 'CNY', ggr: -127_000, turnover: 648_000 },
    ];
    expect(trendDays(rows, '2026-11-17', '2026-11-21')).toEqual([
      { day: '2026-11-17', ggr: 0, turnover: 0 },
      { day: '2026-11-18', ggr: 0, turnover: 0 },
      { day: '2026-11-19', ggr: -127_000, turnover: 648_000 },
      { day: '2026-11-20', ggr: 0, turnover: 0 },
      { day: '2026-11-21', ggr: -8_613_815, turnover: 33_077_300 },
    ]);
  });

  it('crosses a month end and keeps a one-day range', () => {
    expect(trendDays([], '2026-02-27', '2026-03-01').map((d) => d.day)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(trendDays([], '2026-11-22', '2026-11-22')).toHaveLength(1);
  });
});
