import { describe, expect, it } from 'vitest';
import { PokerHandRank } from '../domain/enums';
import type { Card } from './cards';
import { newDeck, parseCards } from './cards';
import { evaluatePoker5 } from './poker';
import { evaluateTeenPatti, TeenPattiCategory } from './teenPatti';

/**
 * Every three-card and every five-card hand of one deck, each evaluated, checked against the combinatorial
 * counts derived here from first principles and against a naive classifier written independently of the
 * evaluators (rank multiplicities, a straight test on the rank set), and the number of distinct hand values
 * of each category (which holds the tie-breaks to account: two hands tie exactly when they should).
 */

const C = (n: number, k: number): number => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
};

const rankOf = (card: Card) => card & 15;
const suitOf = (card: Card) => card >> 4;

/** Whether a set of distinct ranks (1–13) is a run, the ace counting low (A-2-3) or high (Q-K-A). */
function isRun(ranks: readonly number[]): boolean {
  const low = [...ranks].sort((a, b) => a - b);
  const high = ranks.map((r) => (r === 1 ? 14 : r)).sort((a, b) => a - b);
  const consecutive = (xs: number[]) => xs.every((x, i) => i === 0 || x === (xs[i - 1] as number) + 1);
  return consecutive(low) || consecutive(high);
}

/** Teen Patti category by the rules as stated, without the evaluator's arithmetic. */
function naiveTeenPatti(hand: readonly Card[]): TeenPattiCategory {
  const ranks = hand.map(rankOf);
  const distinct = new Set(ranks).size;
  const sameSuit = new Set(hand.map(suitOf)).size === 1;
  if (distinct === 1) return TeenPattiCategory.Trail;
  if (distinct === 2) return TeenPattiCategory.Pair;
  if (isRun(ranks)) return sameSuit ? TeenPattiCategory.PureSequence : TeenPattiCategory.Sequence;
  return sameSuit ? TeenPattiCategory.Colour : TeenPattiCategory.HighCard;
}

/** Poker rank by rank multiplicities and the run test, without the evaluator's bit tricks. */
function naivePoker(hand: readonly Card[]): PokerHandRank {
  const ranks = hand.map(rankOf);
  const counts = new Map<number, number>();
  for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
  const shape = [...counts.values()].sort((a, b) => b - a).join('');
  const flush = new Set(hand.map(suitOf)).size === 1;
  const straight = counts.size === 5 && isRun(ranks);
  if (straight && flush) {
    const royal = [1, 10, 11, 12, 13].every((r) => counts.has(r));
    return royal ? PokerHandRank.RoyalFlush : PokerHandRank.StraightFlush;
  }
  if (shape === '41') return PokerHandRank.FourOfAKind;
  if (shape === '32') return PokerHandRank.FullHouse;
  if (flush) return PokerHandRank.Flush;
  if (straight) return PokerHandRank.Straight;
  if (shape === '311') return PokerHandRank.ThreeOfAKind;
  if (shape === '221') return PokerHandRank.TwoPairs;
  if (shape === '2111') return PokerHandRank.Pair;
  return PokerHandRank.HighCard;
}

