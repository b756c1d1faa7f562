import {
  createSelector,
  createSlice,
  original,
  type Draft,
  type PayloadAction,
  prepareAutoBatched,
} from '@reduxjs/toolkit';
import type { CrossbetGroupRow } from '@dms/shared/contracts/http/risk';
import type { LiveTable } from '@dms/shared/contracts/http/liveReplay';
import type { TeenPattiBetType } from '@dms/shared/domain/games';
import { settleTeenPattiBet } from '@dms/shared/games/settlement';
import type { TeenPattiCategory } from '@dms/shared/games/teenPatti';
import { emptyClock, tickClock } from '@/components/monitor/panelClock';
import {
  BIG_WINS_MAX,
  CATEGORIES,
  CHART_BUCKET_MS,
  CHART_POINTS_MAX,
  GROUPS_MAX,
  PLAYERS_MAX,
  ROUND_BETS_MAX,
  SEEN_ROUNDS_MAX,
  TABLE_IDLE_MS,
  TABLES_MAX,
  categoryProbability,
  memberKey,
  parseResult,
  toGroup,
  type TpEvent,
  type TpMonitorState,
  type TpResult,
  type TpRound,
  type TpTable,
} from './tpModel';

export const initialTpMonitorState: TpMonitorState = {
  tables: {},
  hands: {},
  seen: [],
  chart: [],
  players: {},
  bigWins: [],
  house: { stake: 0, payout: 0 },
  groups: {},
  knownTables: [],
  clocks: { tables: emptyClock(), chart: emptyClock(), groups: emptyClock() },
};

const BET_TYPES: readonly string[] = ['player_a', 'player_b', 'tie', 'pair_plus'];

const newRound = (roundId: string, startedAt: number | null): TpRound => ({
  roundId,
  startedAt,
  totals: {},
  bets: [],
  accounts: {},
  players: 0,
});

function know(s: TpMonitorState, tableId: string): void {
  if (s.knownTables.includes(tableId)) return;
  s.knownTables.push(tableId);
  if (s.knownTables.length > 500) s.knownTables.shift();
}

function tableOf(s: TpMonitorState, tableId: string, provider: number): TpTable {
  know(s, tableId);
  return (s.tables[tableId] ??= { tableId, provider, current: null, last: null, lastTs: 0 });
}

/**
 * A batch's plain working copies of the hot lists: a batch can hold thousands of settlements (a burst, a
 * reload), and through Immer's proxies each lookup in the remembered rounds and each chart point would cost
 * a proxy. They are copied once per batch and written back once ({@link finish}).
 */
interface Batch {
  seen: Set<string>;
  added: string[];
  chart: { t: number; rounds: number }[];
}

function begin(s: Draft<TpMonitorState>): Batch {
  const base = (original(s) ?? s) as TpMonitorState;
  return { seen: new Set(base.seen), added: [], chart: base.chart.map((p) => ({ ...p })) };
}

function finish(s: Draft<TpMonitorState>, b: Batch): void {
  if (b.added.length > 0) {
    const base = (original(s) ?? s) as TpMonitorState;
    s.seen = [...base.seen, ...b.added].slice(-SEEN_ROUNDS_MAX);
    b.chart.sort((x, y) => x.t - y.t);
    s.chart = b.chart.slice(-CHART_POINTS_MAX);
  }
}

/** Counts a settled round once: the rounds-per-minute chart and both hands in the distribution. */
function countRound(
  s: TpMonitorState,
  b: Batch,
  roundId: string,
  at: number,
  result: TpResult | null,
): boolean {
  if (b.seen.has(roundId)) return false;
  b.seen.add(roundId);
  b.added.push(roundId);
  if (result) {
    s.hands[result.categoryA] = (s.hands[result.categoryA] ?? 0) + 1;
    s.hands[result.categoryB] = (s.hands[result.categoryB] ?? 0) + 1;
  }
  const t = Math.floor(at / CHART_BUCKET_MS) * CHART_BUCKET_MS;
  const chart = b.chart;
  const newest = chart[chart.length - 1];
  if (!newest || t > newest.t) chart.push({ t, rounds: 1 });
  else {
    const point = chart.find((p) => p.t === t);
    if (point) point.rounds += 1;
    else chart.push({ t, rounds: 1 });
  }
  if (chart.length > CHART_POINTS_MAX * 2) {
    chart.sort((x, y) => x.t - y.t);
    chart.splice(0, chart.length - CHART_POINTS_MAX);
  }
  return true;
}

