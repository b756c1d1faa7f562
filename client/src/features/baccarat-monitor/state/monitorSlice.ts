import {
  createSelector,
  createSlice,
  original,
  type Draft,
  type PayloadAction,
  prepareAutoBatched,
} from '@reduxjs/toolkit';
import { shallowEqual } from 'react-redux';
import type { CrossbetChanged, LiveAlert } from '@dms/shared/contracts/live/events';
import { copyClock, emptyClock, seedGaps, tickClock } from '@/components/monitor/panelClock';
import {
  ALERTS_MAX,
  CHART_BUCKET_MS,
  CHART_POINTS_MAX,
  EVIDENCE_SINCE_MAX,
  GROUPS_MAX,
  PENDING_FLAGS_MAX,
  PENDING_TABLES_MAX,
  ROAD_MAX,
  ROUND_ACCOUNTS_MAX,
  TABLE_IDLE_MS,
  TABLES_MAX,
  accountKeys,
  addAccount,
  beadOf,
  copyAccounts,
  emptyAccounts,
  hasAccount,
  kindOfId,
  memberKey,
  type ChartPoint,
  type CrossbetGroup,
  type CrossbetGroupRow,
  type EvidenceCount,
  type EvidenceVolume,
  type LiveTable,
  type MonitorEvent,
  type MonitorGroup,
  type MonitorState,
  type MonitorTable,
  type ReplayItem,
  type ReplaySpeed,
  type RoundView,
  type Bead,
  type SideTotal,
} from './monitorModel';

export const initialMonitorState: MonitorState = {
  mode: 'live',
  tables: {},
  groups: {},
  chart: [],
  liveChart: null,
  chartCountedUntil: null,
  evidence: { seq: null, since: [] },
  alerts: [],
  pendingFlags: {},
  clocks: { tables: emptyClock(), groups: emptyClock(), chart: emptyClock() },
  replay: {
    status: 'idle',
    from: 0,
    to: 0,
    speed: 60,
    clock: null,
    rounds: 0,
    flagged: 0,
    alerts: 0,
  },
};

function newRound(roundId: string, startedAt: number | null, playersKnown: boolean): RoundView {
  return {
    roundId,
    startedAt,
    settledAt: null,
    totals: {},
    accounts: emptyAccounts(),
    players: 0,
    playersKnown,
    groups: [],
  };
}

function copyRound(r: RoundView | null): RoundView | null {
  if (!r) return null;
  const totals: Record<string, SideTotal> = {};
  for (const [k, v] of Object.entries(r.totals)) totals[k] = { ...v };
  return { ...r, totals, accounts: copyAccounts(r.accounts), groups: [...r.groups] };
}

/**
 * A batch's working copy of the state. A batch can hold thousands of events (a burst, a replay at ×600):
 * through Immer's proxies each bet and bead would cost a proxy, so the reducers copy what a batch touches
 * once — a table at its first event, the chart at its first point — and work on plain objects, then return
 * the new state (the untouched tables and groups are shared with the previous one).
 */
class Work {
  readonly s: MonitorState;
  private readonly thawed = new Set<string>();
  private readonly roads = new WeakSet<Bead[]>();
  private chartThawed = false;
  private sinceThawed = false;

  constructor(base: MonitorState) {
    this.s = {
      ...base,
      tables: { ...base.tables },
      groups: { ...base.groups },
      alerts: [...base.alerts],
      pendingFlags: { ...base.pendingFlags },
      clocks: {
        tables: copyClock(base.clocks.tables),
        groups: copyClock(base.clocks.groups),
        chart: copyClock(base.clocks.chart),
      },
      replay: { ...base.replay },
    };
  }

  /** The table, copied for this batch (undefined when unknown). */
  table(tableId: string): MonitorTable | undefined {
    const t = this.s.tables[tableId];
    if (!t || this.thawed.has(tableId)) return t;
    const copy: MonitorTable = {
      ...t,
      current: copyRound(t.current),
      last: copyRound(t.last),
      clock: copyClock(t.clock),
    };
    this.s.tables[tableId] = copy;
    this.thawed.add(tableId);
    return copy;
  }

  /** The table, created when unknown. */
  tableOf(tableId: string, provider: number, shoeId: string): MonitorTable {
    const known = this.table(tableId);
    if (known) return known;
    const table: MonitorTable = {
      tableId,
      provider,
      shoeId,
      current: null,
      last: null,
      road: [],
      lastTs: 0,
      clock: emptyClock(),
    };
    this.s.tables[tableId] = table;
    this.thawed.add(tableId);
    return table;
  }

