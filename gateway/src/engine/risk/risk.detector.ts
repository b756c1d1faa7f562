import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import { OPPOSITE_BET, type BetType } from '@dms/shared/domain/games';
import { RiskLevel } from '@dms/shared/domain/enums';
import { HOUSE_EDGE } from '@dms/shared/games/settlement';
import type { RiskInput, SettledRound, WalletEvent } from './detector.port';
import type {
  CrossbetFinding,
  GroupMember,
  PlayerFinding,
  ProviderFinding,
  RiskDetector,
  RiskDetectorFactory,
  RiskFinding,
} from './riskFinding';

/**
 * The risk engine's detector (docs/RISK-ENGINE.md). Every test is an e-process — a product of factors
 * whose expectation under chance is at most 1 given the past — so that its value can be watched after
 * every round and compared with a threshold at any time (Ville's inequality), and false discoveries are
 * bounded over all the pairs, rings, players and providers tested with the e-BH rule: the k-th finding
 * is raised only when its e-value reaches K / (fdr · k), K being how many were tested.
 *
 * - Pairs: on each shared round, (a) whether the two accounts are on opposite sides, against the chance
 *   given by each account's own side habits in the same road context (the previous winner of the table,
 *   so that streak followers and chop players, who are opposite every round by their own rules, give no
 *   evidence), and (b) when opposite, whether their stakes match within the tolerance, against the chance
 *   that two stakes drawn from each account's own recent stakes match (so that two flat bettors of the
 *   same chip give none either).
 * - Rings: groups of 3–6 accounts joined by opposition evidence; on each round where at least three of
 *   them bet, whether the group's net exposure |ΣBanker − ΣPlayer| / (ΣBanker + ΣPlayer) is within the
 *   tolerance, against the chance of that with every member's side drawn from its own habits.
 * - Players: their results per unit staked against the house edge of each bet (a mixture of betting
 *   martingales), bonuses taken against turnover, money moved in and out against turnover.
 * - Providers: their GGR against the expected edge in standard errors; an hour's turnover against its usual.
 */

const LN10 = Math.log(10);
/** Likelihood of the colluding alternative for a Bernoulli test, never below the chance probability. */
const ALT_OPPOSITE = 0.9;
const ALT_MATCH = 0.85;
const ALT_BALANCED = 0.85;
const STAKES_KEPT = 20;
const EVIDENCE_KEPT = 50;
const MAX_PAIRS = 200_000;
const MAX_RINGS = 50_000;
const EDGE_NATS = 2;
const UPDATE_EVERY_ROUNDS = 10;
const LAMBDAS = [0.05, 0.1, 0.2, 0.4];
const HOUR = 3_600_000;
/** Most opposition neighbours of one account searched for a star-shaped ring (2^n subsets). */
const STAR_MAX = 10;
const bitCount = (x: number) => {
  let n = 0;
  for (let v = x; v; v &= v - 1) n++;
  return n;
};
/** Minor units as major units for the words of a reason (2 decimals). */
const major = (minor: number) => (minor / 100).toFixed(2);

type Side = 0 | 1;
/**
 * Road contexts: no previous round, previous won by side 0, side 1, a tie (after an unknown winner), a tie
 * after side 0, a tie after side 1 — so that a streak player who keeps the last winner's side through a tie,
 * and a chop player who keeps against it, are predictable there too.
 */
type Context = 0 | 1 | 2 | 3 | 4 | 5;

interface AccountState {
  provider: number;
  account: string;
  /** Side counts per context: [ctx][side]. */
  sides: [number, number][];
  stakes: number[];
  rounds: number;
  lastSeen: number;
  /** Player tests. */
  winE: number[];
  staked: number;
  bonus: number;
  turnoverSinceBonus: number;
  moved: number;
  turnoverSinceMove: number;
}

interface PairState {
  a: string;
  b: string;
  shared: number;
  logOpp: number;
  /** The same test against the point estimate of the habits: more sensitive, only to find ring candidates. */
  logLink?: number;
  logMatch: number;
  evidence: string[];
  evidenceCount: number;
  turnover: number;
  tables: string[];
  lastSeen: number;
}

interface RingState {
  key: string;
  members: string[];
  logE: number;
  rounds: number;
  evidence: string[];
  evidenceCount: number;
  turnover: number;
  tables: string[];
  lastSeen: number;
}

interface FlagState {
  level: RiskLevel;
  firstDetectedAt: number;
  lastEmitRounds: number;
}

interface ProviderState {
  turnover: number;
  ggr: number;
  expected: number;
  variance: number;
  hour: number;
  hourTurnover: number;
  usual: number;
  hours: number;
}