/** Settles each player's bets of a round with the shared rules: stake, payout, a win, the biggest wins. */
function settlePlayers(
  s: TpMonitorState,
  round: TpRound,
  tableId: string,
  at: number,
  result: TpResult,
): void {
  const byPlayer = new Map<string, { stake: number; payout: number }>();
  for (const bet of round.bets) {
    if (!BET_TYPES.includes(bet.betType)) continue;
    const payout = settleTeenPattiBet(bet.betType as TeenPattiBetType, bet.amount, result);
    const p = byPlayer.get(bet.key) ?? { stake: 0, payout: 0 };
    p.stake += bet.amount;
    p.payout += payout;
    byPlayer.set(bet.key, p);
    const win = payout - bet.amount;
    if (win > 0) {
      const smallest = s.bigWins[s.bigWins.length - 1];
      if (s.bigWins.length < BIG_WINS_MAX || (smallest && win > smallest.payout - smallest.amount)) {
        s.bigWins.push({
          key: bet.key,
          roundId: round.roundId,
          tableId,
          betType: bet.betType,
          amount: bet.amount,
          payout,
          at,
        });
        s.bigWins.sort((a, b) => b.payout - b.amount - (a.payout - a.amount));
        if (s.bigWins.length > BIG_WINS_MAX) s.bigWins.length = BIG_WINS_MAX;
      }
    }
  }
  for (const [key, r] of byPlayer) {
    let p = s.players[key];
    if (!p) {
      if (Object.keys(s.players).length >= PLAYERS_MAX) dropQuietestPlayer(s);
      const sep = key.indexOf(':');
      p = s.players[key] = {
        key,
        provider: Number(key.slice(0, sep)),
        account: key.slice(sep + 1),
        rounds: 0,
        wins: 0,
        stake: 0,
        payout: 0,
        lastAt: 0,
      };
    }
    p.rounds += 1;
    if (r.payout > r.stake) p.wins += 1;
    p.stake += r.stake;
    p.payout += r.payout;
    p.lastAt = Math.max(p.lastAt, at);
  }
}

function dropQuietestPlayer(s: TpMonitorState): void {
  let oldest: string | undefined;
  let at = Infinity;
  for (const p of Object.values(s.players))
    if (p.lastAt < at) {
      at = p.lastAt;
      oldest = p.key;
    }
  if (oldest) delete s.players[oldest];
}

function prune(s: TpMonitorState): void {
  const tables = Object.values(s.tables);
  const newest = tables.reduce((m, t) => Math.max(m, t.lastTs), 0);
  for (const t of tables) if (t.lastTs > 0 && t.lastTs < newest - TABLE_IDLE_MS) delete s.tables[t.tableId];
  const left = Object.values(s.tables);
  if (left.length > TABLES_MAX)
    for (const t of left.sort((a, b) => a.lastTs - b.lastTs).slice(0, left.length - TABLES_MAX))
      delete s.tables[t.tableId];
  const ids = Object.keys(s.groups);
  if (ids.length > GROUPS_MAX)
    for (const id of ids
      .sort((a, b) => (s.groups[a]?.lastSeenAt ?? 0) - (s.groups[b]?.lastSeenAt ?? 0))
      .slice(0, ids.length - GROUPS_MAX))
      delete s.groups[id];
}