  /** The table's road, copied for this batch (most batches only add bets, and leave the road alone). */
  road(table: MonitorTable): Bead[] {
    if (!this.roads.has(table.road)) {
      table.road = [...table.road];
      this.roads.add(table.road);
    }
    return table.road;
  }

  /**
   * The new state, frozen down to the tables, rounds and roads this batch copied (a later batch copies them
   * again before changing them). Given a frozen result Immer does not walk it: it walked every key of every
   * copied table, about a third of a busy wall's reducer time.
   */
  finish(): MonitorState {
    for (const id of this.thawed) {
      const t = this.s.tables[id];
      if (!t) continue;
      Object.freeze(t.current);
      Object.freeze(t.last);
      Object.freeze(t.road);
      Object.freeze(t);
    }
    if (this.chartThawed) Object.freeze(this.s.chart);
    Object.freeze(this.s.tables);
    Object.freeze(this.s.groups);
    Object.freeze(this.s.alerts);
    Object.freeze(this.s.pendingFlags);
    return Object.freeze(this.s);
  }

  chart(): ChartPoint[] {
    if (!this.chartThawed) {
      this.s.chart = this.s.chart.map((p) => ({ ...p }));
      this.chartThawed = true;
    }
    return this.s.chart;
  }

  /** The live evidence kept for the next load, copied for this batch. */
  evidenceSince(): EvidenceCount[] {
    if (!this.sinceThawed) {
      this.s.evidence = { seq: this.s.evidence.seq, since: [...this.s.evidence.since] };
      this.sinceThawed = true;
    }
    return this.s.evidence.since;
  }
}

/** Runs a reducer on a batch's working copy of the state (see {@link Work}). */
function withWork(draft: Draft<MonitorState>, body: (w: Work) => void): MonitorState {
  const w = new Work((original(draft) ?? draft) as MonitorState);
  body(w);
  return w.finish();
}

/** A new shoe starts a new road. */
function enterShoe(table: MonitorTable, shoeId: string): void {
  if (shoeId && table.shoeId !== shoeId) {
    table.shoeId = shoeId;
    table.road = [];
  }
}

function chartPoint(w: Work, ts: number): ChartPoint | undefined {
  const t = Math.floor(ts / CHART_BUCKET_MS) * CHART_BUCKET_MS;
  const chart = w.chart();
  const newest = chart[chart.length - 1];
  if (!newest || t > newest.t) {
    const point = { t, rounds: 0, pairs: 0, rings: 0 };
    chart.push(point);
    if (chart.length > CHART_POINTS_MAX) chart.splice(0, chart.length - CHART_POINTS_MAX);
    return point;
  }
  // Late events land in their bucket, or nowhere when it has scrolled out (older than the chart's span).
  if (t <= newest.t - CHART_POINTS_MAX * CHART_BUCKET_MS) return undefined;
  for (let i = chart.length - 1; i >= -1; i--) {
    const p = chart[i];
    if (p?.t === t) return p;
    if (!p || p.t < t) {
      const point = { t, rounds: 0, pairs: 0, rings: 0 };
      chart.splice(i + 1, 0, point);
      if (chart.length > CHART_POINTS_MAX) chart.shift();
      return point;
    }
  }
  return undefined;
}

function started(w: Work, p: Extract<MonitorEvent, { type: 'round:started' }>['payload']): void {
  const table = w.tableOf(p.tableId, p.providers[0] as number, p.shoeId);
  enterShoe(table, p.shoeId);
  const current = table.current;
  if (current?.roundId !== p.roundId) table.current = newRound(p.roundId, p.startedAt, true);
  else if (current.startedAt === null) {
    // Its first bets came before its start (sent to another of this socket's provider rooms in the same
    // flush): it was seen from its start all the same.
    current.startedAt = p.startedAt;
    current.playersKnown = true;
  }
  table.lastTs = Math.max(table.lastTs, p.startedAt);
}

