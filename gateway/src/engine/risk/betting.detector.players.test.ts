import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_SETTINGS } from '@dms/shared/contracts/http/riskSettings';
import type { RiskInput } from './detector.port';
import type { PlayerFinding, ProviderFinding, RiskFinding } from './riskFinding';
import { createBettingDetector } from './betting.detector';
import { type CraftedBet, T0, drawWinner, rng, round, side, wallet } from './betting.detector.testing';

function run(inputs: RiskInput[]): RiskFinding[] {
  const d = createBettingDetector(DEFAULT_RISK_SETTINGS);
  return inputs.flatMap((i) => d.process(i));
}

const players = (f: RiskFinding[]): PlayerFinding[] =>
  f.filter((x): x is PlayerFinding => x.type === 'player');
const providers = (f: RiskFinding[]): ProviderFinding[] =>
  f.filter((x): x is ProviderFinding => x.type === 'provider');

/**
 * 4,000 honest high rollers on 100 tables (40 per table, 4 at a round), main bets with some Tie and pair
 * bets; `cheat` (if given) wins 62 % of its Player bets.
 */
function population(seed: number, roundsPerTable: number, cheat?: string): RiskInput[] {
  const r = rng(seed);
  const out: RiskInput[] = [];
  let i = 0;
  for (let k = 0; k < roundsPerTable; k++) {
    for (let t = 0; t < 100; t++) {
      const w = drawWinner(r);
      const bets: CraftedBet[] = [];
      const seats = new Set<number>();
      while (seats.size < 4) seats.add(Math.floor(r() * 40));
      for (const s of seats) {
        const account = `hr${t}-${s}`;
        const amount = 10_000 * (1 + Math.floor(r() * 100));
        const u = r();
        if (u < 0.05) bets.push({ account, betType: 'tie', amount });
        else if (u < 0.08)
          bets.push({ account, betType: 'banker_pair', amount, payout: r() < 0.0747 ? amount * 12 : 0 });
        else bets.push({ account, betType: side(r), amount });
      }
      if (cheat && t === 0) {
        const amount = 50_000;
        bets.push({ account: cheat, betType: 'player', amount, payout: r() < 0.62 ? amount * 2 : 0 });
      }
      out.push(round(i++, `T${t}`, bets, w, T0 + k * 30_000 + t));
    }
  }
  return out;
}

describe('risk detector: abnormal players', () => {
  it('flags no one of 4,000 honest high rollers (100 bets each, lucky ones included) but the one who wins 62 % of even bets', () => {
    const inputs = population(21, 1000, 'lucky-cheat');
    const d = createBettingDetector(DEFAULT_RISK_SETTINGS);
    const found = players(inputs.flatMap((i) => d.process(i)));
    const raised = found.filter((f) => f.change === 'raised');
    expect(raised.map((f) => f.account)).toEqual(['lucky-cheat']);
    expect(raised[0]!.kinds).toEqual(['win_rate']);
    expect(found.every((f) => f.account === 'lucky-cheat')).toBe(true);
  });

  it('flags bonuses withdrawn with little turnover, not bonuses played through', () => {
    const r = rng(5);
    const inputs: RiskInput[] = [
      wallet('transfer_in', 'abuser', 1_000_000, T0),
      wallet('transfer_in', 'fair', 1_000_000, T0),
      wallet('bonus', 'abuser', 200_000, T0 + 1000),
      wallet('bonus', 'fair', 200_000, T0 + 1000),
    ];
    for (let i = 0; i < 40; i++) {
      const bets: CraftedBet[] = [{ account: 'fair', betType: side(r), amount: 20_000 }];
      if (i < 5) bets.push({ account: 'abuser', betType: side(r), amount: 20_000 });
      inputs.push(round(i, 'BAC-1', bets, drawWinner(r), T0 + 10_000 + i * 30_000));
    }
    inputs.push(wallet('transfer_out', 'abuser', 150_000, T0 + 2_000_000));
    inputs.push(wallet('transfer_out', 'fair', 150_000, T0 + 2_000_000));
    const found = players(run(inputs));
    expect(found.map((f) => [f.account, f.kinds])).toEqual([['abuser', ['bonus']]]);
  });

  it('flags money moved in and out with little play, not a player who plays it', () => {
    const r = rng(6);
    const inputs: RiskInput[] = [
      wallet('transfer_in', 'mover', 5_000_000, T0),
      wallet('transfer_in', 'gambler', 5_000_000, T0),
    ];
    for (let i = 0; i < 40; i++) {
      const bets: CraftedBet[] = [{ account: 'gambler', betType: side(r), amount: 50_000 }];
      if (i < 3) bets.push({ account: 'mover', betType: side(r), amount: 20_000 });
      inputs.push(round(i, 'BAC-1', bets, drawWinner(r), T0 + 10_000 + i * 30_000));
    }
    inputs.push(wallet('transfer_out', 'mover', 4_900_000, T0 + 2_000_000));
    inputs.push(wallet('transfer_out', 'gambler', 4_900_000, T0 + 2_000_000));
    // Below minMovedAmount (1,000 major units = 100,000 minor): not considered.
    inputs.push(wallet('transfer_in', 'small', 90_000, T0 + 2_100_000));
    inputs.push(wallet('transfer_out', 'small', 90_000, T0 + 2_200_000));
    const found = players(run(inputs));
    expect(found.map((f) => [f.account, f.kinds])).toEqual([['mover', ['transfer']]]);
  });
});

describe('risk detector: abnormal providers', () => {
  it('flags a provider whose margin is many standard errors from the edge, and a sudden volume jump', () => {
    const r = rng(7);
    const inputs: RiskInput[] = [];
    let i = 0;
    // 12 hours of steady play for providers 7 (players win 60 % of even bets), 8 (honest) and 9 (volume jump in hour 11).
    for (let h = 0; h < 12; h++) {
      for (let k = 0; k < 200; k++) {
        const ts = T0 + h * 3_600_000 + k * 10_000;
        const w = drawWinner(r);
        const bets: CraftedBet[] = [
          {
            account: `p7-${k % 20}`,
            provider: 7,
            betType: 'player',
            amount: 10_000,
            payout: r() < 0.6 ? 20_000 : 0,
          },
          { account: `p8-${k % 20}`, provider: 8, betType: side(r), amount: 10_000 },
        ];
        const jump = h === 11 ? 10 : 1;
        for (let j = 0; j < jump; j++)
          bets.push({ account: `p9-${k % 20}-${j}`, provider: 9, betType: side(r), amount: 10_000 });
        inputs.push(round(i++, `T${k % 5}`, bets, w, ts));
      }
    }
    const found = providers(run(inputs));
    const raised = found.filter((f) => f.change === 'raised');
    expect(raised.map((f) => [f.provider, f.kinds])).toEqual([
      [7, ['margin']],
      [9, ['volume']],
    ]);
  });
});
