import { describe, expect, it } from 'vitest';
import { GameDayCache, type LoadedGameCell } from './stats.gameDays';

const cell = (day: string, bets: number, provider = 1001): LoadedGameCell => ({
  day,
  provider,
  currency: 'CNY',
  gameId: 1,
  turnover: bets * 100,
  payout: bets * 90,
  bets,
  rounds: bets,
});

/** A store of `daily_game` rows and their day versions, and a loader that records what it was asked. */
function fakeStore() {
  const rows = new Map<string, LoadedGameCell[]>();
  const versions = new Map<string, number>();
  const asked: string[][] = [];
  return {
    asked,
    write(c: LoadedGameCell) {
      rows.set(c.day, [...(rows.get(c.day) ?? []), c]);
      versions.set(c.day, (versions.get(c.day) ?? 0) + 1);
    },
    versions: (days: readonly string[]) =>
      new Map(days.filter((d) => versions.has(d)).map((d) => [d, versions.get(d) as number])),
    load: (days: readonly string[]) => {
      asked.push([...days]);
      return Promise.resolve(days.flatMap((d) => rows.get(d) ?? []));
    },
  };
}

describe('GameDayCache', () => {
  it('reads a day again only when its version moved', async () => {
    const store = fakeStore();
    store.write(cell('2026-01-01', 3));
    store.write(cell('2026-01-02', 5));
    const cache = new GameDayCache();
    const days = ['2026-01-01', '2026-01-02', '2026-01-03'];
    const first = await cache.cellsOf(store.versions(days), store.load);
    expect([...first.keys()].sort()).toEqual(['2026-01-01', '2026-01-02']);
    expect(first.get('2026-01-02')?.[0]?.bets).toBe(5);

    const again = await cache.cellsOf(store.versions(days), store.load);
    expect(again.get('2026-01-01')).toEqual(first.get('2026-01-01'));
    expect(store.asked).toEqual([['2026-01-01', '2026-01-02']]);

    store.write(cell('2026-01-02', 1, 1002));
    store.write(cell('2026-01-03', 2));
    const later = await cache.cellsOf(store.versions(days), store.load);
    expect(store.asked[1]).toEqual(['2026-01-02', '2026-01-03']);
    expect(later.get('2026-01-02')?.map((c) => c.provider)).toEqual([1001, 1002]);
    expect(later.get('2026-01-03')?.[0]?.bets).toBe(2);
  });

  it('drops the least recently used days past its bound, never those of the request', async () => {
    const store = fakeStore();
    const days = Array.from({ length: 6 }, (_, i) => `2026-01-0${i + 1}`);
    for (const d of days) store.write(cell(d, 1));
    const cache = new GameDayCache({ maxCells: 4 });
    const all = await cache.cellsOf(store.versions(days), store.load);
    expect(all.size).toBe(6);
    expect(cache.size).toBe(6);
    await cache.cellsOf(store.versions(['2026-01-01']), store.load);
    expect(cache.size).toBeLessThanOrEqual(4);
    store.asked.length = 0;
    await cache.cellsOf(store.versions(['2026-01-01']), store.load);
    expect(store.asked).toEqual([]);
  });
});
