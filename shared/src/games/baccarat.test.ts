import { describe, expect, it } from 'vitest';
import type { BaccaratResult, CardSource } from './baccarat';
import {
  analyzeBaccarat,
  BACCARAT_BETS,
  BaccaratShoe,
  bankerDraws,
  cardPoints,
  handTotal,
  MAX_BACCARAT_STAKE,
  playRound,
  settleBet,
} from './baccarat';
import type { Card } from './cards';
import { parseCard, parseCards } from './cards';
import { createRng } from './rng';

/** A stacked deck dealing the given codes in order: Player, Banker, Player, Banker, then third cards. */
function stacked(codes: string): CardSource {
  const cards = parseCards(codes);
  let next = 0;
  return {
    draw: (): Card => {
      const card = cards[next++];
      if (card === undefined) throw new Error('stacked deck exhausted');
      return card;
    },
  };
}

describe('card values and totals', () => {
  it('counts Ace as 1, pips at face value and tens and pictures as 0', () => {
    expect(cardPoints(parseCard('Ah'))).toBe(1);
    expect(cardPoints(parseCard('9s'))).toBe(9);
    expect(['Td', 'Jc', 'Qh', 'Ks'].map((c) => cardPoints(parseCard(c)))).toEqual([0, 0, 0, 0]);
  });

  it('totals a hand modulo 10', () => {
    expect(handTotal(parseCards('7h 8d'))).toBe(5);
    expect(handTotal(parseCards('Kh 9d'))).toBe(9);
    expect(handTotal(parseCards('5h 5d Tc'))).toBe(0);
  });
});

describe('banker tableau', () => {
  it('draws on 0–5 and stands on 6–7 when the player stood', () => {
    for (let total = 0; total <= 7; total++) expect(bankerDraws(total, null)).toBe(total <= 5);
  });

  it('follows the standard chart when the player drew', () => {
    // Rows: banker total 0–7; columns: player's third card value 0–9; 1 = draw.
    const chart: Record<number, string> = {
      0: '1111111111',
      1: '1111111111',
      2: '1111111111',
      3: '1111111101',
      4: '0011111100',
      5: '0000111100',
      6: '0000001100',
      7: '0000000000',
    };
    for (let total = 0; total <= 7; total++) {
      const row = Array.from({ length: 10 }, (_, third) => (bankerDraws(total, third) ? '1' : '0')).join('');
      expect(row).toBe(chart[total]);
    }
  });
});

describe('playRound', () => {
  it('ends on a natural without third cards', () => {
    const round = playRound(stacked('4h 7d 4s Kc'));
    expect(round.player).toEqual(parseCards('4h 4s'));
    expect(round.banker).toEqual(parseCards('7d Kc'));
    expect(round).toMatchObject({ playerTotal: 8, bankerTotal: 7, winner: 'player', natural: true });
  });

  it('lets the player stand on 6 and the banker draw on 5', () => {
    const round = playRound(stacked('6h 2d Ks 3c 4h'));
    expect(round.player).toHaveLength(2);
    expect(round.banker).toEqual(parseCards('2d 3c 4h'));
    expect(round).toMatchObject({ playerTotal: 6, bankerTotal: 9, winner: 'banker', natural: false });
  });

  it('has the banker on 3 stand when the player drew an 8', () => {
    const round = playRound(stacked('2h Ad 3s 2c 8h'));
    expect(round.player).toEqual(parseCards('2h 3s 8h'));
    expect(round.banker).toHaveLength(2);
    expect(round).toMatchObject({ playerTotal: 3, bankerTotal: 3, winner: 'tie' });
  });

  it('has the banker on 6 draw when the player drew a 7', () => {
    const round = playRound(stacked('Th 3d 2s 3c 7h 5d'));
    expect(round.player).toEqual(parseCards('Th 2s 7h'));
    expect(round.banker).toEqual(parseCards('3d 3c 5d'));
    expect(round).toMatchObject({ playerTotal: 9, bankerTotal: 1, winner: 'player' });
  });

  it('calls a pair by rank, not by value', () => {
    expect(playRound(stacked('Kh 4d Ks 4c'))).toMatchObject({ playerPair: true, bankerPair: true });
    expect(playRound(stacked('Kh 4d Qs 4c'))).toMatchObject({ playerPair: false, bankerPair: true });
  });
});

