import { describe, expect, it } from 'vitest';
import type { LiveTable, ReplayItem } from '@dms/shared/contracts/http/liveReplay';
import type { CrossbetGroup } from '@dms/shared/contracts/live/events';
import { setupStore } from '@/app/store';
import { eventWeight, sliceByWeight } from '@/lib/live/liveBatches';
import {
  CHART_BUCKET_MS,
  CHART_POINTS_MAX,
  EVIDENCE_SINCE_MAX,
  ROAD_MAX,
  TABLE_IDLE_MS,
  accountKeys,
  hasAccount,
  type MonitorEvent,
  type MonitorState,
} from './monitorModel';
import {
  evidenceLoaded,
  groupsLoaded,
  initialMonitorState,
  liveBatchReceived,
  monitorSlice,
  replayAdvanced,
  replayStarted,
  replayStopped,
  selectCrossbetsByTable,
  selectGroupList,
  selectGroupsById,
  selectGroupsByMember,
  selectSummary,
  selectTableIds,
  selectWallTableIds,
  tablesLoaded,
} from './monitorSlice';

const reduce = monitorSlice.reducer;
const T0 = Date.UTC(2026, 10, 26, 10);
const wrap = (s: MonitorState) => ({ baccaratMonitor: s });

const startedEv = (roundId: string, tableId: string, at: number, shoeId = 'S1'): MonitorEvent => ({
  type: 'round:started',
  payload: { v: 1, providers: [1001], roundId, gameId: 1, tableId, shoeId, startedAt: at },
});
const betsEv = (
  roundId: string,
  tableId: string,
  bets: [string, string, number][],
  at: number,
): MonitorEvent => ({
  type: 'bets:placed',
  payload: {
    v: 1,
    providers: [1001],
    roundId,
    gameId: 1,
    tableId,
    bets: bets.map(([account, betType, amount], i) => ({
      id: `${roundId}-${account}-${i}`,
      provider: 1001,
      currency: 'CNY',
      account,
      betType,
      amount,
      ts: at,
    })),
  },
});
const settledEv = (
  roundId: string,
  tableId: string,
  at: number,
  winner: string,
  shoeId = 'S1',
  pairs = { playerPair: false, bankerPair: false },
): MonitorEvent => ({
  type: 'round:settled',
  payload: {
    v: 1,
    providers: [1001],
    roundId,
    gameId: 1,
    tableId,
    shoeId,
    settledAt: at,
    result: { winner, ...pairs },
    totals: [
      { betType: 'banker', bets: 2, amount: 30_000, payout: 0 },
      { betType: 'player', bets: 1, amount: 20_000, payout: 40_000 },
    ],
  },
});
const group = (over: Partial<CrossbetGroup> = {}): CrossbetGroup => ({
  id: 'ring:1001:a|1001:b|1001:c',
  kind: 'ring',
  level: 3,
  members: [
    { provider: 1001, account: 'a' },
    { provider: 1001, account: 'b' },
    { provider: 1001, account: 'c' },
  ],
  rounds: 12,
  turnover: 500_000,
  firstDetectedAt: T0,
  lastSeenAt: T0,
  tables: ['BAC-1'],
  ...over,
});
const crossbetEv = (
  g: CrossbetGroup,
  type: 'crossbet:raised' | 'crossbet:updated' = 'crossbet:raised',
  seq = 1,
): MonitorEvent => ({
  type,
  payload: { v: 1, seq, providers: [1001], group: g },
});
const batch = (s: MonitorState, events: MonitorEvent[], receivedAt = T0) =>
  reduce(s, liveBatchReceived({ events, receivedAt }));

/** A table of the starting picture (`GET /live/tables`): shoe S1, no open round, unless `over` says. */
const liveTable = (
  tableId: string,
  road: [roundId: string, settledAt: number, winner: string][],
  over: Partial<LiveTable> = {},
): LiveTable => ({
  tableId,
  gameId: 1,
  provider: 1001,
  shoeId: 'S1',
  current: null,
  road: road.map(([roundId, settledAt, winner]) => ({ roundId, settledAt, result: { winner } })),
  ...over,
});

