import type { Card } from './cards';
import { newShoe } from './cards';
import type { Rng } from './rng';

/**
 * Punto Banco baccarat as casinos deal it: a shoe of 8 decks with a cut card, the fixed third-card
 * tableau, Banker/Player/Tie outcomes, Banker and Player pair side bets, and settlement in integer minor
 * units. `analyzeBaccarat` gives the exact odds of a shoe composition by full enumeration.
 */

/** The outcome of a round. */
export const BaccaratOutcome = {
  Banker: 'banker',
  Player: 'player',
  Tie: 'tie',
} as const;
export type BaccaratOutcome = (typeof BaccaratOutcome)[keyof typeof BaccaratOutcome];

/** The bets of the table. */
export const BaccaratBet = {
  Banker: 'banker',
  Player: 'player',
  Tie: 'tie',
  BankerPair: 'bankerPair',
  PlayerPair: 'playerPair',
} as const;
export type BaccaratBet = (typeof BaccaratBet)[keyof typeof BaccaratBet];

/** All bets, in table order. */
export const BACCARAT_BETS: readonly BaccaratBet[] = Object.values(BaccaratBet);

/**
 * Winnings per unit staked (the stake itself is returned besides): Player 1:1, Banker 1:1 less 5 %
 * commission, Tie 8:1, pairs 11:1. Banker and Player bets push (the stake comes back) on a tie.
 */
export const BACCARAT_PAYOUTS: Readonly<Record<BaccaratBet, number>> = {
  banker: 0.95,
  player: 1,
  tie: 8,
  bankerPair: 11,
  playerPair: 11,
};

/** Anything cards can be drawn from: a {@link BaccaratShoe}, or a stacked deck in tests. */
export interface CardSource {
  draw(): Card;
}

/** A dealt round. */
export interface BaccaratRound {
  /** Player's cards in dealing order (2 or 3). */
  player: Card[];
  /** Banker's cards in dealing order (2 or 3). */
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratOutcome;
  /** The Player's first two cards have the same rank (a King and a Queen are not a pair). */
  playerPair: boolean;
  bankerPair: boolean;
  /** Either hand had 8 or 9 on two cards, so nobody drew. */
  natural: boolean;
}

/** The baccarat value of a card: Ace 1, 2–9 face value, tens and pictures 0. */
export function cardPoints(card: Card): number {
  const rank = card & 15;
  return rank >= 10 ? 0 : rank;
}

/** The total of a hand: the sum of its card values modulo 10. */
export function handTotal(cards: readonly Card[]): number {
  let sum = 0;
  for (const card of cards) sum += cardPoints(card);
  return sum % 10;
}

/**
 * The Banker's tableau: whether the Banker, holding `bankerTotal` on two cards, draws when the Player drew
 * a third card worth `playerThird`, or stood (`playerThird` null). Naturals are settled before this.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Whether the Player, holding `playerTotal` on two cards and no natural on the table, draws (0–5). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

function outcomeOf(playerTotal: number, bankerTotal: number): BaccaratOutcome {
  if (playerTotal > bankerTotal) return BaccaratOutcome.Player;
  if (bankerTotal > playerTotal) return BaccaratOutcome.Banker;
  return BaccaratOutcome.Tie;
}

/**
 * Deals one round from `source`: Player, Banker, Player, Banker, then the third cards by the tableau
 * (a natural 8 or 9 on either side ends the round; the Player draws on 0–5; the Banker's draw depends on
 * the Player's third card). It does not reshuffle: with a {@link BaccaratShoe}, use `shoe.dealRound()`.
 */
export function playRound(source: CardSource): BaccaratRound {
  const p1 = source.draw();
  const b1 = source.draw();
  const p2 = source.draw();
  const b2 = source.draw();
  const player = [p1, p2];
  const banker = [b1, b2];
  let playerTotal = (cardPoints(p1) + cardPoints(p2)) % 10;
  let bankerTotal = (cardPoints(b1) + cardPoints(b2)) % 10;
  const natural = playerTotal >= 8 || bankerTotal >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(playerTotal)) {
      const card = source.draw();
      player.push(card);
      playerThird = cardPoints(card);
      playerTotal = (playerTotal + playerThird) % 10;
    }
    if (bankerDraws(bankerTotal, playerThird)) {
      const card = source.draw();
      banker.push(card);
      bankerTotal = (bankerTotal + cardPoints(card)) % 10;
    }
  }
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: outcomeOf(playerTotal, bankerTotal),
    playerPair: (p1 & 15) === (p2 & 15),
    bankerPair: (b1 & 15) === (b2 & 15),
    natural,
  };
}