interface State {
  accounts: Record<string, AccountState>;
  pairs: Record<string, PairState>;
  rings: Record<string, RingState>;
  /** Previous winner (context) per table. */
  road: Record<string, Context>;
  flagged: Record<string, FlagState>;
  providers: Record<string, ProviderState>;
  tested: { pairs: number; rings: number; players: number };
  discoveries: { pair: number; ring: number; player: number };
  rounds: number;
}

const keyOf = (provider: number, account: string) => `${provider}:${account}`;
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const memberOf = (key: string): GroupMember => {
  const i = key.indexOf(':');
  return { provider: Number(key.slice(0, i)), account: key.slice(i + 1) };
};

function emptyState(): State {
  return {
    accounts: {},
    pairs: {},
    rings: {},
    road: {},
    flagged: {},
    providers: {},
    tested: { pairs: 0, rings: 0, players: 0 },
    discoveries: { pair: 0, ring: 0, player: 0 },
    rounds: 0,
  };
}

/** The probability that an account bets side `s` in context `c`: its own habits, smoothed. */
function sideProb(acc: AccountState, c: Context, s: Side): number {
  const ctx = acc.sides[c] ?? [0, 0];
  // The overall habit (Beta(1,1)) is the prior of the context's habit (weight 2). Summed in place: this runs
  // for every pair of every round.
  let onSide = 0;
  let total = 0;
  for (const x of acc.sides) {
    onSide += x[s];
    total += x[0] + x[1];
  }
  const overall = (onSide + 1) / (total + 2);
  return (ctx[s] + 2 * overall) / (ctx[0] + ctx[1] + 2);
}

/**
 * The largest chance that two accounts are on opposite sides, over a confidence box around each one's habit
 * in the context (±2 standard errors + 1/(n+2)): the habits are estimated, and an estimate just short of 1
 * for a one-sided player (a streak or chop player in its context) would otherwise bank a little evidence on
 * every round. The chance is bilinear in the two habits, so its maximum is at a corner.
 */
function oppositeBound(a: AccountState, b: AccountState, c: Context): number {
  const box = (acc: AccountState): [number, number] => {
    const ctx = acc.sides[c] ?? [0, 0];
    const n = ctx[0] + ctx[1];
    const p = sideProb(acc, c, 0);
    const r = 2 * Math.sqrt((p * (1 - p)) / (n + 1)) + 1 / (n + 2);
    return [Math.max(0, p - r), Math.min(1, p + r)];
  };
  let best = 0;
  for (const x of box(a)) for (const y of box(b)) best = Math.max(best, x * (1 - y) + (1 - x) * y);
  return best;
}

function matched(x: number, y: number, tolPct: number): boolean {
  return Math.abs(x - y) <= (tolPct / 100) * Math.max(x, y);
}

/**
 * The chance that two stakes drawn from the accounts' recent stakes match, smoothed; `xs` and `ys` are the
 * stakes sorted. The stakes matching one stake form an interval that moves right as it grows: two pointers,
 * O(|xs| + |ys|) instead of every pair.
 */
function matchProb(xs: readonly number[], ys: readonly number[], tolPct: number): number {
  let m = 0;
  let lo = 0;
  let hi = 0;
  for (const x of xs) {
    while (lo < ys.length && ys[lo]! < x && !matched(x, ys[lo]!, tolPct)) lo += 1;
    if (hi < lo) hi = lo;
    while (hi < ys.length && (ys[hi]! <= x || matched(x, ys[hi]!, tolPct))) hi += 1;
    m += hi - lo;
  }
  return (m + 0.5) / (xs.length * ys.length + 1);
}

/** A Bernoulli likelihood ratio: the alternative `alt` (never below chance `p0`) against chance. */
function bernoulliFactor(hit: boolean, p0: number, alt: number): number {
  const p = Math.min(Math.max(p0, 1e-6), 1 - 1e-6);
  const q = Math.max(alt, p);
  return hit ? q / p : (1 - q) / (1 - p);
}

/** e-BH threshold of the k-th discovery among K tested, as log10. */
function threshold(tested: number, discoveries: number, fdr: number): number {
  return Math.log10(Math.max(tested, 1) / (fdr * (discoveries + 1)));
}

function levelOf(score: number, s: RiskSettings): RiskLevel {
  if (score >= s.levelHigh) return RiskLevel.High;
  if (score >= s.levelMiddle) return RiskLevel.Middle;
  return RiskLevel.Abnormal;
}

