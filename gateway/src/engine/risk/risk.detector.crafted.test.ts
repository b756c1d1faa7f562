import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_SETTINGS } from '@dms/shared/contracts/http/riskSettings';
import { RiskLevel } from '@dms/shared/domain/enums';
import type { RiskInput } from './detector.port';
import type { CrossbetFinding, PlayerFinding, ProviderFinding, RiskFinding } from './riskFinding';
import { createRiskDetector } from './risk.detector';
import {
  type CraftedBet,
  T0,
  colluderBets,
  drawWinner,
  honestBet,
  opposite,
  rng,
  round,
  side,
  wallet,
} from './risk.detector.crafted';

/**
 * Crafted cases beside the synthetic platform of risk.detector.test.ts: each honest look-alike on its own,
 * near misses, a Teen Patti pair, settings applied at once, and the bonus, transfer and provider tests.
 */

function run(inputs: RiskInput[], settings = DEFAULT_RISK_SETTINGS): RiskFinding[] {
  const d = createRiskDetector(settings);
  return inputs.flatMap((i) => d.process(i));
}

function crossbets(f: RiskFinding[]): CrossbetFinding[] {
  return f.filter((x): x is CrossbetFinding => x.type === 'crossbet');
}

function raised<T extends RiskFinding>(f: T[]): T[] {
  return f.filter((x) => x.change === 'raised');
}

function memberNames(f: CrossbetFinding): string[] {
  return f.members.map((m) => m.account).sort();
}

const players = (f: RiskFinding[]): PlayerFinding[] =>
  f.filter((x): x is PlayerFinding => x.type === 'player');
const providers = (f: RiskFinding[]): ProviderFinding[] =>
  f.filter((x): x is ProviderFinding => x.type === 'provider');

/** A busy table of honest chip bettors with extra bets per round. */
function table(
  seed: number,
  rounds: number,
  extra: (r: () => number, i: number) => CraftedBet[],
  honest = 12,
  tableId = 'BAC-1',
): RiskInput[] {
  const r = rng(seed);
  const out: RiskInput[] = [];
  for (let i = 0; i < rounds; i++) {
    const bets: CraftedBet[] = [];
    for (let h = 0; h < honest; h++) if (r() < 0.8) bets.push(honestBet(r, `h${h}`));
    bets.push(...extra(r, i));
    out.push(round(i, tableId, bets, drawWinner(r)));
  }
  return out;
}

describe('risk detector: cross-bet pairs', () => {
  it('catches a colluding pair (different providers, unequal stakes within tolerance, skipped rounds) among equal-chip bettors', () => {
    const inputs = table(1, 200, (r) => (r() < 0.8 ? colluderBets(r, 'ca', 'cb', 0.08) : []));
    const found = raised(crossbets(run(inputs)));
    expect(found).toHaveLength(1);
    const f = found[0]!;
    expect(f.kind).toBe('pair');
    expect(memberNames(f)).toEqual(['ca', 'cb']);
    expect(f.members.map((m) => m.provider).sort()).toEqual([1, 2]);
    expect(f.rounds).toBeGreaterThanOrEqual(DEFAULT_RISK_SETTINGS.minSharedRounds);
    expect(f.rounds).toBeLessThanOrEqual(30);
    expect(f.evidenceRounds.length).toBe(f.rounds);
    expect(f.level).toBeGreaterThanOrEqual(RiskLevel.Abnormal);
  });

  it('does not flag near misses: opposite every round but stakes 11–20 % apart (tolerance 10 %)', () => {
    const inputs = table(2, 300, (r) => {
      const s = side(r);
      const a = 1000 + Math.floor(r() * 40) * 500;
      return [
        { account: 'na', betType: s, amount: a },
        { account: 'nb', betType: opposite(s), amount: Math.round(a * (1.125 + r() * 0.08)) },
      ];
    });
    expect(crossbets(run(inputs))).toEqual([]);
  });

  it('does not flag honest look-alikes: always-Banker vs always-Player, streak vs chop followers, equal-chip busy tables', () => {
    const r = rng(3);
    const inputs: RiskInput[] = [];
    let last: 'banker' | 'player' = 'banker';
    for (let i = 0; i < 600; i++) {
      const bets: CraftedBet[] = [
        { account: 'always-b', betType: 'banker', amount: 1000 },
        { account: 'always-p', betType: 'player', amount: 1000 },
        { account: 'streak', betType: last, amount: 500 },
        { account: 'chop', betType: opposite(last), amount: 500 },
      ];
      for (let h = 0; h < 20; h++) bets.push(honestBet(r, `eq${h}`, [100]));
      const w = drawWinner(r);
      inputs.push(round(i, 'BAC-9', bets, w));
      if (w !== 'tie') last = w;
    }
    expect(crossbets(run(inputs))).toEqual([]);
  });

  it('continues from a JSON snapshot with identical outputs, and applies new settings at once', () => {
    const inputs = table(4, 160, (r) => (r() < 0.8 ? colluderBets(r, 'ca', 'cb', 0.08) : []));
    const whole = run(inputs);
    const d1 = createRiskDetector(DEFAULT_RISK_SETTINGS);
    const first = inputs.slice(0, 70).flatMap((i) => d1.process(i));
    const snap = JSON.parse(JSON.stringify(d1.snapshot())) as unknown;
    const d2 = createRiskDetector(DEFAULT_RISK_SETTINGS, snap);
    const rest = inputs.slice(70).flatMap((i) => d2.process(i));
    expect([...first, ...rest]).toEqual(whole);
    expect(whole.length).toBeGreaterThan(0);

    const strict = createRiskDetector(DEFAULT_RISK_SETTINGS);
    strict.configure({ ...DEFAULT_RISK_SETTINGS, amountTolerancePct: 0 });
    expect(crossbets(inputs.flatMap((i) => strict.process(i)))).toEqual([]);
  });
  it('catches a Teen Patti pair (hand A against hand B)', () => {
    const inputs = table(32, 200, (r) => {
      if (r() >= 0.8) return [];
      return colluderBets(r, 'tp-a', 'tp-b', 0.05).map((b) => ({
        ...b,
        betType: b.betType === 'banker' ? 'player_a' : 'player_b',
        payout: 0,
      }));
    });
    for (const i of inputs) {
      if (i.type !== 'round') continue;
      i.round.gameId = 2;
      for (const b of i.round.bets) {
        if (b.betType === 'banker') b.betType = 'player_a';
        else if (b.betType === 'player') b.betType = 'player_b';
      }
    }
    const found = raised(crossbets(run(inputs)));
    expect(found.map((f) => [f.kind, memberNames(f)])).toEqual([['pair', ['tp-a', 'tp-b']]]);
  });
});