function betsPlaced(w: Work, p: Extract<MonitorEvent, { type: 'bets:placed' }>['payload']): void {
  const table = w.tableOf(p.tableId, p.providers[0] as number, '');
  if (table.last?.roundId === p.roundId) return; // already settled here
  if (table.current?.roundId !== p.roundId) table.current = newRound(p.roundId, null, false);
  const round = table.current;
  for (const bet of p.bets) {
    const total = (round.totals[bet.betType] ??= { amount: 0, bets: 0 });
    total.amount += bet.amount;
    total.bets += 1;
    const key = memberKey(bet.provider, bet.account);
    if (round.players < ROUND_ACCOUNTS_MAX && !hasAccount(round.accounts, key)) {
      addAccount(round.accounts, key);
      round.players += 1;
    }
    table.lastTs = Math.max(table.lastTs, bet.ts);
  }
}

/** How far back the road is searched for a round settled twice (two scopes, a resent event). */
const DUPLICATE_LOOKBACK = 8;

/** Settles a round on its table: the last round, a bead on the road, a round in the chart. */
function settled(
  w: Work,
  p: {
    roundId: string;
    tableId: string;
    shoeId: string;
    providers: number[];
    settledAt: number;
    result: Record<string, unknown>;
    totals: { betType: string; bets: number; amount: number }[];
  },
  flaggedBy: string[] = [],
): void {
  const table = w.tableOf(p.tableId, p.providers[0] as number, p.shoeId);
  enterShoe(table, p.shoeId);
  const current = table.current?.roundId === p.roundId ? table.current : null;
  const last: RoundView =
    current ?? (table.last?.roundId === p.roundId ? table.last : newRound(p.roundId, null, false));
  last.settledAt = p.settledAt;
  last.totals = {};
  for (const t of p.totals) last.totals[t.betType] = { amount: t.amount, bets: t.bets };
  for (const id of flaggedBy) if (!last.groups.includes(id) && last.groups.length < 20) last.groups.push(id);
  table.last = last;
  if (current) table.current = null;
  table.lastTs = Math.max(table.lastTs, p.settledAt);
  const pending = w.s.pendingFlags[p.tableId];
  if (pending) {
    const mine = pending.filter((f) => f.at === p.settledAt);
    if (mine.length > 0) {
      flaggedBy = [...flaggedBy, ...mine.map((f) => f.id)];
      for (const id of flaggedBy)
        if (!last.groups.includes(id) && last.groups.length < 20) last.groups.push(id);
      const rest = pending.filter((f) => f.at !== p.settledAt);
      if (rest.length > 0) w.s.pendingFlags[p.tableId] = rest;
      else delete w.s.pendingFlags[p.tableId];
    }
  }
  const seen = table.road;
  for (let i = seen.length - 1; i >= Math.max(0, seen.length - DUPLICATE_LOOKBACK); i--)
    if ((seen[i] as Bead).roundId === p.roundId) return;
  const bead = beadOf(p.roundId, p.settledAt, p.result);
  bead.flagged = flaggedBy.length > 0;
  const road = w.road(table);
  road.push(bead);
  if (road.length > ROAD_MAX) road.splice(0, road.length - ROAD_MAX);
  countRound(w, p.settledAt);
}

/** A settled round in the chart's bucket of its time. */
function countRound(w: Work, settledAt: number): void {
  const point = chartPoint(w, settledAt);
  if (point) point.rounds += 1;
}

/** Evidence rounds newly flagged for a kind of group, counted in the chart bucket of their time. */
function countEvidence(w: Work, kind: 'pair' | 'ring', at: number, rounds: number): void {
  if (rounds <= 0) return;
  const point = chartPoint(w, at);
  if (!point) return;
  if (kind === 'ring') point.rings += rounds;
  else point.pairs += rounds;
}

function toGroup(g: CrossbetGroup | CrossbetGroupRow, changedAt: number | null): MonitorGroup {
  return {
    id: g.id,
    kind: g.kind,
    level: g.level,
    members: g.members.map((m) => ({ provider: m.provider, account: m.account })),
    rounds: g.rounds,
    turnover: g.turnover,
    firstDetectedAt: g.firstDetectedAt,
    lastSeenAt: g.lastSeenAt,
    tables: [...g.tables],
    changedAt,
  };
}

/** Keeps the {@link GROUPS_MAX} most recently seen groups. */
function boundGroups(state: MonitorState): void {
  const ids = Object.keys(state.groups);
  if (ids.length <= GROUPS_MAX) return;
  const byAge = ids.sort(
    (a, b) => (state.groups[a] as MonitorGroup).lastSeenAt - (state.groups[b] as MonitorGroup).lastSeenAt,
  );
  for (const id of byAge.slice(0, ids.length - GROUPS_MAX)) delete state.groups[id];
}