export const createRiskDetector: RiskDetectorFactory = (settings, snapshot) =>
  new RiskDetectorImpl(settings, snapshot as State | undefined);

class RiskDetectorImpl implements RiskDetector<State> {
  private s: State;

  constructor(
    private settings: RiskSettings,
    snapshot?: State,
  ) {
    this.s = snapshot ? (JSON.parse(JSON.stringify(snapshot)) as State) : emptyState();
    for (const ring of Object.values(this.s.rings)) this.indexRing(ring);
  }

  configure(settings: RiskSettings): void {
    this.settings = settings;
  }

  snapshot(): State {
    return this.s;
  }

  process(input: RiskInput): RiskFinding[] {
    return input.type === 'round' ? this.round(input.round) : this.wallet(input.event);
  }

  private account(provider: number, account: string): AccountState {
    const key = keyOf(provider, account);
    let acc = this.s.accounts[key];
    if (!acc) {
      acc = {
        provider,
        account,
        sides: [
          [0, 0],
          [0, 0],
          [0, 0],
          [0, 0],
          [0, 0],
          [0, 0],
        ],
        stakes: [],
        rounds: 0,
        lastSeen: 0,
        winE: LAMBDAS.map(() => 1),
        staked: 0,
        bonus: 0,
        turnoverSinceBonus: 0,
        moved: 0,
        turnoverSinceMove: 0,
      };
      this.s.accounts[key] = acc;
      this.s.tested.players += 1;
    }
    return acc;
  }

  private round(r: SettledRound): RiskFinding[] {
    const out: RiskFinding[] = [];
    const st = this.settings;
    this.s.rounds += 1;
    const tableKey = `${r.gameId}:${r.tableId}`;
    const ctx: Context = this.s.road[tableKey] ?? 0;
    // Each account's net position on the two sides of the game.
    const positions = new Map<string, { side: Side; amount: number; turnover: number }>();
    const sideNames: [string, string] = r.gameId === 2 ? ['player_a', 'player_b'] : ['banker', 'player'];
    const net = new Map<string, [number, number, number]>();
    for (const b of r.bets) {
      const key = keyOf(b.provider, b.account);
      const acc = this.account(b.provider, b.account);
      acc.lastSeen = Math.max(acc.lastSeen, r.settledAt);
      const n = net.get(key) ?? [0, 0, 0];
      if (b.betType === sideNames[0]) n[0] += b.amount;
      else if (b.betType === sideNames[1] && OPPOSITE_BET[sideNames[0] as BetType] === sideNames[1])
        n[1] += b.amount;
      n[2] += b.amount;
      net.set(key, n);
      out.push(...this.playerBet(acc, r, b.betType, b.amount, b.payout));
      this.providerBet(b.provider, r, b.betType, b.amount, b.payout);
    }
    for (const [key, [a0, a1, total]] of net) {
      if (a0 === a1) continue;
      positions.set(key, { side: a0 > a1 ? 0 : 1, amount: Math.abs(a0 - a1), turnover: total });
    }
    const keys = [...positions.keys()].sort();
    // Each account's recent stakes sorted, once per round (for the chance of matched stakes).
    const sorted = new Map<string, number[]>();
    const sortedStakes = (key: string, acc: AccountState): number[] => {
      let xs = sorted.get(key);
      if (!xs) {
        xs = [...acc.stakes].sort((x, y) => x - y);
        sorted.set(key, xs);
      }
      return xs;
    };
    // Pairs.
    const edges: [string, string][] = [];
    for (let i = 0; i < keys.length; i++)
      for (let j = i + 1; j < keys.length; j++) {
        const ka = keys[i]!;
        const kb = keys[j]!;
        const pa = positions.get(ka)!;
        const pb = positions.get(kb)!;
        const a = this.s.accounts[ka]!;
        const b = this.s.accounts[kb]!;
        const pk = pairKey(ka, kb);
        let pair = this.s.pairs[pk];
        if (!pair) {
          pair = {
            a: ka < kb ? ka : kb,
            b: ka < kb ? kb : ka,
            shared: 0,
            logOpp: 0,
            logMatch: 0,
            evidence: [],
            evidenceCount: 0,
            turnover: 0,
            tables: [],
            lastSeen: 0,
          };
          this.s.pairs[pk] = pair;
          this.s.tested.pairs += 1;
        }
        pair.shared += 1;
        pair.lastSeen = r.settledAt;
        const pOpp = oppositeBound(a, b, ctx);
        const opposite = pa.side !== pb.side;
        pair.logOpp += Math.log(bernoulliFactor(opposite, pOpp, ALT_OPPOSITE));
        const pPoint = sideProb(a, ctx, 0) * sideProb(b, ctx, 1) + sideProb(a, ctx, 1) * sideProb(b, ctx, 0);
        pair.logLink = Math.max(
          -5,
          (pair.logLink ?? 0) + Math.log(bernoulliFactor(opposite, pPoint, ALT_OPPOSITE)),
        );
        if (opposite) {
          const pMatch = matchProb(sortedStakes(ka, a), sortedStakes(kb, b), st.amountTolerancePct);
          const hit = matched(pa.amount, pb.amount, st.amountTolerancePct);
          pair.logMatch += Math.log(bernoulliFactor(hit, pMatch, ALT_MATCH));
          if (hit) {
            pair.evidence.push(r.roundId);
            if (pair.evidence.length > EVIDENCE_KEPT) pair.evidence.shift();
            pair.evidenceCount += 1;
            pair.turnover += pa.amount + pb.amount;
            if (!pair.tables.includes(r.tableId) && pair.tables.length < 100) pair.tables.push(r.tableId);
          }
        }
        // Evidence floors at 1 (a test that watches for collusion does not bank evidence of honesty).
        pair.logOpp = Math.max(pair.logOpp, -5);
        pair.logMatch = Math.max(pair.logMatch, -5);
        if (opposite && pair.logLink >= EDGE_NATS && pair.shared >= 3) edges.push([ka, kb]);
        const f = this.pairFinding(pair, r);
        if (f) out.push(f);
      }
    out.push(...this.rings(edges, positions, r, ctx));
    out.push(...this.providerFindings(r));
    // Learn after testing: the chance of this round was judged on the past only.
    for (const [key, p] of positions) {
      const acc = this.s.accounts[key]!;
      (acc.sides[ctx] ??= [0, 0])[p.side] += 1;
      acc.stakes.push(p.amount);
      if (acc.stakes.length > STAKES_KEPT) acc.stakes.shift();
      acc.rounds += 1;
    }
    const winner = typeof r.result.winner === 'string' ? r.result.winner : '';
    const lastWon = ctx === 1 || ctx === 4 ? 4 : ctx === 2 || ctx === 5 ? 5 : 3;
    this.s.road[tableKey] = winner === sideNames[0] ? 1 : winner === sideNames[1] ? 2 : winner ? lastWon : 0;
    if (this.s.rounds % 1000 === 0) this.expire(r.settledAt);
    return out;
  }

