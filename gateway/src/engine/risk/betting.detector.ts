/**
 * The risk engine's detector (docs/RISK-ENGINE.md): cross-bet pairs and rings, abnormal players
 * (win_rate, bonus, transfer) and providers (margin, volume). Pure and deterministic: only the inputs, in
 * their order, and their event time (`ts`) matter; `snapshot()` is plain JSON from which the factory
 * continues with identical outputs.
 */
import { createHash } from 'node:crypto';
import { OPPOSITE_BET } from '@dms/shared/domain/games';
import { RiskLevel } from '@dms/shared/domain/enums';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
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
import {
  FRACTIONS,
  betStep,
  eBH,
  freshWealth,
  houseEdge,
  logMean,
  matchProbability,
  matched,
  meanStep,
  secondMoment,
  sortedInsert,
  sortedRemove,
} from './betting.detector.stats';

/** Recent main-bet stakes kept per account for its stake distribution. */
const STAKES_KEPT = 16;
/** Side counts are halved when they reach this many rounds (a window on the side mix). */
const SIDE_COUNT_CAP = 400;
/** Presence rate of an account on a table: exponential average over the table's rounds. */
const PRESENCE_RATE = 0.05;
/** Co-presence multiplies the pair evidence by at most this factor. */
const COPRESENCE_CAP = Math.log(10);
/** Log floor of each bet of the pair and ring e-processes. */
const WEALTH_FLOOR = Math.log(1e-3);
/** A reported group is updated at most once per this many new evidence rounds (or when its level rises). */
const UPDATE_EVERY = 10;
/** Evidence round ids kept per group between two findings. */
const EVIDENCE_KEPT = 100;
/** Most pairs tracked; beyond it the weakest unreported pairs are dropped. */
const MAX_PAIRS = 200_000;
/** Most ring candidates tracked. */
const MAX_RINGS = 20_000;
/** Largest set of linked accounts of one round searched for rings. */
const RING_SEARCH_MAX = 12;
/** Inputs between two expiry sweeps. */
const SWEEP_EVERY = 1000;
/** Minor units per major unit (minMovedAmount is in major units). */
const MINOR_PER_MAJOR = 100;
/** Bets a provider needs before its margin is judged; hours of history before its volume is. */
const PROVIDER_MIN_BETS = 500;
const PROVIDER_MIN_HOURS = 6;
const HOUR = 3_600_000;
/** Context models of an account's side (see {@link predict}). */
const MODELS = 4;

interface Account {
  provider: number;
  account: string;
  /** Side counts: unconditional [0,1]; by the table's previous winner (4 contexts × 2); by own previous side (3 × 2). */
  n: number[];
  nw: number[];
  ns: number[];
  nws: number[];
  /** Prequential log loss of each context model on the account's own sides: the best one predicts. */
  loss: number[];
  lastSide: number;
  /** Recent stakes as a ring buffer and sorted. */
  stakes: number[];
  sorted: number[];
  sp: number;
  /** Rounds with a main bet (all tables), and presence per table: [rate, last table round index]. */
  rounds: number;
  pres: Record<string, [number, number]>;
  lastTs: number;
  lastRound: number;
  /** The table of its last round and that round's index on the table (windows in the table's rounds). */
  lastTable: string;
  lastIdx: number;
  /** win_rate e-process (log wealth per λ), bets and net result. */
  win: number[];
  bets: number;
  net: number;
  turnover: number;
  /** Bonus and transfer bookkeeping. */
  bonus: number;
  bonusTurn: number;
  tin: number;
  tinTurn: number;
  abuse: { bonus: number; transfer: number; score: number; reason: string };
  /** Reported as an abnormal player. */
  rep: null | { level: RiskLevel; kinds: ('win_rate' | 'bonus' | 'transfer')[]; first: number; bets: number };
}

interface Group {
  key: string;
  members: string[];
  w: number[];
  /** Co-presence e-process (pairs only) and the members' round counts at the last shared round. */
  cw: number[];
  counts: number[];
  rounds: number;
  hits: number;
  turnover: number;
  tables: string[];
  lastTs: number;
  lastRound: number;
  /** The table of its last round and that round's index on the table (windows in the table's rounds). */
  lastTable: string;
  lastIdx: number;
  ev: string[];
  evNew: number;
  rep: null | { id: string; level: RiskLevel; first: number };
}

interface ProviderState {
  provider: number;
  /** Hour buckets: [hour, stake, houseWin, expected, variance, bets]. */
  hours: [number, number, number, number, number, number][];
  rep: null | { level: RiskLevel; kinds: ('margin' | 'volume')[]; first: number };
}

interface TableState {
  idx: number;
  winner: number;
  lastTs: number;
}

interface State {
  v: 1;
  inputs: number;
  round: number;
  now: number;
  tables: [string, TableState][];
  accounts: [string, Account][];
  pairs: Group[];
  rings: Group[];
  providers: ProviderState[];
}

interface Participant {
  key: string;
  acc: Account;
  side: number;
  stake: number;
  /** Predicted probability of side 1 under each context model (before this round). */
  q: [number, number, number, number];
  /** Under the account's best model: the prediction and a confidence box around it. */
  qm: number;
  lo: number;
  hi: number;
  presence: number;
}