describe('all 22,100 three-card hands (Teen Patti)', () => {
  const deck = newDeck();
  const counts = new Map<TeenPattiCategory, number>();
  const values = new Map<TeenPattiCategory, Set<number>>();
  const disagreements: string[] = [];
  let total = 0;
  for (let i = 0; i < 52; i++)
    for (let j = i + 1; j < 52; j++)
      for (let k = j + 1; k < 52; k++) {
        const hand = [deck[i], deck[j], deck[k]] as Card[];
        const { category, value } = evaluateTeenPatti(hand);
        total++;
        counts.set(category, (counts.get(category) ?? 0) + 1);
        const set = values.get(category) ?? new Set<number>();
        set.add(value);
        values.set(category, set);
        if (naiveTeenPatti(hand) !== category && disagreements.length < 5) disagreements.push(hand.join(','));
      }

  it('counts each category exactly as combinatorics says', () => {
    // 12 runs of ranks: A-2-3 … Q-K-A (K-A-2 is no run); a run in one suit is a pure sequence.
    const runs = 12;
    const expected = {
      [TeenPattiCategory.Trail]: 13 * C(4, 3),
      [TeenPattiCategory.PureSequence]: runs * 4,
      [TeenPattiCategory.Sequence]: runs * (4 ** 3 - 4),
      [TeenPattiCategory.Colour]: 4 * (C(13, 3) - runs),
      [TeenPattiCategory.Pair]: 13 * C(4, 2) * 12 * 4,
      [TeenPattiCategory.HighCard]: (C(13, 3) - runs) * (4 ** 3 - 4),
    };
    expect(expected).toEqual({ 6: 52, 5: 48, 4: 720, 3: 1096, 2: 3744, 1: 16440 });
    expect(Object.fromEntries(counts)).toEqual(expected);
    expect(total).toBe(C(52, 3));
    expect(total).toBe(22_100);
  });

  it('agrees hand by hand with a classifier written from the rules', () => {
    expect(disagreements).toEqual([]);
  });

  it('has the right number of distinct values per category (tie-breaks neither merge nor split hands)', () => {
    const distinct = Object.fromEntries([...values].map(([c, set]) => [c, set.size]));
    expect(distinct).toEqual({
      [TeenPattiCategory.Trail]: 13,
      [TeenPattiCategory.PureSequence]: 12,
      [TeenPattiCategory.Sequence]: 12,
      [TeenPattiCategory.Colour]: C(13, 3) - 12,
      [TeenPattiCategory.Pair]: 13 * 12,
      [TeenPattiCategory.HighCard]: C(13, 3) - 12,
    });
  });

  it('orders every sequence A-K-Q, A-2-3, K-Q-J, … 4-3-2, in pure sequences as in plain ones', () => {
    const order = [
      'Ah Ks Qd',
      'Ah 2s 3d',
      'Kh Qs Jd',
      'Qh Js Td',
      'Jh Ts 9d',
      'Th 9s 8d',
      '9h 8s 7d',
      '8h 7s 6d',
      '7h 6s 5d',
      '6h 5s 4d',
      '5h 4s 3d',
      '4h 3s 2d',
    ];
    const plain = order.map((h) => evaluateTeenPatti(parseCards(h)));
    const pure = order.map((h) => evaluateTeenPatti(parseCards(h.replace(/[hsd]/g, 'c'))));
    expect(plain.every((h) => h.category === TeenPattiCategory.Sequence)).toBe(true);
    expect(pure.every((h) => h.category === TeenPattiCategory.PureSequence)).toBe(true);
    for (let i = 1; i < order.length; i++) {
      expect((plain[i - 1] as { value: number }).value).toBeGreaterThan(
        (plain[i] as { value: number }).value,
      );
      expect((pure[i - 1] as { value: number }).value).toBeGreaterThan((pure[i] as { value: number }).value);
    }
    // The lowest pure sequence still beats the highest sequence, and a trail of twos beats both.
    expect((pure[11] as { value: number }).value).toBeGreaterThan((plain[0] as { value: number }).value);
    expect(evaluateTeenPatti(parseCards('2h 2s 2d')).value).toBeGreaterThan(
      (pure[0] as { value: number }).value,
    );
    // K-A-2 wraps around: no sequence.
    expect(evaluateTeenPatti(parseCards('Kh As 2d')).category).toBe(TeenPattiCategory.HighCard);
  });
});