/** Options of a {@link BaccaratShoe}. */
export interface BaccaratShoeOptions {
  /** Number of 52-card decks; 8 by default. */
  decks?: number;
  /**
   * Cards left behind the cut card; by default a sixth of the shoe (69 of 416), the usual penetration.
   * At least 6, so a round that starts before the cut card can always be finished.
   */
  cutCardFromEnd?: number;
  /**
   * Burn after each shuffle, as casinos do: the first card is shown and as many cards as its value
   * (pictures and tens count 10) are discarded unseen. Off by default.
   */
  burn?: boolean;
}

/** A dealt round with where it came from in the shoe. */
export interface ShoeRound extends BaccaratRound {
  /** Which shuffle of this shoe the round was dealt from, counting from 1. */
  shoeNumber: number;
  /** 1 for the first round after a shuffle. */
  roundInShoe: number;
}

/**
 * A baccarat shoe. The round in which the cut card comes out is finished, then the shoe is reshuffled
 * before the next round (`dealRound` does it by itself).
 */
export class BaccaratShoe implements CardSource {
  readonly decks: number;
  readonly cutCardFromEnd: number;
  readonly burn: boolean;
  private readonly cards: Card[];
  private position = 0;
  private shuffles = 0;
  private rounds = 0;
  private burnedCards: Card[] = [];

  /** A shoe shuffled with `rng`, ready to deal. */
  constructor(
    private readonly rng: Rng,
    opts: BaccaratShoeOptions = {},
  ) {
    const decks = opts.decks ?? 8;
    if (!Number.isInteger(decks) || decks < 1 || decks > 16) {
      throw new RangeError(`decks must be an integer from 1 to 16, got ${decks}`);
    }
    this.decks = decks;
    this.cards = newShoe(decks);
    const cut = opts.cutCardFromEnd ?? Math.round(this.cards.length / 6);
    // Room for the largest burn (11 cards) and one full round before the cut card.
    if (!Number.isInteger(cut) || cut < 6 || cut > this.cards.length - 17) {
      throw new RangeError(
        `cutCardFromEnd must be an integer from 6 to ${this.cards.length - 17}, got ${cut}`,
      );
    }
    this.cutCardFromEnd = cut;
    this.burn = opts.burn ?? false;
    this.shuffle();
  }

  /** Gathers every card, shuffles, and burns if the shoe burns. */
  shuffle(): void {
    this.rng.shuffle(this.cards);
    this.position = 0;
    this.rounds = 0;
    this.shuffles += 1;
    this.burnedCards = [];
    if (this.burn) {
      const shown = this.draw();
      this.burnedCards.push(shown);
      const count = (shown & 15) >= 10 ? 10 : shown & 15;
      for (let i = 0; i < count; i++) this.burnedCards.push(this.draw());
    }
  }

  /** The next card. Throws if the shoe is empty, which the cut card rules out when rounds are dealt. */
  draw(): Card {
    const card = this.cards[this.position];
    if (card === undefined) throw new RangeError('the shoe is empty');
    this.position += 1;
    return card;
  }

  /** Whether the cut card has come out, so the shoe must be reshuffled before the next round. */
  get cutCardReached(): boolean {
    return this.position >= this.cards.length - this.cutCardFromEnd;
  }

  /** Cards not yet dealt. */
  get remaining(): number {
    return this.cards.length - this.position;
  }

  /** How many times the shoe has been shuffled (1 after construction). */
  get shoeNumber(): number {
    return this.shuffles;
  }

  /** The cards burned after the last shuffle, the shown card first (empty when the shoe does not burn). */
  get burned(): readonly Card[] {
    return this.burnedCards;
  }

