import { describe, expect, it } from 'vitest';
import { RecordMap } from './recordMap';
import { stringifySliced } from './slicedJson';

describe('stringifySliced', () => {
  it('gives what JSON.stringify gives, for every kind of value at every level', async () => {
    const values: unknown[] = [
      { a: 1, b: 'x', c: [1, 2, { d: null }], e: undefined, f: () => 1, 2: 'two', 1: 'one' },
      [1, undefined, () => 2, Symbol('s'), NaN, Infinity, -0, 'x', { y: [undefined] }],
      { date: new Date(0), nested: { when: new Date(1), none: undefined, list: [new Date(2)] } },
      { empty: {}, emptyList: [], deep: { a: { b: { c: { d: [1, { e: 'é"\\\n' }] } } } } },
      'text',
      42,
      null,
      true,
      [],
      {},
      { toJSON: () => ({ replaced: true }) },
      { keyed: { toJSON: (key: string) => `as ${key}` }, list: [{ toJSON: (key: string) => `at ${key}` }] },
      { twice: { toJSON: () => new Date(0) }, gone: { toJSON: () => undefined } },
      {
        records: RecordMap.from({ b: { x: 1, gone: undefined }, a: [1], f: () => 1, c: null }),
        empty: new RecordMap(),
      },
    ];
    for (const v of values)
      for (const depth of [0, 1, 2, 5]) expect(await stringifySliced(v, { depth })).toBe(JSON.stringify(v));
    expect(await stringifySliced(undefined)).toBeUndefined();
  });

  it('pauses between slices on a large state, and the result is still the same', async () => {
    const state = {
      accounts: RecordMap.from(
        Object.fromEntries(
          Array.from({ length: 20_000 }, (_, i) => [
            `1001:p${i}`,
            {
              rounds: i,
              stakes: Array.from({ length: 20 }, (_, k) => k * i),
              lastSeen: 1_795_000_000_000 + i,
            },
          ]),
        ),
      ),
      pairs: Object.fromEntries(
        Array.from({ length: 5_000 }, (_, i) => [`a${i}|b${i}`, { shared: i, logOpp: i / 7 }]),
      ),
      tested: { pairs: 5_000 },
    };
    let pauses = 0;
    const s = await stringifySliced(state, {
      sliceMs: 0,
      pause: async () => {
        pauses += 1;
      },
    });
    expect(s).toBe(JSON.stringify(state));
    // A slice of 0 ms pauses after every entry of the records.
    expect(pauses).toBeGreaterThanOrEqual(25_000);
  });
});