  private pairFinding(pair: PairState, r: SettledRound): CrossbetFinding | undefined {
    const st = this.settings;
    if (pair.shared < st.minSharedRounds || pair.evidenceCount === 0) return undefined;
    const key = `pair:${pair.a}|${pair.b}`;
    const score = (pair.logOpp + pair.logMatch) / LN10;
    // A pair inside a reported ring is the ring's.
    return this.crossbet(key, 'pair', [pair.a, pair.b], score, pair, this.s.tested.pairs, r, () =>
      this.inReportedRing([pair.a, pair.b]),
    );
  }

  private inReportedRing(members: string[]): boolean {
    for (const key of this.ringIndex.get(members[0]!) ?? []) {
      const ring = this.s.rings[key];
      if (ring && this.s.flagged[`ring:${ring.key}`] && members.every((m) => ring.members.includes(m)))
        return true;
    }
    return false;
  }

  /** Ring keys by member account (derived from the rings; rebuilt from a snapshot). */
  private readonly ringIndex = new Map<string, string[]>();

  private indexRing(ring: RingState): void {
    for (const m of ring.members) this.ringIndex.set(m, [...(this.ringIndex.get(m) ?? []), ring.key]);
  }

  private unindexRing(ring: RingState): void {
    for (const m of ring.members) {
      const left = (this.ringIndex.get(m) ?? []).filter((k) => k !== ring.key);
      if (left.length) this.ringIndex.set(m, left);
      else this.ringIndex.delete(m);
    }
  }

