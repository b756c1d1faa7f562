import type { TeenPattiBetType } from '../domain/games';
import type { Card } from './cards';
import { createRng } from './rng';
import {
  PAIR_PLUS_PAYTABLE,
  settleTeenPattiBet,
  TEEN_PATTI_TIE_PAYS,
  type TeenPattiWinner,
} from './settlement';
import { analyzeTeenPatti, dealTeenPatti, evaluateTeenPatti, TeenPattiCategory } from './teenPatti';

/**
 * Seeded Teen Patti simulations. A deal is a function of a seed and the number of players only (the
 * shared `rng`), so a deal, a simulated round or a whole simulation comes out the same in the browser, the
 * gateway and a test. Round `i` of a simulation with seed `s` is the deal of the seed `s#i`: the viewer
 * shows a stored round's cards by dealing it again, and the test tools' "deal from a seed" shows it too.
 *
 * Seats are numbered from 1; seats 1 and 2 are the table's hands A and B, on which the four bets of the
 * table settle by `settlement.ts` (Player A, Player B, Tie, Pair Plus on hand A). With more players the
 * other seats are dealt from the same deck and take part in the showdown (the winning seat and hand).
 */

/** The four Teen Patti bets, in the order screens list them. */
export const TEEN_PATTI_BETS: readonly TeenPattiBetType[] = ['player_a', 'player_b', 'tie', 'pair_plus'];

/** Stakes of one round in minor units, by bet (0: not bet). */
export type SimStakes = Readonly<Record<TeenPattiBetType, number>>;

/** Most players at one table: 17 × 3 = 51 cards of one deck. */
export const SIM_MAX_PLAYERS = 17;

/** The deal of a seed: `players` hands of three cards from one shuffled deck. */
export function dealFromSeed(seed: string, players: number): Card[][] {
  return dealTeenPatti(createRng(seed), players);
}

/** The seed of round `index` (0-based) of a simulation. */
export function roundSeed(seed: string, index: number): string {
  return `${seed}#${index}`;
}

/** One simulated round: the deal, each hand's category, the showdown and what the bets returned. */
export interface SimRound {
  index: number;
  hands: Card[][];
  categories: TeenPattiCategory[];
  /** Winning seats (1-based); more than one on a split. */
  winners: number[];
  winnerCategory: TeenPattiCategory;
  /** Hand A against hand B (seats 1 and 2). */
  result: TeenPattiWinner;
  /** Returned to the bettors by bet (stake plus winnings, 0 when lost). */
  returns: Record<TeenPattiBetType, number>;
  staked: number;
  payout: number;
}

/** Plays round `index` of the simulation of `seed`. `players` is 2–17. */
export function simulateRound(seed: string, index: number, players: number, stakes: SimStakes): SimRound {
  const hands = dealFromSeed(roundSeed(seed, index), players);
  const evaluated = hands.map(evaluateTeenPatti);
  let best = -1;
  let winners: number[] = [];
  evaluated.forEach((h, i) => {
    if (h.value > best) {
      best = h.value;
      winners = [i + 1];
    } else if (h.value === best) winners.push(i + 1);
  });
  const a = evaluated[0] as { category: TeenPattiCategory; value: number };
  const b = evaluated[1] as { category: TeenPattiCategory; value: number };
  const result: TeenPattiWinner = a.value > b.value ? 'player_a' : b.value > a.value ? 'player_b' : 'tie';
  const settled = { winner: result, categoryA: a.category };
  const returns = {} as Record<TeenPattiBetType, number>;
  let staked = 0;
  let payout = 0;
  for (const bet of TEEN_PATTI_BETS) {
    const amount = stakes[bet];
    const back = amount > 0 ? settleTeenPattiBet(bet, amount, settled) : 0;
    returns[bet] = back;
    staked += amount;
    payout += back;
  }
  return {
    index,
    hands,
    categories: evaluated.map((h) => h.category),
    winners,
    winnerCategory: (evaluated[(winners[0] as number) - 1] as { category: TeenPattiCategory }).category,
    result,
    returns,
    staked,
    payout,
  };
}

/** Counts by Teen Patti category, 1 (high card) to 6 (trail). */
export type CategoryCounts = Record<TeenPattiCategory, number>;

const noCategories = (): CategoryCounts => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });

/** What a simulation found, summed over its rounds. */
export interface SimSummary {
  rounds: number;
  /** Every hand dealt, by category. */
  handCategories: CategoryCounts;
  /** The winning hand of each round, by category. */
  winnerCategories: CategoryCounts;
  /** Rounds each seat won (a split counts for every winning seat); index 0 is seat 1. */
  seatWins: number[];
  /** Rounds with more than one winner. */
  splits: number;
  /** Hand A against hand B. */
  results: Record<TeenPattiWinner, number>;
  /** Each bet: staked, returned, and the sum of squares of the return per unit staked (its spread). */
  bets: Record<TeenPattiBetType, { staked: number; returned: number; sumSquares: number }>;
}