  /** Deals the next round, reshuffling first if the cut card came out in the previous one. */
  dealRound(): ShoeRound {
    if (this.cutCardReached) this.shuffle();
    const round = playRound(this);
    this.rounds += 1;
    // Written out field by field: an object spread here made simulations ten times slower.
    return {
      player: round.player,
      banker: round.banker,
      playerTotal: round.playerTotal,
      bankerTotal: round.bankerTotal,
      winner: round.winner,
      playerPair: round.playerPair,
      bankerPair: round.bankerPair,
      natural: round.natural,
      shoeNumber: this.shuffles,
      roundInShoe: this.rounds,
    };
  }
}

/** The largest stake {@link settleBet} accepts: every intermediate product stays an exact integer. */
export const MAX_BACCARAT_STAKE = Math.floor(Number.MAX_SAFE_INTEGER / 20);

/** The part of a round that settles bets. */
export type BaccaratResult = Pick<BaccaratRound, 'winner' | 'playerPair' | 'bankerPair'>;

/**
 * What a bet of `amount` minor units returns to the player after the round: 0 when lost, the stake on a
 * push (Banker or Player bet on a tie), the stake plus winnings when won. The net result is
 * `settleBet(...) - amount`. Integer arithmetic only; the 5 % commission on a winning Banker bet is taken
 * by flooring the winnings to whole minor units (`amount * 19 / 20` rounded down), so a fraction of a
 * cent goes to the house: a winning Banker bet of 10 returns 19, of 100 returns 195.
 * Throws a RangeError unless `amount` is an integer from 0 to {@link MAX_BACCARAT_STAKE}.
 */
export function settleBet(bet: BaccaratBet, amount: number, result: BaccaratResult): number {
  if (!Number.isInteger(amount) || amount < 0 || amount > MAX_BACCARAT_STAKE) {
    throw new RangeError(
      `amount must be an integer of minor units from 0 to ${MAX_BACCARAT_STAKE}, got ${amount}`,
    );
  }
  switch (bet) {
    case 'player':
      if (result.winner === 'player') return 2 * amount;
      return result.winner === 'tie' ? amount : 0;
    case 'banker':
      if (result.winner === 'banker') return amount + Math.floor((amount * 19) / 20);
      return result.winner === 'tie' ? amount : 0;
    case 'tie':
      return result.winner === 'tie' ? 9 * amount : 0;
    case 'bankerPair':
      return result.bankerPair ? 12 * amount : 0;
    case 'playerPair':
      return result.playerPair ? 12 * amount : 0;
  }
}

/** Exact odds of a shoe composition, from {@link analyzeBaccarat}. */
export interface BaccaratAnalysis {
  /**
   * Ordered 6-card sequences of the composition leading to each outcome (a round that uses fewer cards
   * counts once for every way of filling the unused places), and their total `N·(N−1)·…·(N−5)`.
   */
  counts: { banker: bigint; player: bigint; tie: bigint; total: bigint };
  probabilities: Record<BaccaratOutcome, number>;
  /** Probability that the first two cards of one hand are a pair (the same for Player and Banker). */
  pairProbability: number;
  /** House edge of each bet: expected loss per unit staked, ties included in the Banker/Player base. */
  houseEdge: Record<BaccaratBet, number>;
}

/**
 * Exact odds of one round dealt from a shoe, by enumerating every sequence of up to six cards drawn
 * without replacement (the standard analysis). `rankCounts` gives the cards left of each rank, Ace to
 * King; the default is a full 8-deck shoe (32 of each). Values: Banker 0.458597, Player 0.446247, Tie
 * 0.095156; house edges Banker 1.0579 %, Player 1.2351 %, Tie 14.3596 %, pairs 10.3614 %.
 */
