import { describe, expect, it } from 'vitest';
import type { LiveTable } from '@dms/shared/contracts/http/liveReplay';
import { settleTeenPattiBet, teenPattiResult } from '@dms/shared/games/settlement';
import { parseCards } from '@dms/shared/games/cards';
import { TeenPattiCategory as C } from '@dms/shared/games/teenPatti';
import type { TpEvent, TpMonitorState } from './tpModel';
import {
  distributionOf,
  initialTpMonitorState,
  liveBatchReceived,
  selectDistribution,
  selectHouse,
  selectPlayers,
  selectTpGroups,
  tablesLoaded,
  tpMonitorSlice,
} from './tpSlice';

const T0 = Date.UTC(2026, 10, 26, 10);
const reduce = tpMonitorSlice.reducer;
const root = (s: TpMonitorState) => ({ teenPattiMonitor: s });

function batch(s: TpMonitorState, events: TpEvent[], at = T0): TpMonitorState {
  return reduce(s, liveBatchReceived({ events, receivedAt: at }));
}

const started = (roundId: string, tableId = 'TP-1', gameId: 1 | 2 = 2): TpEvent => ({
  type: 'round:started',
  payload: { v: 1, providers: [1001], roundId, gameId, tableId, shoeId: 'D1', startedAt: T0 },
});

const bets = (roundId: string, list: [string, string, number][], tableId = 'TP-1'): TpEvent => ({
  type: 'bets:placed',
  payload: {
    v: 1,
    providers: [1001],
    roundId,
    gameId: 2,
    tableId,
    bets: list.map(([account, betType, amount], i) => ({
      id: `${roundId}-${i}`,
      provider: 1001,
      currency: 'CNY',
      account,
      betType,
      amount,
      ts: T0 + 1000,
    })),
  },
});

const settled = (
  roundId: string,
  result: Record<string, unknown>,
  totals: { betType: string; bets: number; amount: number; payout: number }[] = [],
  tableId = 'TP-1',
): TpEvent => ({
  type: 'round:settled',
  payload: {
    v: 1,
    providers: [1001],
    roundId,
    gameId: 2,
    tableId,
    shoeId: 'D1',
    settledAt: T0 + 4000,
    result,
    totals,
  },
});

const hands = (a: string, b: string) =>
  ({ ...teenPattiResult(parseCards(a), parseCards(b)) }) as unknown as Record<string, unknown>;

describe('distributionOf', () => {
  it('is empty with no hand: no share, no z', () => {
    const d = distributionOf({});
    expect(d.total).toBe(0);
    expect(d.rows.map((r) => r.z)).toEqual([null, null, null, null, null, null]);
    expect(d.rows.reduce((p, r) => p + r.probability, 0)).toBeCloseTo(1, 12);
  });

  it('puts a category in standard errors of its binomial: exact values', () => {
    // 1000 hands, 60 trails where 1000·52/22100 ≈ 2.353 are expected.
    const d = distributionOf({ [C.Trail]: 60, [C.HighCard]: 940 });
    const trail = d.rows.find((r) => r.category === C.Trail);
    const p = 52 / 22100;
    expect(trail?.expected).toBeCloseTo(1000 * p, 10);
    expect(trail?.z).toBeCloseTo((60 - 1000 * p) / Math.sqrt(1000 * p * (1 - p)), 10);
    expect(trail?.z).toBeGreaterThan(30);
    const high = d.rows.find((r) => r.category === C.HighCard);
    const q = 16440 / 22100;
    expect(high?.z).toBeCloseTo((940 - 1000 * q) / Math.sqrt(1000 * q * (1 - q)), 10);
    expect(high?.share).toBe(0.94);
  });

  it('is near zero for counts at the theoretical shares', () => {
    const counts = {
      [C.Trail]: 52,
      [C.PureSequence]: 48,
      [C.Sequence]: 720,
      [C.Colour]: 1096,
      [C.Pair]: 3744,
      [C.HighCard]: 16440,
    };
    for (const r of distributionOf(counts).rows) expect(Math.abs(r.z ?? 1)).toBeLessThan(1e-9);
  });
});