describe('risk detector: abnormal players and providers', () => {
  it('flags bonuses taken out again with little turnover; not bonuses played through, nor a bonus lost', () => {
    const r = rng(5);
    const inputs: RiskInput[] = [];
    let i = 0;
    // Two cycles: deposit 10,000.00 and a 2,000.00 bonus; the abuser plays 5 rounds and takes 11,500.00 out,
    // the fair player wagers the bonus through (40 rounds) and takes as much out; the loser plays 5 rounds,
    // loses most of it and takes out what is left (3,000.00).
    for (let c = 0; c < 2; c++) {
      const t = T0 + c * 10_000_000;
      for (const who of ['abuser', 'fair', 'loser']) {
        inputs.push(wallet('transfer_in', who, 1_000_000, t));
        inputs.push(wallet('bonus', who, 200_000, t + 1000));
      }
      for (let k = 0; k < 40; k++) {
        const bets: CraftedBet[] = [{ account: 'fair', betType: side(r), amount: 20_000 }];
        if (k < 5) bets.push({ account: 'abuser', betType: side(r), amount: 20_000 });
        if (k < 5) bets.push({ account: 'loser', betType: side(r), amount: 20_000 });
        inputs.push(round(i++, 'BAC-1', bets, drawWinner(r), t + 10_000 + k * 30_000));
      }
      for (const who of ['abuser', 'fair'])
        inputs.push(wallet('transfer_out', who, 1_150_000, t + 2_000_000));
      inputs.push(wallet('transfer_out', 'loser', 300_000, t + 2_000_000));
    }
    const found = raised(players(run(inputs)));
    expect(found.map((f) => [f.account, f.kinds])).toEqual([['abuser', ['bonus']]]);
  });

  it('flags money moved in and out with little play, again and again; not a player who plays it, nor one quick exit', () => {
    const r = rng(6);
    const inputs: RiskInput[] = [];
    let i = 0;
    for (let c = 0; c < 2; c++) {
      const t = T0 + c * 10_000_000;
      for (const who of ['mover', 'gambler', ...(c === 0 ? ['quitter'] : [])])
        inputs.push(wallet('transfer_in', who, 5_000_000, t));
      for (let k = 0; k < 40; k++) {
        const bets: CraftedBet[] = [{ account: 'gambler', betType: side(r), amount: 50_000 }];
        if (k < 3) bets.push({ account: 'mover', betType: side(r), amount: 20_000 });
        if (k < 3 && c === 0) bets.push({ account: 'quitter', betType: side(r), amount: 20_000 });
        inputs.push(round(i++, 'BAC-1', bets, drawWinner(r), t + 10_000 + k * 30_000));
      }
      for (const who of ['mover', 'gambler', ...(c === 0 ? ['quitter'] : [])])
        inputs.push(wallet('transfer_out', who, 4_900_000, t + 2_000_000));
    }
    // Below minMovedAmount (1,000 major units = 100,000 minor): not considered, however often.
    for (let c = 0; c < 3; c++) {
      inputs.push(wallet('transfer_in', 'small', 90_000, T0 + 30_000_000 + c * 1000));
      inputs.push(wallet('transfer_out', 'small', 90_000, T0 + 30_000_500 + c * 1000));
    }
    const found = raised(players(run(inputs)));
    expect(found.map((f) => [f.account, f.kinds])).toEqual([['mover', ['transfer']]]);
  });

  it('flags a money mover at once when the play is next to nothing', () => {
    const inputs: RiskInput[] = [
      wallet('transfer_in', 'mover', 5_000_000, T0),
      wallet('transfer_out', 'mover', 4_990_000, T0 + 600_000),
    ];
    const found = raised(players(run(inputs)));
    expect(found.map((f) => [f.account, f.kinds])).toEqual([['mover', ['transfer']]]);
  });

  it('flags a provider whose margin is many standard errors from the edge, and a sudden volume jump', () => {
    const r = rng(7);
    const inputs: RiskInput[] = [];
    let i = 0;
    // 30 hours of steady play for providers 7 (players win 60 % of even bets), 8 (honest) and 9 (in hour 27, ten
    // times the accounts and the bets of the same hour the day before).
    for (let h = 0; h < 30; h++) {
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
        const jump = h === 27 ? 10 : 1;
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
