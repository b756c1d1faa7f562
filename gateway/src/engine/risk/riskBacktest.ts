import { settleBet } from '@dms/shared/games/baccarat';
import { RiskLevel } from '@dms/shared/domain/enums';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import {
  BACKTEST_KINDS,
  type BacktestKind,
  type BacktestLevelCounts,
  type BacktestQuality,
  type BacktestSide,
} from '@dms/shared/contracts/http/riskBacktest';
import type { RiskInput, SettledBet, SettledRound } from './detector.port';
import type { RiskDetector, RiskDetectorFactory, RiskFinding } from './riskFinding';

/**
 * The replay of a Risk Setting backtest (docs/RISK-ENGINE.md, "Backtest"): the same inputs, in commit
 * order, through four detectors made by the engine's factory — the current and the proposed settings,
 * each on the history as stored and on the history with synthetic colluders and honest look-alikes
 * injected into real baccarat rounds. The detector is used only through its port; everything here is
 * deterministic for a history and a seed.
 */

/** A baccarat table of the replayed window, with its settled rounds there. */
export interface BacktestTable {
  tableId: string;
  rounds: number;
}

type DecoyStyle = 'streak' | 'chop' | 'flat' | 'banker' | 'player' | 'random';

interface InjectedAccount {
  provider: number;
  account: string;
}

/** A colluding group of fresh synthetic accounts playing one table from one of its rounds on. */
export interface InjectedGroup {
  kind: 'pair' | 'ring';
  members: InjectedAccount[];
  tableId: string;
  /** The table's round (0-based, in commit order within the window) where the group starts… */
  start: number;
  /** … and how many of the table's rounds it plays. */
  length: number;
}

interface Decoy extends InjectedAccount {
  style: DecoyStyle;
  tableId: string;
  start: number;
  length: number;
  chip: number;
}

/** What is injected and where: the ground truth the quality is measured against. */
export interface InjectionPlan {
  seed: number;
  groups: InjectedGroup[];
  decoys: Decoy[];
  tables: number;
}

/** The seed of every backtest: the same history gives the same injection, run after run. */
export const BACKTEST_SEED = 20_260_109;
export const INJECTED_PAIRS = 6;
export const INJECTED_RINGS = 4;
const DECOYS_PER_GROUP = 3;
const GROUP_ROUNDS = 400;
const CHIPS = [1000, 2000, 5000, 10_000, 20_000, 50_000];
const DECOY_STYLES: DecoyStyle[] = ['streak', 'chop', 'flat', 'banker', 'player', 'random'];
/** Prefix of every injected account. */
export const INJECTED_PREFIX = '~bt-';
/** Provider of every injected account: no platform provider is 0, so no injected account is a real one. */
export const INJECTED_PROVIDER = 0;

/** mulberry32: a small seeded generator. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Places {@link INJECTED_PAIRS} pairs and {@link INJECTED_RINGS} rings of 3–5 fresh accounts, each with
 * three honest look-alikes beside it, on the busiest baccarat tables of the window (one group a table
 * while there are tables enough), each over up to 400 of its table's rounds from a random start.
 */
