import { PokerHandRank } from '../domain/enums';
import type { Message } from '../errors/messages';
import type { Card } from './cards';
import { makeCard } from './cards';
import { evaluatePoker5 } from './poker';
import { evaluateTeenPatti, TeenPattiCategory } from './teenPatti';

/**
 * Hands typed as text (`AS KD QH`, `10h th 9c`, `A♠ K♦ Q♥`): read card by card with a refusal that names
 * the card and what is wrong with it, evaluated in Teen Patti (3 cards) or poker (5 cards), and two hands
 * compared with the reason one wins. The Teen Patti test tools and the gateway's evaluate call share it.
 */

/** Ranks as typed: A (or 1), 2–10 (or T), J, Q, K. */
const RANK_BY_TEXT: Readonly<Record<string, number>> = {
  A: 1,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  '10': 10,
  T: 10,
  J: 11,
  Q: 12,
  K: 13,
};

/** Suits as typed, letters or symbols, by the spec's numbers (Hearts 1, Spades 2, Clubs 3, Diamonds 4). */
const SUIT_BY_TEXT: Readonly<Record<string, number>> = {
  H: 1,
  '♥': 1,
  '♡': 1,
  S: 2,
  '♠': 2,
  '♤': 2,
  C: 3,
  '♣': 3,
  '♧': 3,
  D: 4,
  '♦': 4,
  '♢': 4,
};

const RANK_TEXT = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_TEXT = ['', 'H', 'S', 'C', 'D'];

/** The rank of a card as written on it: A, 2–10, J, Q, K. */
export function rankText(rank: number): string {
  return RANK_TEXT[rank] ?? '?';
}

/** A card's code as this module writes it: rank then suit letter, `AS`, `10H`. */
export function cardText(card: Card): string {
  return `${rankText(card & 15)}${SUIT_TEXT[card >> 4] ?? '?'}`;
}

/** Longest text of one hand (a few cards with spaces). */
export const HAND_TEXT_MAX = 200;

/** Why a hand's text was refused: a message key of the catalogue and its parameters (`hand` is 1-based). */
export type HandInputError = {
  [
    K in 'cards.empty' | 'cards.incomplete' | 'cards.unknownRank' | 'cards.unknownSuit' | 'cards.duplicate'
  ]: Message<K>;
}['cards.empty' | 'cards.incomplete' | 'cards.unknownRank' | 'cards.unknownSuit' | 'cards.duplicate'];

/** A hand read from text, or why not. */
export type HandParse = { ok: true; cards: Card[] } | { ok: false; error: HandInputError };

/**
 * Reads a hand typed as card codes separated by spaces or commas: a rank (A or 1, 2–10, T, J, Q, K) then a
 * suit (H, S, C, D or ♥ ♠ ♣ ♦), any case. The first bad card is refused, naming it: a token too short to be
 * a card, an unknown rank, an unknown suit, the same card twice. `hand` numbers the hand in the messages.
 */
export function parseHand(text: string, hand = 1): HandParse {
  const tokens = text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (tokens.length === 0) return { ok: false, error: { key: 'cards.empty', params: { hand } } };
  const cards: Card[] = [];
  for (const token of tokens) {
    const card = token.toUpperCase();
    const chars = [...card];
    if (chars.length < 2)
      return { ok: false, error: { key: 'cards.incomplete', params: { hand, card: token } } };
    const suitText = chars[chars.length - 1] as string;
    const rankPart = chars.slice(0, -1).join('');
    const rank = RANK_BY_TEXT[rankPart];
    if (rank === undefined) {
      return {
        ok: false,
        error: { key: 'cards.unknownRank', params: { hand, card: token, rank: rankPart } },
      };
    }
    const suit = SUIT_BY_TEXT[suitText];
    if (suit === undefined) {
      return {
        ok: false,
        error: { key: 'cards.unknownSuit', params: { hand, card: token, suit: suitText } },
      };
    }
    const made = makeCard(rank, suit);
    if (cards.includes(made)) {
      return { ok: false, error: { key: 'cards.duplicate', params: { hand, card: cardText(made) } } };
    }
    cards.push(made);
  }
  return { ok: true, cards };
}

/** One card of an evaluated hand, numbered as the spec numbers ranks (Ace 1 … King 13) and suits. */
export interface CardInfo {
  code: string;
  rank: number;
  suit: number;
}

