import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_SETTINGS } from '@dms/shared/contracts/http/riskSettings';
import { RiskLevel } from '@dms/shared/domain/enums';
import type { RiskInput, SettledBet, SettledRound } from './detector.port';
import {
  ACCOUNTS_SLACK,
  EXPIRE_SLICES_A_WALK,
  MAX_ACCOUNTS,
  createRiskDetector,
  selectKth,
} from './risk.detector';
import { seeded } from './riskBacktest';
import { LazyRecordMap, readSnapshotPieces, whenLoaded, writeSnapshotPieces } from './snapshotPieces';
import { RecordMap } from './recordMap';
import type { RiskFinding } from './riskFinding';
import { syntheticPlatform } from './risk.platform.fixture';

const raised = (inputs: RiskInput[], settings = DEFAULT_RISK_SETTINGS) => {
  const d = createRiskDetector(settings);
  const out: RiskFinding[] = [];
  for (const i of inputs) out.push(...d.process(i).filter((f) => f.change === 'raised'));
  return out;
};
const label = (f: RiskFinding) =>
  f.type === 'crossbet'
    ? `${f.kind}:${f.members
        .map((m) => `${m.provider}:${m.account}`)
        .sort()
        .join('+')}`
    : f.type === 'player'
      ? `player:${f.provider}:${f.account}:${f.kinds.join(',')}`
      : `provider:${f.provider}`;

describe('risk detector on a labelled platform with every honest look-alike', () => {
  for (const seed of [11, 12]) {
    it(`finds every pair, ring, cheater and bonus abuser, and no honest player (seed ${seed})`, () => {
      const { inputs, truth } = syntheticPlatform({
        seed,
        tables: 10,
        rounds: 260,
        honest: 500,
        pairs: 3,
        rings: 3,
      });
      const found = raised(inputs).map(label).sort();
      const expected = [
        ...truth.pairs.map((p) => `pair:${[...p].sort().join('+')}`),
        ...truth.rings.map((r) => `ring:${[...r].sort().join('+')}`),
        ...truth.cheaters.map((c) => `player:${c}:win_rate`),
        ...truth.bonusAbusers.map((c) => `player:${c}:bonus`),
      ].sort();
      expect(found).toEqual(expected);
    }, 120_000);
  }
});

/** A deterministic road drawn at random (mulberry32 of the round): Banker 46 %, Player 45 %, Tie 9 %. */
function winnerOf(i: number): string {
  let t = (i + 1) * 0x6d2b79f5;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return u < 0.46 ? 'banker' : u < 0.91 ? 'player' : 'tie';
}

/** What a bet returns on `winner` (baccarat: Banker pays 0.95, a tie pushes Banker and Player). */
function settle(betType: string, amount: number, winner: string): number {
  if (betType === 'tie') return winner === 'tie' ? amount * 9 : 0;
  if (winner === 'tie') return amount;
  if (betType !== winner) return 0;
  return betType === 'banker' ? Math.round(amount * 1.95) : amount * 2;
}

/** One round of `gameId` 1 on `table` with these bets (payouts as given). */
function round(
  i: number,
  bets: [string, string, number, number?][],
  table = 'T1',
  winner = winnerOf(i),
): RiskInput {
  const r: SettledRound = {
    seq: i,
    roundId: `r${i}`,
    gameId: 1,
    tableId: table,
    shoeId: 's',
    provider: 1001,
    startedAt: i * 30_000,
    settledAt: i * 30_000 + 20_000,
    result: { winner },
    bets: bets.map(([account, betType, amount, payout], j): SettledBet => ({
      id: `b${i}-${j}`,
      provider: 1001,
      currency: 'CNY',
      account,
      playerId: 0,
      betType,
      amount,
      payout: payout ?? settle(betType, amount, winner),
      ts: i * 30_000,
    })),
  };
  return { type: 'round', round: r };
}