const SIDE: Readonly<Record<string, number>> = { banker: 0, player_a: 0, player: 1, player_b: 1 };

function accountKey(provider: number, account: string): string {
  return `${provider}\u0001${account}`;
}

function splitKey(key: string): GroupMember {
  const i = key.indexOf('\u0001');
  return { provider: Number(key.slice(0, i)), account: key.slice(i + 1) };
}

function groupId(kind: 'pair' | 'ring', members: readonly string[]): string {
  return `${kind}-${createHash('sha1').update(members.join('\u0002')).digest('hex').slice(0, 20)}`;
}

function levelOf(score: number, s: RiskSettings): RiskLevel {
  return score >= s.levelHigh
    ? RiskLevel.High
    : score >= s.levelMiddle
      ? RiskLevel.Middle
      : RiskLevel.Abnormal;
}

function winnerCtx(result: Record<string, unknown>): number {
  const w = result['winner'];
  if (w === 'banker' || w === 'player_a') return 0;
  if (w === 'player' || w === 'player_b') return 1;
  if (w === 'tie') return 2;
  return 3;
}

function newAccount(provider: number, account: string): Account {
  return {
    provider,
    account,
    n: [0, 0],
    nw: [0, 0, 0, 0, 0, 0, 0, 0],
    ns: [0, 0, 0, 0, 0, 0],
    nws: new Array<number>(24).fill(0),
    loss: [0, 0, 0, 0],
    lastSide: 2,
    stakes: [],
    sorted: [],
    sp: 0,
    rounds: 0,
    pres: {},
    lastTs: 0,
    lastRound: 0,
    lastTable: '',
    lastIdx: 0,
    win: freshWealth(),
    bets: 0,
    net: 0,
    turnover: 0,
    bonus: 0,
    bonusTurn: 0,
    tin: 0,
    tinTurn: 0,
    abuse: { bonus: 0, transfer: 0, score: 0, reason: '' },
    rep: null,
  };
}

function newGroup(key: string, members: string[]): Group {
  return {
    key,
    members,
    w: freshWealth(),
    cw: freshWealth(),
    counts: members.map(() => -1),
    rounds: 0,
    hits: 0,
    turnover: 0,
    tables: [],
    lastTs: 0,
    lastRound: 0,
    lastTable: '',
    lastIdx: 0,
    ev: [],
    evNew: 0,
    rep: null,
  };
}

/**
 * Probability of side 1 under the four context models (smoothed counts): unconditional, by the table's
 * previous winner, by the account's own previous side, by both; and the counts behind each prediction.
 */
function predict(a: Account, ctxWinner: number): { q: [number, number, number, number]; n: number[] } {
  const n0 = a.n[0] ?? 0;
  const n1 = a.n[1] ?? 0;
  const qU = (n1 + 0.5) / (n0 + n1 + 1);
  const w0 = a.nw[ctxWinner * 2] ?? 0;
  const w1 = a.nw[ctxWinner * 2 + 1] ?? 0;
  const qW = (w1 + 2 * qU) / (w0 + w1 + 2);
  const s0 = a.ns[a.lastSide * 2] ?? 0;
  const s1 = a.ns[a.lastSide * 2 + 1] ?? 0;
  const qS = (s1 + 2 * qU) / (s0 + s1 + 2);
  const c = (ctxWinner * 3 + a.lastSide) * 2;
  const b0 = a.nws[c] ?? 0;
  const b1 = a.nws[c + 1] ?? 0;
  const qB = (b1 + 2 * qW) / (b0 + b1 + 2);
  return { q: [qU, qW, qS, qB], n: [n0 + n1, w0 + w1, s0 + s1, b0 + b1] };
}

/** The participant's best-model prediction with a confidence box (wide with few rounds, reaching 0 or 1 for a one-sided bettor). */
function box(a: Account, q: readonly number[], n: readonly number[]): { qm: number; lo: number; hi: number } {
  let best = 0;
  for (let m = 1; m < MODELS; m++) if ((a.loss[m] ?? 0) < (a.loss[best] ?? 0) - 1e-9) best = m;
  const qm = q[best] ?? 0.5;
  const cnt = n[best] ?? 0;
  const r = 2 * Math.sqrt((qm * (1 - qm)) / (cnt + 1)) + 1 / (cnt + 2);
  return { qm, lo: Math.max(0, qm - r), hi: Math.min(1, qm + r) };
}

/** Largest chance of opposite sides over the two accounts' confidence boxes (bilinear: at a corner). */
function oppositeBound(x: { lo: number; hi: number }, y: { lo: number; hi: number }): number {
  let best = 0;
  for (const a of [x.lo, x.hi]) {
    for (const b of [y.lo, y.hi]) {
      const p = a * (1 - b) + (1 - a) * b;
      if (p > best) best = p;
    }
  }
  return best;
}

