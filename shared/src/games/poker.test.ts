import { describe, expect, it } from 'vitest';
import { PokerHandRank } from '../domain/enums';
import type { Card } from './cards';
import { newDeck, parseCards } from './cards';
import { comparePoker5, evaluatePoker5, POKER_RANK_COUNTS } from './poker';

const rank = (codes: string) => evaluatePoker5(parseCards(codes)).rank;
const compare = (a: string, b: string) => comparePoker5(parseCards(a), parseCards(b));

describe('evaluatePoker5 ranks', () => {
  it('recognises every rank of the spec enumeration', () => {
    expect(rank('Ah Kh Qh Jh Th')).toBe(PokerHandRank.RoyalFlush);
    expect(rank('9s Ks Qs Js Ts')).toBe(PokerHandRank.StraightFlush);
    expect(rank('5d 4d 3d 2d Ad')).toBe(PokerHandRank.StraightFlush);
    expect(rank('7h 7s 7d 7c 2h')).toBe(PokerHandRank.FourOfAKind);
    expect(rank('7h 7s 7d 2c 2h')).toBe(PokerHandRank.FullHouse);
    expect(rank('Ah 9h 7h 4h 2h')).toBe(PokerHandRank.Flush);
    expect(rank('Ah Ks Qd Jc Th')).toBe(PokerHandRank.Straight);
    expect(rank('5h 4s 3d 2c Ah')).toBe(PokerHandRank.Straight);
    expect(rank('7h 7s 7d Kc 2h')).toBe(PokerHandRank.ThreeOfAKind);
    expect(rank('7h 7s Kd Kc 2h')).toBe(PokerHandRank.TwoPairs);
    expect(rank('7h 7s Kd Qc 2h')).toBe(PokerHandRank.Pair);
    expect(rank('Ah 9s 7d 4c 2h')).toBe(PokerHandRank.HighCard);
  });

  it('does not wrap straights around the ace', () => {
    expect(rank('Qh Ks Ad 2c 3h')).toBe(PokerHandRank.HighCard);
  });

  it('refuses anything but five different cards', () => {
    expect(() => evaluatePoker5(parseCards('Ah Kh Qh Jh'))).toThrow(RangeError);
    expect(() => evaluatePoker5(parseCards('Ah Kh Qh Jh Ah'))).toThrow(RangeError);
    expect(() => evaluatePoker5([0x11, 0x12, 0x13, 0x14, 0x1f])).toThrow(RangeError);
  });
});

describe('comparePoker5', () => {
  it('puts the wheel below every other straight', () => {
    expect(compare('5h 4s 3d 2c Ah', '6h 5s 4d 3c 2h')).toBe(-1);
    expect(compare('5d 4d 3d 2d Ad', '6c 5c 4c 3c 2c')).toBe(-1);
  });

  it('breaks ties in the usual order', () => {
    expect(compare('7h 7s 7d 7c 2h', '6h 6s 6d 6c Ah')).toBe(1); // four of a kind: the four first
    expect(compare('7h 7s 7d 7c Ah', '7h 7s 7d 7c Kh')).toBe(1); // then the kicker
    expect(compare('8h 8s 8d 2c 2h', '7h 7s 7d Ac Ah')).toBe(1); // full house: the three first
    expect(compare('Kh Ks 4d 4c 2h', 'Kd Kc Qd Qc 3h')).toBe(-1); // two pairs: the lower pair next
    expect(compare('Kh Ks Qd Qc 3h', 'Kd Kc Qh Qs 2h')).toBe(1); // then the kicker
    expect(compare('9h 9s Ad 4c 2h', '9d 9c Kd Qc Jh')).toBe(1); // pair, then kickers
    expect(compare('Ah Jh 9h 4h 2h', 'As Js 9s 4s 3s')).toBe(-1); // flush: down to the last card
    expect(compare('Ah Kd 9h 4s 2h', 'As Kc 9d 4c 2d')).toBe(0); // suits never decide
  });
});

describe('exact enumeration', () => {
  it('finds the published count of every rank among all 2,598,960 hands', () => {
    const deck = newDeck();
    const counts = new Array<number>(11).fill(0);
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
              const r = evaluatePoker5(hand).rank;
              counts[r] = (counts[r] ?? 0) + 1;
            }
          }
        }
      }
    }
    expect(counts[PokerHandRank.None]).toBe(0);
    expect(Object.fromEntries(counts.slice(1).map((n, i) => [i + 1, n]))).toEqual(POKER_RANK_COUNTS);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(2_598_960);
    expect(POKER_RANK_COUNTS[PokerHandRank.Pair]).toBe(1_098_240);
  });
});