function apply(s: TpMonitorState, b: Batch, e: TpEvent, receivedAt: number): void {
  switch (e.type) {
    case 'round:started': {
      const p = e.payload;
      if (p.gameId !== 2) return;
      const table = tableOf(s, p.tableId, p.providers[0] as number);
      if (table.current?.roundId !== p.roundId && table.last?.roundId !== p.roundId)
        table.current = newRound(p.roundId, p.startedAt);
      // Its first bets came before its start (another of this socket's provider rooms, the same flush).
      else if (table.current?.roundId === p.roundId) table.current.startedAt ??= p.startedAt;
      table.lastTs = Math.max(table.lastTs, p.startedAt);
      tickClock(s.clocks.tables, receivedAt);
      return;
    }
    case 'bets:placed': {
      const p = e.payload;
      if (p.gameId !== 2) return;
      const table = tableOf(s, p.tableId, p.providers[0] as number);
      if (table.last?.roundId === p.roundId) return;
      if (table.current?.roundId !== p.roundId) table.current = newRound(p.roundId, null);
      const round = table.current;
      for (const bet of p.bets) {
        const total = (round.totals[bet.betType] ??= { amount: 0, bets: 0 });
        total.amount += bet.amount;
        total.bets += 1;
        const key = memberKey(bet.provider, bet.account);
        if (round.accounts[key] === undefined) {
          round.accounts[key] = 1;
          round.players += 1;
        }
        if (round.bets.length < ROUND_BETS_MAX)
          round.bets.push({ key, betType: bet.betType, amount: bet.amount });
        table.lastTs = Math.max(table.lastTs, bet.ts);
      }
      tickClock(s.clocks.tables, receivedAt);
      return;
    }
    case 'round:settled': {
      const p = e.payload;
      if (p.gameId !== 2) return;
      const table = tableOf(s, p.tableId, p.providers[0] as number);
      const result = parseResult(p.result);
      const round = table.current?.roundId === p.roundId ? table.current : null;
      if (round) table.current = null;
      table.last = { roundId: p.roundId, settledAt: p.settledAt, result };
      table.lastTs = Math.max(table.lastTs, p.settledAt);
      tickClock(s.clocks.tables, receivedAt);
      if (!countRound(s, b, p.roundId, p.settledAt, result)) return;
      tickClock(s.clocks.chart, receivedAt);
      for (const t of p.totals) {
        s.house.stake += t.amount;
        s.house.payout += t.payout;
      }
      if (round && result) settlePlayers(s, round, p.tableId, p.settledAt, result);
      return;
    }
    case 'crossbet:raised':
    case 'crossbet:updated': {
      const g = e.payload.group;
      const before = s.groups[g.id];
      if (before && before.lastSeenAt > g.lastSeenAt) return;
      s.groups[g.id] = toGroup(g);
      tickClock(s.clocks.groups, receivedAt);
      return;
    }
  }
}

export const tpMonitorSlice = createSlice({
  name: 'teenPattiMonitor',
  initialState: initialTpMonitorState,
  reducers: {
    /** The starting picture (`GET /live/tables?gameId=2`): the rounds in play and the settled rounds' hands. */
    tablesLoaded(s, action: PayloadAction<{ tables: LiveTable[]; receivedAt: number }>) {
      const b = begin(s);
      for (const t of action.payload.tables) {
        if (t.gameId !== 2) continue;
        const table = tableOf(s, t.tableId, t.provider);
        for (const r of t.road) {
          const result = parseResult(r.result);
          if (
            countRound(s, b, r.roundId, r.settledAt, result) &&
            (!table.last || table.last.settledAt < r.settledAt)
          )
            table.last = { roundId: r.roundId, settledAt: r.settledAt, result };
        }
        if (t.current && !table.current && table.last?.roundId !== t.current.roundId) {
          const round = newRound(t.current.roundId, t.current.startedAt);
          for (const x of t.current.totals) round.totals[x.betType] = { amount: x.amount, bets: x.bets };
          table.current = round;
        }
        table.lastTs = Math.max(table.lastTs, t.current?.startedAt ?? 0, table.last?.settledAt ?? 0);
      }
      finish(s, b);
      tickClock(s.clocks.tables, action.payload.receivedAt);
      tickClock(s.clocks.chart, action.payload.receivedAt);
      prune(s);
    },
    /** The stored cross-bet groups (newest first). */
    groupsLoaded(s, action: PayloadAction<{ groups: CrossbetGroupRow[]; receivedAt: number }>) {
      for (const g of action.payload.groups) {
        const before = s.groups[g.id];
        if (!before || before.lastSeenAt <= g.lastSeenAt) s.groups[g.id] = toGroup(g);
      }
      tickClock(s.clocks.groups, action.payload.receivedAt);
      prune(s);
    },
    /** One batch of live events (one action per batch, whatever its size). */
    liveBatchReceived: {
      reducer(s, action: PayloadAction<{ events: TpEvent[]; receivedAt: number }>) {
        const b = begin(s);
        for (const e of action.payload.events) apply(s, b, e, action.payload.receivedAt);
        finish(s, b);
        prune(s);
      },
      // Reduced in the batch's task; the screens told (and rendered) on the next animation frame, a task of
      // its own (RTK's autoBatchEnhancer): a batch is two shorter tasks, not one long one.
      prepare: prepareAutoBatched<{ events: TpEvent[]; receivedAt: number }>(),
    },
  },
});

