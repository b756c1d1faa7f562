import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import { OPPOSITE_BET, type BetType } from '@dms/shared/domain/games';
import { RiskLevel } from '@dms/shared/domain/enums';
import { HOUSE_EDGE } from '@dms/shared/games/settlement';
import { TEEN_PATTI_CATEGORY_COUNTS, TEEN_PATTI_HANDS, TeenPattiCategory } from '@dms/shared/games/teenPatti';
import type { RiskInput, SettledRound, WalletEvent } from './detector.port';
import { RecordMap, type Summariser } from './recordMap';
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
/**
 * An expire's walks pause every so many entries ({@link RiskDetectorImpl.expire}): a walk of all the accounts
 * and pairs in about this many slices, of at least {@link MIN_EXPIRE_STEP} entries. On bench-live's crowded
 * tables (about 420,000 pairs at a cap) a slice of 35,000 entries of the pairs' cap took the gateway up to 118
 * ms (pair states scattered over the heap, deletes): about 18,000 now.
 */
export const EXPIRE_SLICES_A_WALK = 24;
const MIN_EXPIRE_STEP = 10_000;
/**
 * The most accounts kept. A platform whose players within `windowHours` outnumber it (hundreds of thousands
 * of players over three days) keeps those seen last: an account seen least recently goes first (a flagged
 * player is kept), and starts afresh if it comes back, counted as a new test (the bar only rises). Without
 * it the state, its memory and its snapshots grow with every player of the window: on bench-wall's 600,000
 * players an hour, past a million records within the hour.
 */
export const MAX_ACCOUNTS = 250_000;
/**
 * Accounts beyond {@link MAX_ACCOUNTS} that end a round with an expire, which brings them back to the cap. An
 * expire for another reason (the pairs', every few dozen rounds on a crowded platform) leaves the accounts
 * within the slack: a cap walks them all twice, and its pairs once more.
 */
export const ACCOUNTS_SLACK = 25_000;
/**
 * A crowded round (hundreds of accounts at one table) is searched for pairs and rings among its largest
 * positions only: all pairs of 800 accounts are 320,000 pair states a round (100 positions: 4,950), which no memory holds for long,
 * and a cross-bet that moves money sits among the largest positions. Every account still counts its presence.
 */
const CROWDED_POSITIONS = 100;
/** The most pair states one round can make: every pair of its largest positions. */
const MAX_NEW_PAIRS_A_ROUND = (CROWDED_POSITIONS * (CROWDED_POSITIONS - 1)) / 2;
const MAX_RINGS = 50_000;
const EDGE_NATS = 2;
const UPDATE_EVERY_ROUNDS = 10;
/**
 * Bets of the player's results test, as fractions of the e-process staked on each round at fair odds (the
 * share of rounds whose result a cheater knows, in the alternative's words): the first half of the components
 * bet the same on every round, the second half in proportion to the round's stake against the player's mean
 * stake so far (at most {@link WEIGHT_MAX} times, never more than {@link FRACTION_MAX} of the e-process), so
 * that a player who stakes more when they know the result is found sooner.
 */
const LAMBDAS = [0.05, 0.1, 0.2, 0.3];
const WEIGHT_MAX = 3;
const FRACTION_MAX = 0.9;
/** A component of the results test never falls below this (a long unlucky run does not hide a later cheat). */
const WIN_FLOOR = 0.01;
/**
 * Each bet's chance of winning and of a push (the stake back) under fair play, exact for the game: baccarat
 * from the 8-deck analysis (the figures of its house edges), Teen Patti from its 22,100 hands (two hands tie
 * with probability 0.00110649; Pair Plus wins on a pair or better of hand A).
 */
const BACCARAT_TIE_P = 0.095156;
const TEEN_PATTI_TIE_P = 0.00110649;
const BET_ODDS: Readonly<Record<number, Readonly<Record<string, { win: number; push: number }>>>> = {
  1: {
    banker: { win: 0.458597, push: BACCARAT_TIE_P },
    player: { win: 0.446247, push: BACCARAT_TIE_P },
    tie: { win: BACCARAT_TIE_P, push: 0 },
    banker_pair: { win: 0.0746988, push: 0 },
    player_pair: { win: 0.0746988, push: 0 },
  },
  2: {
    player_a: { win: (1 - TEEN_PATTI_TIE_P) / 2, push: TEEN_PATTI_TIE_P },
    player_b: { win: (1 - TEEN_PATTI_TIE_P) / 2, push: TEEN_PATTI_TIE_P },
    tie: { win: TEEN_PATTI_TIE_P, push: 0 },
    pair_plus: {
      win: 1 - TEEN_PATTI_CATEGORY_COUNTS[TeenPattiCategory.HighCard] / TEEN_PATTI_HANDS,
      push: 0,
    },
  },
};
/**
 * A bet's result at fair odds, per unit staked: 0 on a push, `1/q − 1` when won and −1 when lost, `q` its
 * chance of winning when it does not push. Its mean under fair play is exactly 0 whatever the bet, and its
 * scale is the same for every bet (a Tie's 8 to 1 weighs what its chance says, not its payout), so that the
 * likelihood ratio of "knows the result of a share k of the rounds" is `1 + k·y` on every bet type.
 */
export function fairResult(
  gameId: number,
  betType: string,
  amount: number,
  payout: number,
): number | undefined {
  const odds = BET_ODDS[gameId]?.[betType];
  if (!odds) return undefined;
  if (payout === amount && odds.push > 0) return 0;
  const q = odds.win / (1 - odds.push);
  return payout > amount ? 1 / q - 1 : -1;
}

/** The variance of {@link fairResult} under fair play: (1 − push)·(1 − q)/q; undefined for an unknown bet. */
export function fairVariance(gameId: number, betType: string): number | undefined {
  const odds = BET_ODDS[gameId]?.[betType];
  if (!odds) return undefined;
  const q = odds.win / (1 - odds.push);
  return (1 - odds.push) * (1 / q - 1);
}
const HOUR = 3_600_000;
/** Most opposition neighbours of one account searched for a star-shaped ring (2^n subsets). */
const STAR_MAX = 10;
/**
 * Co-presence: two accounts are companions when they shared at least {@link COMPANION_MIN_SHARED} rounds and
 * those are at least {@link COMPANION_JACCARD} of the rounds either of them played (colluders come and go
 * together, hop tables together). Companions are where ring candidates are searched, whatever their sides.
 */