describe('honest look-alikes and near misses', () => {
  it('does not flag an always-Banker and an always-Player flat bettor of the same chip, however long', () => {
    const inputs = Array.from({ length: 400 }, (_, i) =>
      round(i, [
        ['alwaysB', 'banker', 1000],
        ['alwaysP', 'player', 1000],
      ]),
    );
    expect(raised(inputs)).toEqual([]);
  });

  it('does not flag a streak follower against a chop player (opposite every round by their own rules)', () => {
    let last = 'banker';
    const inputs = Array.from({ length: 400 }, (_, i) => {
      const winner = winnerOf(i) === 'tie' ? 'banker' : winnerOf(i);
      const streak = last;
      const chop = last === 'banker' ? 'player' : 'banker';
      last = winner;
      return round(
        i,
        [
          ['streak', streak, 1000 * (1 + (i % 5))],
          ['chop', chop, 1000 * (1 + ((i * 3) % 5))],
        ],
        'T1',
        winner,
      );
    });
    expect(raised(inputs)).toEqual([]);
  });

  it('flags a pair whose stakes match within the tolerance, and not the same pair 20 % apart', () => {
    const colluding = Array.from({ length: 120 }, (_, i) => {
      const side = (i * 31) % 7 < 3 ? 'banker' : 'player';
      const other = side === 'banker' ? 'player' : 'banker';
      const stake = 1000 * (1 + ((i * 17) % 9));
      return round(i, [
        ['a', side, stake],
        ['b', other, Math.round(stake * 1.05)],
        ['x', 'banker', 2000 * (1 + (i % 3))],
      ]);
    });
    expect(raised(colluding).map(label)).toEqual(['pair:1001:a+1001:b']);
    const apart = colluding.map((r) => {
      if (r.type !== 'round') return r;
      const bets = r.round.bets.map((b) =>
        b.account === 'b' ? { ...b, amount: Math.round(b.amount * 1.2) } : b,
      );
      return { type: 'round' as const, round: { ...r.round, bets } };
    });
    expect(raised(apart).map(label)).toEqual([]);
  });

  it('does not flag any of 4,000 honest high rollers for winnings (the luckiest included)', () => {
    let x = 7;
    const rand = () => (x = (x * 48271) % 2147483647) / 2147483647;
    const inputs: RiskInput[] = [];
    // About 40,000 bets, ten per player, over 1,600 rounds of about 25 players each (what is tested is the
    // players' results; the pairs of a 200-player round would only cost time).
    for (let i = 0; i < 1600; i++) {
      const u = rand();
      const winner = u < 0.4586 ? 'banker' : u < 0.9048 ? 'player' : 'tie';
      const bets: [string, string, number, number?][] = [];
      for (let p = Math.floor(rand() * 160); p < 4000; p += 1 + Math.floor(rand() * 320)) {
        const type = rand() < 0.1 ? 'tie' : rand() < 0.5 ? 'banker' : 'player';
        const amount = 100_000;
        const payout =
          type === 'tie'
            ? winner === 'tie'
              ? amount * 9
              : 0
            : winner === 'tie'
              ? amount
              : type === winner
                ? type === 'banker'
                  ? amount * 1.95
                  : amount * 2
                : 0;
        bets.push([`hr${p}`, type, amount, payout]);
      }
      inputs.push(round(i, bets, `T${i % 8}`, winner));
    }
    expect(
      new Set(inputs.flatMap((i) => (i.type === 'round' ? i.round.bets.map((b) => b.account) : []))).size,
    ).toBeGreaterThan(3900);
    expect(raised(inputs).filter((f) => f.type === 'player')).toEqual([]);
  }, 120_000);
});

