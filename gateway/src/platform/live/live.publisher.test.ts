import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PERM } from '@dms/shared/permissions/codes';
import {
  LIVE_EVENTS,
  LIVE_PACK,
  type BetsPlaced,
  type PlayerFlagged,
  type RoundStarted,
} from '@dms/shared/contracts/live/events';
import { FEED_PROGRESSED, type FeedProgressed } from '@dms/shared/contracts/live/feed';
import { createStaff, startTestApp, type TestApp } from '../../testing/testing.app';
import { connectLive, eventsUntilMarker, nextEvent } from '../../testing/testing.live';
import { liveRoom, liveTargets } from '@dms/shared/contracts/live/rooms';
import { audience } from './live.publisher';
import { disjointRooms } from './live.socketPublisher';

let t: TestApp;
const open: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

async function live(token: string, unpack = true): Promise<Socket> {
  const s = await connectLive(t.url, token, undefined, unpack);
  open.push(s);
  return s;
}

const flagged = (provider: number): PlayerFlagged => ({
  v: 1,
  seq: 17,
  providers: [provider],
  player: {
    provider,
    account: 'alice',
    kinds: ['win_rate'],
    level: 3,
    score: 12.5,
    firstDetectedAt: 1_763_800_000_000,
  },
});

const progress = (seq: number): FeedProgressed => ({
  v: 1,
  seq,
  status: {
    source: 'off',
    state: 'off',
    progress: 0,
    eventsTotal: 0,
    eventsPerSec: 0,
    lastEventAt: null,
    historyFrom: null,
    historyTo: null,
    ingest: false,
  },
});

/** Publishes, then a marker to everyone; resolves with what each socket got before its marker. */
async function publishAndCollect(sockets: Socket[], send: () => void): Promise<unknown[][]> {
  const collected = sockets.map((s) => eventsUntilMarker(s, LIVE_EVENTS.playerFlagged, 'marker'));
  send();
  t.app.io.emit('marker');
  return Promise.all(collected);
}

const bets = (roundId: string, id: string): BetsPlaced => ({
  v: 1,
  providers: [1001],
  roundId,
  gameId: 1,
  tableId: 'T1',
  bets: [{ id, provider: 1001, currency: 'CNY', account: 'alice', betType: 'banker', amount: 100, ts: 1 }],
});
const started = (roundId: string): RoundStarted => ({
  v: 1,
  providers: [1001],
  roundId,
  gameId: 1,
  tableId: 'T1',
  shoeId: 'S1',
  startedAt: 1,
});

/**
 * Every message a socket receives until `marker`: its name and payload (a broadcast's second argument is
 * the offset socket.io's connection-state recovery adds).
 */
function messagesUntil(socket: Socket, marker: string): Promise<unknown[][]> {
  const got: unknown[][] = [];
  const onAny = (event: string, payload: unknown) => {
    if (event !== marker) got.push([event, payload]);
  };
  socket.onAny(onAny);
  return new Promise((resolve) =>
    socket.once(marker, () => {
      socket.offAny(onAny);
      resolve(got);
    }),
  );
}

describe('disjointRooms', () => {
  it('holds for one room, or one provider of a screen beside its whole scope, and for nothing else', () => {
    const [monitor, risk] = [PERM.BACCARAT_MONITOR, PERM.RISK_DATA];
    expect(disjointRooms([liveRoom(monitor, 1001)])).toBe(true);
    expect(disjointRooms(liveTargets(monitor, 1001))).toBe(true);
    expect(disjointRooms([liveRoom(monitor, 'all'), liveRoom(monitor, 1001)])).toBe(true);
    expect(disjointRooms([liveRoom(monitor, 1001), liveRoom(monitor, 1002)])).toBe(false);
    expect(disjointRooms([liveRoom(monitor, 1001), liveRoom(risk, 'all')])).toBe(false);
    expect(disjointRooms([liveRoom(monitor, 'all'), liveRoom(monitor, 'all')])).toBe(false);
    expect(disjointRooms([...liveTargets(monitor, 1001), liveRoom(monitor, 1002)])).toBe(false);
    expect(disjointRooms(['account:1', 'role:1'])).toBe(false);
  });
});

