import type { Card } from './cards';
import { cardIndex, isCard, newDeck } from './cards';
import type { Rng } from './rng';

/**
 * Teen Patti: three cards each from one 52-card deck, ranked trail > pure sequence > sequence > colour >
 * pair > high card. Aces are high, except in the A-2-3 sequence.
 *
 * Sequence order (the common Indian rule, used by most online rooms): A-K-Q is the highest sequence,
 * A-2-3 the second highest, then K-Q-J, Q-J-10, … down to 4-3-2, the lowest. The same order holds for
 * pure sequences. Suits never break ties: hands of equal value split the pot.
 */

/** Hand categories, weakest first. */
export const TeenPattiCategory = {
  HighCard: 1,
  Pair: 2,
  Colour: 3,
  Sequence: 4,
  PureSequence: 5,
  Trail: 6,
} as const;
export type TeenPattiCategory = (typeof TeenPattiCategory)[keyof typeof TeenPattiCategory];

/** i18n key of each category. */
export const TEEN_PATTI_CATEGORY_LABEL_KEYS: Readonly<Record<TeenPattiCategory, string>> = {
  [TeenPattiCategory.HighCard]: 'teenPatti.highCard',
  [TeenPattiCategory.Pair]: 'teenPatti.pair',
  [TeenPattiCategory.Colour]: 'teenPatti.colour',
  [TeenPattiCategory.Sequence]: 'teenPatti.sequence',
  [TeenPattiCategory.PureSequence]: 'teenPatti.pureSequence',
  [TeenPattiCategory.Trail]: 'teenPatti.trail',
};

/** English name of each category. */
export const TEEN_PATTI_CATEGORY_LABELS_EN: Readonly<Record<TeenPattiCategory, string>> = {
  [TeenPattiCategory.HighCard]: 'High card',
  [TeenPattiCategory.Pair]: 'Pair',
  [TeenPattiCategory.Colour]: 'Colour',
  [TeenPattiCategory.Sequence]: 'Sequence',
  [TeenPattiCategory.PureSequence]: 'Pure sequence',
  [TeenPattiCategory.Trail]: 'Trail',
};

/** An evaluated hand. A higher `value` beats a lower one; equal values tie. */
export interface TeenPattiHand {
  category: TeenPattiCategory;
  value: number;
}

/** Number of each category among the C(52,3) = 22100 three-card hands. */
export const TEEN_PATTI_CATEGORY_COUNTS: Readonly<Record<TeenPattiCategory, number>> = {
  [TeenPattiCategory.Trail]: 52,
  [TeenPattiCategory.PureSequence]: 48,
  [TeenPattiCategory.Sequence]: 720,
  [TeenPattiCategory.Colour]: 1096,
  [TeenPattiCategory.Pair]: 3744,
  [TeenPattiCategory.HighCard]: 16440,
};

/** Number of distinct three-card hands. */
export const TEEN_PATTI_HANDS = 22100;

// value = category · 16³ + three tie-break ranks (2–15) in base 16, most significant first.
const CATEGORY_UNIT = 4096;

/** Rank with the Ace high: 2–14. */
function highRank(card: Card): number {
  const rank = card & 15;
  return rank === 1 ? 14 : rank;
}

/**
 * Evaluates a three-card hand. Tie-breaks: trails by rank; sequences by their place in the sequence
 * order; colours and high cards by the highest card, then the second, then the third; pairs by the pair's
 * rank, then the odd card. Throws a RangeError unless given three different cards.
 */
export function evaluateTeenPatti(cards: readonly Card[]): TeenPattiHand {
  if (cards.length !== 3) throw new RangeError(`a Teen Patti hand has 3 cards, got ${cards.length}`);
  const [c0, c1, c2] = cards as [Card, Card, Card];
  if (!isCard(c0) || !isCard(c1) || !isCard(c2) || c0 === c1 || c0 === c2 || c1 === c2) {
    throw new RangeError(`not three different cards: ${cards.join(',')}`);
  }
  let a = highRank(c0);
  let b = highRank(c1);
  let c = highRank(c2);
  // Sort descending: a ≥ b ≥ c.
  if (a < b) [a, b] = [b, a];
  if (b < c) [b, c] = [c, b];
  if (a < b) [a, b] = [b, a];

  const sameSuit = c0 >> 4 === c1 >> 4 && c1 >> 4 === c2 >> 4;
  let category: TeenPattiCategory;
  let tieBreak: number;
  if (a === c) {
    category = TeenPattiCategory.Trail;
    tieBreak = a;
  } else if (a === b || b === c) {
    category = TeenPattiCategory.Pair;
    tieBreak = a === b ? b * 16 + c : b * 16 + a;
  } else {
    // Sequence strength: K-Q-J 13 … 4-3-2 4; A-2-3 14; A-K-Q 15.
    let sequence = 0;
    if (a === b + 1 && b === c + 1) sequence = a === 14 ? 15 : a;
    else if (a === 14 && b === 3 && c === 2) sequence = 14;
    if (sequence > 0) {
      category = sameSuit ? TeenPattiCategory.PureSequence : TeenPattiCategory.Sequence;
      tieBreak = sequence;
    } else {
      category = sameSuit ? TeenPattiCategory.Colour : TeenPattiCategory.HighCard;
      tieBreak = a * 256 + b * 16 + c;
    }
  }
  return { category, value: category * CATEGORY_UNIT + tieBreak };
}