class RiskDetectorImpl implements RiskDetector<State> {
  private s: RiskSettings;
  private st: State;
  private tables = new Map<string, TableState>();
  private accounts = new Map<string, Account>();
  private pairs = new Map<string, Group>();
  private rings = new Map<string, Group>();
  private providers = new Map<number, ProviderState>();
  /** Derived (rebuilt on restore): ring candidates by member; reported rings by member. */
  private ringsOf = new Map<string, string[]>();
  private reportedRingsOf = new Map<string, string[]>();
  /** Derived: groups and players whose evidence may pass e-BH (upper bound of log e ≥ log 1/α). */
  private pairCands = new Set<string>();
  private ringCands = new Set<string>();
  private playerCands = new Set<string>();

  constructor(settings: RiskSettings, snapshot?: unknown) {
    this.s = settings;
    const snap = snapshot as State | undefined;
    this.st = snap?.v === 1 ? structuredClone(snap) : ({ v: 1, inputs: 0, round: 0, now: 0 } as State);
    for (const [k, t] of this.st.tables ?? []) this.tables.set(k, t);
    for (const [k, a] of this.st.accounts ?? []) this.accounts.set(k, a);
    for (const g of this.st.pairs ?? []) this.pairs.set(g.key, g);
    for (const g of this.st.rings ?? []) this.addRing(g);
    for (const p of this.st.providers ?? []) this.providers.set(p.provider, p);
    for (const g of this.pairs.values()) this.candidate(this.pairCands, g, true);
    for (const g of this.rings.values()) this.candidate(this.ringCands, g, false);
    for (const [k, a] of this.accounts) this.playerCandidate(k, a);
  }

  private entry(): number {
    return Math.log(1 / this.s.fdr);
  }

  /** Keeps `g` in `set` while its evidence (an upper bound of it) could pass e-BH. */
  private candidate(set: Set<string>, g: Group, pair: boolean): void {
    let up = Math.max(...g.w);
    if (pair) up += Math.min(COPRESENCE_CAP, Math.max(...g.cw));
    if (up >= this.entry() && g.hits >= 2) set.add(g.key);
    else set.delete(g.key);
  }

  private playerCandidate(key: string, a: Account): void {
    if (a.net > 0 && Math.max(...a.win) >= this.entry()) this.playerCands.add(key);
    else this.playerCands.delete(key);
  }

  configure(settings: RiskSettings): void {
    this.s = settings;
  }

  snapshot(): State {
    return structuredClone({
      v: 1 as const,
      inputs: this.st.inputs,
      round: this.st.round,
      now: this.st.now,
      tables: [...this.tables],
      accounts: [...this.accounts],
      pairs: [...this.pairs.values()],
      rings: [...this.rings.values()],
      providers: [...this.providers.values()],
    });
  }

  process(input: RiskInput): RiskFinding[] {
    const out: RiskFinding[] = [];
    this.st.inputs++;
    if (input.type === 'round') this.round(input.round, out);
    else this.wallet(input.event, out);
    if (this.st.inputs % SWEEP_EVERY === 0) this.sweep();
    return out;
  }

  // ---------------------------------------------------------------- rounds

  private account(provider: number, account: string): [string, Account] {
    const key = accountKey(provider, account);
    let a = this.accounts.get(key);
    if (!a) {
      a = newAccount(provider, account);
      this.accounts.set(key, a);
    }
    return [key, a];
  }