describe('settleBet', () => {
  const result = (winner: BaccaratResult['winner'], pairs = false): BaccaratResult => ({
    winner,
    playerPair: pairs,
    bankerPair: pairs,
  });

  it('pays the player bet 1:1 and returns it on a tie', () => {
    expect(settleBet('player', 1000, result('player'))).toBe(2000);
    expect(settleBet('player', 1000, result('tie'))).toBe(1000);
    expect(settleBet('player', 1000, result('banker'))).toBe(0);
  });

  it('pays the banker bet 1:1 less 5 % commission, floored to whole minor units', () => {
    expect(settleBet('banker', 1000, result('banker'))).toBe(1950);
    expect(settleBet('banker', 10, result('banker'))).toBe(19);
    expect(settleBet('banker', 15, result('banker'))).toBe(29); // 14.25 winnings floor to 14
    expect(settleBet('banker', 1, result('banker'))).toBe(1);
    expect(settleBet('banker', 1000, result('tie'))).toBe(1000);
    expect(settleBet('banker', 1000, result('player'))).toBe(0);
  });

  it('pays tie 8:1 and pairs 11:1', () => {
    expect(settleBet('tie', 100, result('tie'))).toBe(900);
    expect(settleBet('tie', 100, result('banker'))).toBe(0);
    expect(settleBet('playerPair', 100, result('banker', true))).toBe(1200);
    expect(settleBet('bankerPair', 100, { winner: 'tie', playerPair: true, bankerPair: false })).toBe(0);
  });

  it('refuses stakes that are not whole minor units in range', () => {
    expect(() => settleBet('player', 10.5, result('player'))).toThrow(RangeError);
    expect(() => settleBet('player', -1, result('player'))).toThrow(RangeError);
    expect(() => settleBet('banker', MAX_BACCARAT_STAKE + 1, result('banker'))).toThrow(RangeError);
    expect(settleBet('banker', MAX_BACCARAT_STAKE, result('banker'))).toBe(
      MAX_BACCARAT_STAKE + Math.floor((MAX_BACCARAT_STAKE * 19) / 20),
    );
  });
});

describe('BaccaratShoe', () => {
  it('holds 8 decks with the cut card a sixth from the end by default', () => {
    const shoe = new BaccaratShoe(createRng(1));
    expect(shoe.decks).toBe(8);
    expect(shoe.remaining).toBe(416);
    expect(shoe.cutCardFromEnd).toBe(69);
    expect(shoe.shoeNumber).toBe(1);
  });

  it('finishes the round in which the cut card comes out, then reshuffles', () => {
    const shoe = new BaccaratShoe(createRng(2), { cutCardFromEnd: 60 });
    let round = shoe.dealRound();
    const seen: Card[] = [...round.player, ...round.banker];
    while (round.shoeNumber === 1) {
      expect(shoe.remaining).toBeGreaterThanOrEqual(60 - 6);
      round = shoe.dealRound();
      if (round.shoeNumber === 1) seen.push(...round.player, ...round.banker);
    }
    expect(round.roundInShoe).toBe(1);
    expect(seen.length).toBeGreaterThanOrEqual(416 - 60);
    expect(seen.length).toBeLessThan(416 - 60 + 6);
  });

  it('deals the same rounds from the same seed', () => {
    const a = new BaccaratShoe(createRng('same'));
    const b = new BaccaratShoe(createRng('same'));
    for (let i = 0; i < 100; i++) expect(a.dealRound()).toEqual(b.dealRound());
  });

  it('burns as many cards as the first card shows, pictures and tens counting 10', () => {
    for (let seed = 0; seed < 30; seed++) {
      const shoe = new BaccaratShoe(createRng(seed), { burn: true });
      const [shown] = shoe.burned;
      const rank = (shown ?? 0) & 15;
      expect(shoe.burned).toHaveLength(1 + (rank >= 10 ? 10 : rank));
      expect(shoe.remaining).toBe(416 - shoe.burned.length);
    }
  });

  it('refuses a cut card too close to the end or a bad deck count', () => {
    expect(() => new BaccaratShoe(createRng(0), { cutCardFromEnd: 5 })).toThrow(RangeError);
    expect(() => new BaccaratShoe(createRng(0), { decks: 0 })).toThrow(RangeError);
    expect(() => new BaccaratShoe(createRng(0), { decks: 1, cutCardFromEnd: 40 })).toThrow(RangeError);
  });
});