  private crossbet(
    key: string,
    kind: 'pair' | 'ring',
    members: string[],
    score: number,
    g: { evidence: string[]; evidenceCount: number; turnover: number; tables: string[] },
    tested: number,
    r: SettledRound,
    suppressed: () => boolean,
  ): CrossbetFinding | undefined {
    const st = this.settings;
    const flag = this.s.flagged[key];
    if (!flag) {
      if (score < threshold(tested, this.s.discoveries[kind], st.fdr) || suppressed()) return undefined;
      this.s.discoveries[kind] += 1;
      const level = levelOf(score, st);
      this.s.flagged[key] = { level, firstDetectedAt: r.settledAt, lastEmitRounds: g.evidenceCount };
      return this.groupFinding(
        'raised',
        key,
        kind,
        members,
        level,
        score,
        g,
        r.settledAt,
        r.settledAt,
        g.evidence,
      );
    }
    const level = Math.max(flag.level, levelOf(score, st)) as RiskLevel;
    const fresh = g.evidenceCount - flag.lastEmitRounds;
    if (level === flag.level && fresh < UPDATE_EVERY_ROUNDS) return undefined;
    if (fresh <= 0 && level === flag.level) return undefined;
    if (suppressed()) return undefined;
    flag.level = level;
    flag.lastEmitRounds = g.evidenceCount;
    return this.groupFinding(
      'updated',
      key,
      kind,
      members,
      level,
      score,
      g,
      flag.firstDetectedAt,
      r.settledAt,
      g.evidence.slice(-Math.max(fresh, 1)),
    );
  }

  private groupFinding(
    change: 'raised' | 'updated',
    key: string,
    kind: 'pair' | 'ring',
    members: string[],
    level: RiskLevel,
    score: number,
    g: { evidenceCount: number; turnover: number; tables: string[] },
    first: number,
    last: number,
    evidence: string[],
  ): CrossbetFinding {
    return {
      type: 'crossbet',
      change,
      id: key,
      kind,
      level,
      score: Math.round(score * 100) / 100,
      members: members.map(memberOf),
      rounds: g.evidenceCount,
      turnover: g.turnover,
      firstDetectedAt: first,
      lastSeenAt: last,
      tables: [...g.tables],
      evidenceRounds: [...evidence],
    };
  }