  private round(r: SettledRound, out: RiskFinding[]): void {
    const ts = r.settledAt;
    if (ts > this.st.now) this.st.now = ts;
    const gr = ++this.st.round;
    let table = this.tables.get(r.tableId);
    if (!table) {
      table = { idx: 0, winner: 3, lastTs: ts };
      this.tables.set(r.tableId, table);
    }
    const tidx = ++table.idx;
    table.lastTs = ts;
    const tol = this.s.amountTolerancePct / 100;

    // Each account's main-side stakes, and the per-bet tests (win_rate, providers).
    const main = new Map<string, [number, number]>();
    const touched = new Map<string, Account>();
    for (const b of r.bets) {
      const [key, acc] = this.account(b.provider, b.account);
      acc.lastTs = Math.max(acc.lastTs, ts);
      acc.lastRound = gr;
      acc.lastTable = r.tableId;
      acc.lastIdx = tidx;
      touched.set(key, acc);
      if (b.amount > 0) {
        const edge = houseEdge(r.gameId, b.betType);
        const y = (b.payout - b.amount) / b.amount;
        meanStep(acc.win, y + edge);
        acc.bets++;
        acc.net += b.payout - b.amount;
        acc.turnover += b.amount;
        this.providerBet(
          b.provider,
          ts,
          b.amount,
          b.amount - b.payout,
          edge,
          secondMoment(r.gameId, b.betType),
        );
      }
      const side = SIDE[b.betType];
      if (side !== undefined && OPPOSITE_BET[b.betType as keyof typeof OPPOSITE_BET] !== undefined) {
        const m = main.get(key) ?? [0, 0];
        m[side] = (m[side] ?? 0) + b.amount;
        main.set(key, m);
      }
    }

    const parts: Participant[] = [];
    for (const [key, m] of main) {
      const acc = this.accounts.get(key);
      if (!acc || m[0] === m[1]) continue; // a hedger has no side
      const side = m[0] > m[1] ? 0 : 1;
      const p = acc.pres[r.tableId];
      const presence = p ? p[0] * Math.pow(1 - PRESENCE_RATE, Math.max(0, tidx - p[1] - 1)) : 0.5;
      const pr = predict(acc, table.winner);
      parts.push({
        key,
        acc,
        side,
        stake: Math.abs(m[0] - m[1]),
        q: pr.q,
        ...box(acc, pr.q, pr.n),
        presence,
      });
    }

    const present = new Map(parts.map((p) => [p.key, p]));
    this.pairRound(r, parts, tol, gr, ts);
    this.ringRound(r, parts, present, tol, gr, ts);
    this.ringCandidates(parts, tol, gr, ts);

    // Learn from the round after testing it.
    for (const p of parts) {
      const a = p.acc;
      const ctx = table.winner;
      for (let m = 0; m < MODELS; m++) {
        const q = p.q[m] ?? 0.5;
        a.loss[m] = (a.loss[m] ?? 0) - Math.log(p.side === 1 ? q : 1 - q);
      }
      a.n[p.side] = (a.n[p.side] ?? 0) + 1;
      a.nw[ctx * 2 + p.side] = (a.nw[ctx * 2 + p.side] ?? 0) + 1;
      a.ns[a.lastSide * 2 + p.side] = (a.ns[a.lastSide * 2 + p.side] ?? 0) + 1;
      const c = (ctx * 3 + a.lastSide) * 2 + p.side;
      a.nws[c] = (a.nws[c] ?? 0) + 1;
      if ((a.n[0] ?? 0) + (a.n[1] ?? 0) >= SIDE_COUNT_CAP) {
        for (const arr of [a.n, a.nw, a.ns, a.nws, a.loss])
          for (let i = 0; i < arr.length; i++) arr[i] = (arr[i] ?? 0) / 2;
      }
      a.lastSide = p.side;
      if (a.stakes.length < STAKES_KEPT) a.stakes.push(p.stake);
      else {
        sortedRemove(a.sorted, a.stakes[a.sp] ?? 0);
        a.stakes[a.sp] = p.stake;
        a.sp = (a.sp + 1) % STAKES_KEPT;
      }
      sortedInsert(a.sorted, p.stake);
      a.rounds++;
      a.pres[r.tableId] = [p.presence * (1 - PRESENCE_RATE) + PRESENCE_RATE, tidx];
    }
    table.winner = winnerCtx(r.result);

    this.reportRings(out, gr, ts);
    this.reportPairs(out, gr, ts);
    this.reportPlayers(touched, out, ts);
    this.reportProviders(r, out, ts);
  }

  private pairRound(r: SettledRound, parts: Participant[], tol: number, gr: number, ts: number): void {
    for (let i = 0; i < parts.length; i++) {
      const a = parts[i];
      if (!a) continue;
      for (let j = i + 1; j < parts.length; j++) {
        const b = parts[j];
        if (!b) continue;
        const [x, y] = a.key < b.key ? [a, b] : [b, a];
        const key = `${x.key}\u0002${y.key}`;
        let g = this.pairs.get(key);
        if (!g) {
          g = newGroup(key, [x.key, y.key]);
          this.pairs.set(key, g);
        }
        // Co-presence: of the rounds where either played, how many both did, against their presence rates.
        const alone =
          (g.counts[0]! >= 0 ? x.acc.rounds - g.counts[0]! : 0) +
          (g.counts[1]! >= 0 ? y.acc.rounds - g.counts[1]! : 0);
        for (let k = 0; k < g.cw.length; k++) {
          if (alone > 0) g.cw[k] = Math.max(WEALTH_FLOOR, g.cw[k]! + alone * Math.log(1 - FRACTIONS[k]!));
        }
        const pa = Math.min(0.98, Math.max(0.02, x.presence));
        const pb = Math.min(0.98, Math.max(0.02, y.presence));
        const qBoth = Math.min(0.98, Math.max(0.02, (pa * pb) / (pa + pb - pa * pb)));
        betStep(g.cw, true, qBoth, WEALTH_FLOOR);
        g.counts[0] = x.acc.rounds + 1;
        g.counts[1] = y.acc.rounds + 1;

        // Opposite with matched stakes, against each account's own side mix and stakes.
        const hit = x.side !== y.side && matched(x.stake, y.stake, tol);
        const pOpp = oppositeBound(x, y);
        const pMatch = matchProbability(x.acc.sorted, y.acc.sorted, tol);
        const p0 = Math.min(1, Math.max(1e-3, pOpp * pMatch));
        betStep(g.w, hit, p0, WEALTH_FLOOR);
        this.touchGroup(g, r, hit, x.stake + y.stake, gr, ts);
        this.candidate(this.pairCands, g, true);
      }
    }
  }

  private touchGroup(
    g: Group,
    r: SettledRound,
    hit: boolean,
    turnover: number,
    gr: number,
    ts: number,
  ): void {
    g.rounds++;
    g.lastTs = ts;
    g.lastRound = gr;
    g.lastTable = r.tableId;
    g.lastIdx = this.tables.get(r.tableId)?.idx ?? 0;
    if (!hit) return;
    g.hits++;
    g.turnover += turnover;
    if (!g.tables.includes(r.tableId)) {
      g.tables.push(r.tableId);
      if (g.tables.length > 8) g.tables.shift();
    }
    g.ev.push(r.roundId);
    g.evNew++;
    if (g.ev.length > EVIDENCE_KEPT) g.ev.shift();
  }