function crossbet(w: Work, change: CrossbetChanged, receivedAt: number): void {
  const { group, seq } = change;
  const state = w.s;
  const before = state.groups[group.id];
  if (before && before.lastSeenAt > group.lastSeenAt) return; // an older change, replayed
  state.groups[group.id] = toGroup(group, receivedAt);
  if (state.mode !== 'live') return;
  // What the change adds (a group this client does not hold, or no longer: not its whole count at once).
  const rounds = change.added ?? group.rounds - (before?.rounds ?? 0);
  // Counted already when the stored evidence loaded after it was stored.
  if (rounds > 0 && seq > (state.evidence.seq ?? 0)) {
    countEvidence(w, group.kind, group.lastSeenAt, rounds);
    const since = w.evidenceSince();
    since.push({ seq, t: group.lastSeenAt, kind: group.kind, rounds });
    if (since.length > EVIDENCE_SINCE_MAX) since.splice(0, since.length - EVIDENCE_SINCE_MAX);
  }
  // The settlement that produced the finding is the round of the group's tables settled at `lastSeenAt`.
  for (const tableId of group.tables) {
    const table = w.table(tableId);
    const i = table ? table.road.findIndex((b) => b.settledAt === group.lastSeenAt) : -1;
    if (!table || i < 0) {
      // Its round has not landed yet: mark it when it does.
      const list = [...(state.pendingFlags[tableId] ?? []), { at: group.lastSeenAt, id: group.id }];
      state.pendingFlags[tableId] = list.slice(-PENDING_FLAGS_MAX);
      const keys = Object.keys(state.pendingFlags);
      if (keys.length > PENDING_TABLES_MAX) delete state.pendingFlags[keys[0] as string];
      continue;
    }
    const road = w.road(table);
    road[i] = { ...(road[i] as Bead), flagged: true };
    if (table.last && table.last.settledAt === group.lastSeenAt && !table.last.groups.includes(group.id))
      table.last.groups.push(group.id);
  }
}

function alert(state: MonitorState, a: LiveAlert): void {
  const i = state.alerts.findIndex((x) => x.id === a.id);
  if (i >= 0) state.alerts[i] = a;
  else {
    state.alerts.unshift(a);
    if (state.alerts.length > ALERTS_MAX) state.alerts.length = ALERTS_MAX;
  }
}

/** Drops tables idle for {@link TABLE_IDLE_MS} of event time behind the newest, and the excess over {@link TABLES_MAX}. */
function pruneTables(state: MonitorState): void {
  const tables = Object.values(state.tables);
  const newest = tables.reduce((m, t) => Math.max(m, t.lastTs), 0);
  for (const t of tables)
    if (t.lastTs > 0 && t.lastTs < newest - TABLE_IDLE_MS) delete state.tables[t.tableId];
  const left = Object.values(state.tables);
  if (left.length > TABLES_MAX)
    for (const t of left.sort((a, b) => a.lastTs - b.lastTs).slice(0, left.length - TABLES_MAX))
      delete state.tables[t.tableId];
}

/**
 * What the starting picture's table adds to the table as the live events left it: the fields to replace
 * (none, and the table keeps its object: after a reconnect a wall of 150 tables re-rendered them all in one
 * task, 50–60 ms, when a few seconds away changed a fraction of them), and the beads it brings, to count in
 * the chart.
 */
function pictureAdditions(
  seen: MonitorTable | undefined,
  t: LiveTable,
): { changes: Partial<MonitorTable>; beads: Bead[] } {
  const changes: Partial<MonitorTable> = {};
  let beads: Bead[] = [];
  const known = seen !== undefined && (seen.road.length > 0 || seen.current !== null);
  if (!known) {
    // Nothing arrived live: the picture's shoe and road (and a table unknown so far is created).
    beads = t.road.map((r) => beadOf(r.roundId, r.settledAt, r.result)).slice(-ROAD_MAX);
    changes.shoeId = t.shoeId;
    changes.road = beads;
  } else if (seen.shoeId === t.shoeId) {
    // Live events already arrived: add the older beads only.
    const ids = new Set(seen.road.map((b) => b.roundId));
    beads = t.road.filter((r) => !ids.has(r.roundId)).map((r) => beadOf(r.roundId, r.settledAt, r.result));
    if (beads.length > 0)
      changes.road = [...beads, ...seen.road].sort((a, b) => a.settledAt - b.settledAt).slice(-ROAD_MAX);
  }
  if (t.current && !seen?.current && seen?.last?.roundId !== t.current.roundId) {
    const round = newRound(t.current.roundId, t.current.startedAt, false);
    for (const x of t.current.totals) round.totals[x.betType] = { amount: x.amount, bets: x.bets };
    changes.current = round;
  }
  const road = changes.road ?? seen?.road ?? [];
  const newestBead = road[road.length - 1];
  if (!seen?.last && newestBead) {
    const last = newRound(newestBead.roundId, null, false);
    last.settledAt = newestBead.settledAt;
    changes.last = last;
  }
  const lastTs = seen?.lastTs ?? 0;
  const newest = Math.max(lastTs, t.current?.startedAt ?? 0, newestBead?.settledAt ?? 0);
  if (newest > lastTs) changes.lastTs = newest;
  return { changes, beads };
}