const COMPANION_MIN_SHARED = 4;
const COMPANION_JACCARD = 0.4;
/** Co-presence is counted with this decay in event time, so that a new companionship is not diluted by years. */
const COMPANION_TAU_MS = 6 * 3_600_000;
/** A count decayed to `now` and incremented: [value, event time of the last update]; updated in place. */
const decayedAdd = (x: [number, number] | undefined, now: number): [number, number] => {
  if (!x) return [1, now];
  if (now > x[1]) {
    x[0] *= Math.exp(-(now - x[1]) / COMPANION_TAU_MS);
    x[1] = now;
  }
  x[0] += 1;
  return x;
};
/** Most companions of one account searched on a round, and most groups looked at per round. */
const COMPANIONS_MAX = 8;
const SEED_SEARCH_MAX = 4000;
/** Rounds a co-present group must be seen balanced before it is tested as a ring. */
const SEED_ROUNDS = 2;
const MAX_SEEDS = 100_000;
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
  /** Rounds played, decayed in event time ({@link COMPANION_TAU_MS}). */
  presence?: [number, number];
  /** The last hour (event time) the account bet in, for its provider's count of active accounts. */
  hourSeen?: number;
  /** Player tests: the components of the results test (unweighted, then stake-weighted). */
  winE: number[];
  /** Stakes and rounds of the results test so far (its mean stake). */
  winStake?: number;
  winRounds?: number;
  staked: number;
  bonus: number;
  turnoverSinceBonus: number;
  moved: number;
  turnoverSinceMove: number;
  /** Evidence (log10) and count of the cycles (money in, out again) that looked like bonus abuse or money moving. */
  bonusScore?: number;
  bonusCycles?: number;
  moveScore?: number;
  moveCycles?: number;
  /** Withdrawn since the cycle began. */
  outSince?: number;
}

interface PairState {
  a: string;
  b: string;
  shared: number;
  /** Rounds shared, decayed in event time ({@link COMPANION_TAU_MS}). */
  together?: [number, number];
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
  /**
   * The usual turnover of each hour of the day (UTC, event time), smoothed over the days seen; -1 not seen
   * yet. Providers serve their own time zones: an evening peak ten times the morning is their normal.
   */
  slots?: number[];
  /** Bets of this hour, and the usual bets of each hour of the day (as {@link slots}). */
  hourBets?: number;
  betSlots?: number[];
  /** Accounts that bet this hour, and the usual of each hour of the day. */
  hourAccounts?: number;
  accountSlots?: number[];
  /**
   * Results per bet (each bet weighs one unit whatever its stake, so that a few big players do not hide a
   * margin that is wrong on every bet): Σ(return per unit + edge) and its variance under fair play, bets of
   * one round taken together (they share its outcome).
   */
  unitSum?: number;
  unitVar?: number;
}

/** Baccarat's outcome probabilities (8 decks): banker, player, tie. */
const BACCARAT_P = [0.458597, 0.446247, 0.095156] as const;
/** Return per unit of a baccarat main bet for each outcome (banker, player, tie wins). */
const BACCARAT_RETURN: Readonly<Record<string, readonly [number, number, number]>> = {
  banker: [0.95, -1, 0],
  player: [-1, 1, 0],
  tie: [-1, -1, 8],
};

/** One provider's bets on one round: the unit returns for each baccarat outcome, and the other bets. */
interface ProviderRound {
  byOutcome: [number, number, number];
  observed: number;
  edges: number;
  /** Units on each other bet type: bets of one type on one round share its outcome. */
  other: Record<string, number>;
}

/**
 * Variance per unit of the other bets; undefined for the long shots left out of the per-bet margin test
 * (Teen Patti's tie pays about 800 to 1: one win would look like a broken margin on a small provider).
 */
function unitVariance(betType: string, gameId: number): number | undefined {
  if (betType === 'tie') return gameId === 1 ? 8 : undefined;
  if (betType.endsWith('_pair')) return 11;
  if (betType === 'pair_plus') return 10;
  return 1;
}

interface State {
  accounts: RecordMap<AccountState, AccountView>;
  pairs: RecordMap<PairState, PairView>;
  rings: Record<string, RingState>;
  /**
   * Groups of co-present accounts seen balanced (net exposure within the tolerance, every member needed) on
   * a round, by group key: the round count. A group seen balanced twice becomes a ring candidate.
   */
  ringSeeds?: Record<string, { n: number; lastSeen: number }>;
  /** Previous winner (context) per table. */
  road: Record<string, Context>;
  flagged: Record<string, FlagState>;
  providers: Record<string, ProviderState>;
  tested: { pairs: number; rings: number; players: number };
  discoveries: { pair: number; ring: number; player: number };
  rounds: number;
  /**
   * Pair states made since the last expire, which caps them at {@link MAX_PAIRS} ({@link expireDue}): kept in
   * the state, so that a restored detector caps when the original does.
   */
  pairsAdded: number;
}

/**
 * A snapshot as stored (its maps written as objects), or as {@link RiskDetectorImpl.snapshot} returns it. One
 * stored before `pairsAdded` was kept has none (read as 0, as the detector counted after a restart then).
 */
type StoredState = Omit<State, 'accounts' | 'pairs' | 'pairsAdded'> & {
  accounts: Record<string, AccountState> | Map<string, AccountState>;
  pairs: Record<string, PairState> | Map<string, PairState>;
  pairsAdded?: number;
};

const keyOf = (provider: number, account: string) => `${provider}:${account}`;
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const memberOf = (key: string): GroupMember => {
  const i = key.indexOf(':');
  return { provider: Number(key.slice(0, i)), account: key.slice(i + 1) };
};