const exact = analyzeBaccarat();

describe('analyzeBaccarat', () => {
  it('counts the published 8-deck sequences exactly', () => {
    expect(exact.counts).toEqual({
      banker: 2_292_252_566_437_888n,
      player: 2_230_518_282_592_256n,
      tie: 475_627_426_473_216n,
      total: 4_998_398_275_503_360n,
    });
  });

  it('gives the published 8-deck probabilities and house edges', () => {
    expect(exact.probabilities.banker).toBeCloseTo(0.458597, 6);
    expect(exact.probabilities.player).toBeCloseTo(0.446247, 6);
    expect(exact.probabilities.tie).toBeCloseTo(0.095156, 6);
    expect(exact.houseEdge.banker * 100).toBeCloseTo(1.0579, 4);
    expect(exact.houseEdge.player * 100).toBeCloseTo(1.2351, 4);
    expect(exact.houseEdge.tie * 100).toBeCloseTo(14.3596, 4);
    expect(exact.pairProbability).toBeCloseTo(0.074699, 6);
    expect(exact.houseEdge.playerPair * 100).toBeCloseTo(10.3614, 4);
    expect(exact.houseEdge.bankerPair).toBe(exact.houseEdge.playerPair);
  });

  it('gives the published 6-deck odds for a 6-deck composition', () => {
    const six = analyzeBaccarat(new Array<number>(13).fill(24));
    expect(six.probabilities.banker).toBeCloseTo(0.458653, 6);
    expect(six.probabilities.player).toBeCloseTo(0.446279, 6);
    expect(six.probabilities.tie).toBeCloseTo(0.095069, 6);
    expect(six.counts.banker + six.counts.player + six.counts.tie).toBe(six.counts.total);
  });

  it('refuses a malformed composition', () => {
    expect(() => analyzeBaccarat([1, 2, 3])).toThrow(RangeError);
    expect(() => analyzeBaccarat(new Array<number>(13).fill(0))).toThrow(RangeError);
  });
});

describe('seeded simulation', () => {
  it('matches the exact odds and house edges within statistical tolerance over 200k rounds', () => {
    const rounds = 200_000;
    const stake = 10_000; // 100.00, so the commission floors nothing away
    const shoe = new BaccaratShoe(createRng('baccarat-200k'));
    const wins = { banker: 0, player: 0, tie: 0 };
    let playerPairs = 0;
    let bankerPairs = 0;
    const net = Object.fromEntries(BACCARAT_BETS.map((bet) => [bet, 0])) as Record<
      (typeof BACCARAT_BETS)[number],
      number
    >;
    for (let i = 0; i < rounds; i++) {
      const round = shoe.dealRound();
      wins[round.winner]++;
      if (round.playerPair) playerPairs++;
      if (round.bankerPair) bankerPairs++;
      for (const bet of BACCARAT_BETS) net[bet] += settleBet(bet, stake, round) - stake;
    }
    const within = (observed: number, p: number, sd: number): void => {
      expect(Math.abs(observed - p)).toBeLessThan(5 * sd);
    };
    const sdOf = (p: number) => Math.sqrt((p * (1 - p)) / rounds);
    for (const outcome of ['banker', 'player', 'tie'] as const) {
      const p = exact.probabilities[outcome];
      within(wins[outcome] / rounds, p, sdOf(p));
    }
    within(playerPairs / rounds, exact.pairProbability, sdOf(exact.pairProbability));
    within(bankerPairs / rounds, exact.pairProbability, sdOf(exact.pairProbability));
    // Standard deviation of one unit bet: about 0.93 for Banker/Player, 2.64 for Tie, 3.16 for pairs.
    const sdPerBet = { banker: 0.94, player: 0.96, tie: 2.7, bankerPair: 3.2, playerPair: 3.2 };
    for (const bet of BACCARAT_BETS) {
      within(-net[bet] / stake / rounds, exact.houseEdge[bet], sdPerBet[bet] / Math.sqrt(rounds));
    }
  });
});
