import { describe, expect, it } from 'vitest';
import { HOUSE_EDGE } from '@dms/shared/games/settlement';
import { fairResult, fairVariance } from './risk.detector';

/**
 * Each bet's chance of winning and of a push in the winnings test, checked against the house edges of the
 * settlement (exact analyses of the games): a bet of 100 that wins returns `wins`, a push returns 100.
 */
const BETS: [gameId: 1 | 2, betType: string, wins: number, pushes: boolean][] = [
  [1, 'banker', 195, true],
  [1, 'player', 200, true],
  [1, 'tie', 900, false],
  [1, 'banker_pair', 1200, false],
  [1, 'player_pair', 1200, false],
  [2, 'player_a', 198, true],
  [2, 'player_b', 198, true],
  [2, 'tie', 80_100, false],
];

describe('risk detector: winnings at fair odds', () => {
  for (const [gameId, betType, wins, pushes] of BETS) {
    it(`gives the house edge of ${betType} (game ${gameId}) and a mean of 0 under fair play`, () => {
      const won = fairResult(gameId, betType, 100, wins)!;
      const lost = fairResult(gameId, betType, 100, 0)!;
      expect(lost).toBe(-1);
      // q = 1 / (won + 1): the chance of winning when the bet does not push; the variance (1 − push)(1/q − 1).
      const q = 1 / (won + 1);
      const notPush = fairVariance(gameId, betType)! / won;
      const push = 1 - notPush;
      if (pushes) expect(fairResult(gameId, betType, 100, 100)).toBe(0);
      else expect(push).toBeCloseTo(0, 9);
      const win = q * notPush;
      const returned = (win * wins + push * 100) / 100;
      expect(1 - returned).toBeCloseTo(HOUSE_EDGE[gameId][betType as keyof (typeof HOUSE_EDGE)[1 | 2]], 4);
      expect(win * won + (notPush - win) * lost).toBeCloseTo(0, 12);
    });
  }
  it('knows no bet outside the games', () => {
    expect(fairResult(1, 'pair_plus', 100, 0)).toBeUndefined();
    expect(fairResult(3, 'banker', 100, 0)).toBeUndefined();
  });
});