export const monitorSlice = createSlice({
  name: 'baccaratMonitor',
  initialState: initialMonitorState,
  reducers: {
    /** The starting picture of the live tables (`GET /live/tables`), merged with what arrived meanwhile. */
    tablesLoaded(draft, action: PayloadAction<{ tables: LiveTable[]; receivedAt: number }>) {
      if (draft.mode !== 'live') return;
      return withWork(draft, (w) => {
        const until = w.s.chartCountedUntil ?? -1;
        w.s.chartCountedUntil = null;
        for (const t of action.payload.tables) {
          if (t.gameId !== 1) continue;
          const { changes, beads } = pictureAdditions(w.s.tables[t.tableId], t);
          if (Object.keys(changes).length === 0) continue;
          Object.assign(w.tableOf(t.tableId, t.provider, t.shoeId), changes);
          for (const b of beads) if (b.settledAt > until) countRound(w, b.settledAt);
        }
        tickClock(w.s.clocks.tables, action.payload.receivedAt);
        tickClock(w.s.clocks.chart, action.payload.receivedAt);
        // The chart's rate, before it has seen two batches: that of the rounds the picture's roads settled.
        seedGaps(
          w.s.clocks.chart,
          action.payload.tables.flatMap((t) => (t.gameId === 1 ? t.road.map((b) => b.settledAt) : [])),
        );
        pruneTables(w.s);
      });
    },
    /** The stored cross-bet groups (`GET /risk/crossbet/groups`); live changes newer than them stay. */
    groupsLoaded(draft, action: PayloadAction<{ groups: CrossbetGroupRow[]; receivedAt: number }>) {
      return withWork(draft, (w) => {
        tickClock(w.s.clocks.groups, action.payload.receivedAt);
        for (const g of action.payload.groups) {
          const before = w.s.groups[g.id];
          if (before && before.lastSeenAt >= g.lastSeenAt) continue;
          w.s.groups[g.id] = toGroup(g, before?.changedAt ?? null);
        }
        boundGroups(w.s);
      });
    },
    /**
     * The stored evidence of the minutes before the chart opened (`GET /risk/crossbet/volume`): within its
     * period the chart's evidence becomes the store's, plus the live evidence stored after it; an older load
     * than the one counted changes nothing. The store counts each evidence round in the minute it settled;
     * live, a group raised on earlier rounds has them counted in the minute of its raise.
     */
    evidenceLoaded(draft, action: PayloadAction<EvidenceVolume>) {
      if (draft.mode !== 'live') return;
      const { seq, from, to, points } = action.payload;
      if (draft.evidence.seq !== null && seq <= draft.evidence.seq) return;
      return withWork(draft, (w) => {
        const after = w.s.evidence.since.filter((e) => e.seq > seq);
        const chart = w.chart();
        for (const p of chart)
          if (p.t >= from && p.t < to) {
            p.pairs = 0;
            p.rings = 0;
          }
        for (const p of points) {
          countEvidence(w, 'pair', p.t, p.pairs);
          countEvidence(w, 'ring', p.t, p.rings);
        }
        for (const e of after) if (e.t >= from && e.t < to) countEvidence(w, e.kind, e.t, e.rounds);
        w.s.evidence = { seq, since: after };
      });
    },
    /** One buffered batch of live events (one action per batch, however many events). */
    liveBatchReceived: {
      reducer(draft, action: PayloadAction<{ events: MonitorEvent[]; receivedAt: number }>) {
        const { events, receivedAt } = action.payload;
        return withWork(draft, (w) => {
          const live = w.s.mode === 'live';
          const touched = new Set<string>();
          let groups = false;
          let chart = false;
          for (const e of events) {
            switch (e.type) {
              case 'round:started':
                if (!live || e.payload.gameId !== 1) break;
                started(w, e.payload);
                touched.add(e.payload.tableId);
                break;
              case 'bets:placed':
                if (!live || e.payload.gameId !== 1) break;
                betsPlaced(w, e.payload);
                touched.add(e.payload.tableId);
                break;
              case 'round:settled':
                if (!live || e.payload.gameId !== 1) break;
                settled(w, e.payload);
                touched.add(e.payload.tableId);
                chart = true;
                break;
              case 'crossbet:raised':
              case 'crossbet:updated':
                crossbet(w, e.payload, receivedAt);
                groups = true;
                chart = chart || live;
                break;
              default:
                if (!live) break;
                alert(w.s, e.payload.alert);
                groups = true;
            }
          }
          for (const id of touched) {
            const table = w.s.tables[id];
            if (table) tickClock(table.clock, receivedAt);
          }
          if (touched.size > 0) {
            tickClock(w.s.clocks.tables, receivedAt);
            pruneTables(w.s);
          }
          if (groups) {
            tickClock(w.s.clocks.groups, receivedAt);
            boundGroups(w.s);
          }
          if (chart) tickClock(w.s.clocks.chart, receivedAt);
        });
      },
      // Reduced in the batch's task; the screens told (and rendered) on the next animation frame, a task of
      // its own (RTK's autoBatchEnhancer): a batch is two shorter tasks, not one long one.
      prepare: prepareAutoBatched<{ events: MonitorEvent[]; receivedAt: number }>(),
    },
    /** A replay of `from`–`to` begins: the tables and the chart empty to show the period's. */
    replayStarted(state, action: PayloadAction<{ from: number; to: number; speed: ReplaySpeed }>) {
      if (state.mode === 'live') {
        state.liveChart = state.chart;
        let newest = -1;
        for (const t of Object.values(state.tables))
          newest = Math.max(newest, t.road.at(-1)?.settledAt ?? -1);
        state.chartCountedUntil = newest;
      }
      state.mode = 'replay';
      state.tables = {};
      state.chart = [];
      state.alerts = [];
      state.pendingFlags = {};
      state.clocks.tables = emptyClock();
      state.clocks.chart = emptyClock();
      state.replay = {
        status: 'loading',
        from: action.payload.from,
        to: action.payload.to,
        speed: action.payload.speed,
        clock: action.payload.from,
        rounds: 0,
        flagged: 0,
        alerts: 0,
      };
    },
    replaySpeedChanged(state, action: PayloadAction<ReplaySpeed>) {
      state.replay.speed = action.payload;
    },
    replayPaused(state) {
      if (state.mode === 'replay' && state.replay.status === 'playing') state.replay.status = 'paused';
    },
    replayResumed(state) {
      if (state.mode === 'replay' && state.replay.status === 'paused') state.replay.status = 'playing';
    },
    /** The replay clock moved on: the items up to it, played as one batch. */
    replayAdvanced(draft, action: PayloadAction<{ items: ReplayItem[]; clock: number; receivedAt: number }>) {
      if (draft.mode !== 'replay') return;
      const { items, clock, receivedAt } = action.payload;
      return withWork(draft, (w) => {
        const state = w.s;
        if (state.replay.status === 'loading') state.replay.status = 'playing';
        state.replay.clock = clock;
        const touched = new Set<string>();
        for (const item of items) {
          if (item.kind === 'alert') {
            alert(state, item.alert.alert);
            state.replay.alerts += 1;
            continue;
          }
          if (item.round.gameId !== 1) continue;
          settled(w, item.round, item.groups);
          touched.add(item.round.tableId);
          state.replay.rounds += 1;
          if (item.flagged) {
            state.replay.flagged += 1;
            for (const id of item.groups)
              countEvidence(w, state.groups[id]?.kind ?? kindOfId(id), item.at, 1);
          }
        }
        for (const id of touched) {
          const table = state.tables[id];
          if (table) tickClock(table.clock, receivedAt);
        }
        if (touched.size > 0) {
          tickClock(state.clocks.tables, receivedAt);
          tickClock(state.clocks.chart, receivedAt);
          pruneTables(state);
        }
        if (items.some((i) => i.kind === 'alert')) tickClock(state.clocks.groups, receivedAt);
      });
    },
    replayFinished(state) {
      if (state.mode === 'replay') state.replay.status = 'finished';
    },
    replayFailed(state) {
      if (state.mode === 'replay') state.replay.status = 'failed';
    },
    /** Back to live: the tables reload from the gateway, the live chart comes back. */
    replayStopped(state) {
      if (state.mode !== 'replay') return;
      state.mode = 'live';
      state.tables = {};
      state.chart = state.liveChart ?? [];
      state.liveChart = null;
      state.alerts = [];
      state.pendingFlags = {};
      state.clocks.tables = emptyClock();
      state.clocks.chart = emptyClock();
      state.replay = { ...initialMonitorState.replay, speed: state.replay.speed };
    },
  },
  selectors: {
    selectMode: (s) => s.mode,
    selectTables: (s) => s.tables,
    selectGroupsById: (s) => s.groups,
    selectChart: (s) => s.chart,
    selectAlerts: (s) => s.alerts,
    selectClocks: (s) => s.clocks,
    selectReplay: (s) => s.replay,
  },
});