/** The ranking of a hand: Teen Patti for 3 cards, poker (the spec's enumeration, None 0 … RoyalFlush 10) for 5. */
export interface HandEvaluation {
  cards: CardInfo[];
  /** `teenPatti` for 3 cards, `poker` for 5. */
  game: 'teenPatti' | 'poker';
  /** Teen Patti category (1 high card … 6 trail) or poker rank (1 … 10). */
  rank: number;
  /** Orders hands of one game: higher wins, equal splits. */
  value: number;
  /** The ranks that break ties within the rank, most significant first (Ace high as 14; sequences below). */
  tieBreak: number[];
}

/**
 * Tie-break digits of a value: the base-16 digits below the category that the category uses (a trail 1,
 * a pair 2, …; poker up to 5). A Teen Patti sequence's digit is its place: 15 A-K-Q, 14 A-2-3, then its top
 * card; a poker straight's its top card (5 for 5-4-3-2-A).
 */
function tieBreakOf(game: HandEvaluation['game'], rank: number, value: number): number[] {
  const used =
    game === 'teenPatti'
      ? rank === TeenPattiCategory.Trail ||
        rank === TeenPattiCategory.Sequence ||
        rank === TeenPattiCategory.PureSequence
        ? 1
        : rank === TeenPattiCategory.Pair
          ? 2
          : 3
      : (({ 10: 1, 9: 1, 8: 2, 7: 2, 6: 5, 5: 1, 4: 3, 3: 3, 2: 4, 1: 5 } as Record<number, number>)[rank] ??
        5);
  const out: number[] = [];
  for (let i = used - 1; i >= 0; i--) out.push(Math.floor(value / 16 ** i) % 16);
  return out;
}

/** Evaluates a parsed hand of 3 or 5 different cards; undefined for any other size. */
export function evaluateHand(cards: readonly Card[]): HandEvaluation | undefined {
  const info = cards.map((c) => ({ code: cardText(c), rank: c & 15, suit: c >> 4 }));
  if (cards.length === 3) {
    const { category, value } = evaluateTeenPatti(cards);
    return {
      cards: info,
      game: 'teenPatti',
      rank: category,
      value,
      tieBreak: tieBreakOf('teenPatti', category, value),
    };
  }
  if (cards.length === 5) {
    const { rank, value } = evaluatePoker5(cards);
    return { cards: info, game: 'poker', rank, value, tieBreak: tieBreakOf('poker', rank, value) };
  }
  return undefined;
}

/** Why one hand beats another, or why they split. */
export type CompareReason =
  /** A higher category (Teen Patti) or rank (poker). */
  | { kind: 'category' }
  /** The same kind of sequence or straight: the higher one in the order (A-K-Q, A-2-3, K-Q-J … in Teen Patti). */
  | { kind: 'sequence' }
  /** The same category: the first tie-break rank that differs, the winner's then the loser's (A-K, 2–14). */
  | { kind: 'rank'; winnerRank: string; loserRank: string }
  /** Equal values: suits never break a tie. */
  | { kind: 'split' };

/** Two hands compared. */
export interface HandComparison {
  /** `a` the first hand, `b` the second, `split` a tie. */
  winner: 'a' | 'b' | 'split';
  reason: CompareReason;
}

const SEQUENCE_RANKS: ReadonlySet<string> = new Set([
  `teenPatti:${TeenPattiCategory.Sequence}`,
  `teenPatti:${TeenPattiCategory.PureSequence}`,
  `poker:${PokerHandRank.Straight}`,
  `poker:${PokerHandRank.StraightFlush}`,
]);

/** Compares two evaluations of the same game and says why the winner wins. */
export function compareHands(a: HandEvaluation, b: HandEvaluation): HandComparison {
  if (a.value === b.value) return { winner: 'split', reason: { kind: 'split' } };
  const winner = a.value > b.value ? 'a' : 'b';
  if (a.rank !== b.rank) return { winner, reason: { kind: 'category' } };
  if (SEQUENCE_RANKS.has(`${a.game}:${a.rank}`)) return { winner, reason: { kind: 'sequence' } };
  const [w, l] = winner === 'a' ? [a, b] : [b, a];
  const at = w.tieBreak.findIndex((r, i) => r !== l.tieBreak[i]);
  const name = (r: number | undefined) => rankText(r === 14 ? 1 : (r ?? 0));
  return {
    winner,
    reason: { kind: 'rank', winnerRank: name(w.tieBreak[at]), loserRank: name(l.tieBreak[at]) },
  };
}