describe('all 2,598,960 five-card hands (poker)', () => {
  const deck = newDeck();
  const counts = new Array<number>(11).fill(0);
  const values: Set<number>[] = Array.from({ length: 11 }, () => new Set<number>());
  let total = 0;
  const hand: Card[] = [0, 0, 0, 0, 0];
  for (let a = 0; a < 48; a++) {
    hand[0] = deck[a] as Card;
    for (let b = a + 1; b < 49; b++) {
      hand[1] = deck[b] as Card;
      for (let c = b + 1; c < 50; c++) {
        hand[2] = deck[c] as Card;
        for (let d = c + 1; d < 51; d++) {
          hand[3] = deck[d] as Card;
          for (let e = d + 1; e < 52; e++) {
            hand[4] = deck[e] as Card;
            const { rank, value } = evaluatePoker5(hand);
            counts[rank] = (counts[rank] ?? 0) + 1;
            (values[rank] as Set<number>).add(value);
            total++;
          }
        }
      }
    }
  }

  it('counts each rank exactly as combinatorics says', () => {
    const runs = 10; // A-2-3-4-5 … 10-J-Q-K-A
    const expected = {
      [PokerHandRank.RoyalFlush]: 4,
      [PokerHandRank.StraightFlush]: runs * 4 - 4,
      [PokerHandRank.FourOfAKind]: 13 * 48,
      [PokerHandRank.FullHouse]: 13 * C(4, 3) * 12 * C(4, 2),
      [PokerHandRank.Flush]: 4 * C(13, 5) - runs * 4,
      [PokerHandRank.Straight]: runs * (4 ** 5 - 4),
      [PokerHandRank.ThreeOfAKind]: 13 * C(4, 3) * C(12, 2) * 4 ** 2,
      [PokerHandRank.TwoPairs]: C(13, 2) * C(4, 2) ** 2 * 44,
      [PokerHandRank.Pair]: 13 * C(4, 2) * C(12, 3) * 4 ** 3,
      [PokerHandRank.HighCard]: (C(13, 5) - runs) * (4 ** 5 - 4),
    };
    expect(expected).toEqual({
      10: 4,
      9: 36,
      8: 624,
      7: 3744,
      6: 5108,
      5: 10200,
      4: 54912,
      3: 123552,
      2: 1098240,
      1: 1302540,
    });
    expect(counts[PokerHandRank.None]).toBe(0);
    expect(Object.fromEntries(counts.map((n, r) => [r, n]).filter(([r]) => r !== 0))).toEqual(expected);
    expect(total).toBe(C(52, 5));
  });

  it('has the 7,462 distinct hand values, rank by rank', () => {
    const distinct = values.map((s) => s.size);
    expect(distinct).toEqual([0, 1277, 2860, 858, 858, 10, 1277, 156, 156, 9, 1]);
    expect(distinct.reduce((s, n) => s + n, 0)).toBe(7462);
  });

  it('agrees with a classifier written from the rules on every hand of two suits and a sample of the rest', () => {
    // Every hand drawn from hearts and spades (C(26,5) = 65,780: all shapes but four of a kind), then every
    // 37th hand of the whole deck; the full naive pass would take several times the evaluator's.
    const wrong: string[] = [];
    const check = (h: Card[]) => {
      if (naivePoker(h) !== evaluatePoker5(h).rank && wrong.length < 5) wrong.push(h.join(','));
    };
    const two = deck.filter((c) => suitOf(c) <= 2);
    let n = 0;
    for (let a = 0; a < 26; a++)
      for (let b = a + 1; b < 26; b++)
        for (let c = b + 1; c < 26; c++)
          for (let d = c + 1; d < 26; d++)
            for (let e = d + 1; e < 26; e++) check([two[a], two[b], two[c], two[d], two[e]] as Card[]);
    for (let a = 0; a < 48; a++)
      for (let b = a + 1; b < 49; b++)
        for (let c = b + 1; c < 50; c++)
          for (let d = c + 1; d < 51; d++)
            for (let e = d + 1; e < 52; e++)
              if (n++ % 37 === 0) check([deck[a], deck[b], deck[c], deck[d], deck[e]] as Card[]);
    expect(wrong).toEqual([]);
  });
});