describe('LivePublisher over socket.io', () => {
  it('sends the round streams published in one turn for the same rooms as one live:pack, in order', async () => {
    const monitor = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    const [socket, admin] = [await live(monitor.token, false), await live(t.adminToken, false)];
    const collected = [socket, admin].map((s) => messagesUntil(s, 'marker'));
    const flagAlone = { ...flagged(1001), seq: 18 };
    const toMonitor = audience.scoped(PERM.BACCARAT_MONITOR, 1001);
    // One turn: two payloads for the same rooms, one for other rooms, and an event with a seq.
    t.app.publisher.publish(LIVE_EVENTS.betsPlaced, bets('R1', 'b1'), toMonitor);
    t.app.publisher.publish(
      LIVE_EVENTS.roundStarted,
      started('R2'),
      audience.screen(PERM.BACCARAT_MONITOR, [1001]),
    );
    t.app.publisher.publish(LIVE_EVENTS.playerFlagged, flagAlone, audience.screen(PERM.RISK_DATA, [1001]));
    t.app.publisher.publish(LIVE_EVENTS.betsPlaced, bets('R1', 'b2'), toMonitor);
    await new Promise((r) => setImmediate(r));
    // The next turn: one payload alone goes out as itself.
    t.app.publisher.publish(LIVE_EVENTS.betsPlaced, bets('R2', 'b3'), toMonitor);
    await new Promise((r) => setImmediate(r));
    t.app.io.emit('marker');
    const [toSocket, toAdmin] = await Promise.all(collected);
    // Provider 1001's room gets the turn's three round events in one message, in publish order (the
    // start went to that room and, on its own, to the whole scope's room).
    expect(toSocket).toEqual([
      [
        LIVE_PACK,
        [
          [LIVE_EVENTS.betsPlaced, bets('R1', 'b1')],
          [LIVE_EVENTS.roundStarted, started('R2')],
          [LIVE_EVENTS.betsPlaced, bets('R1', 'b2')],
        ],
      ],
      [LIVE_EVENTS.betsPlaced, bets('R2', 'b3')],
    ]);
    // The super account's socket is not in provider 1001's room (its payloads are made for the whole
    // scope) but is among the round's screen; the event with a seq is not packed: it went out at once.
    expect(toAdmin).toEqual([
      [LIVE_EVENTS.playerFlagged, flagAlone],
      [LIVE_EVENTS.roundStarted, started('R2')],
    ]);
  });

  it("sends an event for provider P to sockets with the screen's permission and P in scope, and to no other", async () => {
    const riskP = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1001] });
    const riskQ = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1002] });
    const monitorP = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    const sockets = [
      await live(riskP.token),
      await live(riskQ.token),
      await live(monitorP.token),
      await live(t.adminToken),
    ];
    const [toRiskP, toRiskQ, toMonitorP, toAdmin] = await publishAndCollect(sockets, () =>
      t.app.publisher.publish(
        LIVE_EVENTS.playerFlagged,
        flagged(1001),
        audience.screen(PERM.RISK_DATA, [1001]),
      ),
    );
    expect(toRiskP).toEqual([flagged(1001)]);
    expect(toRiskQ).toEqual([]);
    expect(toMonitorP).toEqual([]);
    // The super account's scope covers every provider.
    expect(toAdmin).toEqual([flagged(1001)]);
  });

  it('sends an event about several providers once to a socket whose scope covers more than one', async () => {
    const both = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1001, 1002] });
    const socket = await live(both.token);
    const payload = { ...flagged(1001), providers: [1001, 1002] };
    const [got] = await publishAndCollect([socket], () =>
      t.app.publisher.publish(
        LIVE_EVENTS.playerFlagged,
        payload,
        audience.screen(PERM.RISK_DATA, [1001, 1002]),
      ),
    );
    expect(got).toEqual([payload]);
  });

  it('sends nothing when the payload does not match its schema', async () => {
    const socket = await live(t.adminToken);
    const bad = { ...flagged(1001), providers: [] } as PlayerFlagged;
    const [got] = await publishAndCollect([socket], () =>
      t.app.publisher.publish(LIVE_EVENTS.playerFlagged, bad, audience.screen(PERM.RISK_DATA, [1001])),
    );
    expect(got).toEqual([]);
  });

  it('sends each socket the payload made for its own provider scope', async () => {
    const p1 = await createStaff(t, { codes: [PERM.COMPANY_PROFIT], providers: [1001] });
    const p12 = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1002, 1001] });
    const [a, b, admin] = [await live(p1.token), await live(p12.token), await live(t.adminToken)];
    const scopes: (readonly number[] | 'all')[] = [];
    const got = [a, b, admin].map((s) => nextEvent<{ status: { eventsTotal: number } }>(s, FEED_PROGRESSED));
    t.app.publisher.publishByScope(FEED_PROGRESSED, (providers) => {
      scopes.push(providers);
      return {
        ...progress(1),
        status: { ...progress(1).status, eventsTotal: providers === 'all' ? 999 : providers.length },
      };
    });
    const [toA, toB, toAdmin] = await Promise.all(got);
    expect(toA?.status.eventsTotal).toBe(1);
    expect(toB?.status.eventsTotal).toBe(2);
    expect(toAdmin?.status.eventsTotal).toBe(999);
    // One payload per distinct scope among this instance's sockets, not one per socket.
    expect(new Set(scopes.map((s) => JSON.stringify(s))).size).toBe(scopes.length);
    expect(scopes).toContainEqual([1001, 1002]);
  });

  it('sends the feed progress to every signed-in socket through the publisher', async () => {
    const anyone = await createStaff(t, { codes: [PERM.COMPANY_PROFIT] });
    const socket = await live(anyone.token);
    const got = nextEvent(socket, FEED_PROGRESSED);
    t.app.publisher.publish(FEED_PROGRESSED, progress(1), audience.everyone());
    expect(await got).toMatchObject({ v: 1, seq: 1 });
  });
});
