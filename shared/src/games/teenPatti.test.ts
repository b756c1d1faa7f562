import { describe, expect, it } from 'vitest';
import type { Card } from './cards';
import { newDeck, parseCards } from './cards';
import { createRng } from './rng';
import {
  analyzeTeenPatti,
  compareTeenPatti,
  dealTeenPatti,
  evaluateTeenPatti,
  showdown,
  TEEN_PATTI_CATEGORY_COUNTS,
  TeenPattiCategory,
} from './teenPatti';

const category = (codes: string) => evaluateTeenPatti(parseCards(codes)).category;
const compare = (a: string, b: string) => compareTeenPatti(parseCards(a), parseCards(b));

describe('evaluateTeenPatti categories', () => {
  it('recognises each category', () => {
    expect(category('7h 7s 7d')).toBe(TeenPattiCategory.Trail);
    expect(category('9h Th Jh')).toBe(TeenPattiCategory.PureSequence);
    expect(category('9h Ts Jh')).toBe(TeenPattiCategory.Sequence);
    expect(category('2h 9h Kh')).toBe(TeenPattiCategory.Colour);
    expect(category('Qh Qs 3d')).toBe(TeenPattiCategory.Pair);
    expect(category('2h 9s Kd')).toBe(TeenPattiCategory.HighCard);
  });

  it('counts A-K-Q and A-2-3 as sequences but not K-A-2', () => {
    expect(category('Ah Ks Qd')).toBe(TeenPattiCategory.Sequence);
    expect(category('Ah 2s 3d')).toBe(TeenPattiCategory.Sequence);
    expect(category('Kh As 2d')).toBe(TeenPattiCategory.HighCard);
    expect(category('Ac 2c 3c')).toBe(TeenPattiCategory.PureSequence);
  });

  it('refuses anything but three different cards', () => {
    expect(() => evaluateTeenPatti(parseCards('Ah Ks'))).toThrow(RangeError);
    expect(() => evaluateTeenPatti(parseCards('Ah Ah Ks'))).toThrow(RangeError);
    expect(() => evaluateTeenPatti([0, 1, 2])).toThrow(RangeError);
  });
});

describe('compareTeenPatti', () => {
  it('orders categories trail > pure sequence > sequence > colour > pair > high card', () => {
    const ladder = ['2h 2s 2d', 'Ah Kh Qh', 'Ah Ks Qd', 'Ah Kh 9h', 'Ah As Kd', 'Ah Ks Jd'];
    for (let i = 0; i + 1 < ladder.length; i++) expect(compare(ladder[i] ?? '', ladder[i + 1] ?? '')).toBe(1);
  });

  it('ranks A-K-Q highest, A-2-3 second and 2-3-4 lowest among sequences', () => {
    expect(compare('Ah Ks Qd', 'Ah 2s 3d')).toBe(1);
    expect(compare('Ah 2s 3d', 'Kh Qs Jd')).toBe(1);
    expect(compare('2h 3s 4d', '3h 4s 5d')).toBe(-1);
    expect(compare('2h 3s 4d', 'Kh Qs Jd')).toBe(-1);
  });

  it('ranks trails by rank with aces highest', () => {
    expect(compare('Ah As Ad', 'Kh Ks Kd')).toBe(1);
    expect(compare('2h 2s 2d', '3h 3s 3d')).toBe(-1);
  });

  it('breaks pair ties by the pair, then the odd card', () => {
    expect(compare('Kh Ks 2d', 'Qh Qs Ad')).toBe(1);
    expect(compare('Kh Ks 9d', 'Kc Kd 8h')).toBe(1);
    expect(compare('Kh Ks 9d', 'Kc Kd 9h')).toBe(0);
    expect(compare('2h 2s Ad', '2c 2d Kh')).toBe(1);
  });

  it('breaks colour and high-card ties card by card from the highest', () => {
    expect(compare('Ah 9h 2h', 'Ks Qs 9s')).toBe(1); // colour against colour, the ace decides
    expect(compare('Kh 9h 3h', 'Ks 9s 2s')).toBe(1);
    expect(compare('Ah 9s 3d', 'Ac 9d 2h')).toBe(1);
    expect(compare('Ah 9s 3d', 'Ac 8d 7h')).toBe(1);
    expect(compare('Ah 9s 3d', 'Ac 9d 3h')).toBe(0);
  });

  it('never lets suits break a tie', () => {
    expect(compare('Ah Kh Qh', 'As Ks Qs')).toBe(0);
  });
});