/** Sums rounds into a {@link SimSummary}. */
export class SimTally {
  private readonly summary: SimSummary;

  constructor(players: number) {
    this.summary = {
      rounds: 0,
      handCategories: noCategories(),
      winnerCategories: noCategories(),
      seatWins: new Array<number>(players).fill(0),
      splits: 0,
      results: { player_a: 0, player_b: 0, tie: 0 },
      bets: {
        player_a: { staked: 0, returned: 0, sumSquares: 0 },
        player_b: { staked: 0, returned: 0, sumSquares: 0 },
        tie: { staked: 0, returned: 0, sumSquares: 0 },
        pair_plus: { staked: 0, returned: 0, sumSquares: 0 },
      },
    };
  }

  add(round: SimRound, stakes: SimStakes): void {
    const s = this.summary;
    s.rounds++;
    for (const c of round.categories) s.handCategories[c]++;
    s.winnerCategories[round.winnerCategory]++;
    for (const seat of round.winners) s.seatWins[seat - 1] = (s.seatWins[seat - 1] ?? 0) + 1;
    if (round.winners.length > 1) s.splits++;
    s.results[round.result]++;
    for (const bet of TEEN_PATTI_BETS) {
      const amount = stakes[bet];
      if (amount <= 0) continue;
      const b = s.bets[bet];
      const back = round.returns[bet];
      b.staked += amount;
      b.returned += back;
      b.sumSquares += (back / amount) ** 2;
    }
  }

  /** A copy of the sums so far. */
  snapshot(): SimSummary {
    return JSON.parse(JSON.stringify(this.summary)) as SimSummary;
  }
}

/** A bet's return to player: returned ÷ staked, and its house edge 1 − RTP. */
export interface BetFigures {
  rtp: number;
  houseEdge: number;
}

/** What a bet returned in a simulation, with the standard error of its RTP (0 when not bet). */
export interface SimBetFigures extends BetFigures {
  staked: number;
  returned: number;
  stdError: number;
}

/** The exact odds that a simulation is judged against. */
export interface TeenPattiTheory {
  /** Probability of each category for one hand (all 22,100 hands). */
  handCategories: Record<TeenPattiCategory, number>;
  /** Probability that hands A and B have equal value. */
  tie: number;
  /** Hand A against hand B: each wins with (1 − tie) / 2. */
  results: Record<TeenPattiWinner, number>;
  bets: Record<TeenPattiBetType, BetFigures>;
}

let theory: TeenPattiTheory | undefined;

/**
 * The exact RTP and house edge of each bet, from the enumeration of all hands (`analyzeTeenPatti`) and the
 * paytables of `settlement.ts`: Player A or B wins 0.98 (2 % commission) and pushes on a tie; Tie pays
 * {@link TEEN_PATTI_TIE_PAYS} to 1; Pair Plus pays {@link PAIR_PLUS_PAYTABLE} on hand A's category. The
 * commission is floored to whole minor units, so stakes that are multiples of 50 meet these figures exactly.
 */
export function teenPattiTheory(): TeenPattiTheory {
  if (theory) return theory;
  const analysis = analyzeTeenPatti();
  const tie = analysis.headsUpTieProbability;
  const win = (1 - tie) / 2;
  const sideRtp = win * 1.98 + tie;
  const tieRtp = tie * (TEEN_PATTI_TIE_PAYS + 1);
  let pairPlusRtp = 0;
  for (const c of Object.values(TeenPattiCategory)) {
    const pays = PAIR_PLUS_PAYTABLE[c];
    if (pays > 0) pairPlusRtp += analysis.categoryProbabilities[c] * (pays + 1);
  }
  const figures = (rtp: number): BetFigures => ({ rtp, houseEdge: 1 - rtp });
  theory = {
    handCategories: analysis.categoryProbabilities,
    tie,
    results: { player_a: win, player_b: win, tie },
    bets: {
      player_a: figures(sideRtp),
      player_b: figures(sideRtp),
      tie: figures(tieRtp),
      pair_plus: figures(pairPlusRtp),
    },
  };
  return theory;
}

/** Each bet's RTP, house edge and standard error in a summary (rounds with the bet placed). */
export function betFigures(
  summary: SimSummary,
  rounds = summary.rounds,
): Record<TeenPattiBetType, SimBetFigures> {
  const out = {} as Record<TeenPattiBetType, SimBetFigures>;
  for (const bet of TEEN_PATTI_BETS) {
    const b = summary.bets[bet];
    const rtp = b.staked > 0 ? b.returned / b.staked : 0;
    // Every round stakes the same amount on a bet, so the mean return per unit is the RTP.
    const variance = rounds > 1 && b.staked > 0 ? Math.max(0, b.sumSquares / rounds - rtp * rtp) : 0;
    out[bet] = {
      staked: b.staked,
      returned: b.returned,
      rtp,
      houseEdge: b.staked > 0 ? 1 - rtp : 0,
      stdError: rounds > 1 ? Math.sqrt(variance / rounds) : 0,
    };
  }
  return out;
}