  /** Ring candidates: connected groups of 3–6 accounts in this round's opposition graph; then their test. */
  private rings(
    edges: [string, string][],
    positions: Map<string, { side: Side; amount: number; turnover: number }>,
    r: SettledRound,
    ctx: Context,
  ): RiskFinding[] {
    const st = this.settings;
    const out: RiskFinding[] = [];
    /** Rings first seen on this round: tested from the next one (this round chose them). */
    const createdNow = new Set<string>();
    /** How many rings are kept, counted once per round and only when a new one may be added. */
    let ringCount: number | undefined;
    if (edges.length >= 2) {
      const parent = new Map<string, string>();
      const find = (x: string): string => {
        const p = parent.get(x) ?? x;
        if (p === x) return x;
        const root = find(p);
        parent.set(x, root);
        return root;
      };
      for (const [a, b] of edges) parent.set(find(a), find(b));
      const groups = new Map<string, string[]>();
      for (const k of new Set(edges.flat())) {
        const root = find(k);
        groups.set(root, [...(groups.get(root) ?? []), k]);
      }
      const found: string[][] = [...groups.values()].filter(
        (m) => m.length >= st.ringMinSize && m.length <= st.ringMaxSize,
      );
      // Stars: one account against a subset of its opposition neighbours whose stakes balance it (every
      // member needed), so that a stranger linked to the ring by chance does not hide it.
      const neighbours = new Map<string, string[]>();
      for (const [a, b] of edges) {
        neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
        neighbours.set(b, [...(neighbours.get(b) ?? []), a]);
      }
      const tol = st.amountTolerancePct / 100;
      for (const [lead, ns] of [...neighbours].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
        if (ns.length < st.ringMinSize - 1 || ns.length > STAR_MAX) continue;
        ns.sort();
        const leadAmount = positions.get(lead)!.amount;
        for (let mask = 1; mask < 1 << ns.length; mask++) {
          const size = bitCount(mask) + 1;
          if (size < st.ringMinSize || size > st.ringMaxSize) continue;
          const subset = ns.filter((_, i) => (mask >> i) & 1);
          const amounts = subset.map((k) => positions.get(k)!.amount);
          const sum = amounts.reduce((t, a) => t + a, 0);
          if (Math.abs(sum - leadAmount) > tol * Math.max(sum, leadAmount)) continue;
          // Every member needed: no smaller subset balances the lead.
          let smaller = false;
          for (let sub = 1; sub < 1 << amounts.length && !smaller; sub++) {
            if (sub === (1 << amounts.length) - 1) continue;
            const part = amounts.reduce((t, a, i) => t + ((sub >> i) & 1 ? a : 0), 0);
            smaller = Math.abs(part - leadAmount) <= tol * Math.max(part, leadAmount);
          }
          if (smaller) continue;
          found.push([lead, ...subset]);
        }
      }
      for (const members of found) {
        members.sort();
        const key = members.join('|');
        if (!this.s.rings[key]) createdNow.add(key);
        if (!this.s.rings[key] && (ringCount ??= Object.keys(this.s.rings).length) < MAX_RINGS) {
          ringCount += 1;
          this.s.rings[key] = {
            key,
            members,
            logE: 0,
            rounds: 0,
            evidence: [],
            evidenceCount: 0,
            turnover: 0,
            tables: [],
            lastSeen: r.settledAt,
          };
          this.s.tested.rings += 1;
          this.indexRing(this.s.rings[key]);
        }
      }
    }
    // Test every known ring with at least three members on this round.
    const candidates = new Set<string>();
    for (const k of positions.keys()) for (const key of this.ringIndex.get(k) ?? []) candidates.add(key);
    for (const ringKey of [...candidates].sort()) {
      const ring = this.s.rings[ringKey];
      if (!ring) continue;
      if (createdNow.has(ringKey)) continue;
      const present = ring.members.filter((m) => positions.has(m));
      if (present.length < ring.members.length) continue;
      const amounts = present.map((m) => positions.get(m)!);
      const tol = st.amountTolerancePct / 100;
      // Balanced: the group's net exposure is within the tolerance, and every member is needed for it
      // (without any one of them it is not), so that a bystander's small stake does not join a ring.
      const balancedWith = (sides: Side[]) => {
        let s0 = 0;
        let s1 = 0;
        amounts.forEach((p, i) => (sides[i] === 0 ? (s0 += p.amount) : (s1 += p.amount)));
        if (Math.abs(s0 - s1) > tol * Math.max(s0, s1)) return false;
        // Minimal: no smaller part of the group (two matched pairs at one table are two pairs) balances.
        const full = (1 << amounts.length) - 1;
        for (let sub = 1; sub < full; sub++) {
          let t0 = 0;
          let t1 = 0;
          amounts.forEach((p, i) => {
            if ((sub >> i) & 1) {
              if (sides[i] === 0) t0 += p.amount;
              else t1 += p.amount;
            }
          });
          if (t0 > 0 && t1 > 0 && Math.abs(t0 - t1) <= tol * Math.max(t0, t1)) return false;
        }
        return true;
      };
      const balanced = balancedWith(amounts.map((p) => p.side));
      // Chance of balance: every member's side drawn from its own habits in this context.
      let p0 = 0;
      const n = present.length;
      for (let mask = 0; mask < 1 << n; mask++) {
        const sides = present.map((_, i) => ((mask >> i) & 1) as Side);
        if (!balancedWith(sides)) continue;
        let p = 1;
        present.forEach((m, i) => (p *= sideProb(this.s.accounts[m]!, ctx, sides[i]!)));
        p0 += p;
      }
      ring.rounds += 1;
      ring.lastSeen = r.settledAt;
      ring.logE = Math.max(-5, ring.logE + Math.log(bernoulliFactor(balanced, p0, ALT_BALANCED)));
      if (balanced) {
        ring.evidence.push(r.roundId);
        if (ring.evidence.length > EVIDENCE_KEPT) ring.evidence.shift();
        ring.evidenceCount += 1;
        ring.turnover += amounts.reduce((t, p) => t + p.amount, 0);
        if (!ring.tables.includes(r.tableId) && ring.tables.length < 100) ring.tables.push(r.tableId);
      }
      if (ring.rounds < st.minSharedRounds || ring.evidenceCount === 0) continue;
      // A ring inside a larger reported ring is the larger one's.
      const f = this.crossbet(
        `ring:${ring.key}`,
        'ring',
        ring.members,
        ring.logE / LN10,
        ring,
        this.s.tested.rings,
        r,
        () => this.inLargerReportedRing(ring),
      );
      if (f) out.push(f);
    }
    return out;
  }

  private inLargerReportedRing(ring: RingState): boolean {
    for (const otherKey of this.ringIndex.get(ring.members[0]!) ?? []) {
      const other = this.s.rings[otherKey];
      if (
        other &&
        other !== ring &&
        other.members.length > ring.members.length &&
        this.s.flagged[`ring:${other.key}`] &&
        ring.members.every((m) => other.members.includes(m))
      )
        return true;
    }
    return false;
  }

