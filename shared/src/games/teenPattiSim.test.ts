import { describe, expect, it } from 'vitest';
import { GameId } from '../domain/games';
import { HOUSE_EDGE } from './settlement';
import {
  betFigures,
  dealFromSeed,
  roundSeed,
  SimTally,
  simulateRound,
  teenPattiTheory,
  TEEN_PATTI_BETS,
} from './teenPattiSim';
import { TEEN_PATTI_CATEGORY_COUNTS } from './teenPatti';

const STAKES = { player_a: 100, player_b: 100, tie: 100, pair_plus: 100 };

describe('seeded deals and rounds', () => {
  it('deals the same cards for the same seed, and round i is the deal of seed#i', () => {
    expect(dealFromSeed('abc', 4)).toEqual(dealFromSeed('abc', 4));
    expect(dealFromSeed('abc', 4)).not.toEqual(dealFromSeed('abd', 4));
    const round = simulateRound('abc', 7, 3, STAKES);
    expect(round.hands).toEqual(dealFromSeed(roundSeed('abc', 7), 3));
    expect(round.staked).toBe(400);
  });

  it('settles the four bets on hands A and B and finds the winning seat among all players', () => {
    for (let i = 0; i < 200; i++) {
      const r = simulateRound('settle', i, 5, STAKES);
      expect(r.winners.length).toBeGreaterThan(0);
      expect(r.categories[(r.winners[0] as number) - 1]).toBe(r.winnerCategory);
      if (r.result === 'tie') expect(r.returns.player_a).toBe(100);
      else
        expect(r.returns[r.result] + r.returns[r.result === 'player_a' ? 'player_b' : 'player_a']).toBe(198);
      expect(r.payout).toBe(TEEN_PATTI_BETS.reduce((s, b) => s + r.returns[b], 0));
    }
  });
});

describe('theory', () => {
  it('gives the RTP and house edge of each bet that settlement.ts states', () => {
    const t = teenPattiTheory();
    for (const bet of TEEN_PATTI_BETS) {
      expect(t.bets[bet].houseEdge).toBeCloseTo(HOUSE_EDGE[GameId.TeenPatti][bet], 6);
      expect(t.bets[bet].rtp + t.bets[bet].houseEdge).toBeCloseTo(1, 12);
    }
    expect(t.handCategories[6]).toBeCloseTo(TEEN_PATTI_CATEGORY_COUNTS[6] / 22100, 12);
  });

  it('is met by a seeded simulation within a few standard errors', () => {
    const n = 40_000;
    const tally = new SimTally(2);
    for (let i = 0; i < n; i++) tally.add(simulateRound('theory', i, 2, STAKES), STAKES);
    const s = tally.snapshot();
    expect(s.rounds).toBe(n);
    expect(Object.values(s.handCategories).reduce((a, b) => a + b, 0)).toBe(2 * n);
    const t = teenPattiTheory();
    const figures = betFigures(s);
    for (const bet of TEEN_PATTI_BETS) {
      const f = figures[bet];
      expect(f.stdError).toBeGreaterThan(0);
      expect(Math.abs(f.rtp - t.bets[bet].rtp)).toBeLessThan(5 * f.stdError);
    }
    for (const [c, p] of Object.entries(t.handCategories)) {
      const observed = s.handCategories[Number(c) as 1] / (2 * n);
      expect(Math.abs(observed - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / (2 * n)) + 1e-9);
    }
  });
});
