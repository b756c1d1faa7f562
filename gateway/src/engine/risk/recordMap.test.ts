import { describe, expect, it } from 'vitest';
import { RecordMap, shardOf } from './recordMap';

describe('RecordMap', () => {
  it('is written to JSON as the object of its entries, in insertion order, and read back from it', () => {
    const m = new RecordMap<{ n: number }>();
    m.set('1001:b', { n: 1 });
    m.set('1001:a', { n: 2 });
    m.set('1002:c', { n: 3 });
    m.delete('1001:b');
    m.set('1001:b', { n: 4 });
    const json = JSON.stringify({ m });
    expect(json).toBe('{"m":{"1001:a":{"n":2},"1002:c":{"n":3},"1001:b":{"n":4}}}');
    const back = RecordMap.from((JSON.parse(json) as { m: Record<string, { n: number }> }).m);
    expect([...back.keys()]).toEqual(['1001:a', '1002:c', '1001:b']);
    expect(back.get('1001:b')).toEqual({ n: 4 });
    expect(JSON.stringify(RecordMap.from(back))).toBe(JSON.stringify(m));
    expect(RecordMap.from(undefined).size).toBe(0);
  });

  it('gives, while frozen, its entries as they were at the freeze, whatever changes after through it', () => {
    type R = { n: number; xs: number[] };
    const m = new RecordMap<R>();
    for (const k of ['a', 'b', 'c', 'd', 'e']) m.set(k, { n: 1, xs: [1] });
    const frozen = m.freeze();
    const before = JSON.stringify(Object.fromEntries(frozen));
    expect(() => m.freeze()).toThrow(/frozen already/);
    m.get('a')!.xs.push(2); // changed in place after a get
    m.get('b')!.n = 9;
    m.set('c', { n: 3, xs: [] }); // replaced
    m.delete('d'); // deleted
    m.delete('e');
    m.set('e', { n: 5, xs: [5] }); // deleted and set again: last in the map, in its place in the frozen order
    m.set('f', { n: 6, xs: [6] }); // new: not among the frozen entries
    m.get('a')!.n = 7; // a second change is still after the copy
    expect(JSON.stringify(Object.fromEntries(frozen))).toBe(before);
    expect([...frozen].map(([k]) => k)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(JSON.stringify(m)).toBe(
      '{"a":{"n":7,"xs":[1,2]},"b":{"n":9,"xs":[1]},"c":{"n":3,"xs":[]},"e":{"n":5,"xs":[5]},"f":{"n":6,"xs":[6]}}',
    );
    m.clear();
    expect(JSON.stringify(Object.fromEntries(frozen))).toBe(before);
    m.thaw();
    m.set('g', { n: 1, xs: [] });
    const again = m.freeze();
    expect([...again].map(([k]) => k)).toEqual(['g']);
    m.thaw();
  });

  it('kept in shards, is walked shard after shard, each in the order its keys were set, and read back so', () => {
    const keys = Array.from({ length: 400 }, (_, i) => `${1001 + (i % 3)}:p${(i * 7919) % 1000}`);
    const m = new RecordMap<number>(null, undefined, 8);
    keys.forEach((k, i) => m.set(k, i));
    for (const k of keys.slice(0, 50)) m.delete(k);
    m.set(keys[0]!, -1);
    expect(m.shards).toBe(8);
    expect(m.size).toBe(351);
    const bits = 3;
    const order = [...m.keys()];
    // Shard after shard; within one, as set (the key deleted and set again last).
    expect(order.map((k) => shardOf(k, bits))).toEqual(
      [...order.map((k) => shardOf(k, bits))].sort((a, b) => a - b),
    );
    const mine = order.filter((k) => shardOf(k, bits) === shardOf(keys[0]!, bits));
    expect(mine.at(-1)).toBe(keys[0]);
    expect(new Set(order.map((k) => shardOf(k, bits))).size).toBe(8);
    expect([...m.values()]).toEqual(order.map((k) => m.get(k)));
    const seen: string[] = [];
    m.forEach((v, k, map) => {
      expect(map).toBe(m);
      expect(v).toBe(m.get(k));
      seen.push(k);
    });
    expect(seen).toEqual(order);
    // Its JSON, read back into shards or into one map and then into shards, gives the same order.
    const json = JSON.stringify(m);
    const back = RecordMap.from(JSON.parse(json) as Record<string, number>, undefined, 8);
    expect(JSON.stringify(back)).toBe(json);
    const one = RecordMap.from(JSON.parse(json) as Record<string, number>);
    expect(one.shards).toBe(1);
    expect(JSON.stringify(RecordMap.from(one, undefined, 8))).toBe(json);
    expect(one.shards).toBe(8);
    expect(JSON.stringify(RecordMap.from(new RecordMap(m), undefined, 1))).toBe(json);
    // A walk may delete what it has not reached yet, in this shard or a later one.
    const walked: string[] = [];
    for (const [k] of back) {
      walked.push(k);
      back.delete(order[walked.length * 2] ?? '');
    }
    const gone = new Set<string>();
    const expected: string[] = [];
    for (const k of order)
      if (!gone.has(k)) {
        expected.push(k);
        gone.add(order[expected.length * 2] ?? '');
      }
    expect(walked).toEqual(expected);
    expect(walked.length).toBeLessThan(order.length * 0.75);
    expect(() => new RecordMap(null, undefined, 3)).toThrow(/power of two/);
    expect(() => new RecordMap(null, undefined, 2048)).toThrow(/power of two/);
    const frozen = back.freeze();
    expect(() => RecordMap.from(back, undefined, 4)).toThrow(/frozen/);
    back.get(order[1]!);
    back.set(order[1]!, 99);
    back.clear();
    expect(back.size).toBe(0);
    expect([...frozen].map(([k]) => k)).toEqual(walked);
    back.thaw();
  });
});