export const {
  tablesLoaded,
  groupsLoaded,
  evidenceLoaded,
  liveBatchReceived,
  replayStarted,
  replaySpeedChanged,
  replayPaused,
  replayResumed,
  replayAdvanced,
  replayFinished,
  replayFailed,
  replayStopped,
} = monitorSlice.actions;

export const {
  selectMode,
  selectTables,
  selectGroupsById,
  selectChart,
  selectAlerts,
  selectClocks,
  selectReplay,
} = monitorSlice.selectors;

type WithMonitor = { [monitorSlice.reducerPath]: MonitorState };

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const byTableId = new Intl.Collator('en', { numeric: true }).compare;

/**
 * The table ids in display order (by id), the same array while the set of tables does not change. Every
 * batch gives a new `tables` object, seldom a new set of keys: the sort runs only when the keys change.
 */
export const selectTableIds = (() => {
  let keys: string[] = [];
  let sorted: string[] = [];
  return createSelector([(s: WithMonitor) => selectTables(s)], (tables) => {
    const now = Object.keys(tables);
    if (!sameList(now, keys)) {
      keys = now;
      const next = [...now].sort(byTableId);
      if (!sameList(next, sorted)) sorted = next;
    }
    return sorted;
  });
})();

export const selectTable = (s: WithMonitor, tableId: string): MonitorTable | undefined =>
  selectTables(s)[tableId];

