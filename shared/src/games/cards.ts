import { CardRank, Suit } from '../domain/enums';
import type { Rng } from './rng';

/**
 * A playing card as one small integer: `suit * 16 + rank`, with rank and suit as the spec's enumerations
 * (Ace 1 … King 13; Hearts 1, Spades 2, Clubs 3, Diamonds 4). In hexadecimal the suit is the first digit
 * and the rank the second: 0x1D is the King of Hearts, 0x41 the Ace of Diamonds. 0 is "no card".
 */
export type Card = number;

/** The four suits in enumeration order. */
export const SUITS: readonly Suit[] = [Suit.Hearts, Suit.Spades, Suit.Clubs, Suit.Diamonds];

/** The thirteen ranks, Ace to King. */
export const RANKS: readonly CardRank[] = [
  CardRank.Ace,
  CardRank.Two,
  CardRank.Three,
  CardRank.Four,
  CardRank.Five,
  CardRank.Six,
  CardRank.Seven,
  CardRank.Eight,
  CardRank.Nine,
  CardRank.Ten,
  CardRank.Jack,
  CardRank.Queen,
  CardRank.King,
];

/** The card of a rank (1–13) and suit (1–4). Throws a RangeError for anything else. */
export function makeCard(rank: number, suit: number): Card {
  if (!Number.isInteger(rank) || rank < 1 || rank > 13) throw new RangeError(`bad card rank: ${rank}`);
  if (!Number.isInteger(suit) || suit < 1 || suit > 4) throw new RangeError(`bad card suit: ${suit}`);
  return suit * 16 + rank;
}

/** The rank of a card, 1 (Ace) to 13 (King). */
export function rankOf(card: Card): CardRank {
  return (card & 15) as CardRank;
}

/** The suit of a card, 1 to 4. */
export function suitOf(card: Card): Suit {
  return (card >> 4) as Suit;
}

/** Whether `value` encodes a real card. */
export function isCard(value: unknown): value is Card {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  const rank = value & 15;
  const suit = value >> 4;
  return rank >= 1 && rank <= 13 && suit >= 1 && suit <= 4;
}

/** A card's position 0–51 in a new deck (suit by suit, Ace to King), for lookup tables. */
export function cardIndex(card: Card): number {
  return ((card >> 4) - 1) * 13 + (card & 15) - 1;
}

/** One 52-card deck in order: Hearts Ace to King, then Spades, Clubs, Diamonds. */
export function newDeck(): Card[] {
  const deck: Card[] = [];
  for (const suit of SUITS) for (const rank of RANKS) deck.push(suit * 16 + rank);
  return deck;
}

/** `decks` 52-card decks one after another, unshuffled. */
export function newShoe(decks: number): Card[] {
  if (!Number.isInteger(decks) || decks < 1)
    throw new RangeError(`decks must be a positive integer, got ${decks}`);
  const shoe: Card[] = [];
  for (let i = 0; i < decks; i++) shoe.push(...newDeck());
  return shoe;
}

/** A new deck shuffled with `rng`. */
export function shuffledDeck(rng: Rng): Card[] {
  return rng.shuffle(newDeck());
}

const RANK_LETTERS = ' A23456789TJQK';
const SUIT_LETTERS = ' hscd';
const SUIT_SYMBOLS = ' ♥♠♣♦';

/** Short text of a card, rank then suit letter: `'Ah'`, `'Td'`, `'Ks'`, `'2c'`. */
export function cardCode(card: Card): string {
  return `${RANK_LETTERS[card & 15] ?? '?'}${SUIT_LETTERS[card >> 4] ?? '?'}`;
}

/** Display text of a card with a suit symbol: `'A♥'`, `'10♦'`, `'K♠'`. */
export function cardLabel(card: Card): string {
  const rank = card & 15;
  const rankText = rank === 10 ? '10' : (RANK_LETTERS[rank] ?? '?');
  return `${rankText}${SUIT_SYMBOLS[card >> 4] ?? '?'}`;
}

/**
 * Reads a card code (`'Ah'`, `'td'`, `'10S'`, `'Kc'`; case-insensitive; `T` or `10` for ten).
 * Throws a RangeError for anything else.
 */
export function parseCard(code: string): Card {
  const match = /^(10|[2-9TJQKA])([HSCD])$/i.exec(code.trim());
  if (!match) throw new RangeError(`not a card code: ${JSON.stringify(code)}`);
  const rankText = (match[1] ?? '').toUpperCase();
  const rank = rankText === '10' ? 10 : RANK_LETTERS.indexOf(rankText);
  const suit = SUIT_LETTERS.indexOf((match[2] ?? '').toLowerCase());
  return makeCard(rank, suit);
}

/** Reads several space-separated card codes: `parseCards('Ah Kd 9c')`. */
export function parseCards(codes: string): Card[] {
  return codes.trim().split(/\s+/).filter(Boolean).map(parseCard);
}
