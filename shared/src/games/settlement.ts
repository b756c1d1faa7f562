import type { BaccaratBetType, BetType, TeenPattiBetType } from '../domain/games';
import { GameId } from '../domain/games';
import type { BaccaratBet, BaccaratResult } from './baccarat';
import { settleBet as settleBaccaratRuleBet } from './baccarat';
import type { Card } from './cards';
import type { TeenPattiCategory } from './teenPatti';
import { TeenPattiCategory as Category, evaluateTeenPatti } from './teenPatti';

/**
 * Settlement of the platform's bet types (`shared/domain/games`) in integer minor units, on top of the
 * game rules: baccarat through `baccarat.settleBet`, Teen Patti by the table's paytable below. Every
 * function returns what the bet gives back to the player: 0 when lost, the stake on a push, stake plus
 * winnings when won (the `payout` of `round.settled`).
 */

const BACCARAT_RULE_BET: Readonly<Record<BaccaratBetType, BaccaratBet>> = {
  banker: 'banker',
  player: 'player',
  tie: 'tie',
  banker_pair: 'bankerPair',
  player_pair: 'playerPair',
};

/** What a baccarat bet of `amount` returns after a round with `result`. */
export function settleBaccaratBet(betType: BaccaratBetType, amount: number, result: BaccaratResult): number {
  return settleBaccaratRuleBet(BACCARAT_RULE_BET[betType], amount, result);
}

/** The outcome of a Teen Patti round between hands A and B. */
export type TeenPattiWinner = 'player_a' | 'player_b' | 'tie';

/** The settled part of a Teen Patti round (the `result` of its `round.settled` event). */
export interface TeenPattiResult {
  handA: Card[];
  handB: Card[];
  categoryA: TeenPattiCategory;
  categoryB: TeenPattiCategory;
  winner: TeenPattiWinner;
}

/**
 * Pair Plus winnings per unit on hand A's category (the three-card paytable 1/4/6/30/40); a high card loses.
 */
export const PAIR_PLUS_PAYTABLE: Readonly<Record<TeenPattiCategory, number>> = {
  [Category.HighCard]: 0,
  [Category.Pair]: 1,
  [Category.Colour]: 4,
  [Category.Sequence]: 6,
  [Category.PureSequence]: 30,
  [Category.Trail]: 40,
};

/** Winnings per unit of a Tie bet (two hands of equal value happen about once in 900 rounds). */
export const TEEN_PATTI_TIE_PAYS = 800;

/** Largest stake the settlement functions accept: every product stays an exact integer. */
export const MAX_SETTLED_STAKE = Math.floor(Number.MAX_SAFE_INTEGER / 1000);

function checkAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount < 0 || amount > MAX_SETTLED_STAKE) {
    throw new RangeError(
      `amount must be an integer of minor units from 0 to ${MAX_SETTLED_STAKE}, got ${amount}`,
    );
  }
}

/** Evaluates two dealt hands into a {@link TeenPattiResult}. */
export function teenPattiResult(handA: readonly Card[], handB: readonly Card[]): TeenPattiResult {
  const a = evaluateTeenPatti(handA);
  const b = evaluateTeenPatti(handB);
  const winner: TeenPattiWinner = a.value > b.value ? 'player_a' : b.value > a.value ? 'player_b' : 'tie';
  return { handA: [...handA], handB: [...handB], categoryA: a.category, categoryB: b.category, winner };
}

/**
 * What a Teen Patti bet of `amount` returns: hand A or B pays 0.98 to 1 (2 % commission, floored to whole
 * minor units) and pushes on a tie; Tie pays {@link TEEN_PATTI_TIE_PAYS} to 1; Pair Plus pays on hand A's
 * category by {@link PAIR_PLUS_PAYTABLE} whoever wins.
 */
export function settleTeenPattiBet(
  betType: TeenPattiBetType,
  amount: number,
  result: Pick<TeenPattiResult, 'winner' | 'categoryA'>,
): number {
  checkAmount(amount);
  switch (betType) {
    case 'player_a':
    case 'player_b':
      if (result.winner === 'tie') return amount;
      return result.winner === betType ? amount + Math.floor((amount * 49) / 50) : 0;
    case 'tie':
      return result.winner === 'tie' ? (TEEN_PATTI_TIE_PAYS + 1) * amount : 0;
    case 'pair_plus': {
      const pays = PAIR_PLUS_PAYTABLE[result.categoryA];
      return pays > 0 ? (pays + 1) * amount : 0;
    }
  }
}

/**
 * House edge of each bet of each game (expected loss per unit staked), for judging whether a player's
 * results are plausible. Baccarat from the exact 8-deck analysis; Teen Patti from its exact hand odds
 * (two hands tie with probability 0.00110649; the Tie edge is 1 − 801 × that).
 */
export const HOUSE_EDGE: Readonly<{
  [GameId.Baccarat]: Readonly<Record<BaccaratBetType, number>>;
  [GameId.TeenPatti]: Readonly<Record<TeenPattiBetType, number>>;
}> = {
  [GameId.Baccarat]: {
    banker: 0.010579,
    player: 0.012351,
    tie: 0.143596,
    banker_pair: 0.103614,
    player_pair: 0.103614,
  },
  [GameId.TeenPatti]: {
    player_a: 0.009989,
    player_b: 0.009989,
    tie: 0.113705,
    pair_plus: 0.021357,
  },
};

/** The game a bet type's settlement needs, for {@link settleGameBet}. */
export type GameResult =
  | { gameId: typeof GameId.Baccarat; result: BaccaratResult }
  | { gameId: typeof GameId.TeenPatti; result: Pick<TeenPattiResult, 'winner' | 'categoryA'> };

/** What a bet returns in either game; throws a RangeError for a bet type the game does not take. */
export function settleGameBet(betType: BetType, amount: number, game: GameResult): number {
  if (game.gameId === GameId.Baccarat) {
    if (!(betType in BACCARAT_RULE_BET)) throw new RangeError(`baccarat takes no ${betType} bet`);
    return settleBaccaratBet(betType as BaccaratBetType, amount, game.result);
  }
  if (betType !== 'player_a' && betType !== 'player_b' && betType !== 'tie' && betType !== 'pair_plus') {
    throw new RangeError(`Teen Patti takes no ${betType} bet`);
  }
  return settleTeenPattiBet(betType, amount, game.result);
}