export function planInjection(tables: readonly BacktestTable[], seed = BACKTEST_SEED): InjectionPlan {
  const rand = seeded(seed);
  const usable = [...tables]
    .filter((t) => t.rounds >= 10)
    .sort((a, b) => b.rounds - a.rounds || (a.tableId < b.tableId ? -1 : 1));
  const groups: InjectedGroup[] = [];
  const decoys: Decoy[] = [];
  if (usable.length === 0) return { seed, groups, decoys, tables: 0 };
  const kinds: ('pair' | 'ring')[] = [
    ...Array.from({ length: INJECTED_PAIRS }, () => 'pair' as const),
    ...Array.from({ length: INJECTED_RINGS }, () => 'ring' as const),
  ];
  const used = new Set<string>();
  kinds.forEach((kind, i) => {
    const table = usable[i % usable.length]!;
    used.add(table.tableId);
    const length = Math.min(GROUP_ROUNDS, table.rounds);
    const start = Math.floor(rand() * (table.rounds - length + 1));
    const size = kind === 'pair' ? 2 : 3 + (groups.filter((g) => g.kind === 'ring').length % 3);
    const name = kind === 'pair' ? `pair${i}` : `ring${i - INJECTED_PAIRS}`;
    groups.push({
      kind,
      tableId: table.tableId,
      start,
      length,
      members: Array.from({ length: size }, (_, m) => ({
        provider: INJECTED_PROVIDER,
        account: `${INJECTED_PREFIX}${name}-${String.fromCharCode(97 + m)}`,
      })),
    });
    for (let d = 0; d < DECOYS_PER_GROUP; d++) {
      decoys.push({
        provider: INJECTED_PROVIDER,
        account: `${INJECTED_PREFIX}honest${decoys.length}`,
        style: DECOY_STYLES[(i * DECOYS_PER_GROUP + d) % DECOY_STYLES.length]!,
        tableId: table.tableId,
        start,
        length,
        chip: CHIPS[Math.floor(rand() * CHIPS.length)]!,
      });
    }
  });
  return { seed, groups, decoys, tables: used.size };
}

const keyOf = (a: InjectedAccount) => `${a.provider}:${a.account}`;
const other = (s: 'banker' | 'player') => (s === 'banker' ? 'player' : 'banker');

/**
 * Adds the plan's bets to the rounds of its tables, in commit order: pairs swap sides at random, skip
 * rounds and now and then bet alone, with stakes within 7 % of each other; a ring's lead bets one side
 * and the others split a matching total unevenly on the other; the look-alikes bet by their habit.
 * Counts, per group, the rounds all its members played (for the rounds to detection).
 */
export class Injector {
  private readonly rand: () => number;
  private readonly tableRounds = new Map<string, number>();
  private readonly lastWinner = new Map<string, 'banker' | 'player'>();
  private readonly byTable = new Map<string, { groups: number[]; decoys: Decoy[] }>();
  /** Rounds each group played together so far (all members on opposite sides). */
  readonly together: number[];
  private tx = 0;

  constructor(readonly plan: InjectionPlan) {
    this.rand = seeded(plan.seed ^ 0x5bd1e995);
    this.together = plan.groups.map(() => 0);
    plan.groups.forEach((g, i) => {
      const at = this.byTable.get(g.tableId) ?? { groups: [], decoys: [] };
      at.groups.push(i);
      this.byTable.set(g.tableId, at);
    });
    for (const d of plan.decoys) this.byTable.get(d.tableId)?.decoys.push(d);
  }