  private playerBet(
    acc: AccountState,
    r: SettledRound,
    betType: string,
    amount: number,
    payout: number,
  ): RiskFinding[] {
    const edges = HOUSE_EDGE[r.gameId as 1 | 2] as Readonly<Record<string, number>> | undefined;
    const edge = edges?.[betType];
    acc.turnoverSinceBonus += amount;
    acc.turnoverSinceMove += amount;
    acc.staked += amount;
    if (edge === undefined || amount <= 0) return [];
    const x = (payout - amount) / amount + edge;
    acc.winE = acc.winE.map((e, i) => e * Math.max(0, 1 + LAMBDAS[i]! * x));
    const e = acc.winE.reduce((t, v) => t + v, 0) / LAMBDAS.length;
    const score = Math.log10(Math.max(e, 1e-300));
    const f = this.playerFlag(
      acc,
      'win_rate',
      score,
      r.settledAt,
      `results ${score.toFixed(1)} orders of magnitude beyond the house edge over ${major(acc.staked)} staked`,
    );
    return f ? [f] : [];
  }

  private playerFlag(
    acc: AccountState,
    kind: 'win_rate' | 'bonus' | 'transfer',
    score: number,
    ts: number,
    reason: string,
    rule = false,
  ): PlayerFinding | undefined {
    const st = this.settings;
    const key = `player:${acc.provider}:${acc.account}`;
    const flag = this.s.flagged[key];
    const discoveries = this.s.discoveries.player;
    if (!flag) {
      if (!rule && score < threshold(this.s.tested.players, discoveries, st.fdr)) return undefined;
      this.s.discoveries.player += 1;
      const level = levelOf(score, st);
      this.s.flagged[key] = { level, firstDetectedAt: ts, lastEmitRounds: 0 };
      this.s.flagged[`${key}:${kind}`] = { level, firstDetectedAt: ts, lastEmitRounds: 0 };
      return this.playerFinding('raised', acc, [kind], level, score, ts, ts, reason);
    }
    const level = Math.max(flag.level, levelOf(score, st)) as RiskLevel;
    const newKind = !this.s.flagged[`${key}:${kind}`];
    if (!newKind && level === flag.level) return undefined;
    if (newKind && !rule && score < threshold(this.s.tested.players, discoveries, st.fdr)) return undefined;
    this.s.flagged[`${key}:${kind}`] = { level, firstDetectedAt: ts, lastEmitRounds: 0 };
    flag.level = level;
    const kinds = (['win_rate', 'bonus', 'transfer'] as const).filter((k) => this.s.flagged[`${key}:${k}`]);
    return this.playerFinding('updated', acc, kinds, level, score, flag.firstDetectedAt, ts, reason);
  }

  private playerFinding(
    change: 'raised' | 'updated',
    acc: AccountState,
    kinds: ('win_rate' | 'bonus' | 'transfer')[],
    level: RiskLevel,
    score: number,
    first: number,
    last: number,
    reason: string,
  ): PlayerFinding {
    return {
      type: 'player',
      change,
      provider: acc.provider,
      account: acc.account,
      kinds,
      level,
      score: Math.round(score * 100) / 100,
      firstDetectedAt: first,
      lastSeenAt: last,
      reason,
    };
  }

  private wallet(ev: WalletEvent): RiskFinding[] {
    const st = this.settings;
    const acc = this.account(ev.provider, ev.account);
    acc.lastSeen = Math.max(acc.lastSeen, ev.ts);
    const min = st.minMovedAmount * 100;
    if (ev.kind === 'bonus') {
      acc.bonus += ev.amount;
      acc.turnoverSinceBonus = 0;
      return [];
    }
    if (ev.kind === 'transfer_in') {
      acc.moved += ev.amount;
      acc.turnoverSinceMove = 0;
      return [];
    }
    if (ev.kind !== 'transfer_out') return [];
    const out: RiskFinding[] = [];
    if (acc.bonus >= min && acc.turnoverSinceBonus < st.bonusTurnoverMultiple * acc.bonus) {
      const score =
        3 + Math.log10((st.bonusTurnoverMultiple * acc.bonus) / Math.max(acc.turnoverSinceBonus, 1));
      const f = this.playerFlag(
        acc,
        'bonus',
        Math.min(score, 12),
        ev.ts,
        `took ${major(acc.bonus)} in bonuses and withdrew after ${major(acc.turnoverSinceBonus)} of turnover`,
        true,
      );
      if (f) out.push(f);
      acc.bonus = 0;
    }
    if (acc.moved >= min && ev.amount >= min && acc.turnoverSinceMove < st.transferPlayRatio * acc.moved) {
      const score = 3 + Math.log10((st.transferPlayRatio * acc.moved) / Math.max(acc.turnoverSinceMove, 1));
      const f = this.playerFlag(
        acc,
        'transfer',
        Math.min(score, 12),
        ev.ts,
        `moved ${major(acc.moved)} in and ${major(ev.amount)} out with ${major(acc.turnoverSinceMove)} of turnover`,
        true,
      );
      if (f) out.push(f);
      acc.moved = 0;
    }
    return out;
  }