export const { tablesLoaded, groupsLoaded, liveBatchReceived } = tpMonitorSlice.actions;

type RootLike = { teenPattiMonitor: TpMonitorState };
const root = (state: RootLike) => state.teenPattiMonitor;

export const selectTpTables = createSelector([(s: RootLike) => root(s).tables], (tables) =>
  Object.values(tables).sort((a, b) => a.tableId.localeCompare(b.tableId)),
);
export const selectTpTable = (s: RootLike, id: string) => root(s).tables[id];
export const selectTpChart = (s: RootLike) => root(s).chart;
export const selectTpClocks = (s: RootLike) => root(s).clocks;
export const selectBigWins = (s: RootLike) => root(s).bigWins;

/** One row of the hand-rank distribution: seen against expected, and the difference in standard errors. */
export interface DistributionRow {
  category: TeenPattiCategory;
  observed: number;
  share: number | null;
  expected: number;
  probability: number;
  /** (observed − n·p) / √(n·p·(1−p)); null before the first hand. */
  z: number | null;
}

/** The hand-rank distribution of every hand seen (binomial z per category). */
export function distributionOf(hands: Readonly<Record<number, number>>): {
  total: number;
  rows: DistributionRow[];
} {
  const total = CATEGORIES.reduce((n, c) => n + (hands[c] ?? 0), 0);
  const rows = CATEGORIES.map((category) => {
    const observed = hands[category] ?? 0;
    const probability = categoryProbability(category);
    const expected = total * probability;
    const se = Math.sqrt(total * probability * (1 - probability));
    return {
      category,
      observed,
      share: total > 0 ? observed / total : null,
      expected,
      probability,
      z: total > 0 ? (observed - expected) / se : null,
    };
  });
  return { total, rows };
}

export const selectDistribution = createSelector([(s: RootLike) => root(s).hands], distributionOf);

/** Return to player: payouts over stakes (null before any stake). */
export const rtpOf = (stake: number, payout: number): number | null => (stake > 0 ? payout / stake : null);

export const selectHouse = createSelector([(s: RootLike) => root(s).house], (h) => ({
  ...h,
  rtp: rtpOf(h.stake, h.payout),
}));

/** The players by stake, with their win rate (rounds won over rounds played) and RTP. */
export const selectPlayers = createSelector([(s: RootLike) => root(s).players], (players) =>
  Object.values(players)
    .map((p) => ({ ...p, winRate: p.rounds > 0 ? p.wins / p.rounds : null, rtp: rtpOf(p.stake, p.payout) }))
    .sort((a, b) => b.stake - a.stake || a.key.localeCompare(b.key)),
);

/** The cross-bet groups on a Teen Patti table, most recently seen first. */
export const selectTpGroups = createSelector(
  [(s: RootLike) => root(s).groups, (s: RootLike) => root(s).knownTables],
  (groups, known) => {
    const tp = new Set(known);
    return Object.values(groups)
      .filter((g) => g.tables.some((t) => tp.has(t)))
      .sort((a, b) => b.lastSeenAt - a.lastSeenAt);
  },
);

/** Figures across the live tables. */
export const selectTpSummary = createSelector([selectTpTables], (tables) => {
  let open = 0;
  let stake = 0;
  let players = 0;
  for (const t of tables) {
    if (!t.current) continue;
    open += 1;
    players += t.current.players;
    for (const x of Object.values(t.current.totals)) stake += x.amount;
  }
  return { tables: tables.length, open, stake, players };
});