/** The groups, highest level first, then the most recently seen. */
export const selectGroupList = createSelector([(s: WithMonitor) => selectGroupsById(s)], (groups) =>
  Object.values(groups).sort((a, b) => b.level - a.level || b.lastSeenAt - a.lastSeenAt),
);

/**
 * The groups each account belongs to (`provider:account` → group ids). The same map while the members of every
 * group stay the same: a group's update (its evidence, level, amounts) does not change who is in it, and every
 * table's cross-bets are computed again from this map when it changes.
 */
export const selectGroupsByMember = (() => {
  let last = new Map<string, string[]>();
  return createSelector([(s: WithMonitor) => selectGroupsById(s)], (groups) => {
    const out = new Map<string, string[]>();
    for (const g of Object.values(groups))
      for (const m of g.members) {
        const key = memberKey(m.provider, m.account);
        const list = out.get(key);
        if (list) list.push(g.id);
        else out.set(key, [g.id]);
      }
    if (out.size !== last.size) return (last = out);
    for (const [key, ids] of out) if (!sameList(ids, last.get(key) ?? [])) return (last = out);
    return last;
  });
})();

/** The groups seen on each table (group tables → groups). */
export const selectGroupsByTable = createSelector([(s: WithMonitor) => selectGroupsById(s)], (groups) => {
  const out = new Map<string, MonitorGroup[]>();
  for (const g of Object.values(groups))
    for (const tableId of g.tables) {
      const list = out.get(tableId);
      if (list) list.push(g);
      else out.set(tableId, [g]);
    }
  return out;
});

