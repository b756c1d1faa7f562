import { describe, expect, it } from 'vitest';
import { fnv1a } from './hash';

describe('fnv1a', () => {
  it('gives the published FNV-1a 32-bit values for ASCII text', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('hashes UTF-16 code units, unsigned', () => {
    const h = fnv1a('牌桌-百家乐-01');
    expect(h).toBeGreaterThanOrEqual(0);
    expect(h).toBeLessThan(2 ** 32);
    expect(fnv1a('牌桌-百家乐-01')).toBe(h);
    expect(fnv1a('牌桌-百家乐-02')).not.toBe(h);
  });
});
