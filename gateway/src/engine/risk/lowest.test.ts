import { describe, expect, it } from 'vitest';
import { dropLowest, ScoreIndex } from './lowest';
import { RecordMap } from './recordMap';

interface Rec {
  score: number;
  evidence: number;
}
const value = (r: Rec) => r.score;
const dropAlways = (r: Rec) => r.score <= 0 && r.evidence === 0;
const contents = (m: Map<string, Rec>) => [...m].map(([k, r]) => `${k}:${r.score}:${r.evidence}`);

describe('ScoreIndex', () => {
  it('caps as dropLowest does (the same entries go, the same order after), through adds, changes, expiries, and records dropped but not deleted yet', () => {
    let x = 11;
    const rand = () => ((x = (x * 48271) % 2147483647), x / 2147483647);
    // Scores on a coarse grid: many ties at the bar, which go in the map's order.
    const score = () => Math.round(rand() * 12) / 2 - 2;
    // The same records capped two ways: by the index (deleted behind), and by a walk (deleted at once).
    const indexed = new RecordMap<Rec>();
    const index = new ScoreIndex<Rec>(value, dropAlways);
    const walked = new RecordMap<Rec>();
    let next = 0;
    let caps = 0;
    let revived = 0;
    let compared = 0;
    for (let step = 0; step < 60; step++) {
      // New records, and records already there changed: one a cap dropped is made afresh.
      for (let i = 0; i < 400; i++) {
        const key = rand() < 0.4 && next > 0 ? `k${Math.floor(rand() * next)}` : `k${next++}`;
        let r = indexed.get(key);
        if (r && index.deleteIfDropped(indexed, key, r)) {
          r = undefined;
          revived += 1;
        }
        let w = walked.get(key);
        expect(w === undefined).toBe(r === undefined);
        if (!r || !w) {
          r = { score: 0, evidence: 0 };
          indexed.set(key, r);
          index.add(key, r);
          w = { score: 0, evidence: 0 };
          walked.set(key, w);
        }
        const s = score();
        const e = rand() < 0.3 ? 1 : 0;
        r.score = w.score = s;
        r.evidence += e;
        w.evidence += e;
        expect(index.update(r)).toBe(true);
      }
      if (step % 3 === 2) {
        const keep = 500 + Math.floor(rand() * 1000);
        expect(index.cap(indexed, keep)).toBe(dropLowest(walked, keep, (_, r) => value(r), dropAlways));
        caps += 1;
        // A slice of what the cap dropped is deleted now, the rest as the next steps go.
        index.deleteDropped(indexed, 100);
        expect(index.size).toBe(walked.size);
      }
      if (step % 5 === 4) {
        // An expiry: what caps dropped is deleted first; then some records leave the map otherwise.
        expect(index.deleteDropped(indexed)).toBe(0);
        expect(contents(indexed)).toEqual(contents(walked));
        compared += 1;
        for (const [key, r] of indexed)
          if (rand() < 0.05) {
            indexed.delete(key);
            expect(index.remove(r)).toBe(true);
            walked.delete(key);
          }
      }
    }
    index.deleteDropped(indexed);
    expect(contents(indexed)).toEqual(contents(walked));
    expect(index.size).toBe(indexed.size);
    expect(caps).toBe(20);
    expect(compared).toBe(12);
    expect(revived).toBeGreaterThan(50);
    expect(indexed.size).toBeLessThan(next / 2);
  });

  it('answers false for a record it does not hold, and is made of a map read whole in its order', () => {
    const map = new RecordMap<Rec>();
    for (let i = 0; i < 10; i++) map.set(`k${i}`, { score: i % 3, evidence: 0 });
    const index = ScoreIndex.of(map, value, dropAlways)!;
    expect(index.size).toBe(10);
    expect(index.update({ score: 1, evidence: 1 })).toBe(false);
    expect(index.remove({ score: 1, evidence: 1 })).toBe(false);
    const walked = new RecordMap<Rec>(map);
    index.cap(map, 4);
    index.deleteDropped(map);
    dropLowest(walked, 4, (_, r) => value(r), dropAlways);
    expect([...map.keys()]).toEqual([...walked.keys()]);
    // k0, k3, k6, k9 go whatever (no score, no evidence); of the others the two lowest, the first at the bar first.
    expect([...map.keys()]).toEqual(['k2', 'k5', 'k7', 'k8']);
  });
});