function groupsOnRound(
  round: RoundView | null,
  byMember: Map<string, string[]>,
  into: Map<string, number>,
): void {
  if (!round) return;
  for (const id of round.groups) into.set(id, Math.max(into.get(id) ?? 0, 2));
  const count = (ids: string[]) => {
    for (const id of ids) into.set(id, (into.get(id) ?? 0) + 1);
  };
  // Whichever is fewer: the groups' members (a few dozen) or the round's accounts (up to 2,000).
  if (byMember.size < round.players) {
    for (const [key, ids] of byMember) if (hasAccount(round.accounts, key)) count(ids);
  } else for (const key of accountKeys(round.accounts)) count(byMember.get(key) ?? []);
}

/**
 * The groups with two or more members betting on a table's current or last round, or that the round is
 * evidence of, sorted.
 */
function groupsOnRounds(table: MonitorTable, byMember: Map<string, string[]>): string[] {
  const found = new Map<string, number>();
  const current = new Map<string, number>();
  groupsOnRound(table.current, byMember, current);
  groupsOnRound(table.last, byMember, found);
  for (const [id, n] of current) found.set(id, Math.max(found.get(id) ?? 0, n));
  const ids: string[] = [];
  for (const [id, n] of found) if (n >= 2) ids.push(id);
  return ids.sort();
}

/**
 * The cross-bet groups on each table's current or last round, as one string per table (`id,id`, sorted:
 * a string, so a card re-renders only when its own list changes): groups with two or more members betting
 * on the round, or that the round is evidence of, and groups last seen on the table's last settlement (after a
 * reload the round's accounts are unknown). A batch copies only the tables it touched, so a table's members are
 * looked up again only when the table or the groups' members changed (a wall of 150 busy tables took 30–70 ms
 * doing it for every table at each group's update); the same object while no list changes.
 */
export const selectCrossbetsByTable = (() => {
  let cache = new WeakMap<MonitorTable, string[]>();
  let cachedFor: Map<string, string[]> | null = null;
  return createSelector(
    [(s: WithMonitor) => selectTables(s), selectGroupsByMember, selectGroupsByTable],
    (tables, byMember, byTable) => {
      if (cachedFor !== byMember) {
        cache = new WeakMap();
        cachedFor = byMember;
      }
      const out: Record<string, string> = {};
      for (const table of Object.values(tables)) {
        let ids = cache.get(table);
        if (ids === undefined) {
          ids = groupsOnRounds(table, byMember);
          cache.set(table, ids);
        }
        const settledAt = table.last?.settledAt;
        let seen: string[] | undefined;
        if (settledAt)
          for (const g of byTable.get(table.tableId) ?? [])
            if (g.lastSeenAt === settledAt && !ids.includes(g.id)) (seen ??= []).push(g.id);
        out[table.tableId] = (seen ? [...ids, ...seen].sort() : ids).join(',');
      }
      return out;
    },
    { memoizeOptions: { resultEqualityCheck: shallowEqual } },
  );
})();

/**
 * The table ids in a wall screen's order: tables with cross-bets on their round first (highest level first),
 * then the others by id. A wall shows the first dozen of 150 tables and nobody scrolls it, so what an operator
 * must see comes first; the same array while the order does not change.
 */
export const selectWallTableIds = createSelector(
  [selectTableIds, selectCrossbetsByTable, (s: WithMonitor) => selectGroupsById(s)],
  (ids, crossbets, groups) => {
    const level = (id: string) => {
      let max = 0;
      const list = crossbets[id];
      if (list) for (const g of list.split(',')) max = Math.max(max, groups[g]?.level ?? 0);
      return max;
    };
    const levels = new Map(ids.map((id) => [id, level(id)]));
    // `ids` is already in id order and the sort is stable.
    return [...ids].sort((a, b) => (levels.get(b) as number) - (levels.get(a) as number));
  },
  { memoizeOptions: { resultEqualityCheck: sameList } },
);

/** The headline of the monitor: tables, rounds in play, stake on them now, flagged groups by kind. */
export const selectSummary = createSelector(
  [(s: WithMonitor) => selectTables(s), (s: WithMonitor) => selectGroupsById(s)],
  (tables, groups) => {
    let open = 0;
    let stake = 0;
    let players = 0;
    for (const t of Object.values(tables)) {
      if (!t.current) continue;
      open += 1;
      players += t.current.players;
      for (const side of Object.values(t.current.totals)) stake += side.amount;
    }
    const list = Object.values(groups);
    return {
      tables: Object.keys(tables).length,
      open,
      stake,
      players,
      pairs: list.filter((g) => g.kind === 'pair').length,
      rings: list.filter((g) => g.kind === 'ring').length,
    };
  },
);
