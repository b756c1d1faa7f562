import { describe, expect, it } from 'vitest';
import { RecordMap, type Summariser } from './recordMap';
import {
  LazyRecordMap,
  hashKey,
  readSnapshotPieces,
  whenLoaded,
  writeSnapshotPieces,
} from './snapshotPieces';

const noPause = { sliceMs: 50, pause: async () => {} };

/** Writes `value` in pieces and reads it back: the text and the value read. */
async function roundTrip(value: unknown, options = noPause): Promise<{ text: string; back: unknown }> {
  const text = (await writeSnapshotPieces(value, options))!;
  return { text, back: await readSnapshotPieces(text, options) };
}

/** The same text as a `#pieces 2` snapshot (stored before the index): its last line dropped. */
const asV2 = (text: string) =>
  `#pieces 2\n${text.slice('#pieces 3\n'.length, text.lastIndexOf('#index ')).replace(/\n?$/, '\n')}`;

/** Records of two numbers, and the summary a snapshot stores of them. */
type R = { n: number; x: number };
const summary: Summariser<R> = {
  id: 'n,x',
  width: 2,
  of: (v, out) => out.set([v.n, v.x]),
  view: (stored) => ({ n: stored[0]!, x: stored[1]! }),
};
/** Map `m` of a stored text, read back a piece at a time and given {@link summary}. */
const readLazy = async (text: string) =>
  RecordMap.from(
    ((await readSnapshotPieces(text, noPause)) as { m: LazyRecordMap<R> }).m,
    summary,
  ) as LazyRecordMap<R>;

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
    expect(text.startsWith('#pieces 3\n')).toBe(true);
    expect(b.accounts).toBeInstanceOf(LazyRecordMap);
    // The same text stored before the index (read a line at a time) reads back the same.
    const v2 = await readSnapshotPieces(asV2(text), noPause);
    expect(JSON.stringify(v2)).toBe(JSON.stringify(state));
    expect((v2 as typeof state).accounts).toBeInstanceOf(LazyRecordMap);
    // Field names once per block (of 1,000 entries) and shape, not once per record.
    expect(text.split('"winE"').length - 1).toBe(3);
    const body = text.slice(0, text.lastIndexOf('#index '));
    expect(body.length).toBeLessThan(JSON.stringify(state).length * 0.8);
    // The index: 16 bytes an entry (three words, in base64), and a little for each block.
    expect(text.length - body.length).toBeLessThan(16 * accounts.size + 300);
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

  it('pauses between blocks when writing, reads nothing but the index at once, and the records in slices behind', async () => {
    const accounts = new RecordMap<unknown>();
    for (let i = 0; i < 10_000; i++) accounts.set(`k${i}`, { n: i });
    let pauses = 0;
    const counting = {
      sliceMs: 0,
      pause: async () => {
        pauses += 1;
      },
    };
    const text = (await writeSnapshotPieces({ accounts }, counting))!;
    // 10 blocks of 1,000 records, each followed by a pause when writing.
    expect(pauses).toBeGreaterThanOrEqual(10);
    pauses = 0;
    const back = await readSnapshotPieces(text, counting);
    const read = (back as { accounts: LazyRecordMap<unknown> }).accounts;
    expect(pauses).toBe(0);
    expect(read.size).toBe(10_000);
    expect(read.loaded).toBe(false);
    expect(read.readAsked).toBe(0);
    // Then the records, a pause each 256.
    await whenLoaded(back, counting);
    expect(read.loaded).toBe(true);
    expect(pauses).toBeGreaterThanOrEqual(39);
    expect(read.get('k9999')).toEqual({ n: 9999 });
    // A text stored before the index: its keys read at once, a pause each 1,024 lines.
    pauses = 0;
    const old = (await readSnapshotPieces(asV2(text), counting)) as { accounts: LazyRecordMap<unknown> };
    expect(pauses).toBeGreaterThanOrEqual(9);
    expect(old.accounts.size).toBe(10_000);
    expect(old.accounts.get('k9999')).toEqual({ n: 9999 });
  });

  it('tells apart keys of the same hash, and refuses an index that is missing or does not fit', async () => {
    // Two keys of the same hash (the first such pair among k0, k1, …).
    const [a, b] = ['k32728', 'k261234'];
    expect(hashKey(a)).toBe(hashKey(b));
    const stored = new RecordMap<unknown>([
      [a, 1],
      [b, 2],
      ['c', 3],
    ]);
    const text = (await writeSnapshotPieces({ m: stored }, noPause))!;
    const read = async () => ((await readSnapshotPieces(text, noPause)) as { m: LazyRecordMap<unknown> }).m;
    let m = await read();
    expect([m.get(b), m.get(a), m.has(`${a}x`)]).toEqual([2, 1, false]);
    m = await read();
    expect(m.delete(a)).toBe(true);
    expect([m.has(a), m.get(b), m.size]).toEqual([false, 2, 2]);
    expect([...m]).toEqual([
      [b, 2],
      ['c', 3],
    ]);
    // Keys JSON writes with escapes, and keys that begin with another's text: each found as itself.
    const odd = ['q"uote', 'b\\s', 'b', 'b\\', 't\tab', '\u00e9', '😀', 'ab', 'ab"', 'ab","x'];
    const oddText = (await writeSnapshotPieces(
      { m: new RecordMap<unknown>(odd.map((k, i) => [k, i])) },
      noPause,
    ))!;
    const oddMap = ((await readSnapshotPieces(oddText, noPause)) as { m: LazyRecordMap<unknown> }).m;
    expect(odd.map((k) => oddMap.get(k))).toEqual(odd.map((_, i) => i));
    expect(['a', 'q', 'b\\\\', 'ab\\', '\ud83d'].map((k) => oddMap.has(k))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(oddMap.readAsked).toBe(odd.length);
    // No index, or one whose arrays are not of its entries' length: refused, not read wrong.
    await expect(readSnapshotPieces(text.slice(0, text.lastIndexOf('#index ')), noPause)).rejects.toThrow(
      /no index/,
    );
    const index = JSON.parse(text.slice(text.lastIndexOf('#index ') + 7)) as { m: { entries: number } };
    index.m.entries = 4;
    await expect(
      readSnapshotPieces(
        `${text.slice(0, text.lastIndexOf('#index ') + 7)}${JSON.stringify(index)}\n`,
        noPause,
      ),
    ).rejects.toThrow(/do not fit/);
  });

  it('refuses a block of a map its header does not name, a row of no shape or of no key, and a bad row once read', async () => {
    const head2 = '#pieces 2\n{"order":["a"],"maps":["a"],"rest":{}}\n';
    const read2 = (body: string) => readSnapshotPieces(`${head2}${body}`, noPause);
    await expect(read2('["b",[null]]\n[0,"k",1]\n')).rejects.toThrow(/"b"/);
    await expect(read2('["a",[null]]\n[1,"k",1]\n')).rejects.toThrow(/no shape/);
    await expect(read2('[0,"k",1]\n')).rejects.toThrow(/no shape/);
    await expect(read2('["a",[null]]\n[0,7,1]\n')).rejects.toThrow(/no key/);
    // A row whose values cannot be read is refused when it is read: asked for, or by the load behind.
    const bad = (await read2('["a",[null,["x"]]]\n[1,"k",1]\n[0,"j",{]\n')) as { a: RecordMap<unknown> };
    expect(bad.a.get('k')).toEqual({ x: 1 });
    expect(() => bad.a.get('j')).toThrow(SyntaxError);
    await expect(whenLoaded(bad, noPause)).rejects.toThrow(SyntaxError);
    // Keys with escapes, and a key stored twice (its first place, its last value, as Map.set gives).
    const odd = (await read2(
      '["a",[null]]\n[0,"q\\"uote",1]\n[0,"b\\\\s",2]\n[0,"k",3]\n[0,"\\u00e9",4]\n[0,"k",5]\n',
    )) as { a: RecordMap<unknown> };
    expect(odd.a.get('q"uote')).toBe(1);
    expect([...odd.a]).toEqual([
      ['q"uote', 1],
      ['b\\s', 2],
      ['k', 5],
      ['é', 4],
    ]);
  });

  it('answers as the map read whole, in the same order, while its records are read behind', async () => {
    // A model check: the same random gets, sets and deletes on the lazy map (its load going on between
    // them) and on the map read whole give the same answers, sizes and, at the end, entries in order.
    let seed = 7;
    const rand = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 20; round++) {
      // Every other round, stored with a summary.
      const stored = new RecordMap<R>(null, round % 2 === 0 ? undefined : summary);
      const n = 500 + Math.floor(rand() * 1500);
      for (let i = 0; i < n; i++) stored.set(`k${Math.floor(rand() * n * 1.5)}`, { n: i, x: 0.5 - i / 3 });
      const written = (await writeSnapshotPieces({ m: stored }, noPause))!;
      // Rounds 2, 3, 6, 7, …: the same text stored before the index.
      const text = Math.floor(round / 2) % 2 === 1 ? asV2(written) : written;
      const whole = new RecordMap(stored, summary);
      const lazy = await readLazy(text);
      expect(lazy.walksWithoutReading).toBe(round % 2 === 1);
      /** A walk by views that deletes some of what it meets: what it met, and deleted. */
      const walk = (map: RecordMap<R>, drop: number) => {
        const met: [string, number, number][] = [];
        map.forEachView((k, v) => {
          met.push([k, v.n, v.x]);
          if (drop > 0 && (met.length * 7) % 11 === 0) {
            map.delete(k);
            // One not met yet, too.
            map.delete(`k${met.length}`);
          }
        });
        return met;
      };
      const waiting: (() => void)[] = [];
      const loading = lazy.load({ sliceMs: 0, pause: () => new Promise<void>((r) => waiting.push(r)) });
      for (let op = 0; op < 3000; op++) {
        const key = `k${Math.floor(rand() * n * 2)}`;
        const u = rand();
        if (u < 0.3) expect(lazy.get(key)).toEqual(whole.get(key));
        else if (u < 0.45) expect(lazy.has(key)).toBe(whole.has(key));
        else if (u < 0.65) {
          lazy.set(key, { n: -op, x: op });
          whole.set(key, { n: -op, x: op });
        } else if (u < 0.8) expect(lazy.delete(key)).toBe(whole.delete(key));
        else if (u < 0.96) waiting.shift()?.();
        else if (u < 0.97) {
          const asked = lazy.readAsked + lazy.readAtOnce;
          const drop = rand() < 0.5 ? 1 : 0;
          expect(walk(lazy, drop)).toEqual(walk(whole, drop));
          if (round % 2 === 1) expect(lazy.readAsked + lazy.readAtOnce).toBe(asked);
        } else {
          // A get then a set of the same record object, as the detector updates its records in place.
          const a = lazy.get(key);
          const b = whole.get(key);
          if (a && b) {
            a.n += 1000;
            b.n += 1000;
          }
        }
        expect(lazy.size).toBe(whole.size);
      }
      if (round % 2 === 0) {
        while (!lazy.loaded) {
          waiting.shift()?.();
          await Promise.resolve();
        }
        await loading;
      }
      // A walk reads what is left at once (round 1, 3, …: the load still waiting).
      expect([...lazy]).toEqual([...whole]);
      expect(lazy.loaded).toBe(true);
      expect(JSON.stringify(lazy)).toBe(JSON.stringify(whole));
      while (waiting.length > 0) waiting.shift()!();
      await loading;
    }
  });

  it('gives the numbers JSON cannot write as they were, by views, before a record is read', async () => {
    const xs = [Infinity, -Infinity, NaN, 1e-300, 0.1 + 0.2];
    const stored = new RecordMap<R>(
      xs.map((x, n) => [`k${n}`, { n, x }]),
      summary,
    );
    const text = (await writeSnapshotPieces({ m: stored }, noPause))!;
    const lazy = await readLazy(text);
    const met: [string, number, number][] = [];
    lazy.forEachView((k, v) => met.push([k, v.n, v.x]));
    expect(met).toEqual(xs.map((x, n) => [`k${n}`, n, x]));
    expect(lazy.readAsked + lazy.readAtOnce).toBe(0);
    // A map has one summariser: another is refused.
    expect(() => RecordMap.from(lazy, { ...summary })).toThrow(/summarised by "n,x"/);
  });

  it('reads a #pieces 1 text, a block of rows a line, whole', async () => {
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