describe('tpMonitorSlice', () => {
  it('counts both hands of a settled round once, and ignores baccarat', () => {
    let s = batch(initialTpMonitorState, [started('r1'), started('b1', 'BAC-1', 1)]);
    expect(Object.keys(s.tables)).toEqual(['TP-1']);
    const result = hands('AH AS AD', '2C 7D 9S');
    s = batch(s, [settled('r1', result), settled('r1', result)]);
    const d = selectDistribution(root(s));
    expect(d.total).toBe(2);
    expect(d.rows.find((r) => r.category === C.Trail)?.observed).toBe(1);
    expect(d.rows.find((r) => r.category === C.HighCard)?.observed).toBe(1);
    expect(s.chart).toEqual([{ t: Math.floor((T0 + 4000) / 60_000) * 60_000, rounds: 1 }]);
    expect(s.tables['TP-1']?.current).toBeNull();
    expect(s.tables['TP-1']?.last?.result?.winner).toBe('player_a');
  });

  it('settles each player with the shared rules when the payload has no payouts: win rate, RTP, biggest wins', () => {
    let s = batch(initialTpMonitorState, [
      started('r1'),
      bets('r1', [
        ['ann', 'player_a', 10_000],
        ['ann', 'pair_plus', 1_000],
        ['bob', 'player_b', 20_000],
        ['cy', 'tie', 500],
      ]),
    ]);
    expect(s.tables['TP-1']?.current?.players).toBe(3);
    expect(s.tables['TP-1']?.current?.totals.player_a).toEqual({ amount: 10_000, bets: 1 });
    // Hand A a pair (Pair Plus pays 1 to 1), hand B a high card: A wins.
    const result = hands('KH KS 4D', 'QC 9D 2S');
    s = batch(s, [
      settled('r1', result, [
        { betType: 'player_a', bets: 1, amount: 10_000, payout: 19_800 },
        { betType: 'player_b', bets: 1, amount: 20_000, payout: 0 },
      ]),
    ]);
    const players = selectPlayers(root(s));
    const ann = players.find((p) => p.account === 'ann');
    const expectAnn =
      settleTeenPattiBet('player_a', 10_000, { winner: 'player_a', categoryA: C.Pair }) +
      settleTeenPattiBet('pair_plus', 1_000, { winner: 'player_a', categoryA: C.Pair });
    expect(expectAnn).toBe(19_800 + 2_000);
    expect(ann).toMatchObject({ rounds: 1, wins: 1, stake: 11_000, payout: expectAnn, winRate: 1 });
    expect(ann?.rtp).toBeCloseTo(21_800 / 11_000, 12);
    const bob = players.find((p) => p.account === 'bob');
    expect(bob).toMatchObject({ rounds: 1, wins: 0, stake: 20_000, payout: 0, winRate: 0, rtp: 0 });
    expect(players[0]?.account).toBe('bob'); // biggest stake first
    expect(s.bigWins.map((w) => [w.key, w.betType, w.payout - w.amount])).toEqual([
      ['1001:ann', 'player_a', 9_800],
      ['1001:ann', 'pair_plus', 1_000],
    ]);
    // The house figure comes from the payload's totals.
    expect(selectHouse(root(s))).toEqual({ stake: 30_000, payout: 19_800, rtp: 19_800 / 30_000 });
  });

  it('loads the starting picture: hands of the settled rounds, the round in play, no double count after', () => {
    const table: LiveTable = {
      tableId: 'TP-2',
      gameId: 2,
      provider: 1001,
      shoeId: 'D',
      current: {
        roundId: 'r3',
        startedAt: T0,
        providers: [1001],
        totals: [{ betType: 'tie', bets: 2, amount: 400, payout: 0 }],
      },
      road: [
        { roundId: 'r1', settledAt: T0 - 60_000, result: hands('2H 3H 4H', '5C 5D 9S') },
        { roundId: 'r2', settledAt: T0 - 30_000, result: hands('AH KD 9C', 'JC JD JS') },
      ],
    };
    let s = reduce(initialTpMonitorState, tablesLoaded({ tables: [table], receivedAt: T0 }));
    expect(selectDistribution(root(s)).total).toBe(4);
    expect(s.tables['TP-2']?.current?.totals.tie).toEqual({ amount: 400, bets: 2 });
    expect(s.tables['TP-2']?.last?.roundId).toBe('r2');
    s = reduce(s, tablesLoaded({ tables: [table], receivedAt: T0 + 1 }));
    s = batch(s, [settled('r2', table.road[1]?.result as Record<string, unknown>, [], 'TP-2')]);
    expect(selectDistribution(root(s)).total).toBe(4);
  });

  it('shows only the cross-bet groups on Teen Patti tables', () => {
    let s = batch(initialTpMonitorState, [started('r1')]);
    const group = (id: string, tables: string[]) => ({
      type: 'crossbet:raised' as const,
      payload: {
        group: {
          id,
          kind: 'pair' as const,
          level: 3 as const,
          members: [
            { provider: 1001, account: 'a' },
            { provider: 1001, account: 'b' },
          ],
          rounds: 5,
          turnover: 100,
          firstDetectedAt: T0,
          lastSeenAt: T0,
          tables,
        },
      },
    });
    s = batch(s, [group('g-tp', ['TP-1']), group('g-bac', ['BAC-1'])]);
    expect(selectTpGroups(root(s)).map((g) => g.id)).toEqual(['g-tp']);
  });

  it('keeps memory bounded: rounds remembered, chart points', () => {
    let s = initialTpMonitorState;
    const events: TpEvent[] = [];
    const result = hands('AH KD 9C', '2C 7D 9S');
    for (let i = 0; i < 6000; i++) {
      const e = settled(`r${i}`, result) as Extract<TpEvent, { type: 'round:settled' }>;
      events.push({ ...e, payload: { ...e.payload, settledAt: T0 + i * 30_000 } });
    }
    s = batch(s, events);
    expect(s.seen.length).toBe(5000);
    expect(s.chart.length).toBe(120);
    expect(selectDistribution(root(s)).total).toBe(12_000);
  });
});
