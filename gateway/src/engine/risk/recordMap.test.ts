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
});