  private pairScore(g: Group): number {
    return logMean(g.w) + Math.min(COPRESENCE_CAP, logMean(g.cw));
  }

  // ---------------------------------------------------------------- rings

  private addRing(g: Group): void {
    this.rings.set(g.key, g);
    for (const m of g.members) {
      const l = this.ringsOf.get(m) ?? [];
      l.push(g.key);
      this.ringsOf.set(m, l);
    }
    if (g.rep) this.markReported(g);
  }

  private markReported(g: Group): void {
    for (const m of g.members) {
      const l = this.reportedRingsOf.get(m) ?? [];
      if (!l.includes(g.key)) l.push(g.key);
      this.reportedRingsOf.set(m, l);
    }
  }

  private dropRing(key: string): void {
    const g = this.rings.get(key);
    if (!g) return;
    this.rings.delete(key);
    this.ringCands.delete(key);
    for (const m of g.members) {
      for (const index of [this.ringsOf, this.reportedRingsOf]) {
        const l = index.get(m);
        if (!l) continue;
        const i = l.indexOf(key);
        if (i >= 0) l.splice(i, 1);
        if (l.length === 0) index.delete(m);
      }
    }
  }

  /**
   * Chance that the group balances if one member played independently of the others: for each member,
   * with the others' bets as they are, its side drawn from its own side model and its stake from its own
   * recent stakes (smoothed); the largest over the members. A ring needs every member, so each of these
   * "one member is not part of it" nulls must fail.
   */
  private leaveOneOutProbability(ps: Participant[], tol: number): number {
    const lim = tol / (2 - tol);
    let s0 = 0;
    let s1 = 0;
    for (const p of ps) {
      if (p.side === 0) s0 += p.stake;
      else s1 += p.stake;
    }
    let best = 0;
    for (const p of ps) {
      const o0 = s0 - (p.side === 0 ? p.stake : 0);
      const o1 = s1 - (p.side === 1 ? p.stake : 0);
      const h = p.acc.sorted.length > 0 ? p.acc.sorted : [p.stake];
      let f0 = 0;
      let f1 = 0;
      for (const x of h) {
        if (o1 > 0 && Math.abs(o0 + x - o1) <= lim * (o0 + x + o1) + 1e-9) f0++;
        if (o0 > 0 && Math.abs(o0 - o1 - x) <= lim * (o0 + o1 + x) + 1e-9) f1++;
      }
      const pr = (1 - p.qm) * ((f0 + 0.5) / (h.length + 1)) + p.qm * ((f1 + 0.5) / (h.length + 1));
      if (pr > best) best = pr;
    }
    return Math.min(1, Math.max(1e-3, best));
  }

  private balanced(ps: Participant[], tol: number): boolean {
    let s0 = 0;
    let s1 = 0;
    for (const p of ps) {
      if (p.side === 0) s0 += p.stake;
      else s1 += p.stake;
    }
    return s0 > 0 && s1 > 0 && Math.abs(s0 - s1) <= (tol / (2 - tol)) * (s0 + s1) + 1e-9;
  }

  private ringRound(
    r: SettledRound,
    parts: Participant[],
    present: Map<string, Participant>,
    tol: number,
    gr: number,
    ts: number,
  ): void {
    const done = new Set<string>();
    for (const p of parts) {
      for (const key of this.ringsOf.get(p.key) ?? []) {
        if (done.has(key)) continue;
        done.add(key);
        const g = this.rings.get(key);
        if (!g) continue;
        const ps: Participant[] = [];
        for (const m of g.members) {
          const q = present.get(m);
          if (q) ps.push(q);
        }
        if (ps.length !== g.members.length) continue;
        const hit = this.balanced(ps, tol);
        betStep(g.w, hit, this.leaveOneOutProbability(ps, tol), WEALTH_FLOOR);
        this.touchGroup(
          g,
          r,
          hit,
          ps.reduce((s, q) => s + q.stake, 0),
          gr,
          ts,
        );
        this.candidate(this.ringCands, g, false);
      }
    }
  }