  /** The round with the injected bets added (the same object when nothing is added). */
  augment(round: SettledRound): SettledRound {
    if (round.gameId !== 1) return round;
    const at = this.byTable.get(round.tableId);
    if (!at) return round;
    const k = this.tableRounds.get(round.tableId) ?? 0;
    this.tableRounds.set(round.tableId, k + 1);
    const winner = round.result.winner;
    if (winner !== 'banker' && winner !== 'player' && winner !== 'tie') return round;
    const prev = this.lastWinner.get(round.tableId);
    if (winner !== 'tie') this.lastWinner.set(round.tableId, winner);
    const r = this.rand;
    const ts = round.settledAt - 5_000;
    const extra: SettledBet[] = [];
    const bet = (a: InjectedAccount, side: 'banker' | 'player', amount: number) => {
      extra.push({
        id: `${INJECTED_PREFIX}${++this.tx}`,
        provider: a.provider,
        currency: round.bets[0]?.currency ?? 'CNY',
        account: a.account,
        playerId: 0,
        betType: side,
        amount,
        payout: settleBet(side, amount, { winner, playerPair: false, bankerPair: false }),
        ts,
      });
    };
    for (const gi of at.groups) {
      const g = this.plan.groups[gi]!;
      if (k < g.start || k >= g.start + g.length || r() < 0.15) continue;
      const side = r() < 0.5 ? 'banker' : 'player';
      if (g.kind === 'pair') {
        const [a, b] = g.members as [InjectedAccount, InjectedAccount];
        const amount = CHIPS[Math.floor(r() * CHIPS.length)]! * (1 + Math.floor(r() * 4));
        bet(a, side, amount);
        if (r() < 0.1) continue;
        bet(b, other(side), Math.round(amount * (0.93 + r() * 0.14)));
      } else {
        const [lead, ...rest] = g.members;
        const total = CHIPS[Math.floor(r() * CHIPS.length)]! * (2 + Math.floor(r() * 4));
        bet(lead!, side, total);
        const w = rest.map(() => 1 + r() * 2);
        const sum = w.reduce((x, y) => x + y, 0);
        const scale = total * (0.95 + r() * 0.1);
        rest.forEach((m, i) => bet(m, other(side), Math.max(100, Math.round((scale * w[i]!) / sum))));
      }
      this.together[gi]! += 1;
    }
    for (const d of at.decoys) {
      if (k < d.start || k >= d.start + d.length || r() > 0.7) continue;
      let side: 'banker' | 'player';
      if (d.style === 'banker' || d.style === 'player') side = d.style;
      else if (d.style === 'streak' && prev) side = prev;
      else if (d.style === 'chop' && prev) side = other(prev);
      else side = r() < 0.5 ? 'banker' : 'player';
      const amount = d.style === 'flat' ? d.chip : CHIPS[Math.floor(r() * CHIPS.length)]!;
      bet(d, side, amount);
    }
    return extra.length === 0 ? round : { ...round, bets: [...round.bets, ...extra] };
  }
}

const LEVEL_NAME = {
  [RiskLevel.Abnormal]: 'abnormal',
  [RiskLevel.Middle]: 'middle',
  [RiskLevel.High]: 'high',
} as const;

/** Distinct subjects flagged per kind, each at the highest level it reached. */
export class FindingTally {
  private readonly levels = new Map<string, { kinds: Set<BacktestKind>; level: RiskLevel }>();

  add(findings: readonly RiskFinding[]): void {
    for (const f of findings) {
      const key =
        f.type === 'crossbet'
          ? `g:${f.id}`
          : f.type === 'player'
            ? `p:${f.provider}:${f.account}`
            : `v:${f.provider}`;
      const seen = this.levels.get(key) ?? { kinds: new Set<BacktestKind>(), level: f.level };
      if (f.type === 'crossbet') seen.kinds.add(f.kind);
      else if (f.type === 'player') for (const k of f.kinds) seen.kinds.add(k);
      else seen.kinds.add('provider');
      if (f.level > seen.level) seen.level = f.level;
      this.levels.set(key, seen);
    }
  }

  counts(): Record<BacktestKind, BacktestLevelCounts> {
    const out = Object.fromEntries(
      BACKTEST_KINDS.map((k) => [k, { abnormal: 0, middle: 0, high: 0 }]),
    ) as Record<BacktestKind, BacktestLevelCounts>;
    for (const { kinds, level } of this.levels.values())
      for (const k of kinds) out[k][LEVEL_NAME[level]] += 1;
    return out;
  }
}

/** Judges the cross-bet findings of a run with injection against the plan's truth. */
export class QualityTally {
  private readonly groupOf = new Map<string, number>();
  private readonly decoys = new Set<string>();
  private readonly judged = new Map<string, { right: boolean; group: number }>();
  private readonly caught = new Map<number, { rounds: number; level: RiskLevel }>();

  constructor(private readonly injector: Injector) {
    injector.plan.groups.forEach((g, i) => g.members.forEach((m) => this.groupOf.set(keyOf(m), i)));
    for (const d of injector.plan.decoys) this.decoys.add(keyOf(d));
  }