describe('state', () => {
  it('selects the k-th smallest score as a sort would, with ties, runs and every k', () => {
    let x = 7;
    const rand = () => ((x = (x * 48271) % 2147483647), x / 2147483647);
    const cases: number[][] = [
      [5],
      [2, 2, 2, 2],
      [1, 2, 3, 4, 5, 6, 7],
      [7, 6, 5, 4, 3, 2, 1],
      [-5, 3.5, -5, 0, 3.5, 12, -5, 0.1],
    ];
    for (let n = 0; n < 60; n++)
      cases.push(Array.from({ length: 1 + Math.floor(rand() * 300) }, () => Math.round(rand() * 20) / 4 - 2));
    for (const xs of cases) {
      const sorted = [...xs].sort((a, b) => a - b);
      for (let k = 0; k < xs.length; k++) expect(selectKth(Float64Array.from(xs), k)).toBe(sorted[k]);
    }
  });

  /**
   * A platform's inputs and outputs of one detector run whole, and the state of another stopped at the input
   * `cutOf` picks: its outputs so far, its state as JSON and stored in pieces, the inputs left.
   */
  const stoppedAt = async (
    platform: Parameters<typeof syntheticPlatform>[0],
    cutOf: (inputs: RiskInput[]) => number,
  ) => {
    const { inputs } = syntheticPlatform(platform);
    const whole = createRiskDetector(DEFAULT_RISK_SETTINGS);
    const all = inputs.flatMap((i) => whole.process(i));
    const first = createRiskDetector(DEFAULT_RISK_SETTINGS);
    const cut = cutOf(inputs);
    const before = inputs.slice(0, cut).flatMap((i) => first.process(i));
    const json = JSON.stringify(first.snapshot());
    const pieces = (await writeSnapshotPieces(first.snapshot(), slices))!;
    return { whole, all, before, json, pieces, left: inputs.slice(cut) };
  };
  const slices = { sliceMs: 50, pause: async () => {} };

  it('a detector restored from a snapshot (one JSON text, or stored in pieces) gives the outputs the original gives', async () => {
    const { whole, all, before, json, pieces, left } = await stoppedAt(
      { seed: 5, tables: 6, rounds: 160, honest: 200, pairs: 2, rings: 1 },
      (inputs) => Math.floor(inputs.length / 2),
    );
    // Field names once a block, the summaries of its accounts and pairs beside them.
    expect(pieces.length).toBeLessThan(json.length * 0.85);
    // Read back from JSON; from pieces with its records read only as the detector asks for them; from pieces
    // with the rest read behind, a slice between inputs.
    for (const how of ['json', 'asked', 'behind'] as const) {
      const stored =
        how === 'json' ? (JSON.parse(json) as unknown) : await readSnapshotPieces(pieces, slices);
      const waiting: (() => void)[] = [];
      const loading =
        how === 'behind'
          ? whenLoaded(stored, { sliceMs: 0, pause: () => new Promise<void>((r) => waiting.push(r)) })
          : Promise.resolve();
      const restored = createRiskDetector(DEFAULT_RISK_SETTINGS, stored);
      const after: unknown[] = [];
      for (const input of left) {
        after.push(...restored.process(input));
        if (how === 'behind') {
          waiting.shift()?.();
          await new Promise((r) => setImmediate(r));
        }
      }
      if (how !== 'json') {
        const accounts = (stored as { accounts: LazyRecordMap<unknown> }).accounts;
        expect(accounts).toBeInstanceOf(LazyRecordMap);
        expect(accounts.loaded).toBe(how === 'behind');
      }
      await loading;
      expect([...before, ...after]).toEqual(all);
      expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(whole.snapshot()));
    }
    expect(all.some((f) => f.type === 'crossbet')).toBe(true);
  }, 120_000);

  it('writes a snapshot while it goes on: the text is the state at its start, and the outputs and the state go on as without it', async () => {
    // The cut at the 150th round of 200 of each table: the thousandth round of all (an expire, which walks
    // the maps and deletes) comes while the snapshot is written.
    const { whole, all, before, pieces, left } = await stoppedAt(
      { seed: 9, tables: 6, rounds: 200, honest: 150, pairs: 1, rings: 1 },
      (inputs) => inputs.findIndex((i) => i.type === 'round' && i.round.roundId.startsWith('R150-')),
    );
    const d = createRiskDetector(DEFAULT_RISK_SETTINGS);
    const { inputs } = syntheticPlatform({
      seed: 9,
      tables: 6,
      rounds: 200,
      honest: 150,
      pairs: 1,
      rings: 1,
    });
    for (const input of inputs.slice(0, inputs.length - left.length)) d.process(input);
    const after: unknown[] = [];
    let at = 0;
    const writing = writeSnapshotPieces(d.snapshot(), {
      sliceMs: 0,
      pause: async () => {
        // Between two slices of the writing, the detector goes on with the next inputs.
        for (const input of left.slice(at, at + 20)) after.push(...d.process(input));
        at = Math.min(at + 20, left.length);
      },
    });
    expect(await writing).toBe(pieces);
    // The thousandth round (the 100th after the cut) was processed while the snapshot was written.
    const during = left.slice(0, at).filter((i) => i.type === 'round').length;
    for (const input of left.slice(at)) after.push(...d.process(input));
    expect(during).toBeGreaterThan(100);
    expect([...before, ...after]).toEqual(all);
    expect(JSON.stringify(d.snapshot())).toBe(JSON.stringify(whole.snapshot()));
  }, 120_000);

  it('expires a restored state before reading it back: the walk goes by the summaries stored beside the keys', async () => {
    // 1,200 rounds: the thousandth ends with an expire, which walks the accounts and pairs.
    const { all, before, pieces, left, whole } = await stoppedAt(
      { seed: 9, tables: 6, rounds: 200, honest: 150, pairs: 1, rings: 1 },
      (inputs) => inputs.findIndex((i) => i.type === 'round' && i.round.roundId.startsWith('R150-')),
    );
    const stored = await readSnapshotPieces(pieces, slices);
    const restored = createRiskDetector(DEFAULT_RISK_SETTINGS, stored);
    const after: unknown[] = [];
    let walks = 0;
    for (const input of left) {
      if (restored.walksState?.(input)) walks += 1;
      after.push(...restored.process(input));
    }
    const { accounts, pairs } = stored as { accounts: LazyRecordMap<unknown>; pairs: LazyRecordMap<unknown> };
    expect(walks).toBe(0);
    expect(accounts.loaded || pairs.loaded).toBe(false);
    expect(accounts.readAtOnce + pairs.readAtOnce).toBe(0);
    expect(accounts.readAsked).toBeGreaterThan(0);
    expect([...before, ...after]).toEqual(all);
    // The expire forgot what the uninterrupted one forgot (the snapshot walks the maps: it reads the rest).
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(whole.snapshot()));
  }, 120_000);

  it('says beforehand which inputs walk a restored state stored without summaries, which waits for it whole', async () => {
    const { all, before, pieces, left } = await stoppedAt(
      { seed: 9, tables: 6, rounds: 200, honest: 150, pairs: 1, rings: 1 },
      (inputs) => inputs.findIndex((i) => i.type === 'round' && i.round.roundId.startsWith('R150-')),
    );
    // The same state written by maps with no summary (a snapshot stored before them).
    const plain = JSON.parse(JSON.stringify(await readSnapshotPieces(pieces, slices))) as Record<
      string,
      unknown
    >;
    const old = (await writeSnapshotPieces(
      {
        ...plain,
        accounts: RecordMap.from(plain.accounts as Record<string, unknown>),
        pairs: RecordMap.from(plain.pairs as Record<string, unknown>),
      },
      slices,
    ))!;
    expect(old.length).toBeLessThan(pieces.length);
    const stored = await readSnapshotPieces(old, slices);
    const restored = createRiskDetector(DEFAULT_RISK_SETTINGS, stored);
    const after: unknown[] = [];
    let walks = 0;
    for (const input of left) {
      // As the runner does: an input that walks the state waits for it whole.
      if (restored.walksState?.(input)) {
        walks += 1;
        await whenLoaded(stored, slices);
      }
      after.push(...restored.process(input));
    }
    const { accounts, pairs } = stored as { accounts: LazyRecordMap<unknown>; pairs: LazyRecordMap<unknown> };
    expect(walks).toBeGreaterThan(0);
    expect(accounts.loaded && pairs.loaded).toBe(true);
    expect(accounts.readAtOnce + pairs.readAtOnce).toBe(0);
    expect([...before, ...after]).toEqual(all);
  }, 120_000);

  it('takes new thresholds at once: a higher-level bar changes the level of what it raises next', () => {
    const { inputs } = syntheticPlatform({
      seed: 6,
      tables: 6,
      rounds: 160,
      honest: 100,
      pairs: 2,
      rings: 0,
    });
    const strict = { ...DEFAULT_RISK_SETTINGS, levelMiddle: 100, levelHigh: 200 };
    const levels = raised(inputs, strict)
      .filter((f) => f.type === 'crossbet')
      .map((f) => f.level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((l) => l === RiskLevel.Abnormal)).toBe(true);
  });

  it('caps the pairs of a crowded platform to the same outputs and state with the upkeep after every round or none, after a restore, or while a snapshot is written', async () => {
    // Honest play at crowded tables (833 bets a round, every side and chip at random): about 5,000 new pairs
    // a round, a cap every 40 rounds or so.
    const random = seeded(2026);
    const chips = [1000, 2000, 5000, 10000, 20000, 50000];
    let n = 0;
    const inputs = Array.from({ length: 100 }, (_, i) =>
      round(
        i,
        Array.from({ length: 833 }, (): [string, string, number] => [
          `h${n++ % 18_000}`,
          random() < 0.5 ? 'banker' : 'player',
          chips[Math.floor(random() * chips.length)]!,
        ]),
        `T${i % 24}`,
      ),
    );
    type Inside = { s: { pairs: Map<string, unknown> }; expiring?: unknown };
    const run = (d: ReturnType<typeof createRiskDetector>, from: number, upkeep: boolean) =>
      inputs.slice(from).flatMap((input) => {
        const out = d.process(input);
        if (upkeep) d.upkeep?.();
        return out;
      });
    // The runner's way: the upkeep (an expire, a cap) after each round's outputs.
    const behind = createRiskDetector(DEFAULT_RISK_SETTINGS);
    // A cap is done a slice a round: rounds end with one under way, and the pairs grow meanwhile by what
    // those rounds make (at most 4,950 a round), no further.
    let under = 0;
    let most = 0;
    const outputs = inputs.flatMap((input) => {
      const out = behind.process(input);
      behind.upkeep?.();
      const inside = behind as unknown as Inside;
      if (inside.expiring) under += 1;
      most = Math.max(most, inside.s.pairs.size);
      return out;
    });
    expect(under).toBeGreaterThan(5);
    expect(most).toBeLessThan(400_000 + 4_950 * under);
    // No upkeep: each expire at the next input.
    const atOnce = createRiskDetector(DEFAULT_RISK_SETTINGS);
    expect(run(atOnce, 0, false)).toEqual(outputs);
    // Restored before the first cap: it caps when the original does (the count of pairs made since the last
    // expire is in the snapshot).
    const first = createRiskDetector(DEFAULT_RISK_SETTINGS);
    const before = inputs.slice(0, 30).flatMap((input) => first.process(input));
    const restored = createRiskDetector(
      DEFAULT_RISK_SETTINGS,
      JSON.parse(JSON.stringify(first.snapshot())) as unknown,
    );
    expect([...before, ...run(restored, 30, true)]).toEqual(outputs);
    const text = JSON.stringify(behind.snapshot());
    // Where a state's text first differs, with what is around it (the texts run to tens of megabytes).
    const differs = (other: string) => {
      let i = 0;
      while (i < text.length && text[i] === other[i]) i++;
      return i === text.length && other.length === i
        ? ''
        : `${text.slice(Math.max(0, i - 200), i + 100)} ≠ ${other.slice(Math.max(0, i - 200), i + 100)}`;
    };
    expect(differs(JSON.stringify(atOnce.snapshot()))).toBe('');
    expect(differs(JSON.stringify(restored.snapshot()))).toBe('');
    // A snapshot written while the detector goes on through a cap (200,000 deletes): the text is the state at
    // its start.
    const stopped = createRiskDetector(DEFAULT_RISK_SETTINGS);
    inputs.slice(0, 70).forEach((input) => stopped.process(input));
    const writer = createRiskDetector(DEFAULT_RISK_SETTINGS);
    inputs.slice(0, 70).forEach((input) => writer.process(input));
    let at = 70;
    const written = await writeSnapshotPieces(writer.snapshot(), {
      sliceMs: 0,
      pause: async () => {
        if (at < inputs.length) {
          writer.process(inputs[at++]!);
          writer.upkeep?.();
        }
      },
    });
    expect(at).toBe(inputs.length);
    expect(written).toBe(await writeSnapshotPieces(stopped.snapshot(), slices));
    // Then it is where one that stopped for its snapshot is (a snapshot ends the expire under way, if any).
    run(stopped, 70, true);
    expect(JSON.stringify(writer.snapshot())).toBe(JSON.stringify(stopped.snapshot()));
    // Two caps or more: over 400,000 pairs made, at most 400,000 kept.
    const state = JSON.parse(text) as { tested: { pairs: number }; pairs: object };
    expect(state.tested.pairs).toBeGreaterThan(400_000);
    expect(Object.keys(state.pairs).length).toBeLessThan(400_000);
    expect((behind as unknown as Inside).s.pairs.size).toBe(Object.keys(state.pairs).length);
  }, 120_000);

  it('forgets accounts and pairs unseen for the window of event time', () => {
    const d = createRiskDetector({ ...DEFAULT_RISK_SETTINGS, windowHours: 1 });
    for (let i = 0; i < 999; i++)
      d.process(
        round(i, [
          [`a${i}`, 'banker', 1000],
          [`b${i}`, 'player', 1000],
        ]),
      );
    const size = () => {
      const s = JSON.parse(JSON.stringify(d.snapshot())) as { accounts: object; pairs: object };
      return Object.keys(s.accounts).length + Object.keys(s.pairs).length;
    };
    const before = size();
    // 1,000th round, 10 hours later: the sweep runs and keeps only what was seen within the hour.
    const late = round(999, [
      ['z1', 'banker', 1000],
      ['z2', 'player', 1000],
    ]);
    if (late.type === 'round') late.round.settledAt += 10 * 3_600_000;
    d.process(late);
    // The round's findings come before the sweep it leaves due: the state still holds the old records…
    const state = d as unknown as { s: { accounts: Map<string, unknown> } };
    expect(state.s.accounts.size).toBeGreaterThan(1000);
    expect(d.walksState?.(round(1000, []))).toBe(false); // (a state in memory walks without reading)
    // … until the upkeep (the runner's, once they are stored), or the next snapshot or input.
    d.upkeep?.();
    expect(state.s.accounts.size).toBeLessThan(10);
    expect(before).toBeGreaterThan(2000);
    expect(size()).toBeLessThan(10);
  });

  it('keeps at most its cap of accounts within the window: the least recently seen go, a flagged player stays', () => {
    const d = createRiskDetector(DEFAULT_RISK_SETTINGS);
    const state = d.snapshot() as {
      accounts: Map<string, unknown>;
      flagged: Record<string, unknown>;
    };
    // Tie bets only: every bettor is a new account, none holds a position (no pairs).
    const perRound = 1000;
    // Past the cap and its slack, and on through the expire that brings them back, a slice a round: three
    // walks of the accounts (by age, then the cap's two passes).
    const expireRounds = 3 * EXPIRE_SLICES_A_WALK + 1;
    const rounds = Math.ceil((MAX_ACCOUNTS + ACCOUNTS_SLACK) / perRound) + expireRounds + 10;
    const bettors = (i: number) =>
      Array.from({ length: perRound }, (_, j): [string, string, number] => [`p${i}-${j}`, 'tie', 100]);
    let walked = 0;
    let most = 0;
    for (let i = 0; i < rounds; i++) {
      const input = round(i, bettors(i));
      if (d.walksState?.(input)) walked += 1;
      d.process(input);
      // As the runner does once the round's findings are stored: the expire the round left due.
      d.upkeep?.();
      if (i === 0)
        state.flagged['player:1001:p0-7'] = { level: RiskLevel.High, firstDetectedAt: 0, lastEmitRounds: 0 };
      most = Math.max(most, state.accounts.size);
    }
    // Its expires walk a state in memory: none waits for a state to be read.
    expect(walked).toBe(0);
    // An expire is done a slice a round: the accounts of the rounds meanwhile come before its cap ends.
    expect(most).toBeGreaterThan(MAX_ACCOUNTS + ACCOUNTS_SLACK);
    expect(most).toBeLessThanOrEqual(MAX_ACCOUNTS + ACCOUNTS_SLACK + expireRounds * perRound);
    d.snapshot();
    const kept = state.accounts;
    expect(kept.size).toBeLessThanOrEqual(MAX_ACCOUNTS + ACCOUNTS_SLACK);
    // The oldest rounds' bettors went, but the flagged one; the latest are all kept.
    expect(kept.has('1001:p0-6')).toBe(false);
    expect(kept.has('1001:p0-7')).toBe(true);
    expect(kept.has(`1001:p${rounds - 1}-0`)).toBe(true);
    const gone = [...Array(rounds).keys()].filter((i) => !kept.has(`1001:p${i}-${perRound - 1}`));
    expect(gone).toEqual([...Array(gone.length).keys()]);
    expect(gone.length).toBeGreaterThan(20);
  }, 60_000);
});