function emptyState(): State {
  return {
    accounts: new RecordMap(null, ACCOUNT_SUMMARY),
    pairs: new RecordMap(null, PAIR_SUMMARY),
    rings: {},
    road: {},
    flagged: {},
    providers: {},
    tested: { pairs: 0, rings: 0, players: 0 },
    discoveries: { pair: 0, ring: 0, player: 0 },
    rounds: 0,
    pairsAdded: 0,
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
 * The box around an account's habit of side 0 in context `c` (±2 standard errors + 1/(n+2)), and its habits of
 * either side, that {@link oppositeBound} and a pair's chance of opposite sides read: computed once per account
 * and round, not for each of its pairs (an account of a crowded round is in 99).
 */
interface Habit {
  lo: number;
  hi: number;
  /** {@link sideProb} of side 0 and of side 1. */
  p0: number;
  p1: number;
}

function habitOf(acc: AccountState, c: Context): Habit {
  const ctx = acc.sides[c] ?? [0, 0];
  const n = ctx[0] + ctx[1];
  const p = sideProb(acc, c, 0);
  const r = 2 * Math.sqrt((p * (1 - p)) / (n + 1)) + 1 / (n + 2);
  return { lo: Math.max(0, p - r), hi: Math.min(1, p + r), p0: p, p1: sideProb(acc, c, 1) };
}

/**
 * The largest chance that two accounts are on opposite sides, over a confidence box around each one's habit
 * in the context ({@link habitOf}): the habits are estimated, and an estimate just short of 1 for a one-sided
 * player (a streak or chop player in its context) would otherwise bank a little evidence on every round. The
 * chance is bilinear in the two habits, so its maximum is at a corner.
 */
/** The chance that two accounts of these chances of side 0 take opposite sides. */
const opp = (x: number, y: number) => x * (1 - y) + (1 - x) * y;

function oppositeBound(a: Habit, b: Habit): number {
  return Math.max(0, opp(a.lo, b.lo), opp(a.lo, b.hi), opp(a.hi, b.lo), opp(a.hi, b.hi));
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

/**
 * How a group's stakes on their sides stand: `ring` when they make a ring's bet — both sides taken, the net
 * exposure |Σside0 − Σside1| within the tolerance of the larger side, every member needed (without any one of
 * them it is not balanced, so that a bystander's small stake does not join); `split` when they are balanced
 * but as two balanced groups side by side (two matched pairs at one table are two pairs, not a ring; a ring
 * that splits that way on a round says nothing about being one); `none` otherwise.
 */
function groupBalance(
  amounts: readonly number[],
  sides: readonly Side[],
  tol: number,
): 'ring' | 'split' | 'none' {
  const n = amounts.length;
  const balancedPart = (mask: number) => {
    let t0 = 0;
    let t1 = 0;
    for (let i = 0; i < n; i++)
      if ((mask >> i) & 1) {
        if (sides[i] === 0) t0 += amounts[i]!;
        else t1 += amounts[i]!;
      }
    return t0 > 0 && t1 > 0 && Math.abs(t0 - t1) <= tol * Math.max(t0, t1);
  };
  const full = (1 << n) - 1;
  if (!balancedPart(full)) return 'none';
  for (let i = 0; i < n; i++) if (balancedPart(full & ~(1 << i))) return 'none';
  // Two balanced parts: enumerate the parts holding member 0 (each split once).
  for (let sub = 1; sub < full; sub += 2) if (balancedPart(sub) && balancedPart(full & ~sub)) return 'split';
  return 'ring';
}

/**
 * The k-th smallest value (0-based) of `xs`, by selection (Hoare's, median of three): linear on average.
 * Reorders `xs`.
 */
export function selectKth(xs: Float64Array, k: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    // Median of three as the pivot (sorted already, or all equal, stays linear).
    const a = xs[lo]!;
    const b = xs[mid]!;
    const c = xs[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (xs[i]! < pivot) i++;
      while (xs[j]! > pivot) j--;
      if (i <= j) {
        const t = xs[i]!;
        xs[i] = xs[j]!;
        xs[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return xs[k]!;
  }
  return xs[lo]!;
}

/**
 * Calls `fn` with each entry of `map` in its order, as {@link RecordMap.forEachView} does, pausing (a `yield`)
 * after every `step` entries when its records are all in memory: the walk goes on, when it is resumed, over the
 * map as it is then (an entry deleted before it was reached is not given, one set since is given at the end).
 * A map read back a piece at a time is walked at once, by its views. `fn` ends the walk by answering false.
 */
function* walkInSlices<V extends S, S>(
  map: RecordMap<V, S>,
  step: number,
  fn: (key: string, view: S) => boolean | void,
): Generator<void, void> {
  if (!map.inMemory) {
    let done = false;
    map.forEachView((k, v) => {
      if (!done) done = fn(k, v) === false;
    });
    return;
  }
  let n = 0;
  for (const [k, v] of map.entries()) {
    if (fn(k, v) === false) return;
    if (++n === step) {
      n = 0;
      yield;
    }
  }
}

/**
 * Deletes from `map` the entries `dropAlways` picks, then of the others as many as go past `keep`, those of
 * lowest `value` (an entry whose value is undefined stays whatever it is), found by selection rather than by
 * sorting them all: every entry below the last dropped value goes, and as many at it as needed, the first in
 * the map's order first. Two walks ({@link walkInSlices}, paused every `step` entries): the values, then the
 * deletes. An entry that `fresh` picks (one changed since the cap began, when the walks pause between inputs)
 * is passed over by both and stays. Whether any went.
 */
function* dropLowest<V extends S, S>(
  map: RecordMap<V, S>,
  keep: number,
  step: number,
  value: (key: string, view: S) => number | undefined,
  dropAlways?: (view: S) => boolean,
  fresh?: (view: S) => boolean,
): Generator<void, boolean> {
  let values = new Float64Array(Math.max(map.size, 16));
  let defined = 0;
  let dropped = false;
  yield* walkInSlices(map, step, (k, v) => {
    if (fresh?.(v)) return;
    if (dropAlways?.(v)) {
      map.delete(k);
      dropped = true;
      return;
    }
    const x = value(k, v);
    if (x === undefined) return;
    if (defined === values.length) {
      const more = new Float64Array(values.length * 2);
      more.set(values);
      values = more;
    }
    values[defined++] = x;
  });
  const count = Math.min(defined, map.size - keep);
  if (count <= 0) return dropped;
  const bar = selectKth(values.subarray(0, defined), count - 1);
  let atBar = count;
  for (const x of values.subarray(0, defined)) if (x < bar) atBar -= 1;
  let left = count;
  yield* walkInSlices(map, step, (k, v) => {
    if (left === 0) return false;
    if (fresh?.(v)) return;
    const x = value(k, v);
    if (x === undefined || x > bar) return;
    if (x < bar) {
      map.delete(k);
      left -= 1;
    } else if (atBar > 0) {
      map.delete(k);
      atBar -= 1;
      left -= 1;
    }
  });
  return true;
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

/**
 * Whether a round ends with an expire, after `rounds` rounds, with `pairsAdded` pair states made since the last
 * one and `accounts` accounts: every 1000 rounds, as soon as new pairs could take the pairs past twice their
 * cap, and when the accounts pass their cap and its slack. {@link RiskDetectorImpl.walksState} asks it of the
 * round to come (its bounds at most), the round itself of what it left.
 */
function expireDue(rounds: number, pairsAdded: number, accounts: number): boolean {
  return rounds % 1000 === 0 || pairsAdded > MAX_PAIRS || accounts > MAX_ACCOUNTS + ACCOUNTS_SLACK;
}

/**
 * What {@link RiskDetectorImpl.expire} reads of an account and of a pair, kept beside their keys in a stored
 * snapshot: a detector restored from one expires (and caps) before its records are read back, and a restart
 * does not wait for its whole state. A record in memory is read itself.
 */
type AccountView = Pick<AccountState, 'lastSeen'>;
const ACCOUNT_SUMMARY: Summariser<AccountState, AccountView> = {
  id: 'lastSeen',
  width: 1,
  of(acc, out) {
    out[0] = acc.lastSeen;
  },
  view: (stored) => ({ lastSeen: stored[0]! }),
};
type PairView = Pick<PairState, 'a' | 'b' | 'lastSeen' | 'logOpp' | 'logMatch' | 'evidenceCount'>;
const PAIR_SUMMARY: Summariser<PairState, PairView> = {
  id: 'lastSeen,logOpp+logMatch,evidenceCount,a.length',
  width: 4,
  of(p, out) {
    out[0] = p.lastSeen;
    out[1] = p.logOpp + p.logMatch;
    out[2] = p.evidenceCount;
    out[3] = p.a.length;
  },
  // Its key is `a|b` (pairKey); its score is stored whole (the sum is what is read).
  view: (stored, key) => ({
    a: key.slice(0, stored[3]!),
    b: key.slice(stored[3]! + 1),
    lastSeen: stored[0]!,
    logOpp: stored[1]!,
    logMatch: 0,
    evidenceCount: stored[2]!,
  }),
};

export const createRiskDetector: RiskDetectorFactory = (settings, snapshot) =>
  new RiskDetectorImpl(settings, snapshot as StoredState | undefined);

class RiskDetectorImpl implements RiskDetector<State> {
  private s: State;
  /**
   * Bounds kept beside the state (not in it) so that {@link expire} walks the hundreds of thousands of accounts
   * and pairs of a busy platform only when it has something to do: no account's (pair's) `lastSeen` is below
   * its floor (unknown after a restore: walked at the first expire).
   */
  private accountsSeenFloor = -Infinity;
  private pairsSeenFloor = -Infinity;
  /** The settlement time of the round that left an expire due, until {@link upkeep} begins it. */
  private expireDueAt: number | undefined;
  /** The expire begun, until its last slice ({@link expire}). */
  private expiring: Generator<void, void> | undefined;
  /** Whether a slice of {@link expiring} is due: each input earns one ({@link upkeep}). */
  private sliceDue = false;
  /** The latest time an account or a pair was seen (a settlement's, a wallet event's). */
  private latestSeen = -Infinity;

  constructor(
    private settings: RiskSettings,
    snapshot?: StoredState,
  ) {
    // The snapshot becomes the detector's state (the runner's is parsed from the store for it): no copy.
    this.s = snapshot
      ? {
          ...snapshot,
          pairsAdded: snapshot.pairsAdded ?? 0,
          accounts: RecordMap.from(snapshot.accounts, ACCOUNT_SUMMARY),
          pairs: RecordMap.from(snapshot.pairs, PAIR_SUMMARY),
        }
      : emptyState();
    for (const ring of Object.values(this.s.rings)) this.indexRing(ring);
  }

  configure(settings: RiskSettings): void {
    this.settings = settings;
  }

  snapshot(): State {
    // The state of a snapshot has no expire half done or left due: they are done now.
    this.sliceDue = false;
    for (let job = this.nextExpire(); job; job = this.nextExpire()) {
      while (!job.next().done);
      this.expiring = undefined;
    }
    return this.s;
  }

  process(input: RiskInput): RiskFinding[] {
    this.upkeep();
    const out = input.type === 'round' ? this.round(input.round) : this.wallet(input.event);
    this.sliceDue = this.expiring !== undefined || this.expireDueAt !== undefined;
    return out;
  }

  /**
   * The slice of an expire that the last input left due, done now: after the input's findings are stored and
   * sent (the runner), or first thing at the next input or snapshot. An expire (due after a round, {@link
   * expireDue}, at its settlement time) walks hundreds of thousands of accounts and pairs of a busy platform,
   * over 100 ms: it is done a slice an input, and the alerts of a round wait for no more than one. Which slice
   * comes after which input depends on the inputs only, so the outputs and the state are the same whenever
   * the upkeep is done; a snapshot ends an expire begun at once.
   */
  upkeep(): void {
    if (!this.sliceDue) return;
    this.sliceDue = false;
    if (this.nextExpire()?.next().done) this.expiring = undefined;
  }

  /**
   * The expire under way, or the one left due begun (one left due while another is under way, by a thousandth
   * round, begins after it).
   */
  private nextExpire(): Generator<void, void> | undefined {
    if (!this.expiring && this.expireDueAt !== undefined) {
      this.expiring = this.expire(this.expireDueAt, this.latestSeen);
      this.expireDueAt = undefined;
    }
    return this.expiring;
  }

  /**
   * An input whose processing begins with an expire left due, or a round that {@link round} leaves one due:
   * its thousandth, or one whose new pairs could pass their cap, or whose new accounts could pass the accounts'
   * cap and slack.
   */
  walksState(input: RiskInput): boolean {
    if (this.s.accounts.walksWithoutReading && this.s.pairs.walksWithoutReading) return false;
    return (
      this.sliceDue ||
      (input.type === 'round' &&
        expireDue(
          this.s.rounds + 1,
          this.s.pairsAdded + MAX_NEW_PAIRS_A_ROUND,
          this.s.accounts.size + input.round.bets.length,
        ))
    );
  }

  private account(provider: number, account: string): AccountState {
    const key = keyOf(provider, account);
    let acc = this.s.accounts.get(key);
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
        winE: [...LAMBDAS, ...LAMBDAS].map(() => 1),
        staked: 0,
        bonus: 0,
        turnoverSinceBonus: 0,
        moved: 0,
        turnoverSinceMove: 0,
      };
      this.s.accounts.set(key, acc);
      this.s.tested.players += 1;
    }
    return acc;
  }

  private round(r: SettledRound): RiskFinding[] {
    if (r.settledAt > this.latestSeen) this.latestSeen = r.settledAt;
    const out: RiskFinding[] = [];
    const st = this.settings;
    this.s.rounds += 1;
    const tableKey = `${r.gameId}:${r.tableId}`;
    const ctx: Context = this.s.road[tableKey] ?? 0;
    // Each account's net position on the two sides of the game.
    const positions = new Map<string, { side: Side; amount: number; turnover: number }>();
    const sideNames: [string, string] = r.gameId === 2 ? ['player_a', 'player_b'] : ['banker', 'player'];
    const net = new Map<string, [number, number, number]>();
    /** Each account's result on the round at fair odds: Σ stake·y (see {@link fairResult}), Σ stake. */
    const results = new Map<AccountState, [number, number]>();
    const providerRounds = new Map<number, ProviderRound>();
    for (const b of r.bets) {
      const key = keyOf(b.provider, b.account);
      const acc = this.account(b.provider, b.account);
      acc.lastSeen = Math.max(acc.lastSeen, r.settledAt);
      if (acc.lastSeen < this.accountsSeenFloor) this.accountsSeenFloor = acc.lastSeen;
      const n = net.get(key) ?? [0, 0, 0];
      if (b.betType === sideNames[0]) n[0] += b.amount;
      else if (b.betType === sideNames[1] && OPPOSITE_BET[sideNames[0] as BetType] === sideNames[1])
        n[1] += b.amount;
      n[2] += b.amount;
      net.set(key, n);
      this.playerBet(acc, r, b.betType, b.amount, b.payout, results);
      this.providerBet(b.provider, r, b.betType, b.amount, b.payout, providerRounds, acc);
    }
    for (const [acc, [x, t]] of results) {
      const f = this.playerResult(acc, x, t, r.settledAt);
      if (f) out.push(f);
    }
    for (const [key, [a0, a1, total]] of net) {
      if (a0 === a1) continue;
      positions.set(key, { side: a0 > a1 ? 0 : 1, amount: Math.abs(a0 - a1), turnover: total });
    }
    const keys = [...positions.keys()].sort();
    for (const key of keys) {
      const acc = this.s.accounts.get(key)!;
      acc.presence = decayedAdd(acc.presence, r.settledAt);
    }
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
    // Pairs, among the largest positions of a crowded round (then sorted by key, as before).
    const paired =
      keys.length <= CROWDED_POSITIONS
        ? keys
        : [...keys]
            .sort((x, y) => positions.get(y)!.amount - positions.get(x)!.amount || (x < y ? -1 : 1))
            .slice(0, CROWDED_POSITIONS)
            .sort();
    // Pairs. What a pair reads of each account, looked up once per account.
    const pairedAt = paired.map((key) => {
      const acc = this.s.accounts.get(key)!;
      return { key, acc, position: positions.get(key)!, habit: habitOf(acc, ctx) };
    });
    const edges: [string, string][] = [];
    /** Companions on this round (co-presence far above what their own play would give), with their Jaccard. */
    const companions: [string, string, number][] = [];
    for (let i = 0; i < pairedAt.length; i++)
      for (let j = i + 1; j < pairedAt.length; j++) {
        const { key: ka, acc: a, position: pa, habit: ha } = pairedAt[i]!;
        const { key: kb, acc: b, position: pb, habit: hb } = pairedAt[j]!;
        const pk = pairKey(ka, kb);
        let pair = this.s.pairs.get(pk);
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
          this.s.pairs.set(pk, pair);
          this.s.tested.pairs += 1;
          this.s.pairsAdded += 1;
        }
        pair.shared += 1;
        pair.lastSeen = r.settledAt;
        if (r.settledAt < this.pairsSeenFloor) this.pairsSeenFloor = r.settledAt;
        pair.together = decayedAdd(pair.together, r.settledAt);
        if (pair.shared >= COMPANION_MIN_SHARED) {
          // Recent rounds together against recent rounds of either (decayed in event time): an account's life
          // before does not dilute a new companionship, and strangers who once sat together drift apart.
          const together = pair.together[0];
          const jaccard = together / Math.max(1, (a.presence?.[0] ?? 1) + (b.presence?.[0] ?? 1) - together);
          if (jaccard >= COMPANION_JACCARD) companions.push([ka, kb, jaccard]);
        }
        const pOpp = oppositeBound(ha, hb);
        const opposite = pa.side !== pb.side;
        pair.logOpp += Math.log(bernoulliFactor(opposite, pOpp, ALT_OPPOSITE));
        const pPoint = ha.p0 * hb.p1 + ha.p1 * hb.p0;
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
    out.push(...this.rings(edges, companions, positions, r, ctx));
    out.push(...this.providerFindings(r, providerRounds));
    // Learn after testing: the chance of this round was judged on the past only.
    for (const [key, p] of positions) {
      const acc = this.s.accounts.get(key)!;
      (acc.sides[ctx] ??= [0, 0])[p.side] += 1;
      acc.stakes.push(p.amount);
      if (acc.stakes.length > STAKES_KEPT) acc.stakes.shift();
      acc.rounds += 1;
    }
    const winner = typeof r.result.winner === 'string' ? r.result.winner : '';
    const lastWon = ctx === 1 || ctx === 4 ? 4 : ctx === 2 || ctx === 5 ? 5 : 3;
    this.s.road[tableKey] = winner === sideNames[0] ? 1 : winner === sideNames[1] ? 2 : winner ? lastWon : 0;
    // While an expire is under way its caps are too: only the thousandth round leaves another due.
    if (
      this.expiring
        ? this.s.rounds % 1000 === 0
        : expireDue(this.s.rounds, this.s.pairsAdded, this.s.accounts.size)
    )
      this.expireDueAt = r.settledAt;
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
    companions: [string, string, number][],
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
    const seeds = (this.s.ringSeeds ??= {});
    /** A group balanced on this round: counted; a ring candidate once seen balanced {@link SEED_ROUNDS} times. */
    const seed = (group: string[]) => {
      const members = group.sort();
      const key = members.join('|');
      if (this.s.rings[key]) return;
      const g = (seeds[key] ??= { n: 0, lastSeen: r.settledAt });
      if (g.lastSeen === r.settledAt && g.n > 0 && createdNow.has(`seen:${key}`)) return;
      createdNow.add(`seen:${key}`);
      g.n += 1;
      g.lastSeen = r.settledAt;
      if (g.n < SEED_ROUNDS || (ringCount ??= Object.keys(this.s.rings).length) >= MAX_RINGS) return;
      delete seeds[key];
      ringCount += 1;
      createdNow.add(key);
      const ring: RingState = {
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
      this.s.rings[key] = ring;
      this.s.tested.rings += 1;
      this.indexRing(ring);
    };
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
      for (const members of found) seed(members);
    }
    // Companions' groups balanced on this round: seeds; a group seen balanced twice is a ring candidate.
    if (companions.length >= 2) {
      const tol = st.amountTolerancePct / 100;
      const adj = new Map<string, Map<string, number>>();
      for (const [a, b, j] of companions) {
        if (!adj.has(a)) adj.set(a, new Map());
        if (!adj.has(b)) adj.set(b, new Map());
        adj.get(a)!.set(b, j);
        adj.get(b)!.set(a, j);
      }
      let budget = SEED_SEARCH_MAX;
      for (const lead of [...adj.keys()].sort()) {
        // Companions after the lead in key order (each group is found from its first member only), the closest first.
        const cands = [...adj.get(lead)!]
          .filter(([k]) => k > lead)
          .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
          .slice(0, COMPANIONS_MAX)
          .map(([k]) => k);
        if (cands.length < st.ringMinSize - 1) continue;
        const group = [lead];
        const lp = positions.get(lead)!;
        // The sides' totals kept as the group grows: the full test only when they balance.
        const sums: [number, number] = [0, 0];
        sums[lp.side] += lp.amount;
        const visit = (from: number) => {
          for (let i = from; i < cands.length && budget > 0; i++) {
            const k = cands[i]!;
            if (!group.every((m) => m === lead || adj.get(m)!.has(k))) continue;
            budget -= 1;
            const kp = positions.get(k)!;
            group.push(k);
            sums[kp.side] += kp.amount;
            if (
              group.length >= st.ringMinSize &&
              sums[0] > 0 &&
              sums[1] > 0 &&
              Math.abs(sums[0] - sums[1]) <= tol * Math.max(sums[0], sums[1])
            ) {
              const amounts = group.map((m) => positions.get(m)!.amount);
              const sides = group.map((m) => positions.get(m)!.side);
              if (groupBalance(amounts, sides, tol) === 'ring') seed([...group]);
            }
            if (group.length < st.ringMaxSize) visit(i + 1);
            sums[kp.side] -= kp.amount;
            group.pop();
          }
        };
        visit(0);
      }
    }
    // Test every known ring with at least three members on this round.
    const candidates = new Set<string>();
    for (const k of positions.keys()) for (const key of this.ringIndex.get(k) ?? []) candidates.add(key);
    for (const ringKey of [...candidates].sort()) {
      const ring = this.s.rings[ringKey];
      if (!ring) continue;
      if (createdNow.has(ringKey)) continue;
      // Tested on the rounds where all its members bet (with one missing, a bystander who joined a true ring
      // by chance would share the ring's evidence).
      const present = ring.members.filter((m) => positions.has(m));
      if (present.length < ring.members.length) continue;
      const amounts = present.map((m) => positions.get(m)!);
      const tol = st.amountTolerancePct / 100;
      const stakes = amounts.map((p) => p.amount);
      const observed = groupBalance(
        stakes,
        amounts.map((p) => p.side),
        tol,
      );
      // Chance of a ring's bet: every member's side drawn from its own habits in this context, given that the
      // stakes do not split into two balanced groups (a round that splits so is not counted either way: the
      // factor is 1 there and the likelihood ratio of the rest, conditional on not splitting, elsewhere).
      ring.lastSeen = r.settledAt;
      if (observed === 'split') continue;
      let pRing = 0;
      let pSplit = 0;
      const n = present.length;
      for (let mask = 0; mask < 1 << n; mask++) {
        const sides = present.map((_, i) => ((mask >> i) & 1) as Side);
        const b = groupBalance(stakes, sides, tol);
        if (b === 'none') continue;
        let p = 1;
        present.forEach((m, i) => (p *= sideProb(this.s.accounts.get(m)!, ctx, sides[i]!)));
        if (b === 'ring') pRing += p;
        else pSplit += p;
      }
      const balanced = observed === 'ring';
      const p0 = pRing / Math.max(1 - pSplit, 1e-9);
      ring.rounds += 1;
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
    results: Map<AccountState, [number, number]>,
  ): void {
    acc.turnoverSinceBonus += amount;
    acc.turnoverSinceMove += amount;
    acc.staked += amount;
    if (amount <= 0) return;
    const y = fairResult(r.gameId, betType, amount, payout);
    if (y === undefined) return;
    const res = results.get(acc) ?? [0, 0];
    res[0] += y * amount;
    res[1] += amount;
    results.set(acc, res);
  }

  /**
   * The results test of one round: the round's bets at fair odds, Σ stake·y / Σ stake (see {@link fairResult}),
   * has mean 0 under fair play whatever the bets and is at least −1; each component multiplies by 1 + k·w·y
   * (k its fraction, w the round's weight, both predictable), so that their mean is an e-process. It is the
   * likelihood ratio of a player who knows the result of a share k of the rounds against chance.
   */
  private playerResult(acc: AccountState, x: number, staked: number, ts: number): PlayerFinding | undefined {
    if (staked <= 0) return undefined;
    const half = LAMBDAS.length;
    if (acc.winE.length !== 2 * half) acc.winE = [...LAMBDAS, ...LAMBDAS].map(() => 1);
    const y = Math.max(-1, x / staked);
    const rounds = acc.winRounds ?? 0;
    const mean = rounds > 0 ? (acc.winStake ?? 0) / rounds : staked;
    const w = Math.min(WEIGHT_MAX, staked / Math.max(mean, 1));
    let sum = 0;
    for (let i = 0; i < 2 * half; i++) {
      const lambda = LAMBDAS[i % half]!;
      const fraction = i < half ? lambda : Math.min(FRACTION_MAX, lambda * w);
      const factor = 1 + fraction * y;
      const e = Math.max(WIN_FLOOR, acc.winE[i]! * Math.max(0, factor));
      acc.winE[i] = e;
      sum += e;
    }
    acc.winStake = (acc.winStake ?? 0) + staked;
    acc.winRounds = rounds + 1;
    const score = Math.log10(sum / (2 * half));
    return this.playerFlag(
      acc,
      'win_rate',
      score,
      ts,
      `results ${score.toFixed(1)} orders of magnitude beyond the house edge over ${major(acc.staked)} staked`,
    );
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

  /**
   * Wallet rules, by cycles: a cycle runs from the first money in (or bonus) after a withdrawal to the next
   * withdrawal. A cycle that takes most of the money (and bonus) back out with less turnover than the rule
   * asks adds log10(asked / played) to the account's evidence; cycles that play it through take some away.
   * Bonus: flagged from 0.5 (a bonus taken out after under a third of the wagering asked). Transfers: from 1.5
   * (under 1/30 of the play asked, at once or over several cycles), so that an honest player who deposits,
   * plays a few rounds and leaves is not; a player who loses the money and withdraws what is left is neither.
   */
  private wallet(ev: WalletEvent): RiskFinding[] {
    const st = this.settings;
    const acc = this.account(ev.provider, ev.account);
    acc.lastSeen = Math.max(acc.lastSeen, ev.ts);
    if (acc.lastSeen > this.latestSeen) this.latestSeen = acc.lastSeen;
    if (acc.lastSeen < this.accountsSeenFloor) this.accountsSeenFloor = acc.lastSeen;
    const min = st.minMovedAmount * 100;
    if (ev.kind === 'bonus') {
      if (acc.bonus === 0) acc.turnoverSinceBonus = 0;
      acc.bonus += ev.amount;
      return [];
    }
    if (ev.kind === 'transfer_in') {
      if (acc.moved === 0) acc.turnoverSinceMove = 0;
      acc.moved += ev.amount;
      return [];
    }
    if (ev.kind !== 'transfer_out') return [];
    // A cycle ends when most of what came in went out again, in one withdrawal or several (a mover who
    // interleaves deposits and withdrawals is still one); a partial withdrawal lets the cycle go on.
    acc.outSince = (acc.outSince ?? 0) + ev.amount;
    const cycleIn = acc.moved + acc.bonus;
    if (cycleIn > 0 && acc.outSince < 0.7 * cycleIn) return [];
    const withdrawn = acc.outSince;
    acc.outSince = 0;
    const out: RiskFinding[] = [];
    const evidence = (asked: number, played: number) => Math.log10(asked / Math.max(played, asked / 1000));
    let bonusCycle = false;
    if (acc.bonus > 0) {
      const asked = st.bonusTurnoverMultiple * acc.bonus;
      if (acc.moved + acc.bonus >= min && acc.turnoverSinceBonus < asked) {
        bonusCycle = true;
        acc.bonusScore = (acc.bonusScore ?? 0) + evidence(asked, acc.turnoverSinceBonus);
        acc.bonusCycles = (acc.bonusCycles ?? 0) + 1;
        const sc = acc.bonusScore;
        if (sc >= 0.5) {
          const f = this.playerFlag(
            acc,
            'bonus',
            Math.min(3 + sc, 12),
            ev.ts,
            `took ${major(acc.bonus)} in bonuses and withdrew ${major(withdrawn)} after ${major(acc.turnoverSinceBonus)} of turnover (${acc.bonusCycles} such cycles)`,
            true,
          );
          if (f) out.push(f);
        }
      } else if (acc.turnoverSinceBonus >= asked) acc.bonusScore = Math.max(0, (acc.bonusScore ?? 0) - 0.5);
      acc.bonus = 0;
    }
    if (acc.moved > 0 && !bonusCycle) {
      const asked = st.transferPlayRatio * acc.moved;
      if (acc.moved >= min && acc.turnoverSinceMove < asked) {
        acc.moveScore = (acc.moveScore ?? 0) + evidence(asked, acc.turnoverSinceMove);
        acc.moveCycles = (acc.moveCycles ?? 0) + 1;
        const sc = acc.moveScore;
        if (sc >= 1.5) {
          const f = this.playerFlag(
            acc,
            'transfer',
            Math.min(3 + sc, 12),
            ev.ts,
            `moved ${major(acc.moved)} in and ${major(withdrawn)} out with ${major(acc.turnoverSinceMove)} of turnover (${acc.moveCycles} such cycles)`,
            true,
          );
          if (f) out.push(f);
        }
      } else if (acc.turnoverSinceMove >= asked) acc.moveScore = Math.max(0, (acc.moveScore ?? 0) - 0.5);
    }
    acc.moved = 0;
    return out;
  }

  private providerBet(
    provider: number,
    r: SettledRound,
    betType: string,
    amount: number,
    payout: number,
    rounds: Map<number, ProviderRound>,
    acc: AccountState,
  ): void {
    const edgeOf = (HOUSE_EDGE[r.gameId as 1 | 2] as Readonly<Record<string, number>> | undefined)?.[betType];
    const ret = r.gameId === 1 ? BACCARAT_RETURN[betType] : undefined;
    if (edgeOf !== undefined && amount > 0 && (ret || unitVariance(betType, r.gameId) !== undefined)) {
      let pr = rounds.get(provider);
      if (!pr) {
        pr = { byOutcome: [0, 0, 0], observed: 0, edges: 0, other: {} };
        rounds.set(provider, pr);
      }
      pr.observed += (payout - amount) / amount;
      pr.edges += edgeOf;
      if (ret) for (let w = 0; w < 3; w++) pr.byOutcome[w]! += ret[w]!;
      else pr.other[betType] = (pr.other[betType] ?? 0) + 1;
    }
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
      const slots = (p.slots ??= Array.from({ length: 24 }, () => -1));
      const betSlots = (p.betSlots ??= Array.from({ length: 24 }, () => -1));
      const accountSlots = (p.accountSlots ??= Array.from({ length: 24 }, () => -1));
      const smooth = (xs: number[], slot: number, x: number) => {
        xs[slot] = xs[slot]! < 0 ? x : xs[slot]! * 0.7 + x * 0.3;
      };
      // Hours without a bet count as quiet ones.
      for (let h = p.hour; h < hour && h < p.hour + 24; h++) {
        const now = h === p.hour;
        smooth(slots, h % 24, now ? p.hourTurnover : 0);
        smooth(betSlots, h % 24, now ? (p.hourBets ?? 0) : 0);
        smooth(accountSlots, h % 24, now ? (p.hourAccounts ?? 0) : 0);
      }
      p.hours += 1;
      p.hour = hour;
      p.hourTurnover = 0;
      p.hourBets = 0;
      p.hourAccounts = 0;
    }
    p.hourTurnover += amount;
    p.hourBets = (p.hourBets ?? 0) + 1;
    if (acc.hourSeen !== hour) {
      acc.hourSeen = hour;
      p.hourAccounts = (p.hourAccounts ?? 0) + 1;
    }
  }

  /** Provider findings, looked at once per round for the providers of the round. */
  private providerFindings(r: SettledRound, rounds: Map<number, ProviderRound>): ProviderFinding[] {
    const st = this.settings;
    const out: ProviderFinding[] = [];
    for (const provider of new Set(r.bets.map((b) => b.provider))) {
      const p = this.s.providers[String(provider)];
      if (!p || p.variance <= 0) continue;
      const pr = rounds.get(provider);
      if (pr) {
        // Variance of the round's unit result: exact over baccarat's three outcomes, the rest as independent bets.
        const mean = pr.byOutcome.reduce((t, x, w) => t + x * BACCARAT_P[w]!, 0);
        const v = pr.byOutcome.reduce((t, x, w) => t + BACCARAT_P[w]! * (x - mean) ** 2, 0);
        p.unitSum = (p.unitSum ?? 0) + pr.observed + pr.edges;
        let other = 0;
        for (const [betType, n] of Object.entries(pr.other))
          other += n * n * (unitVariance(betType, r.gameId) ?? 0);
        p.unitVar = (p.unitVar ?? 0) + v + other;
      }
      // Players' results against the edge: money-weighted (the provider's GGR) and per bet.
      const zMoney = Math.abs(p.ggr - p.expected) / Math.sqrt(p.variance);
      const zUnit = (p.unitVar ?? 0) > 0 ? Math.abs(p.unitSum ?? 0) / Math.sqrt(p.unitVar!) : 0;
      const z = Math.max(zMoney, zUnit);
      const kinds: ('margin' | 'volume')[] = [];
      // Bet by bet, or by money when bets lean the same way too (a margin moved by a few big winners alone is
      // theirs, and they are tested as players).
      const margin =
        zUnit >= st.providerMarginSigma ||
        (zMoney >= st.providerMarginSigma && zUnit >= st.providerMarginSigma / 3);
      if (margin && p.turnover > 0) kinds.push('margin');
      // This hour's bets against the same hours of the days before (and their neighbours, and never less than a
      // fifth of the provider's mean hour). Bets come in sessions, so their count varies far more than a Poisson
      // count: its spread is taken as that of the accounts (sessions) times the bets each one places. One high
      // roller in a quiet hour is not a change of volume; a farm of new accounts, or a provider's traffic
      // doubling and doubling again, is.
      let usualNow = p.usual;
      let usualBets = 0;
      if (p.slots && p.betSlots && p.accountSlots && p.hours >= 24) {
        const usualOf = (slots: number[]) => {
          const h = p.hour % 24;
          const seen = [slots[(h + 23) % 24]!, slots[h]!, slots[(h + 1) % 24]!].filter((x) => x >= 0);
          const known = slots.filter((x) => x >= 0);
          const mean = known.reduce((t, x) => t + x, 0) / Math.max(known.length, 1);
          return seen.length > 0 ? Math.max(...seen, 0.2 * mean) : 0;
        };
        usualNow = usualOf(p.slots);
        usualBets = usualOf(p.betSlots);
        const usualAccounts = usualOf(p.accountSlots);
        const bets = p.hourBets ?? 0;
        const clump = Math.max(1, usualBets / Math.max(usualAccounts, 0.1));
        const z = (bets - usualBets) / Math.sqrt(usualBets * clump + clump * clump);
        const accounts = p.hourAccounts ?? 0;
        const spread = accounts >= usualAccounts + 5 + 2 * Math.sqrt(usualAccounts);
        if (usualBets > 0 && bets >= st.providerVolumeFactor * usualBets && z >= 5 && spread)
          kinds.push('volume');
      }
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
        reason: `GGR ${major(p.ggr)} against ${major(p.expected)} expected (${zMoney.toFixed(1)} standard errors; ${zUnit.toFixed(1)} bet by bet); this hour's turnover ${major(p.hourTurnover)} against ${major(usualNow)} usual at this hour, ${p.hourBets ?? 0} bets against ${Math.round(usualBets)}`,
      });
    }
    return out;
  }

  /**
   * Forgets accounts, pairs and rings not seen for `windowHours` of event time, and caps the accounts and the
   * pairs: a job of walks paused every `step` entries ({@link walkInSlices}), done a slice an input
   * ({@link upkeep}). The accounts (pairs) are walked only when the horizon passed their floor (or accounts
   * went), in one pass each, so that on a platform of hundreds of thousands of accounts an expire costs the
   * gateway tens of milliseconds, not a second; spread over the inputs that follow it, no input waits for more
   * than a slice of it. A cap passes over the records seen after `latest` (the last settlement time seen when
   * it began): those changed by the inputs between its slices stay.
   */
  private *expire(now: number, latest: number): Generator<void, void> {
    this.s.pairsAdded = 0;
    const horizon = now - this.settings.windowHours * HOUR;
    const { accounts, pairs } = this.s;
    const step = Math.max(MIN_EXPIRE_STEP, Math.ceil((accounts.size + pairs.size) / EXPIRE_SLICES_A_WALK));
    let accountsGone = false;
    if (horizon > this.accountsSeenFloor) {
      // Lowered meanwhile by the inputs between the walk's slices (a record seen again at an earlier time).
      this.accountsSeenFloor = Infinity;
      let floor = Infinity;
      yield* walkInSlices(accounts, step, (k, acc) => {
        if (acc.lastSeen < horizon) {
          accounts.delete(k);
          accountsGone = true;
        } else if (acc.lastSeen < floor) floor = acc.lastSeen;
      });
      this.accountsSeenFloor = Math.min(floor, this.accountsSeenFloor);
    }
    if (accounts.size > MAX_ACCOUNTS + ACCOUNTS_SLACK)
      accountsGone = (yield* this.capAccounts(step, latest)) || accountsGone;
    // A pair goes with its age or with either account (pairs are only made between known accounts).
    if (accountsGone || horizon > this.pairsSeenFloor) {
      this.pairsSeenFloor = Infinity;
      let floor = Infinity;
      yield* walkInSlices(pairs, step, (k, p) => {
        if (p.lastSeen < horizon || !accounts.has(p.a) || !accounts.has(p.b)) pairs.delete(k);
        else if (p.lastSeen < floor) floor = p.lastSeen;
      });
      this.pairsSeenFloor = Math.min(floor, this.pairsSeenFloor);
    }
    for (const [k, g] of Object.entries(this.s.rings))
      if (g.lastSeen < horizon) {
        this.unindexRing(g);
        delete this.s.rings[k];
      }
    // A seed not seen balanced again within a few hours was chance.
    const seeds = Object.entries(this.s.ringSeeds ?? {});
    const seedHorizon = now - Math.min(this.settings.windowHours, 6) * HOUR;
    for (const [k, g] of seeds) if (g.lastSeen < seedHorizon) delete this.s.ringSeeds![k];
    if (seeds.length > MAX_SEEDS) {
      const left = Object.entries(this.s.ringSeeds!).sort((x, y) => x[1].lastSeen - y[1].lastSeen);
      for (const [k] of left.slice(0, left.length - MAX_SEEDS)) delete this.s.ringSeeds![k];
    }
    if (pairs.size > MAX_PAIRS) yield* this.capPairs(step, latest);
  }

  /**
   * Keeps at most {@link MAX_ACCOUNTS} accounts: those seen least recently go (by selection, as
   * {@link capPairs}), the first stored first among equals; flagged players stay. Their pairs go with them in
   * {@link expire}. Whether any went.
   */
  private capAccounts(step: number, latest: number): Generator<void, boolean> {
    const { accounts, flagged } = this.s;
    return dropLowest(
      accounts,
      MAX_ACCOUNTS,
      step,
      (k, acc) => (flagged[`player:${k}`] ? undefined : acc.lastSeen),
      undefined,
      (acc) => acc.lastSeen > latest,
    );
  }

  /**
   * Keeps at most {@link MAX_PAIRS} pairs: first the pairs with no evidence yet go (most of a crowded table's),
   * then the weakest by score, the older first among equal scores (the order of a stable sort by score). The
   * weakest are found by selection, not by sorting every pair: on a busy platform over 200,000 pairs keep
   * evidence, and this runs every few dozen rounds.
   */
  private *capPairs(step: number, latest: number): Generator<void, void> {
    yield* dropLowest(
      this.s.pairs,
      MAX_PAIRS,
      step,
      (_, p) => p.logOpp + p.logMatch,
      (p) => p.logOpp + p.logMatch <= 0 && p.evidenceCount === 0,
      (p) => p.lastSeen > latest,
    );
  }
}
