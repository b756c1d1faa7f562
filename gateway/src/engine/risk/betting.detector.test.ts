import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_SETTINGS } from '@dms/shared/contracts/http/riskSettings';
import { RiskLevel } from '@dms/shared/domain/enums';
import type { RiskInput } from './detector.port';
import type { CrossbetFinding, RiskFinding } from './riskFinding';
import { createBettingDetector, createBettingDetectorWithSizes } from './betting.detector';
import {
  type CraftedBet,
  colluderBets,
  drawWinner,
  honestBet,
  opposite,
  ringBets,
  rng,
  round,
  side,
} from './betting.detector.testing';

function run(inputs: RiskInput[], settings = DEFAULT_RISK_SETTINGS): RiskFinding[] {
  const d = createBettingDetector(settings);
  return inputs.flatMap((i) => d.process(i));
}

function crossbets(f: RiskFinding[]): CrossbetFinding[] {
  return f.filter((x): x is CrossbetFinding => x.type === 'crossbet');
}

function raised(f: RiskFinding[]): RiskFinding[] {
  return f.filter((x) => x.change === 'raised');
}

function memberNames(f: CrossbetFinding): string[] {
  return f.members.map((m) => m.account).sort();
}

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
    const found = raised(crossbets(run(inputs))) as CrossbetFinding[];
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
    const d1 = createBettingDetector(DEFAULT_RISK_SETTINGS);
    const first = inputs.slice(0, 70).flatMap((i) => d1.process(i));
    const snap = JSON.parse(JSON.stringify(d1.snapshot())) as unknown;
    const d2 = createBettingDetector(DEFAULT_RISK_SETTINGS, snap);
    const rest = inputs.slice(70).flatMap((i) => d2.process(i));
    expect([...first, ...rest]).toEqual(whole);
    expect(whole.length).toBeGreaterThan(0);

    const strict = createBettingDetector(DEFAULT_RISK_SETTINGS);
    strict.configure({ ...DEFAULT_RISK_SETTINGS, amountTolerancePct: 0 });
    expect(crossbets(inputs.flatMap((i) => strict.process(i)))).toEqual([]);
  });
});

describe('risk detector: rings', () => {
  for (const size of [3, 5]) {
    it(`reports a ring of ${size} once, as one group with all its members, and none of its pairs`, () => {
      const members = Array.from({ length: size }, (_, i) => `ring${i}`);
      const inputs = table(10 + size, 250, (r) => (r() < 0.85 ? ringBets(r, members) : []));
      const found = crossbets(run(inputs));
      const raisedOnes = found.filter((f) => f.change === 'raised');
      expect(raisedOnes).toHaveLength(1);
      expect(raisedOnes[0]!.kind).toBe('ring');
      expect(memberNames(raisedOnes[0]!)).toEqual([...members].sort());
      expect(raisedOnes[0]!.rounds).toBeLessThanOrEqual(30);
      expect(new Set(found.map((f) => f.id)).size).toBe(1);
    });
  }
});

describe('risk detector: hard cases', () => {
  it('finds a ring of 3 that hops tables with two friends who always sit with it, and reports only the ring', () => {
    const r = rng(31);
    const ring = ['hop-a', 'hop-b', 'hop-c'];
    const inputs: RiskInput[] = [];
    for (let i = 0; i < 300; i++) {
      const tableId = `BAC-${Math.floor(i / 25) % 4}`;
      const bets: CraftedBet[] = [];
      for (let h = 0; h < 10; h++) if (r() < 0.7) bets.push(honestBet(r, `${tableId}-h${h}`));
      const here = r() < 0.8;
      if (here) {
        bets.push(...ringBets(r, ring));
        bets.push(honestBet(r, 'friend-1'), honestBet(r, 'friend-2'));
      }
      inputs.push(round(i, tableId, bets, drawWinner(r), 1_800_000_000_000 + i * 30_000));
    }
    const found = crossbets(run(inputs));
    const raisedOnes = found.filter((f) => f.change === 'raised');
    expect(raisedOnes.map((f) => [f.kind, memberNames(f)])).toEqual([['ring', [...ring].sort()]]);
    expect(raisedOnes[0]!.tables.length).toBeGreaterThan(1);
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
    const found = raised(crossbets(run(inputs))) as CrossbetFinding[];
    expect(found.map((f) => [f.kind, memberNames(f)])).toEqual([['pair', ['tp-a', 'tp-b']]]);
  });
});

describe('risk detector: expiry', () => {
  it('keeps its state bounded: accounts, pairs and rings expire after windowRounds / windowHours', () => {
    const settings = { ...DEFAULT_RISK_SETTINGS, windowRounds: 200, windowHours: 1 };
    const d = createBettingDetectorWithSizes(settings);
    const r = rng(7);
    let maxPairs = 0;
    for (let i = 0; i < 6000; i++) {
      const gen = Math.floor(i / 100);
      const bets: CraftedBet[] = [];
      for (let h = 0; h < 8; h++) bets.push(honestBet(r, `g${gen}-${h}`));
      d.process(round(i, `T${gen % 4}`, bets, drawWinner(r)));
      maxPairs = Math.max(maxPairs, d.sizes().pairs);
    }
    const sizes = d.sizes();
    expect(sizes.accounts).toBeLessThanOrEqual(8 * 13);
    expect(maxPairs).toBeLessThanOrEqual(28 * 13);
    expect(JSON.stringify(d.snapshot()).length).toBeLessThan(2_000_000);
  });
});
