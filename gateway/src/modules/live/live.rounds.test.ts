import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PERM } from '@dms/shared/permissions/codes';
import { LIVE_EVENTS, type RoundSettled } from '@dms/shared/contracts/live/events';
import { createApp } from '../../app';
import { ev } from '../../engine/events.fixtures';
import { createStaff, startTestApp, type TestApp } from '../../testing/testing.app';
import { connectLive, nextEvent } from '../../testing/testing.live';
import type { LivePublisher } from '../../platform/live/live.publisher';
import { DEFAULT_LIVE_ROUNDS, LiveRounds } from './live.rounds';

let t: TestApp;
const open: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

const STREAMS = [LIVE_EVENTS.roundStarted, LIVE_EVENTS.betsPlaced, LIVE_EVENTS.roundSettled];

/** Every round-stream event a socket receives, with its name, until a `marker`. */
function recordUntilMarker(socket: Socket): Promise<[string, unknown][]> {
  const got: [string, unknown][] = [];
  const on = (name: string, payload: unknown) => {
    if (STREAMS.includes(name as (typeof STREAMS)[number])) got.push([name, payload]);
  };
  socket.onAny(on);
  return new Promise((resolve) =>
    socket.once('marker', () => {
      socket.offAny(on);
      resolve(got);
    }),
  );
}

async function live(codes: string[], providers: number[]): Promise<Socket> {
  const staff = await createStaff(t, { codes, providers });
  const s = await connectLive(t.url, staff.token);
  open.push(s);
  return s;
}

describe('round streams of the live channel', () => {
  it("sends round start, the round's bets in one batch and the settlement with totals, each provider its own", async () => {
    const p1 = await live([PERM.BACCARAT_MONITOR], [1001]);
    const p2 = await live([PERM.BACCARAT_MONITOR], [1002]);
    const risk = await live([PERM.RISK_DATA], [1001, 1002]);
    const teen = await live([PERM.TEEN_PATTI_MONITOR], [1001, 1002]);
    const admin = await connectLive(t.url, t.adminToken);
    open.push(admin);
    const now = Date.now();
    const round = 'live-r1';
    const bet = (tx: string, provider: number, betType: string, amount: number, playerId: number) =>
      ev.bet({
        transactionId: tx,
        id: tx,
        roundId: round,
        provider,
        betType,
        amount,
        playerId,
        account: `a${playerId}`,
        ts: now + 1,
      });
    const recorded = [p1, p2, risk, teen, admin].map(recordUntilMarker);
    const settledOnP1 = nextEvent(p1, LIVE_EVENTS.roundSettled);
    const settledOnP2 = nextEvent(p2, LIVE_EVENTS.roundSettled);
    const settledOnAdmin = nextEvent(admin, LIVE_EVENTS.roundSettled);
    const result = await t.app.engine.submit([
      ev.round({ id: `rs-${round}`, roundId: round, provider: 1001, ts: now }),
      bet('lt-1', 1001, 'banker', 10_000, 1),
      bet('lt-2', 1001, 'player', 5_000, 2),
      bet('lt-3', 1002, 'player', 7_000, 3),
      bet('lt-4', 1001, 'banker', 2_000, 4),
      ev.settled({
        id: `st-${round}`,
        roundId: round,
        provider: 1001,
        ts: now + 2,
        payouts: [
          { transactionId: 'lt-1', playerId: 1, payout: 19_500 },
          { transactionId: 'lt-2', playerId: 2, payout: 0 },
          { transactionId: 'lt-3', playerId: 3, payout: 0 },
          { transactionId: 'lt-4', playerId: 4, payout: 3_900 },
        ],
      }),
    ]);
    expect(result.refused).toEqual([]);
    await Promise.all([settledOnP1, settledOnP2, settledOnAdmin]);
    t.app.io.emit('marker');
    const [toP1, toP2, toRisk, toTeen, toAdmin] = await Promise.all(recorded);

    expect(toP1?.map(([name]) => name)).toEqual(['round:started', 'bets:placed', 'round:settled']);
    expect(toP1?.[1]?.[1]).toMatchObject({
      providers: [1001],
      roundId: round,
      bets: [{ id: 'lt-1' }, { id: 'lt-2' }, { id: 'lt-4' }],
    });
    expect(toP1?.[2]?.[1]).toMatchObject({
      providers: [1001],
      roundId: round,
      result: { winner: 'banker' },
      totals: [
        { betType: 'banker', bets: 2, amount: 12_000, payout: 23_400 },
        { betType: 'player', bets: 1, amount: 5_000, payout: 0 },
      ],
    });
    // Provider 1002 sees its own bet and totals, nothing of 1001's money, and not the table's start.
    expect(toP2?.map(([name]) => name)).toEqual(['bets:placed', 'round:settled']);
    expect(toP2?.[0]?.[1]).toMatchObject({ providers: [1002], bets: [{ id: 'lt-3', amount: 7_000 }] });
    expect(toP2?.[1]?.[1]).toMatchObject({
      providers: [1002],
      totals: [{ betType: 'player', bets: 1, amount: 7_000, payout: 0 }],
    });
    // The whole scope gets one payload with every bet and the round's whole totals.
    expect(toAdmin?.map(([name]) => name)).toEqual(['round:started', 'bets:placed', 'round:settled']);
    expect(toAdmin?.[1]?.[1]).toMatchObject({
      providers: [1001, 1002],
      bets: [{ id: 'lt-1' }, { id: 'lt-2' }, { id: 'lt-3' }, { id: 'lt-4' }],
    });
    expect(toAdmin?.[2]?.[1]).toMatchObject({
      providers: [1001, 1002],
      totals: [
        { betType: 'banker', bets: 2, amount: 12_000, payout: 23_400 },
        { betType: 'player', bets: 2, amount: 12_000, payout: 0 },
      ],
    });
    // Neither risk data nor the Teen Patti monitor receive baccarat rounds.
    expect(toRisk).toEqual([]);
    expect(toTeen).toEqual([]);
  });

  it("reads a settlement's totals from the store when this gateway did not see the round's bets (a restart)", async () => {
    const now = Date.now();
    const round = 'live-restart-1';
    const placed = await t.app.engine.submit([
      ev.round({ id: `rs-${round}`, roundId: round, provider: 1001, ts: now }),
      ev.bet({
        id: 'rt-1',
        transactionId: 'rt-1',
        roundId: round,
        provider: 1001,
        amount: 4_000,
        ts: now + 1,
      }),
      ev.bet({
        id: 'rt-2',
        transactionId: 'rt-2',
        roundId: round,
        provider: 1002,
        betType: 'player',
        amount: 3_000,
        ts: now + 1,
        playerId: 2,
      }),
    ]);
    expect(placed.refused).toEqual([]);
    // A gateway started after the bets (on the same store) settles the round.
    const other = await createApp(t.config, { store: t.app.store, now: t.clock.now });
    const { url } = await other.listen();
    try {
      const socket = await connectLive(url, t.adminToken);
      open.push(socket);
      const settled = nextEvent<RoundSettled>(socket, LIVE_EVENTS.roundSettled);
      const done = await other.engine.submit([
        ev.settled({
          id: `st-${round}`,
          roundId: round,
          provider: 1001,
          ts: now + 2,
          payouts: [
            { transactionId: 'rt-1', playerId: 1, payout: 7_800 },
            { transactionId: 'rt-2', playerId: 2, payout: 0 },
          ],
        }),
      ]);
      expect(done.refused).toEqual([]);
      expect(await settled).toMatchObject({
        providers: [1001, 1002],
        totals: [
          { betType: 'banker', bets: 1, amount: 4_000, payout: 7_800 },
          { betType: 'player', bets: 1, amount: 3_000, payout: 0 },
        ],
      });
    } finally {
      await other.close();
    }
  });

  it('does not push history older than the live window (a backfill)', async () => {
    const p1 = await live([PERM.BACCARAT_MONITOR], [1001]);
    const recorded = recordUntilMarker(p1);
    const old = Date.now() - 3_600_000;
    const fresh = nextEvent(p1, LIVE_EVENTS.roundStarted);
    const result = await t.app.engine.submit([
      ev.round({ id: 'rs-old', roundId: 'old-1', ts: old }),
      ev.bet({ id: 'old-tx', transactionId: 'old-tx', roundId: 'old-1', ts: old + 1 }),
    ]);
    expect(result.refused).toEqual([]);
    // A live round committed after the old one: the streams keep commit order, so what came before it was
    // never going to be sent if it has not arrived with it.
    await t.app.engine.submit([ev.round({ id: 'rs-new', roundId: 'new-1', ts: Date.now() })]);
    expect(await fresh).toMatchObject({ roundId: 'new-1' });
    t.app.io.emit('marker');
    expect((await recorded).map(([, p]) => (p as { roundId: string }).roundId)).toEqual(['new-1']);
  });
});