export function analyzeBaccarat(
  rankCounts: readonly number[] = new Array<number>(13).fill(32),
): BaccaratAnalysis {
  if (rankCounts.length !== 13 || rankCounts.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new RangeError('rankCounts must hold 13 non-negative integers, Ace to King');
  }
  // Cards left by baccarat value: index 0 holds tens and pictures.
  const left = new Array<number>(10).fill(0);
  rankCounts.forEach((n, i) => {
    const value = i + 1 >= 10 ? 0 : i + 1;
    left[value] = (left[value] ?? 0) + n;
  });
  const n = rankCounts.reduce((a, b) => a + b, 0);
  if (n < 6) throw new RangeError('a round needs at least 6 cards in the shoe');

  // Ways to fill the places a round leaves unused: after k cards, (n−k)·(n−k−1)·…·(n−5).
  const fill = (k: number): bigint => {
    let ways = 1n;
    for (let i = k; i < 6; i++) ways *= BigInt(n - i);
    return ways;
  };
  const fill4 = fill(4);
  const fill5 = fill(5);
  const totals = { banker: 0n, player: 0n, tie: 0n };
  const take = (value: number): number => {
    const count = left[value] ?? 0;
    left[value] = count - 1;
    return count;
  };
  const give = (value: number): void => {
    left[value] = (left[value] ?? 0) + 1;
  };

  // Per two-card start, sums of sequence counts of the remaining cards, by outcome, for rounds that end
  // after 4, 5 and 6 cards. A 6-card round needs no fill.
  const s4 = { banker: 0, player: 0, tie: 0 };
  const s5 = { banker: 0, player: 0, tie: 0 };
  const s6 = { banker: 0, player: 0, tie: 0 };
  const reset = (s: Record<BaccaratOutcome, number>): void => {
    s.banker = 0;
    s.player = 0;
    s.tie = 0;
  };

  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = take(p1);
    if (w1 > 0) {
      for (let b1 = 0; b1 < 10; b1++) {
        const w2 = take(b1);
        if (w2 > 0) {
          for (let p2 = 0; p2 < 10; p2++) {
            const w3 = take(p2);
            if (w3 > 0) {
              for (let b2 = 0; b2 < 10; b2++) {
                const w4 = take(b2);
                if (w4 > 0) {
                  reset(s4);
                  reset(s5);
                  reset(s6);
                  const pt = (p1 + p2) % 10;
                  const bt = (b1 + b2) % 10;
                  if (pt >= 8 || bt >= 8) {
                    s4[outcomeOf(pt, bt)] += 1;
                  } else if (playerDraws(pt)) {
                    for (let p3 = 0; p3 < 10; p3++) {
                      const w5 = take(p3);
                      if (w5 > 0) {
                        const pt3 = (pt + p3) % 10;
                        if (bankerDraws(bt, p3)) {
                          for (let b3 = 0; b3 < 10; b3++) {
                            const w6 = left[b3] ?? 0;
                            if (w6 > 0) s6[outcomeOf(pt3, (bt + b3) % 10)] += w5 * w6;
                          }
                        } else {
                          s5[outcomeOf(pt3, bt)] += w5;
                        }
                      }
                      give(p3);
                    }
                  } else if (bankerDraws(bt, null)) {
                    for (let b3 = 0; b3 < 10; b3++) {
                      const w5 = left[b3] ?? 0;
                      if (w5 > 0) s5[outcomeOf(pt, (bt + b3) % 10)] += w5;
                    }
                  } else {
                    s4[outcomeOf(pt, bt)] += 1;
                  }
                  const start = BigInt(w1 * w2) * BigInt(w3 * w4);
                  for (const o of ['banker', 'player', 'tie'] as const) {
                    totals[o] += start * (BigInt(s4[o]) * fill4 + BigInt(s5[o]) * fill5 + BigInt(s6[o]));
                  }
                }
                give(b2);
              }
            }
            give(p2);
          }
        }
        give(b1);
      }
    }
    give(p1);
  }

  const total = fill(0);
  const ratio = (count: bigint): number => Number((count * 10n ** 18n) / total) / 1e18;
  const probabilities = {
    banker: ratio(totals.banker),
    player: ratio(totals.player),
    tie: ratio(totals.tie),
  };
  const pairProbability = rankCounts.reduce((sum, c) => sum + c * (c - 1), 0) / (n * (n - 1));
  const pairEdge = 1 - 12 * pairProbability;
  return {
    counts: { ...totals, total },
    probabilities,
    pairProbability,
    houseEdge: {
      banker: probabilities.player - 0.95 * probabilities.banker,
      player: probabilities.banker - probabilities.player,
      tie: 1 - 9 * probabilities.tie,
      bankerPair: pairEdge,
      playerPair: pairEdge,
    },
  };
}