describe('baccarat monitor slice', () => {
  it('follows a round from its start through its bets to its settlement in one batch', () => {
    const s = batch(initialMonitorState, [
      startedEv('r1', 'BAC-1', T0),
      betsEv(
        'r1',
        'BAC-1',
        [
          ['a', 'banker', 10_000],
          ['b', 'player', 6_000],
          ['a', 'banker', 5_000],
        ],
        T0 + 1000,
      ),
    ]);
    const table = s.tables['BAC-1']!;
    expect(table.current).toMatchObject({ roundId: 'r1', players: 2, playersKnown: true });
    expect(table.current?.totals).toEqual({
      banker: { amount: 15_000, bets: 2 },
      player: { amount: 6_000, bets: 1 },
    });
    const after = batch(
      s,
      [settledEv('r1', 'BAC-1', T0 + 20_000, 'player', 'S1', { playerPair: true, bankerPair: false })],
      T0 + 20_000,
    );
    const settled = after.tables['BAC-1']!;
    expect(settled.current).toBeNull();
    // The settlement's totals are the gateway's (authoritative), the accounts stay for the highlight.
    expect(settled.last).toMatchObject({ roundId: 'r1', settledAt: T0 + 20_000, players: 2 });
    expect(settled.last?.totals.banker).toEqual({ amount: 30_000, bets: 2 });
    expect(settled.road).toEqual([
      {
        roundId: 'r1',
        settledAt: T0 + 20_000,
        winner: 'player',
        playerPair: true,
        bankerPair: false,
        flagged: false,
      },
    ]);
    expect(after.chart).toEqual([
      { t: Math.floor((T0 + 20_000) / CHART_BUCKET_MS) * CHART_BUCKET_MS, rounds: 1, pairs: 0, rings: 0 },
    ]);
  });

  it("takes a round's start that came after its first bets (another provider room's pack) as its start", () => {
    const first = betsEv('r1', 'BAC-1', [['a', 'banker', 10_000]], T0 + 500);
    const s = batch(initialMonitorState, [
      first,
      startedEv('r1', 'BAC-1', T0),
      betsEv('r1', 'BAC-1', [['b', 'player', 6_000]], T0 + 900),
    ]);
    expect(s.tables['BAC-1']?.current).toMatchObject({
      roundId: 'r1',
      startedAt: T0,
      players: 2,
      playersKnown: true,
      totals: { banker: { amount: 10_000, bets: 1 }, player: { amount: 6_000, bets: 1 } },
    });
    // A round joined in its middle (no start afterwards) does not claim to know its players.
    const joined = batch(initialMonitorState, [first]);
    expect(joined.tables['BAC-1']?.current).toMatchObject({ startedAt: null, playersKnown: false });
  });

  it('reduces a burst handed over in slices (a gateway catching up) to the state of one batch', () => {
    const events: MonitorEvent[] = [];
    const accounts = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (let t = 1; t <= 12; t++)
      for (let r = 0; r < 3; r++) {
        const table = `BAC-${t}`;
        const round = `${table}-r${r}`;
        const at = T0 + r * 30_000;
        events.push(startedEv(round, table, at));
        for (let k = 0; k < 3; k++)
          events.push(
            betsEv(
              round,
              table,
              Array.from({ length: 40 }, (_, i) => [
                accounts[(i + k + t) % accounts.length]!,
                i % 2 ? 'banker' : 'player',
                1000 * (1 + ((i * 7 + r) % 9)),
              ]),
              at + 1000 + k,
            ),
          );
        if (t === 3 && r === 1) events.push(crossbetEv(group({ lastSeenAt: at + 20_000 })));
        if (r < 2) events.push(settledEv(round, table, at + 20_000, r ? 'banker' : 'player'));
      }
    const slices = sliceByWeight(events, eventWeight, 150);
    expect(slices.length).toBeGreaterThan(10);
    const whole = batch(initialMonitorState, events);
    const sliced = slices.reduce((s, slice) => batch(s, slice), initialMonitorState);
    expect(sliced).toEqual(whole);
  });

  it('counts a round settled twice (two scopes, a replayed event) once', () => {
    let s = batch(initialMonitorState, [settledEv('r1', 'BAC-1', T0, 'banker')]);
    s = batch(s, [settledEv('r1', 'BAC-1', T0, 'banker')]);
    expect(s.tables['BAC-1']!.road).toHaveLength(1);
    expect(s.chart[0]!.rounds).toBe(1);
  });

  it('keeps at most ROAD_MAX beads of a shoe and starts a new road with a new shoe', () => {
    const events: MonitorEvent[] = [];
    for (let i = 0; i < ROAD_MAX + 30; i++) events.push(settledEv(`r${i}`, 'BAC-1', T0 + i * 1000, 'tie'));
    let s = batch(initialMonitorState, events);
    expect(s.tables['BAC-1']!.road).toHaveLength(ROAD_MAX);
    expect(s.tables['BAC-1']!.road[0]!.roundId).toBe('r30');
    s = batch(s, [startedEv('n1', 'BAC-1', T0 + 500_000, 'S2')]);
    expect(s.tables['BAC-1']!.road).toEqual([]);
    expect(s.tables['BAC-1']!.shoeId).toBe('S2');
  });

  it('keeps its memory flat: chart points, idle tables and groups are bounded', () => {
    let s = initialMonitorState;
    // Three days of one round a minute on one table, batch by batch.
    for (let day = 0; day < 3; day++) {
      const events: MonitorEvent[] = [];
      for (let m = 0; m < 1440; m++)
        events.push(settledEv(`d${day}m${m}`, 'BAC-1', T0 + (day * 1440 + m) * 60_000, 'banker'));
      s = batch(s, events);
    }
    expect(s.chart.length).toBe(CHART_POINTS_MAX);
    expect(s.tables['BAC-1']!.road.length).toBe(ROAD_MAX);
    // A table silent for longer than TABLE_IDLE_MS of event time behind the newest leaves.
    s = batch(s, [settledEv('x', 'BAC-OLD', T0, 'banker')]);
    expect(s.tables['BAC-OLD']).toBeUndefined();
    s = batch(s, [settledEv('y', 'BAC-2', T0 + 3 * 1440 * 60_000 - TABLE_IDLE_MS / 2, 'banker')]);
    expect(Object.keys(s.tables).sort()).toEqual(['BAC-1', 'BAC-2']);
    const many = Array.from({ length: 400 }, (_, i) =>
      crossbetEv(group({ id: `pair:${i}`, kind: 'pair', lastSeenAt: T0 + i })),
    );
    s = batch(s, many);
    expect(Object.keys(s.groups)).toHaveLength(300);
    expect(s.groups['pair:0']).toBeUndefined();
    expect(s.groups['pair:399']).toBeDefined();
  });

  it('charts the evidence rounds a group adds and flags the bead of the round that raised it', () => {
    let s = batch(initialMonitorState, [
      startedEv('r1', 'BAC-1', T0 - 20_000),
      betsEv(
        'r1',
        'BAC-1',
        [
          ['a', 'banker', 10_000],
          ['b', 'player', 6_000],
          ['c', 'player', 4_000],
          ['h', 'tie', 1_000],
        ],
        T0 - 15_000,
      ),
      settledEv('r1', 'BAC-1', T0, 'banker'),
    ]);
    s = batch(s, [crossbetEv(group())], T0 + 500);
    expect(s.chart.at(-1)).toMatchObject({ rounds: 1, rings: 12, pairs: 0 });
    expect(s.tables['BAC-1']!.road[0]!.flagged).toBe(true);
    expect(selectCrossbetsByTable(wrap(s))['BAC-1']).toBe('ring:1001:a|1001:b|1001:c');
    s = batch(
      s,
      [crossbetEv(group({ rounds: 15, lastSeenAt: T0 + 30_000 }), 'crossbet:updated')],
      T0 + 31_000,
    );
    const rings = s.chart.reduce((n, p) => n + p.rings, 0);
    expect(rings).toBe(15);
    // An older change arriving late does not roll the group back.
    s = batch(s, [crossbetEv(group({ rounds: 13, lastSeenAt: T0 + 10_000 }), 'crossbet:updated')]);
    expect(s.groups['ring:1001:a|1001:b|1001:c']!.rounds).toBe(15);
  });

  it('fills the chart with the evidence stored before it opened, and counts each evidence round once', () => {
    const pair = (rounds: number, lastSeenAt: number) =>
      group({
        id: 'pair:1001:x|1001:y',
        kind: 'pair',
        members: [
          { provider: 1001, account: 'x' },
          { provider: 1001, account: 'y' },
        ],
        rounds,
        lastSeenAt,
        tables: ['BAC-2'],
      });
    const evidence = (s: MonitorState) =>
      s.chart.filter((p) => p.pairs + p.rings > 0).map((p) => [p.t - T0, p.pairs, p.rings]);
    const period = { from: T0 + 120_000 - 7_200_000, to: T0 + 120_000 };
    // A change stored (seq 7) before the load: counted live at once.
    let s = batch(initialMonitorState, [crossbetEv(pair(3, T0 + 60_000), 'crossbet:raised', 7)]);
    expect(evidence(s)).toEqual([[60_000, 3, 0]]);
    // The load counted the store up to seq 9 (that change, and an hour earlier a pair and a ring round).
    const hourAgo = { t: T0 - 3_600_000, pairs: 1, rings: 1 };
    s = reduce(
      s,
      evidenceLoaded({ seq: 9, ...period, points: [hourAgo, { t: T0 + 60_000, pairs: 3, rings: 0 }] }),
    );
    expect(evidence(s)).toEqual([
      [-3_600_000, 1, 1],
      [60_000, 3, 0],
    ]);
    // A live change the load counted (seq 9) adds nothing; a newer one adds its new rounds.
    s = batch(s, [crossbetEv(pair(5, T0 + 70_000), 'crossbet:updated', 9)]);
    expect(evidence(s)).toEqual([
      [-3_600_000, 1, 1],
      [60_000, 3, 0],
    ]);
    s = batch(s, [crossbetEv(pair(6, T0 + 90_000), 'crossbet:updated', 10)]);
    expect(evidence(s)[1]).toEqual([60_000, 4, 0]);
    // A later load (back from a replay) is the store's picture up to its seq (11: 7 rounds in that minute),
    // plus the live evidence stored after it (seq 12: 2 rounds).
    s = batch(s, [crossbetEv(pair(8, T0 + 100_000), 'crossbet:updated', 12)]);
    s = reduce(
      s,
      evidenceLoaded({ seq: 11, ...period, points: [hourAgo, { t: T0 + 60_000, pairs: 7, rings: 0 }] }),
    );
    expect(evidence(s)).toEqual([
      [-3_600_000, 1, 1],
      [60_000, 9, 0],
    ]);
    expect(s.evidence).toMatchObject({ seq: 11, since: [{ seq: 12, rounds: 2 }] });
    // An older load, or one during a replay, changes nothing.
    expect(reduce(s, evidenceLoaded({ seq: 10, ...period, points: [] }))).toBe(s);
    const replaying = reduce(s, replayStarted({ from: T0 - 3_600_000, to: T0, speed: 60 }));
    expect(reduce(replaying, evidenceLoaded({ seq: 20, ...period, points: [] }))).toBe(replaying);
    // A change of a group this client does not hold counts what it adds, not the group's whole count.
    const known = batch(s, [
      {
        type: 'crossbet:updated',
        payload: {
          v: 1,
          seq: 13,
          providers: [1001],
          added: 10,
          group: group({ rounds: 3_436, lastSeenAt: T0 + 110_000 }),
        },
      },
    ]);
    expect(evidence(known)[1]).toEqual([60_000, 9, 10]);
    // The live evidence kept for the next load is the newest EVIDENCE_SINCE_MAX; each batch keeps its own.
    let many = known;
    for (let i = 1; i <= EVIDENCE_SINCE_MAX + 5; i++)
      many = batch(many, [crossbetEv(pair(8 + i, T0 + 100_000 + i), 'crossbet:updated', 13 + i)]);
    expect(many.evidence.since).toHaveLength(EVIDENCE_SINCE_MAX);
    expect(many.evidence.since[0]!.seq).toBe(19);
    expect(many.evidence.since.at(-1)!.seq).toBe(13 + EVIDENCE_SINCE_MAX + 5);
    expect(known.evidence.since.map((e) => e.seq)).toEqual([12, 13]);
  });

  it('flags the round a finding names when its settlement arrives after the finding', () => {
    let s = batch(initialMonitorState, [startedEv('r1', 'BAC-1', T0 - 20_000)]);
    s = batch(s, [crossbetEv(group())], T0 + 100);
    expect(s.pendingFlags['BAC-1']).toEqual([{ at: T0, id: 'ring:1001:a|1001:b|1001:c' }]);
    s = batch(s, [settledEv('r1', 'BAC-1', T0, 'banker')], T0 + 200);
    expect(s.tables['BAC-1']!.road[0]!.flagged).toBe(true);
    expect(s.tables['BAC-1']!.last?.groups).toEqual(['ring:1001:a|1001:b|1001:c']);
    expect(s.pendingFlags).toEqual({});
    expect(selectCrossbetsByTable(wrap(s))['BAC-1']).toBe('ring:1001:a|1001:b|1001:c');
  });

  it('highlights a known group on a table only when two of its members bet on the round', () => {
    let s = reduce(initialMonitorState, groupsLoaded({ groups: [{ ...group(), score: 9 }], receivedAt: T0 }));
    s = batch(s, [
      startedEv('r1', 'BAC-2', T0),
      betsEv(
        'r1',
        'BAC-2',
        [
          ['a', 'banker', 1],
          ['h', 'player', 1],
        ],
        T0,
      ),
    ]);
    expect(selectCrossbetsByTable(wrap(s))['BAC-2']).toBe('');
    s = batch(s, [betsEv('r1', 'BAC-2', [['c', 'player', 1]], T0 + 1)]);
    expect(selectCrossbetsByTable(wrap(s))['BAC-2']).toBe('ring:1001:a|1001:b|1001:c');
  });

  it("counts a round's accounts once each, and leaves the earlier states as they were", () => {
    let s = batch(initialMonitorState, [startedEv('r1', 'BAC-1', T0)]);
    const states: MonitorState[] = [];
    // 300 accounts over 30 batches (past the set's merge size), each batch also repeating earlier accounts.
    for (let b = 0; b < 30; b++) {
      const bets: [string, string, number][] = [];
      for (let i = 0; i < 10; i++) bets.push([`p${b * 10 + i}`, 'banker', 1]);
      bets.push([`p${Math.floor(b / 2)}`, 'player', 1]);
      s = batch(s, [betsEv('r1', 'BAC-1', bets, T0 + b)]);
      states.push(s);
    }
    const round = s.tables['BAC-1']!.current!;
    expect(round.players).toBe(300);
    expect(round.totals.banker).toEqual({ amount: 300, bets: 300 });
    expect(hasAccount(round.accounts, '1001:p0')).toBe(true);
    expect(hasAccount(round.accounts, '1001:p299')).toBe(true);
    expect(hasAccount(round.accounts, '1001:p300')).toBe(false);
    expect(new Set(accountKeys(round.accounts)).size).toBe(300);
    // Every earlier state still holds exactly the accounts of its own batches.
    states.forEach((state, b) => {
      const r = state.tables['BAC-1']!.current!;
      expect(r.players).toBe((b + 1) * 10);
      expect([...accountKeys(r.accounts)].length).toBe((b + 1) * 10);
      expect(hasAccount(r.accounts, `1001:p${(b + 1) * 10}`)).toBe(false);
    });
    // A group of two of those accounts lights the table up.
    s = reduce(
      s,
      groupsLoaded({
        receivedAt: T0,
        groups: [
          {
            ...group({
              id: 'pair:1001:p3|1001:p250',
              kind: 'pair',
              members: [
                { provider: 1001, account: 'p3' },
                { provider: 1001, account: 'p250' },
              ],
            }),
            score: 9,
          },
        ],
      }),
    );
    expect(selectCrossbetsByTable(wrap(s))['BAC-1']).toBe('pair:1001:p3|1001:p250');
  });

  it("computes a table's cross-bets again only when the table or the groups changed", () => {
    let s = reduce(initialMonitorState, groupsLoaded({ groups: [{ ...group(), score: 9 }], receivedAt: T0 }));
    s = batch(s, [
      startedEv('r1', 'BAC-1', T0),
      startedEv('r2', 'BAC-2', T0),
      betsEv(
        'r1',
        'BAC-1',
        [
          ['a', 'banker', 1],
          ['b', 'player', 1],
        ],
        T0,
      ),
    ]);
    const before = selectCrossbetsByTable(wrap(s));
    expect(before).toEqual({ 'BAC-1': 'ring:1001:a|1001:b|1001:c', 'BAC-2': '' });
    // A bet on the other table by someone outside every group: the same object (nothing re-renders).
    s = batch(s, [betsEv('r2', 'BAC-2', [['h', 'player', 1]], T0 + 1)]);
    expect(selectCrossbetsByTable(wrap(s))).toBe(before);
    // Two members on BAC-2 now: only its list changes.
    s = batch(s, [
      betsEv(
        'r2',
        'BAC-2',
        [
          ['b', 'player', 1],
          ['c', 'banker', 1],
        ],
        T0 + 2,
      ),
    ]);
    expect(selectCrossbetsByTable(wrap(s))).toEqual({
      'BAC-1': 'ring:1001:a|1001:b|1001:c',
      'BAC-2': 'ring:1001:a|1001:b|1001:c',
    });
    // The group's update (more rounds, more turnover) keeps its members: the members' map is the same, so the
    // tables are not looked up again, and their lists stay.
    const byMember = selectGroupsByMember(wrap(s));
    const lists = selectCrossbetsByTable(wrap(s));
    s = batch(s, [crossbetEv(group({ rounds: 15, turnover: 900_000 }), 'crossbet:updated')]);
    expect(selectGroupsById(wrap(s))['ring:1001:a|1001:b|1001:c']?.rounds).toBe(15);
    expect(selectGroupsByMember(wrap(s))).toBe(byMember);
    expect(selectCrossbetsByTable(wrap(s))).toBe(lists);
    // A group with other members: a new map, and every table's list computed again.
    s = batch(s, [
      crossbetEv(
        group({
          id: 'pair:1001:h|1001:c',
          members: [
            { provider: 1001, account: 'h' },
            { provider: 1001, account: 'c' },
          ],
          tables: ['BAC-2'],
        }),
      ),
    ]);
    expect(selectGroupsByMember(wrap(s))).not.toBe(byMember);
    expect(selectCrossbetsByTable(wrap(s))).toEqual({
      'BAC-1': 'ring:1001:a|1001:b|1001:c',
      'BAC-2': 'pair:1001:h|1001:c,ring:1001:a|1001:b|1001:c',
    });
    // The group leaves the list (a new set of groups): both tables are computed again.
    s = reduce(s, replayStarted({ from: T0, to: T0 + 1, speed: 60 }));
    s = reduce(s, replayStopped());
    expect(selectCrossbetsByTable(wrap(s))).toEqual({});
  });

  it('puts the tables with cross-bets on their round first on a wall, the others by id', () => {
    let s = reduce(initialMonitorState, groupsLoaded({ groups: [{ ...group(), score: 9 }], receivedAt: T0 }));
    s = batch(s, [startedEv('r1', 'BAC-10', T0), startedEv('r2', 'BAC-2', T0), startedEv('r3', 'BAC-7', T0)]);
    const quiet = selectWallTableIds(wrap(s));
    expect(quiet).toEqual(['BAC-2', 'BAC-7', 'BAC-10']);
    // A bet that changes no table's cross-bets keeps the same array (the grid does not re-render).
    s = batch(s, [betsEv('r2', 'BAC-2', [['h', 'player', 1]], T0 + 1)]);
    expect(selectWallTableIds(wrap(s))).toBe(quiet);
    s = batch(s, [
      betsEv(
        'r3',
        'BAC-7',
        [
          ['a', 'banker', 1],
          ['b', 'player', 1],
        ],
        T0 + 2,
      ),
    ]);
    expect(selectWallTableIds(wrap(s))).toEqual(['BAC-7', 'BAC-2', 'BAC-10']);
    expect(selectTableIds(wrap(s))).toEqual(['BAC-2', 'BAC-7', 'BAC-10']);
  });

  it('merges the starting picture with what arrived live, and memoises the table ids', () => {
    let s = batch(initialMonitorState, [settledEv('r5', 'BAC-1', T0 + 5000, 'banker')]);
    const ids = selectTableIds(wrap(s));
    s = reduce(
      s,
      tablesLoaded({
        receivedAt: T0,
        tables: [
          liveTable('BAC-1', [
            ['r4', T0 + 4000, 'player'],
            ['r5', T0 + 5000, 'banker'],
          ]),
          liveTable('BAC-3', [], {
            shoeId: 'S9',
            current: {
              roundId: 'q1',
              startedAt: T0,
              providers: [1001],
              totals: [{ betType: 'tie', bets: 3, amount: 900, payout: 0 }],
            },
          }),
        ],
      }),
    );
    expect(s.tables['BAC-1']!.road.map((b) => b.roundId)).toEqual(['r4', 'r5']);
    // The road's rounds count in the chart once each (r5 was counted when it arrived live).
    expect(s.chart.reduce((n, p) => n + p.rounds, 0)).toBe(2);
    // The chart expects the rate of the roads' settlements until it has seen its own.
    expect(s.clocks.chart.gaps).toEqual([1000]);
    expect(s.tables['BAC-3']!.current).toMatchObject({
      roundId: 'q1',
      playersKnown: false,
      totals: { tie: { amount: 900, bets: 3 } },
    });
    expect(selectTableIds(wrap(s))).toEqual(['BAC-1', 'BAC-3']);
    const again = batch(s, [betsEv('q1', 'BAC-3', [['z', 'tie', 100]], T0 + 1)]);
    expect(selectTableIds(wrap(again))).toBe(selectTableIds(wrap(s)));
    expect(ids).toEqual(['BAC-1']);
    expect(selectSummary(wrap(again))).toMatchObject({ tables: 2, open: 1, stake: 1000 });
  });

  it('keeps the object of a table the starting picture adds nothing to (a reconnect re-renders only what changed)', () => {
    let s = batch(initialMonitorState, [
      startedEv('r1', 'BAC-1', T0, 'S1'),
      settledEv('r1', 'BAC-1', T0 + 1000, 'banker'),
      startedEv('q1', 'BAC-2', T0, 'S1'),
      settledEv('q1', 'BAC-2', T0 + 1000, 'player'),
    ]);
    const [one, two] = [s.tables['BAC-1'], s.tables['BAC-2']];
    // Away meanwhile: BAC-2 settled q2, BAC-1 nothing.
    s = reduce(
      s,
      tablesLoaded({
        receivedAt: T0 + 5000,
        tables: [
          liveTable('BAC-1', [['r1', T0 + 1000, 'banker']]),
          liveTable('BAC-2', [
            ['q1', T0 + 1000, 'player'],
            ['q2', T0 + 4000, 'tie'],
          ]),
        ],
      }),
    );
    expect(s.tables['BAC-1']).toBe(one);
    expect(s.tables['BAC-2']).not.toBe(two);
    expect(s.tables['BAC-2']!.road.map((b) => b.roundId)).toEqual(['q1', 'q2']);
    expect(s.tables['BAC-2']!.lastTs).toBe(T0 + 4000);
  });

  it("adds the starting picture's open round to a table without one, unless the round settled here meanwhile", () => {
    let s = batch(initialMonitorState, [
      startedEv('r1', 'BAC-1', T0, 'S1'),
      settledEv('r1', 'BAC-1', T0 + 1000, 'banker'),
      startedEv('q1', 'BAC-2', T0, 'S1'),
      settledEv('q1', 'BAC-2', T0 + 1000, 'player'),
    ]);
    const open = (roundId: string, startedAt: number): LiveTable['current'] => ({
      roundId,
      startedAt,
      providers: [1001],
      totals: [{ betType: 'banker', bets: 2, amount: 700, payout: 0 }],
    });
    const [one, two] = [s.tables['BAC-1'], s.tables['BAC-2']];
    // Away meanwhile: BAC-1 opened r2; BAC-2's picture still shows q1 open, which settled here already.
    s = reduce(
      s,
      tablesLoaded({
        receivedAt: T0 + 3000,
        tables: [
          liveTable('BAC-1', [['r1', T0 + 1000, 'banker']], { current: open('r2', T0 + 2000) }),
          liveTable('BAC-2', [['q1', T0 + 1000, 'banker']], { current: open('q1', T0) }),
        ],
      }),
    );
    expect(s.tables['BAC-1']).not.toBe(one);
    expect(s.tables['BAC-1']!.current).toMatchObject({ roundId: 'r2', totals: { banker: { amount: 700 } } });
    expect(s.tables['BAC-1']!.last?.roundId).toBe('r1');
    expect(s.tables['BAC-1']!.lastTs).toBe(T0 + 2000);
    expect(s.tables['BAC-2']).toBe(two);
    expect(s.tables['BAC-2']!.current).toBeNull();
  });

  it('plays a replay on emptied tables, ignores live rounds meanwhile, and returns to live', () => {
    let s = batch(initialMonitorState, [settledEv('live1', 'BAC-1', T0, 'banker')]);
    const liveChart = s.chart;
    s = reduce(s, replayStarted({ from: T0 - 3_600_000, to: T0, speed: 60 }));
    expect(s.mode).toBe('replay');
    expect(s.tables).toEqual({});
    const settled = settledEv('old1', 'BAC-9', T0 - 3_000_000, 'tie');
    const items: ReplayItem[] = [
      {
        kind: 'round',
        at: T0 - 3_000_000,
        round: (settled as Extract<MonitorEvent, { type: 'round:settled' }>).payload,
        flagged: true,
        groups: ['ring:x'],
      },
      {
        kind: 'alert',
        at: T0 - 2_999_000,
        alert: {
          v: 1,
          seq: 3,
          providers: [1001],
          alert: {
            id: 7,
            kind: 'crossbet',
            level: 3,
            state: 'open',
            subject: 'ring:x',
            raisedAt: T0 - 2_999_000,
          },
        },
      },
    ];
    s = reduce(s, replayAdvanced({ items, clock: T0 - 2_990_000, receivedAt: T0 }));
    s = batch(s, [settledEv('live2', 'BAC-1', T0 + 1000, 'banker')]);
    expect(Object.keys(s.tables)).toEqual(['BAC-9']);
    expect(s.tables['BAC-9']!.road[0]!.flagged).toBe(true);
    expect(s.tables['BAC-9']!.last?.groups).toEqual(['ring:x']);
    expect(s.chart).toEqual([
      { t: Math.floor((T0 - 3_000_000) / CHART_BUCKET_MS) * CHART_BUCKET_MS, rounds: 1, pairs: 0, rings: 1 },
    ]);
    expect(s.replay).toMatchObject({
      status: 'playing',
      rounds: 1,
      flagged: 1,
      alerts: 1,
      clock: T0 - 2_990_000,
    });
    expect(s.alerts.map((a) => a.id)).toEqual([7]);
    s = reduce(s, replayStopped());
    expect(s.mode).toBe('live');
    expect(s.tables).toEqual({});
    expect(s.chart).toBe(liveChart);
    // The reloaded road adds to the restored chart only the rounds settled during the replay.
    s = reduce(
      s,
      tablesLoaded({
        receivedAt: T0 + 2000,
        tables: [
          liveTable('BAC-1', [
            ['live1', T0, 'banker'],
            ['live2', T0 + 1000, 'banker'],
          ]),
        ],
      }),
    );
    expect(s.chart.reduce((n, p) => n + p.rounds, 0)).toBe(2);
    expect(s.chartCountedUntil).toBeNull();
  });

  it("sorts groups by level then recency, and notes each batch on the list's clock", () => {
    let s = batch(initialMonitorState, [
      crossbetEv(group({ id: 'pair:1', kind: 'pair', level: 1, lastSeenAt: T0 + 5 })),
      crossbetEv(group({ id: 'pair:2', kind: 'pair', level: 3, lastSeenAt: T0 })),
      crossbetEv(group({ id: 'ring:3', level: 3, lastSeenAt: T0 + 9 })),
    ]);
    expect(selectGroupList(wrap(s)).map((g) => g.id)).toEqual(['ring:3', 'pair:2', 'pair:1']);
    s = batch(
      s,
      [crossbetEv(group({ id: 'pair:1', kind: 'pair', level: 2, lastSeenAt: T0 + 20 }))],
      T0 + 5000,
    );
    expect(s.clocks.groups).toEqual({ lastAt: T0 + 5000, gaps: [5000] });
    expect(s.clocks.tables).toEqual({ lastAt: null, gaps: [] });
  });

  it('reduces a live batch at once and tells the screens on the next animation frame, once for batches in between', async () => {
    const store = setupStore(undefined, { live: false });
    // A first action (RTK Query's middleware registers itself on it, and that tells the screens at once).
    store.dispatch(replayStopped());
    let told = 0;
    store.subscribe(() => (told += 1));
    store.dispatch(liveBatchReceived({ events: [startedEv('R1', 'BAC-01', T0)], receivedAt: T0 }));
    store.dispatch(
      liveBatchReceived({ events: [startedEv('R2', 'BAC-02', T0 + 200)], receivedAt: T0 + 200 }),
    );
    // Reduced in the batch's task…
    expect(store.getState().baccaratMonitor.tables['BAC-02']).toBeDefined();
    // … rendered in a task of its own.
    expect(told).toBe(0);
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(told).toBe(1);
  });
});