  /** New ring candidates: maximal balanced cliques of the round's accounts linked by pair evidence. */
  private ringCandidates(parts: Participant[], tol: number, gr: number, ts: number): void {
    const min = this.s.ringMinSize;
    const max = Math.min(this.s.ringMaxSize, 16);
    if (parts.length < min) return;
    const linked = new Map<string, Set<string>>();
    const link = Math.log(10);
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const a = parts[i]!.key;
        const b = parts[j]!.key;
        const g = this.pairs.get(a < b ? `${a}\u0002${b}` : `${b}\u0002${a}`);
        if (!g || g.rounds < 3 || (logMean(g.cw) < link && logMean(g.w) < link)) continue;
        (linked.get(a) ?? linked.set(a, new Set()).get(a)!).add(b);
        (linked.get(b) ?? linked.set(b, new Set()).get(b)!).add(a);
      }
    }
    if (linked.size < min) return;
    const nodes = parts.filter((p) => linked.has(p.key)).slice(0, RING_SEARCH_MAX);
    const found: Participant[][] = [];
    const grow = (clique: Participant[], from: number): void => {
      if (clique.length >= min && this.balanced(clique, tol)) found.push([...clique]);
      if (clique.length >= max) return;
      for (let i = from; i < nodes.length; i++) {
        const n = nodes[i]!;
        if (clique.every((c) => linked.get(c.key)?.has(n.key))) {
          clique.push(n);
          grow(clique, i + 1);
          clique.pop();
        }
      }
    };
    grow([], 0);
    found.sort((a, b) => b.length - a.length);
    const kept: Set<string>[] = [];
    for (const f of found) {
      const keys = new Set(f.map((p) => p.key));
      if (kept.some((k) => [...keys].every((x) => k.has(x)))) continue;
      kept.push(keys);
      const members = [...keys].sort();
      const key = members.join('\u0002');
      if (this.rings.has(key)) continue;
      if (this.rings.size >= MAX_RINGS) this.evictRings();
      const g = newGroup(key, members);
      g.lastTs = ts;
      g.lastRound = gr;
      g.lastTable = parts[0] ? (parts[0].acc.lastTable ?? '') : '';
      g.lastIdx = parts[0]?.acc.lastIdx ?? 0;
      this.addRing(g);
    }
  }

  private evictRings(): void {
    const weak = [...this.rings.values()]
      .filter((g) => !g.rep)
      .sort((a, b) => logMean(a.w) - logMean(b.w) || (a.key < b.key ? -1 : 1))
      .slice(0, Math.ceil(MAX_RINGS / 10));
    for (const g of weak) this.dropRing(g.key);
  }

  private inReportedRing(members: readonly string[]): boolean {
    const first = members[0];
    if (first === undefined) return false;
    for (const rk of this.reportedRingsOf.get(first) ?? []) {
      const ring = this.rings.get(rk);
      if (ring && members.every((m) => ring.members.includes(m))) return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- reporting groups

  private reportGroups(
    kind: 'pair' | 'ring',
    groups: Map<string, Group>,
    candKeys: Set<string>,
    score: (g: Group) => number,
    out: RiskFinding[],
    gr: number,
    ts: number,
  ): void {
    const alpha = this.s.fdr;
    const entry = this.entry();
    const cands: { key: string; logE: number }[] = [];
    let touched = false;
    for (const key of candKeys) {
      const g = groups.get(key);
      if (!g || g.rounds < this.s.minSharedRounds) continue;
      const logE = score(g);
      if (logE < entry) continue;
      cands.push({ key, logE });
      if (g.lastRound === gr) touched = true;
    }
    if (!touched) return;
    for (const key of eBH(cands, groups.size, alpha)) {
      const g = groups.get(key);
      if (!g || g.lastRound !== gr) continue;
      const sc = score(g) / Math.LN10;
      const level = levelOf(sc, this.s);
      if (!g.rep) {
        if (this.inReportedRing(g.members)) continue;
        g.rep = { id: groupId(kind, g.members), level, first: ts };
        if (kind === 'ring') this.markReported(g);
        out.push(this.groupFinding(kind, g, 'raised', sc));
      } else if (level > g.rep.level || g.evNew >= UPDATE_EVERY) {
        g.rep.level = Math.max(level, g.rep.level) as RiskLevel;
        out.push(this.groupFinding(kind, g, 'updated', sc));
      }
    }
  }

  private groupFinding(
    kind: 'pair' | 'ring',
    g: Group,
    change: 'raised' | 'updated',
    score: number,
  ): CrossbetFinding {
    const rep = g.rep!;
    const evidence = g.ev.slice(Math.max(0, g.ev.length - g.evNew));
    g.evNew = 0;
    return {
      type: 'crossbet',
      change,
      id: rep.id,
      kind,
      level: rep.level,
      score: Math.round(score * 1000) / 1000,
      members: g.members.map(splitKey),
      rounds: g.hits,
      turnover: g.turnover,
      firstDetectedAt: rep.first,
      lastSeenAt: g.lastTs,
      tables: [...g.tables],
      evidenceRounds: change === 'raised' ? [...g.ev] : evidence,
    };
  }

  private reportRings(out: RiskFinding[], gr: number, ts: number): void {
    this.reportGroups('ring', this.rings, this.ringCands, (g) => logMean(g.w), out, gr, ts);
  }

  private reportPairs(out: RiskFinding[], gr: number, ts: number): void {
    this.reportGroups('pair', this.pairs, this.pairCands, (g) => this.pairScore(g), out, gr, ts);
  }

  // ---------------------------------------------------------------- players

  private reportPlayers(touched: Map<string, Account>, out: RiskFinding[], ts: number): void {
    let any = false;
    for (const [key, a] of touched) {
      this.playerCandidate(key, a);
      if (this.playerCands.has(key)) any = true;
    }
    if (!any) return;
    const cands: { key: string; logE: number }[] = [];
    for (const key of this.playerCands) {
      const a = this.accounts.get(key);
      if (a) cands.push({ key, logE: logMean(a.win) });
    }
    for (const key of eBH(cands, this.accounts.size, this.s.fdr)) {
      const a = touched.get(key);
      if (a) this.playerFlag(a, 'win_rate', out, ts);
    }
  }

  private playerFlag(
    a: Account,
    kind: 'win_rate' | 'bonus' | 'transfer',
    out: RiskFinding[],
    ts: number,
  ): void {
    const winScore = logMean(a.win) / Math.LN10;
    const score = Math.max(kind === 'win_rate' ? winScore : 0, a.abuse.score);
    const level = levelOf(score, this.s);
    const reasons: string[] = [];
    if (kind === 'win_rate' || a.rep?.kinds.includes('win_rate')) {
      reasons.push(
        `won ${a.net} on ${a.bets} bets (turnover ${a.turnover}), evidence 10^${winScore.toFixed(1)} against the house edge`,
      );
    }
    if (a.abuse.reason) reasons.push(a.abuse.reason);
    let change: 'raised' | 'updated';
    if (!a.rep) {
      a.rep = { level, kinds: [kind], first: ts, bets: a.bets };
      change = 'raised';
    } else {
      const newKind = !a.rep.kinds.includes(kind);
      if (!newKind && level <= a.rep.level && a.bets - a.rep.bets < 50 && kind === 'win_rate') return;
      if (newKind) a.rep.kinds = [...a.rep.kinds, kind].sort();
      a.rep.level = Math.max(level, a.rep.level) as RiskLevel;
      a.rep.bets = a.bets;
      change = 'updated';
    }
    const f: PlayerFinding = {
      type: 'player',
      change,
      provider: a.provider,
      account: a.account,
      kinds: [...a.rep.kinds],
      level: a.rep.level,
      score: Math.round(score * 1000) / 1000,
      firstDetectedAt: a.rep.first,
      lastSeenAt: ts,
      reason: reasons.join('; '),
    };
    out.push(f);
  }

  private wallet(e: WalletEvent, out: RiskFinding[]): void {
    if (e.ts > this.st.now) this.st.now = e.ts;
    const [, a] = this.account(e.provider, e.account);
    a.lastTs = Math.max(a.lastTs, e.ts);
    a.lastRound = this.st.round;
    const min = this.s.minMovedAmount * MINOR_PER_MAJOR;
    if (e.kind === 'bonus' || e.kind === 'transfer_out') {
      const need = this.s.bonusTurnoverMultiple * a.bonus;
      const played = a.turnover - a.bonusTurn;
      if (a.bonus > 0 && played >= need) a.bonus = 0;
      else if (a.bonus >= min && played < need) {
        a.abuse.bonus++;
        a.abuse.score += Math.min(2, Math.log10(need / Math.max(played, need / 100)));
        a.abuse.reason = `took bonuses of ${a.bonus} with turnover ${played} since (needed ${need})`;
        a.bonus = 0;
        this.playerFlag(a, 'bonus', out, e.ts);
      }
      if (e.kind === 'bonus') {
        if (a.bonus === 0) a.bonusTurn = a.turnover;
        a.bonus += e.amount;
      }
    }
    if (e.kind === 'transfer_in') {
      if (a.tin === 0) a.tinTurn = a.turnover;
      a.tin += e.amount;
    } else if (e.kind === 'transfer_out') {
      const moved = Math.min(a.tin, e.amount);
      const played = a.turnover - a.tinTurn;
      const need = this.s.transferPlayRatio * moved;
      if (moved >= min && played < need) {
        a.abuse.transfer++;
        a.abuse.score += Math.min(2, Math.log10(need / Math.max(played, need / 100)));
        a.abuse.reason = `moved ${moved} in and out with turnover ${played} (needed ${need})`;
        this.playerFlag(a, 'transfer', out, e.ts);
      }
      a.tin = Math.max(0, a.tin - e.amount);
      a.tinTurn = a.turnover;
    }
  }

  // ---------------------------------------------------------------- providers

  private providerBet(
    provider: number,
    ts: number,
    stake: number,
    houseWin: number,
    edge: number,
    m2: number,
  ): void {
    let p = this.providers.get(provider);
    if (!p) {
      p = { provider, hours: [], rep: null };
      this.providers.set(provider, p);
    }
    const hour = Math.floor(ts / HOUR);
    let h = p.hours[p.hours.length - 1];
    if (!h || h[0] < hour) {
      h = [hour, 0, 0, 0, 0, 0];
      p.hours.push(h);
    } else if (h[0] > hour) {
      h = p.hours.find((x) => x[0] === hour) ?? h; // late event: its own hour when still kept
    }
    h[1] += stake;
    h[2] += houseWin;
    h[3] += stake * edge;
    h[4] += stake * stake * m2;
    h[5]++;
  }

  private reportProviders(r: SettledRound, out: RiskFinding[], ts: number): void {
    const seen = new Set<number>();
    for (const b of r.bets) seen.add(b.provider);
    const cutoff = Math.floor((this.st.now - this.s.windowHours * HOUR) / HOUR);
    for (const id of [...seen].sort((a, b) => a - b)) {
      const p = this.providers.get(id);
      if (!p) continue;
      while (p.hours.length > 0 && p.hours[0]![0] <= cutoff) p.hours.shift();
      let stake = 0;
      let win = 0;
      let exp = 0;
      let v = 0;
      let bets = 0;
      for (const h of p.hours) {
        stake += h[1];
        win += h[2];
        exp += h[3];
        v += h[4];
        bets += h[5];
      }
      const kinds: ('margin' | 'volume')[] = [];
      let score = 0;
      const reasons: string[] = [];
      if (bets >= PROVIDER_MIN_BETS && v > 0) {
        const z = (win - exp) / Math.sqrt(v);
        if (Math.abs(z) >= this.s.providerMarginSigma) {
          kinds.push('margin');
          score = Math.max(score, (z * z) / 2 / Math.LN10);
          reasons.push(
            `margin ${((win / stake) * 100).toFixed(2)}% against an expected ${((exp / stake) * 100).toFixed(2)}% (${z.toFixed(1)} standard errors)`,
          );
        }
      }
      const last = p.hours[p.hours.length - 1];
      const first = p.hours[0];
      if (last && first && last[0] - first[0] >= PROVIDER_MIN_HOURS) {
        const span = Math.min(24, last[0] - first[0]);
        let usual = 0;
        for (const h of p.hours) if (h[0] < last[0] && h[0] >= last[0] - span) usual += h[1];
        usual /= span;
        if (usual > 0 && last[1] >= this.s.providerVolumeFactor * usual) {
          kinds.push('volume');
          score = Math.max(score, Math.log2(last[1] / usual));
          reasons.push(
            `hour turnover ${last[1]} is ${(last[1] / usual).toFixed(1)} times its usual ${Math.round(usual)}`,
          );
        }
      }
      if (kinds.length === 0) continue;
      const level = levelOf(score, this.s);
      let change: 'raised' | 'updated';
      if (!p.rep) {
        p.rep = { level, kinds, first: ts };
        change = 'raised';
      } else {
        const added = kinds.filter((k) => !p.rep!.kinds.includes(k));
        if (added.length === 0 && level <= p.rep.level) continue;
        p.rep.kinds = [...p.rep.kinds, ...added].sort();
        p.rep.level = Math.max(level, p.rep.level) as RiskLevel;
        change = 'updated';
      }
      const f: ProviderFinding = {
        type: 'provider',
        change,
        provider: id,
        kinds: [...p.rep.kinds],
        level: p.rep.level,
        score: Math.round(score * 1000) / 1000,
        firstDetectedAt: p.rep.first,
        lastSeenAt: ts,
        reason: reasons.join('; '),
      };
      out.push(f);
    }
  }

  // ---------------------------------------------------------------- expiry

  private sweep(): void {
    const cutTs = this.st.now - this.s.windowHours * HOUR;
    const stale = (e: { lastTs: number; lastTable: string; lastIdx: number }): boolean => {
      if (e.lastTs < cutTs) return true;
      if (e.lastTable === '') return false;
      const t = this.tables.get(e.lastTable);
      return !t || t.idx - e.lastIdx > this.s.windowRounds;
    };
    for (const [k, a] of this.accounts) {
      if (stale(a)) {
        this.accounts.delete(k);
        this.playerCands.delete(k);
      } else for (const t of Object.keys(a.pres)) if (!this.tables.has(t)) delete a.pres[t];
    }
    for (const [k, t] of this.tables) if (t.lastTs < cutTs) this.tables.delete(k);
    for (const [k, g] of this.pairs) {
      if (stale(g) || !g.members.every((m) => this.accounts.has(m))) {
        this.pairs.delete(k);
        this.pairCands.delete(k);
      }
    }
    for (const [k, g] of [...this.rings]) {
      if (stale(g) || !g.members.every((m) => this.accounts.has(m))) this.dropRing(k);
    }
    for (const [k, p] of this.providers) {
      const last = p.hours[p.hours.length - 1];
      if (!last || (last[0] + 1) * HOUR < cutTs) this.providers.delete(k);
    }
    if (this.pairs.size > MAX_PAIRS) {
      const weak = [...this.pairs.values()]
        .filter((g) => !g.rep)
        .map((g) => ({ g, s: this.pairScore(g) }))
        .sort((a, b) => a.s - b.s || (a.g.key < b.g.key ? -1 : 1))
        .slice(0, this.pairs.size - Math.floor(MAX_PAIRS * 0.9));
      for (const { g } of weak) {
        this.pairs.delete(g.key);
        this.pairCands.delete(g.key);
      }
    }
  }

  /** Sizes of the kept state (tests and the bench). */
  sizes(): { accounts: number; pairs: number; rings: number; tables: number; providers: number } {
    return {
      accounts: this.accounts.size,
      pairs: this.pairs.size,
      rings: this.rings.size,
      tables: this.tables.size,
      providers: this.providers.size,
    };
  }
}

/** The risk engine's detector factory: fresh, or continuing from a `snapshot()`. */
export const createBettingDetector: RiskDetectorFactory = (settings, snapshot) =>
  new RiskDetectorImpl(settings, snapshot);

/** The detector with its state sizes, for tests and measurements. */
export function createBettingDetectorWithSizes(
  settings: RiskSettings,
  snapshot?: unknown,
): RiskDetector & { sizes(): ReturnType<RiskDetectorImpl['sizes']> } {
  return new RiskDetectorImpl(settings, snapshot);
}
