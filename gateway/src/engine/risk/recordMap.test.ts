import { describe, expect, it } from 'vitest';
import { RecordMap } from './recordMap';

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
});
