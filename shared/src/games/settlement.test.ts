import { describe, expect, it } from 'vitest';
import { GameId } from '../domain/games';
import { newDeck } from './cards';
import { analyzeBaccarat } from './baccarat';
import { TeenPattiCategory, TEEN_PATTI_CATEGORY_COUNTS, TEEN_PATTI_HANDS } from './teenPatti';
import {
  HOUSE_EDGE,
  PAIR_PLUS_PAYTABLE,
  settleBaccaratBet,
  settleGameBet,
  settleTeenPattiBet,
  teenPattiResult,
} from './settlement';

describe('settlement of platform bet types', () => {
  it('settles baccarat bets through the game rules, side bets included', () => {
    const result = { winner: 'banker' as const, playerPair: true, bankerPair: false };
    expect(settleBaccaratBet('banker', 100, result)).toBe(195);
    expect(settleBaccaratBet('player', 100, result)).toBe(0);
    expect(settleBaccaratBet('player_pair', 100, result)).toBe(1200);
    expect(settleBaccaratBet('banker_pair', 100, result)).toBe(0);
    expect(settleBaccaratBet('player', 100, { ...result, winner: 'tie' })).toBe(100);
  });

  it('pays Teen Patti hands 0.98 to 1, pushes them on a tie, and pays a tie 800 to 1', () => {
    expect(
      settleTeenPattiBet('player_a', 1000, { winner: 'player_a', categoryA: TeenPattiCategory.HighCard }),
    ).toBe(1980);
    expect(
      settleTeenPattiBet('player_b', 1000, { winner: 'player_a', categoryA: TeenPattiCategory.HighCard }),
    ).toBe(0);
    expect(
      settleTeenPattiBet('player_b', 1000, { winner: 'tie', categoryA: TeenPattiCategory.HighCard }),
    ).toBe(1000);
    expect(settleTeenPattiBet('tie', 10, { winner: 'tie', categoryA: TeenPattiCategory.Pair })).toBe(8010);
    expect(settleTeenPattiBet('player_a', 3, { winner: 'player_a', categoryA: TeenPattiCategory.Pair })).toBe(
      5,
    );
  });

  it("pays Pair Plus on hand A's category whoever wins", () => {
    const at = (categoryA: TeenPattiCategory) =>
      settleTeenPattiBet('pair_plus', 100, { winner: 'player_b', categoryA });
    expect(at(TeenPattiCategory.HighCard)).toBe(0);
    expect(at(TeenPattiCategory.Pair)).toBe(200);
    expect(at(TeenPattiCategory.Trail)).toBe(4100);
  });

  it('gives Pair Plus the house edge of its paytable over the exact hand counts', () => {
    let ev = 0;
    for (const [category, count] of Object.entries(TEEN_PATTI_CATEGORY_COUNTS)) {
      const pays = PAIR_PLUS_PAYTABLE[Number(category) as TeenPattiCategory];
      ev += (count / TEEN_PATTI_HANDS) * (pays > 0 ? pays : -1);
    }
    expect(-ev).toBeCloseTo(HOUSE_EDGE[GameId.TeenPatti].pair_plus, 5);
  });

  it('states baccarat house edges as the exact 8-deck analysis gives them', () => {
    const edges = analyzeBaccarat().houseEdge;
    expect(HOUSE_EDGE[GameId.Baccarat].banker).toBeCloseTo(edges.banker, 5);
    expect(HOUSE_EDGE[GameId.Baccarat].player).toBeCloseTo(edges.player, 5);
    expect(HOUSE_EDGE[GameId.Baccarat].tie).toBeCloseTo(edges.tie, 5);
    expect(HOUSE_EDGE[GameId.Baccarat].banker_pair).toBeCloseTo(edges.bankerPair, 5);
  });

  it('evaluates two dealt hands into a result with the winner', () => {
    const deck = newDeck();
    // Three aces (trail) against 2-3-4 of hearts... a trail beats a pure sequence.
    const aces = [deck[0], deck[13], deck[26]] as number[];
    const run = [deck[1], deck[2], deck[3]] as number[];
    const r = teenPattiResult(aces, run);
    expect(r.winner).toBe('player_a');
    expect(r.categoryA).toBe(TeenPattiCategory.Trail);
    expect(r.categoryB).toBe(TeenPattiCategory.PureSequence);
  });

  it('refuses a bet type the game does not take', () => {
    expect(() =>
      settleGameBet('banker', 100, { gameId: GameId.TeenPatti, result: { winner: 'tie', categoryA: 1 } }),
    ).toThrow(RangeError);
    expect(() =>
      settleGameBet('pair_plus', 100, {
        gameId: GameId.Baccarat,
        result: { winner: 'tie', playerPair: false, bankerPair: false },
      }),
    ).toThrow(RangeError);
  });
});