  add(findings: readonly RiskFinding[]): void {
    for (const f of findings) {
      if (f.type !== 'crossbet') continue;
      let verdict = this.judged.get(f.id);
      if (!verdict) {
        const keys = f.members.map(keyOf);
        const injected = keys.filter((k) => this.groupOf.has(k) || this.decoys.has(k));
        if (injected.length === 0) continue;
        const groups = new Set(keys.map((k) => this.groupOf.get(k)));
        const group = this.groupOf.get(keys[0]!) ?? -1;
        verdict = { right: groups.size === 1 && group >= 0 && keys.length >= 2, group };
        this.judged.set(f.id, verdict);
      }
      if (!verdict.right) continue;
      const seen = this.caught.get(verdict.group);
      if (!seen)
        this.caught.set(verdict.group, {
          rounds: this.injector.together[verdict.group] ?? 0,
          level: f.level,
        });
      else if (f.level > seen.level) seen.level = f.level;
    }
  }

  quality(): BacktestQuality {
    const groups = this.injector.plan.groups;
    const verdicts = [...this.judged.values()];
    const right = verdicts.filter((v) => v.right).length;
    const caughtOf = (kind: 'pair' | 'ring') =>
      [...this.caught.keys()].filter((i) => groups[i]?.kind === kind).length;
    const recallAt = (level: RiskLevel) =>
      groups.length === 0
        ? null
        : [...this.caught.values()].filter((c) => c.level >= level).length / groups.length;
    const rounds = [...this.caught.values()].map((c) => c.rounds).sort((a, b) => a - b);
    const mid = rounds.length / 2;
    return {
      pairsCaught: caughtOf('pair'),
      ringsCaught: caughtOf('ring'),
      falseFlags: verdicts.length - right,
      precision: verdicts.length === 0 ? null : right / verdicts.length,
      recall: recallAt(RiskLevel.Abnormal),
      medianRoundsToDetection:
        rounds.length === 0
          ? null
          : rounds.length % 2
            ? rounds[Math.floor(mid)]!
            : (rounds[mid - 1]! + rounds[mid]!) / 2,
      recallMiddle: recallAt(RiskLevel.Middle),
      recallHigh: recallAt(RiskLevel.High),
    };
  }
}

/** One setting's two runs: as stored (counted) and with injection (judged). */
class SettingRun {
  private readonly plain: RiskDetector;
  private readonly injected: RiskDetector;
  private readonly tally = new FindingTally();
  private readonly judge: QualityTally;

  constructor(factory: RiskDetectorFactory, settings: RiskSettings, injector: Injector) {
    this.plain = factory(settings);
    this.injected = factory(settings);
    this.judge = new QualityTally(injector);
  }

  process(input: RiskInput, withInjection: RiskInput): void {
    this.tally.add(this.plain.process(input));
    this.judge.add(this.injected.process(withInjection));
  }

  side(): BacktestSide {
    return { counts: this.tally.counts(), quality: this.judge.quality() };
  }
}

/**
 * Feeds every input, in commit order, to the four detectors of a backtest; {@link result} gives each
 * setting's counts and quality so far.
 */
export class BacktestReplay {
  private readonly injector: Injector;
  private readonly current: SettingRun;
  private readonly proposed: SettingRun;
  rounds = 0;
  bets = 0;
  walletEvents = 0;

  constructor(
    factory: RiskDetectorFactory,
    settings: { current: RiskSettings; proposed: RiskSettings },
    readonly plan: InjectionPlan,
  ) {
    this.injector = new Injector(plan);
    this.current = new SettingRun(factory, settings.current, this.injector);
    this.proposed = new SettingRun(factory, settings.proposed, this.injector);
  }

  process(input: RiskInput): void {
    let injected = input;
    if (input.type === 'round') {
      this.rounds += 1;
      this.bets += input.round.bets.length;
      const round = this.injector.augment(input.round);
      if (round !== input.round) injected = { type: 'round', round };
    } else this.walletEvents += 1;
    this.current.process(input, injected);
    this.proposed.process(input, injected);
  }

  result(): { current: BacktestSide; proposed: BacktestSide } {
    return { current: this.current.side(), proposed: this.proposed.side() };
  }
}