describe('analyzeTeenPatti', () => {
  const analysis = analyzeTeenPatti();

  it('finds the exact category counts among all 22100 hands', () => {
    expect(analysis.categoryCounts).toEqual({
      [TeenPattiCategory.Trail]: 52,
      [TeenPattiCategory.PureSequence]: 48,
      [TeenPattiCategory.Sequence]: 720,
      [TeenPattiCategory.Colour]: 1096,
      [TeenPattiCategory.Pair]: 3744,
      [TeenPattiCategory.HighCard]: 16440,
    });
    expect(analysis.categoryCounts).toEqual(TEEN_PATTI_CATEGORY_COUNTS);
    expect(analysis.categoryProbabilities[TeenPattiCategory.Trail]).toBeCloseTo(52 / 22100, 12);
  });

  it('gives the heads-up tie probability that seeded deals show', () => {
    const p = analysis.headsUpTieProbability;
    expect(p).toBeGreaterThan(0);
    const rng = createRng('tp-ties');
    const n = 200_000;
    let ties = 0;
    for (let i = 0; i < n; i++) {
      const [a, b] = dealTeenPatti(rng, 2);
      if (compareTeenPatti(a ?? [], b ?? []) === 0) ties++;
    }
    expect(Math.abs(ties / n - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / n));
  });

  it('ties a high-card hand only with the same ranks in other suits', () => {
    // Against A♥ 9♠ 3♦, the ace, nine and three each come from the 3 other suits: 27 holdings, less the
    // one all in clubs, which is a colour.
    const first = parseCards('Ah 9s 3d');
    const rest = newDeck().filter((c) => !first.includes(c));
    let ties = 0;
    for (let i = 0; i < rest.length; i++)
      for (let j = i + 1; j < rest.length; j++)
        for (let k = j + 1; k < rest.length; k++)
          if (compareTeenPatti(first, [rest[i], rest[j], rest[k]] as Card[]) === 0) ties++;
    expect(ties).toBe(26);
  });
});

describe('dealing', () => {
  it('deals three different cards to each player from one deck', () => {
    const hands = dealTeenPatti(createRng('tp'), 17);
    const all = hands.flat();
    expect(hands.every((h) => h.length === 3)).toBe(true);
    expect(new Set(all).size).toBe(51);
    expect(() => dealTeenPatti(createRng('tp'), 18)).toThrow(RangeError);
  });

  it('finds the winners, several on a split', () => {
    expect(showdown([parseCards('Ah Ks Qd'), parseCards('2h 2s 2d')]).winners).toEqual([1]);
    expect(
      showdown([parseCards('Ah Kh Qh'), parseCards('As Ks Qs'), parseCards('2c 3c 5d')]).winners,
    ).toEqual([0, 1]);
  });

  it('deals categories at their exact frequencies over many seeded deals', () => {
    const rng = createRng('tp-freq');
    const counts: Record<number, number> = {};
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const [hand] = dealTeenPatti(rng, 1);
      const c = evaluateTeenPatti(hand ?? []).category;
      counts[c] = (counts[c] ?? 0) + 1;
    }
    for (const [key, exactCount] of Object.entries(TEEN_PATTI_CATEGORY_COUNTS)) {
      const p = exactCount / 22100;
      const sd = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs((counts[Number(key)] ?? 0) / n - p)).toBeLessThan(5 * sd);
    }
  });
});
