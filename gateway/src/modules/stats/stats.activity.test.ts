import { beforeEach, describe, expect, it } from 'vitest';
import { ActivityCache, type ActivityRequest, type CellIds } from './stats.activity';

interface Cell {
  bets: number;
  ids: number[];
}

/** The roll-up as the cache reads it: per day, per (provider, currency), a bet count and the bettors. */
type Store = Map<string, Map<string, Cell>>;

function fresh(): Store {
  return new Map([
    [
      '2026-01-01',
      new Map([
        ['1|CNY', { bets: 5, ids: [10, 11, 12] }],
        ['2|USD', { bets: 1, ids: [20] }],
      ]),
    ],
    [
      '2026-01-02',
      new Map([
        ['1|CNY', { bets: 3, ids: [11, 13] }],
        ['2|USD', { bets: 4, ids: [20, 21] }],
      ]),
    ],
  ]);
}

function loader(store: Store, calls: string[][]) {
  return async (days: readonly string[]): Promise<CellIds[]> => {
    calls.push([...days]);
    return days.flatMap((day) =>
      [...(store.get(day) ?? new Map<string, Cell>())].map(([k, c]) => {
        const [provider, currency] = k.split('|');
        return { day, provider: Number(provider), currency: currency as string, bets: c.bets, ids: c.ids };
      }),
    );
  };
}

/** A request over some pairs with the store's bet sums now. */
function request(store: Store, pairs: [number, string][]): ActivityRequest {
  const dayBets = new Map<string, number>();
  for (const [day, cells] of store) {
    let n = 0;
    for (const [p, c] of pairs) n += cells.get(`${p}|${c}`)?.bets ?? 0;
    if (n > 0) dayBets.set(day, n);
  }
  return { pairs: pairs.map(([provider, currency]) => ({ provider, currency })), dayBets };
}

describe('ActivityCache', () => {
  let store: Store;
  beforeEach(() => {
    store = fresh();
  });

  it('counts distinct players over days, in total and per provider, currency, day and cell', async () => {
    const cache = new ActivityCache();
    const c = await cache.ensure(
      request(store, [
        [1, 'CNY'],
        [2, 'USD'],
      ]),
      loader(store, []),
    );
    expect(c.total).toBe(6);
    expect(c.byProvider).toEqual(
      new Map([
        [1, 4],
        [2, 2],
      ]),
    );
    expect(c.byCurrency.get('USD')).toBe(2);
    expect(c.byDay).toEqual(
      new Map([
        ['2026-01-01', 4],
        ['2026-01-02', 4],
      ]),
    );
    expect(c.byCell.get('2026-01-02|2|USD')).toBe(2);
    const one = await cache.ensure(request(store, [[2, 'USD']]), loader(store, []));
    expect(one.total).toBe(2);
  });

  it('reads a day again only when the bet count of the asked cells changed', async () => {
    const calls: string[][] = [];
    const cache = new ActivityCache();
    const load = loader(store, calls);
    const both = await cache.ensure(
      request(store, [
        [1, 'CNY'],
        [2, 'USD'],
      ]),
      load,
    );
    await cache.ensure(request(store, [[1, 'CNY']]), load);
    // The same question over unchanged days: the kept counts, not counted again.
    expect(
      await cache.ensure(
        request(store, [
          [1, 'CNY'],
          [2, 'USD'],
        ]),
        load,
      ),
    ).toBe(both);
    expect(calls).toHaveLength(1);
    store.get('2026-01-02')?.set('1|CNY', { bets: 4, ids: [11, 13, 14] });
    // A request that does not ask for the changed cell still trusts its day.
    await cache.ensure(request(store, [[2, 'USD']]), load);
    expect(calls).toHaveLength(1);
    const c = await cache.ensure(
      request(store, [
        [1, 'CNY'],
        [2, 'USD'],
      ]),
      load,
    );
    expect(calls).toEqual([['2026-01-01', '2026-01-02'], ['2026-01-02']]);
    expect(c.total).toBe(7);
    expect(both.total).toBe(6);
  });

  it('counts exactly even when one request does not fit the cache', async () => {
    const cache = new ActivityCache({ maxEntries: 2, maxPlayers: 3 });
    const c = await cache.ensure(
      request(store, [
        [1, 'CNY'],
        [2, 'USD'],
      ]),
      loader(store, []),
    );
    expect(c.total).toBe(6);
    expect(c.byDay.get('2026-01-01')).toBe(4);
  });
});
