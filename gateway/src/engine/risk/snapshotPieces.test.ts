import { describe, expect, it } from 'vitest';
import { RecordMap } from './recordMap';
import { readSnapshotPieces, writeSnapshotPieces } from './snapshotPieces';

const noPause = { sliceMs: 50, pause: async () => {} };

/** Writes `value` in pieces and reads it back: the text and the value read. */
async function roundTrip(value: unknown, options = noPause): Promise<{ text: string; back: unknown }> {
  const text = (await writeSnapshotPieces(value, options))!;
  return { text, back: await readSnapshotPieces(text, options) };
}

describe('snapshot pieces', () => {
  it('reads back what JSON.stringify gives of the value written, its maps as record maps', async () => {
    const accounts = new RecordMap<unknown>();
    // Records of one shape, then another (a field more, fields in another order, a field left out by JSON),
    // values that are not plain records, keys that look like numbers, nested maps and dates.
    for (let i = 0; i < 2_500; i++)
      accounts.set(`1001:p${i}`, { provider: 1001, rounds: i, stakes: [i, i + 1], winE: [i / 7, 1e-300] });
    accounts.set('1002:x', { rounds: 1, provider: 1002, presence: [1, 2], gone: undefined, f: () => 1 });
    accounts.set('1002:y', { provider: 1002, rounds: 2, nested: { a: [null, { b: 'é"\\\n|' }] } });
    accounts.set('17', [1, 2, undefined]);
    accounts.set('3', 'text');
    accounts.set('null', null);
    accounts.set('gone', undefined);
    accounts.set('when', new Date(0));
    accounts.set('nothing', { toJSON: () => undefined });
    accounts.set('keyed', { toJSON: (key: string) => `as ${key}` });
    accounts.set('twice', { toJSON: () => new Date(0) });
    accounts.set('fields', {
      a: { toJSON: (key: string) => `field ${key}` },
      b: { toJSON: () => undefined },
      c: [{ toJSON: (key: string) => `item ${key}` }],
    });
    accounts.set('empty', {});
    accounts.set('1001:p1', { provider: 1001, rounds: -0, stakes: [] });
    // Field names that are not plain names, and one that JSON.parse makes an own field.
    accounts.set('odd', JSON.parse('{"2":1,"a-b":2,"__proto__":{"x":3},"c d":[4]}') as unknown);
    // Shapes whose names joined with commas would read alike.
    accounts.set('comma', { 'a,b': 1 });
    accounts.set('plain', { a: 2, b: 3 });
    const state = {
      accounts,
      rings: { r: { members: ['a', 'b'], logE: 1.5 } },
      pairs: new RecordMap(),
      none: undefined,
      tested: { pairs: 3 },
      rounds: 7,
    };
    const { text, back } = await roundTrip(state);
    expect(JSON.stringify(back)).toBe(JSON.stringify(state));
    const b = back as typeof state;
    expect(b.accounts).toBeInstanceOf(RecordMap);
    expect(b.pairs).toBeInstanceOf(RecordMap);
    expect([...b.accounts.keys()]).toEqual(
      [...accounts.keys()].filter((k) => k !== 'gone' && k !== 'nothing'),
    );
    expect(b.accounts.get('1002:x')).toEqual({ rounds: 1, provider: 1002, presence: [1, 2] });
    expect(text.startsWith('#pieces 1\n')).toBe(true);
    // Field names once per block (of 1,000 entries) and shape, not once per record.
    expect(text.split('"winE"').length - 1).toBe(3);
    expect(text.length).toBeLessThan(JSON.stringify(state).length * 0.8);
  });

  it('reads a snapshot stored as one JSON text (before pieces) as it is', async () => {
    const old = { accounts: { '1001:a': { rounds: 1 } }, pairs: {}, rounds: 1 };
    expect(await readSnapshotPieces(JSON.stringify(old), noPause)).toEqual(old);
    // A value that is not a record of fields is written as plain JSON too.
    for (const v of [[1, 2], 'x', 3, null]) {
      const { text, back } = await roundTrip(v);
      expect(text).toBe(JSON.stringify(v));
      expect(back).toEqual(v);
    }
  });

  it('pauses between blocks when writing and reading', async () => {
    const accounts = new RecordMap<unknown>();
    for (let i = 0; i < 10_000; i++) accounts.set(`k${i}`, { n: i });
    let pauses = 0;
    const counting = {
      sliceMs: 0,
      pause: async () => {
        pauses += 1;
      },
    };
    const { back } = await roundTrip({ accounts }, counting);
    expect((back as { accounts: RecordMap<unknown> }).accounts.size).toBe(10_000);
    // 10 blocks of 1,000 records, each followed by a pause, writing and reading.
    expect(pauses).toBeGreaterThanOrEqual(20);
  });

  it('refuses a block of a map its header does not name, and a row of no shape', async () => {
    const head = '#pieces 1\n{"order":["a"],"maps":["a"],"rest":{}}\n';
    await expect(readSnapshotPieces(`${head}["b",[null],[[0,"k",1]]]\n`, noPause)).rejects.toThrow(/"b"/);
    await expect(readSnapshotPieces(`${head}["a",[null],[[1,"k",1]]]\n`, noPause)).rejects.toThrow(
      /no shape/,
    );
    expect(await readSnapshotPieces(`${head}["a",[null,["x"]],[[1,"k",1],[0,"j",2]]]\n`, noPause)).toEqual({
      a: new RecordMap<unknown>([
        ['k', { x: 1 }],
        ['j', 2],
      ]),
    });
  });
});