  private providerBet(
    provider: number,
    r: SettledRound,
    betType: string,
    amount: number,
    payout: number,
  ): void {
    const edges = HOUSE_EDGE[r.gameId as 1 | 2] as Readonly<Record<string, number>> | undefined;
    const edge = edges?.[betType];
    const key = String(provider);
    let p = this.s.providers[key];
    if (!p) {
      p = {
        turnover: 0,
        ggr: 0,
        expected: 0,
        variance: 0,
        hour: Math.floor(r.settledAt / HOUR),
        hourTurnover: 0,
        usual: 0,
        hours: 0,
      };
      this.s.providers[key] = p;
    }
    if (edge !== undefined) {
      p.turnover += amount;
      p.ggr += amount - payout;
      p.expected += amount * edge;
      // Variance of one unit bet is about 1 for even-money bets; long shots (tie, pairs) carry more.
      const odds = betType === 'tie' ? 8 : betType.endsWith('_pair') ? 11 : 1;
      p.variance += amount * amount * odds;
    }
    const hour = Math.floor(r.settledAt / HOUR);
    if (hour !== p.hour) {
      if (p.hours > 0) p.usual = p.usual * 0.8 + p.hourTurnover * 0.2;
      else p.usual = p.hourTurnover;
      p.hours += 1;
      p.hour = hour;
      p.hourTurnover = 0;
    }
    p.hourTurnover += amount;
  }

  /** Provider findings, looked at once per round for the providers of the round. */
  private providerFindings(r: SettledRound): ProviderFinding[] {
    const st = this.settings;
    const out: ProviderFinding[] = [];
    for (const provider of new Set(r.bets.map((b) => b.provider))) {
      const p = this.s.providers[String(provider)];
      if (!p || p.variance <= 0) continue;
      const z = Math.abs(p.ggr - p.expected) / Math.sqrt(p.variance);
      const kinds: ('margin' | 'volume')[] = [];
      if (z >= st.providerMarginSigma && p.turnover > 0) kinds.push('margin');
      if (p.hours >= 3 && p.usual > 0 && p.hourTurnover >= st.providerVolumeFactor * p.usual)
        kinds.push('volume');
      if (kinds.length === 0) continue;
      const key = `provider:${provider}`;
      const flag = this.s.flagged[key];
      const score = Math.max(z / 2, kinds.includes('volume') ? st.levelMiddle : 0);
      const level = levelOf(score, st);
      if (flag && flag.level >= level && flag.lastEmitRounds >= kinds.length) continue;
      this.s.flagged[key] = {
        level: Math.max(level, flag?.level ?? 0) as RiskLevel,
        firstDetectedAt: flag?.firstDetectedAt ?? r.settledAt,
        lastEmitRounds: kinds.length,
      };
      out.push({
        type: 'provider',
        change: flag ? 'updated' : 'raised',
        provider,
        kinds,
        level: Math.max(level, flag?.level ?? 0) as RiskLevel,
        score: Math.round(score * 100) / 100,
        firstDetectedAt: flag?.firstDetectedAt ?? r.settledAt,
        lastSeenAt: r.settledAt,
        reason: `GGR ${major(p.ggr)} against ${major(p.expected)} expected (${z.toFixed(1)} standard errors); this hour's turnover ${major(p.hourTurnover)} against ${major(p.usual)} usual`,
      });
    }
    return out;
  }

  /** Forgets accounts, pairs and rings not seen for `windowHours` of event time, and caps the pairs. */
  private expire(now: number): void {
    const horizon = now - this.settings.windowHours * HOUR;
    for (const [k, a] of Object.entries(this.s.accounts)) if (a.lastSeen < horizon) delete this.s.accounts[k];
    for (const [k, p] of Object.entries(this.s.pairs))
      if (p.lastSeen < horizon || !this.s.accounts[p.a] || !this.s.accounts[p.b]) delete this.s.pairs[k];
    for (const [k, g] of Object.entries(this.s.rings))
      if (g.lastSeen < horizon) {
        this.unindexRing(g);
        delete this.s.rings[k];
      }
    const pairs = Object.entries(this.s.pairs);
    if (pairs.length > MAX_PAIRS) {
      pairs.sort((x, y) => x[1].logOpp + x[1].logMatch - (y[1].logOpp + y[1].logMatch));
      for (const [k] of pairs.slice(0, pairs.length - MAX_PAIRS)) delete this.s.pairs[k];
    }
  }
}
