import { PokerHandRank } from '../domain/enums';
import type { Card } from './cards';
import { isCard } from './cards';

/**
 * Five-card poker hands ranked with the spec's enumeration (HighCard 1 … RoyalFlush 10). Aces are high,
 * and also low in the 5-4-3-2-A straight (the lowest straight). Suits never break ties.
 */

/** An evaluated hand. A higher `value` beats a lower one; equal values tie. */
export interface PokerHand {
  rank: PokerHandRank;
  value: number;
}

/** Number of each rank among the C(52,5) = 2,598,960 five-card hands. */
export const POKER_RANK_COUNTS: Readonly<Record<Exclude<PokerHandRank, 0>, number>> = {
  [PokerHandRank.RoyalFlush]: 4,
  [PokerHandRank.StraightFlush]: 36,
  [PokerHandRank.FourOfAKind]: 624,
  [PokerHandRank.FullHouse]: 3744,
  [PokerHandRank.Flush]: 5108,
  [PokerHandRank.Straight]: 10200,
  [PokerHandRank.ThreeOfAKind]: 54912,
  [PokerHandRank.TwoPairs]: 123552,
  [PokerHandRank.Pair]: 1098240,
  [PokerHandRank.HighCard]: 1302540,
};

// value = rank · 2²⁰ + up to five tie-break ranks (2–14) in base 16, most significant first.
const RANK_UNIT = 1 << 20;
const WHEEL = (1 << 14) | (1 << 5) | (1 << 4) | (1 << 3) | (1 << 2);
const ACE_HIGH_STRAIGHT = 0b11111 << 10;

// Scratch count per rank (2–14); reset after every evaluation, so evaluation allocates nothing else.
const counts = new Uint8Array(15);

function highRank(card: Card): number {
  const rank = card & 15;
  return rank === 1 ? 14 : rank;
}

/**
 * Evaluates a five-card hand. Tie-breaks follow the usual order: straights by their top card (5 for
 * 5-4-3-2-A); flushes and high cards by all five cards from the highest; four of a kind, then the kicker;
 * full house by the three, then the pair; three of a kind, then the kickers; two pairs by the higher pair,
 * the lower pair, then the kicker; a pair, then the kickers.
 * Throws a RangeError unless given five different cards.
 */
export function evaluatePoker5(cards: readonly Card[]): PokerHand {
  if (cards.length !== 5) throw new RangeError(`a poker hand has 5 cards, got ${cards.length}`);
  const [c0, c1, c2, c3, c4] = cards as [Card, Card, Card, Card, Card];
  if (!isCard(c0) || !isCard(c1) || !isCard(c2) || !isCard(c3) || !isCard(c4)) {
    throw new RangeError(`not five cards: ${cards.join(',')}`);
  }
  if (c0 === c1 || c0 === c2 || c0 === c3 || c0 === c4 || c1 === c2 || c1 === c3 || c1 === c4) {
    throw new RangeError(`the same card twice: ${cards.join(',')}`);
  }
  if (c2 === c3 || c2 === c4 || c3 === c4) throw new RangeError(`the same card twice: ${cards.join(',')}`);

  const r0 = highRank(c0);
  const r1 = highRank(c1);
  const r2 = highRank(c2);
  const r3 = highRank(c3);
  const r4 = highRank(c4);
  const mask = (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4);
  const flush = ((c0 ^ c1) | (c0 ^ c2) | (c0 ^ c3) | (c0 ^ c4)) >> 4 === 0;

  if (mask === (mask & -mask) * 31 || mask === WHEEL) {
    // Five distinct ranks in a row.
    const top = mask === WHEEL ? 5 : 31 - Math.clz32(mask);
    if (flush) {
      const rank = mask === ACE_HIGH_STRAIGHT ? PokerHandRank.RoyalFlush : PokerHandRank.StraightFlush;
      return { rank, value: rank * RANK_UNIT + top };
    }
    return { rank: PokerHandRank.Straight, value: PokerHandRank.Straight * RANK_UNIT + top };
  }

  counts[r0] = (counts[r0] ?? 0) + 1;
  counts[r1] = (counts[r1] ?? 0) + 1;
  counts[r2] = (counts[r2] ?? 0) + 1;
  counts[r3] = (counts[r3] ?? 0) + 1;
  counts[r4] = (counts[r4] ?? 0) + 1;
  let four = 0;
  let three = 0;
  let pairs = 0;
  let pairCount = 0;
  let singles = 0;
  for (let r = 14; r >= 2; r--) {
    const n = counts[r];
    if (n === 1) singles = (singles << 4) | r;
    else if (n === 2) {
      pairs = (pairs << 4) | r;
      pairCount++;
    } else if (n === 3) three = r;
    else if (n === 4) four = r;
  }
  counts[r0] = 0;
  counts[r1] = 0;
  counts[r2] = 0;
  counts[r3] = 0;
  counts[r4] = 0;

  let rank: PokerHandRank;
  let tieBreak: number;
  if (flush) {
    rank = PokerHandRank.Flush;
    tieBreak = singles;
  } else if (four) {
    rank = PokerHandRank.FourOfAKind;
    tieBreak = (four << 4) | singles;
  } else if (three && pairCount) {
    rank = PokerHandRank.FullHouse;
    tieBreak = (three << 4) | pairs;
  } else if (three) {
    rank = PokerHandRank.ThreeOfAKind;
    tieBreak = (three << 8) | singles;
  } else if (pairCount === 2) {
    rank = PokerHandRank.TwoPairs;
    tieBreak = (pairs << 4) | singles;
  } else if (pairCount === 1) {
    rank = PokerHandRank.Pair;
    tieBreak = (pairs << 12) | singles;
  } else {
    rank = PokerHandRank.HighCard;
    tieBreak = singles;
  }
  return { rank, value: rank * RANK_UNIT + tieBreak };
}

/** Compares two five-card hands: positive when `a` wins, negative when `b` wins, 0 for a tie. */
export function comparePoker5(a: readonly Card[], b: readonly Card[]): number {
  return Math.sign(evaluatePoker5(a).value - evaluatePoker5(b).value);
}