describe('a settlement on the round streams', () => {
  it("goes out at once with its round's gathered events; the other rounds' bets wait for their window", async () => {
    const sent: [string, string][] = [];
    const publisher: LivePublisher = {
      publish: (event, payload) => void sent.push([event, (payload as { roundId: string }).roundId]),
      publishByScope: () => undefined,
    };
    // A window no test waits for: only the settlement, or a flush, sends anything.
    const rounds = new LiveRounds(publisher, { ...DEFAULT_LIVE_ROUNDS, flushMs: 60_000, now: Date.now });
    const now = Date.now();
    const bet = (tx: string, roundId: string) =>
      ev.bet({ id: tx, transactionId: tx, roundId, provider: 1001, ts: now + 1 });
    rounds.accept([ev.round({ id: 'rs-a', roundId: 'a', ts: now }), bet('a-1', 'a')]);
    rounds.accept([ev.round({ id: 'rs-b', roundId: 'b', ts: now }), bet('b-1', 'b'), bet('a-2', 'a')]);
    const settlement = ev.settled({ id: 'st-a', roundId: 'a', provider: 1001, ts: now + 2 });
    rounds.accept([settlement, bet('b-2', 'b')]);
    await new Promise((r) => setImmediate(r));
    // Round a: its start, one payload of both its bets per scope (1001's and the whole scope's), then its
    // settlement (1001's and the whole scope's); nothing of round b yet.
    expect(sent).toEqual([
      ['round:started', 'a'],
      ['bets:placed', 'a'],
      ['bets:placed', 'a'],
      ['round:settled', 'a'],
      ['round:settled', 'a'],
    ]);
    // A late bet of the settled round starts a payload of its own; round b's bets are still one payload.
    rounds.accept([bet('a-3', 'a')]);
    await rounds.stop();
    expect(sent.slice(5)).toEqual([
      ['round:started', 'b'],
      ['bets:placed', 'b'],
      ['bets:placed', 'b'],
      ['bets:placed', 'a'],
      ['bets:placed', 'a'],
    ]);
  });
});