/** Compares two hands: positive when `a` wins, negative when `b` wins, 0 for a split. */
export function compareTeenPatti(a: readonly Card[], b: readonly Card[]): number {
  return Math.sign(evaluateTeenPatti(a).value - evaluateTeenPatti(b).value);
}

/**
 * Deals `players` hands of three cards from one shuffled deck, one card at a time around the table as a
 * dealer does. At most 17 players.
 */
export function dealTeenPatti(rng: Rng, players: number): Card[][] {
  if (!Number.isInteger(players) || players < 1 || players > 17) {
    throw new RangeError(`players must be an integer from 1 to 17, got ${players}`);
  }
  const deck = newDeck();
  const dealt = 3 * players;
  // Only the dealt cards need shuffling: the first `dealt` steps of Fisher–Yates give a uniform deal.
  for (let i = 0; i < dealt; i++) {
    const j = i + rng.int(52 - i);
    const card = deck[i] as Card;
    deck[i] = deck[j] as Card;
    deck[j] = card;
  }
  const hands: Card[][] = Array.from({ length: players }, () => []);
  let next = 0;
  for (let round = 0; round < 3; round++) {
    for (const hand of hands) hand.push(deck[next++] as Card);
  }
  return hands;
}

/** The result of a showdown between dealt hands. */
export interface TeenPattiShowdown {
  hands: TeenPattiHand[];
  /** Indexes of the winning hands; more than one when the best hands have equal value. */
  winners: number[];
}

/** Evaluates every hand and finds the winners. */
export function showdown(hands: readonly (readonly Card[])[]): TeenPattiShowdown {
  const evaluated = hands.map(evaluateTeenPatti);
  let best = -1;
  let winners: number[] = [];
  evaluated.forEach((hand, i) => {
    if (hand.value > best) {
      best = hand.value;
      winners = [i];
    } else if (hand.value === best) {
      winners.push(i);
    }
  });
  return { hands: evaluated, winners };
}

/** Exact odds of the game from {@link analyzeTeenPatti}. */
export interface TeenPattiAnalysis {
  /** Hands of each category among all 22100. */
  categoryCounts: Record<TeenPattiCategory, number>;
  /** Probability of each category for one dealt hand. */
  categoryProbabilities: Record<TeenPattiCategory, number>;
  /** Probability that two hands dealt from one deck have equal value (a split pot heads-up). */
  headsUpTieProbability: number;
}

/**
 * Exact odds by enumerating all 22100 hands: the category of each, and, grouping hands of equal value, the
 * chance that two hands dealt from the same deck tie. Heads-up each player wins with probability
 * `(1 − tie) / 2` by symmetry.
 */
export function analyzeTeenPatti(): TeenPattiAnalysis {
  const deck = newDeck();
  const categoryCounts: Record<TeenPattiCategory, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  const byValue = new Map<number, number[][]>();
  for (let i = 0; i < 52; i++) {
    for (let j = i + 1; j < 52; j++) {
      for (let k = j + 1; k < 52; k++) {
        const hand = [deck[i] as Card, deck[j] as Card, deck[k] as Card];
        const { category, value } = evaluateTeenPatti(hand);
        categoryCounts[category] += 1;
        const group = byValue.get(value);
        const indexes = hand.map(cardIndex);
        if (group) group.push(indexes);
        else byValue.set(value, [indexes]);
      }
    }
  }
  // Ordered pairs of disjoint hands with the same value, against all ordered pairs of disjoint hands.
  let tiePairs = 0;
  for (const group of byValue.values()) {
    for (let x = 0; x < group.length; x++) {
      const hx = group[x] as number[];
      for (let y = x + 1; y < group.length; y++) {
        const hy = group[y] as number[];
        if (!hx.some((card) => hy.includes(card))) tiePairs += 2;
      }
    }
  }
  const disjointPairs = TEEN_PATTI_HANDS * 18424; // C(49,3) hands for the second player
  const categoryProbabilities = { ...categoryCounts };
  for (const key of Object.keys(categoryProbabilities)) {
    const category = Number(key) as TeenPattiCategory;
    categoryProbabilities[category] = categoryCounts[category] / TEEN_PATTI_HANDS;
  }
  return { categoryCounts, categoryProbabilities, headsUpTieProbability: tiePairs / disjointPairs };
}
