import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PERM } from '@dms/shared/permissions/codes';
import { LIVE_EVENTS, SEQ_EVENTS, type SessionEnded } from '@dms/shared/contracts/live/events';
import { SESSION_EVENTS } from '@dms/shared/contracts/live/session';
import {
  ADMIN_PASSWORD,
  createStaff,
  startTestApp,
  uniqueName,
  type TestApp,
} from '../../testing/testing.app';
import { connectLive, nextEvent } from '../../testing/testing.live';
import { FakeRiskStore } from '../../testing/testing.replay';

let t: TestApp;
const store = new FakeRiskStore();
const open: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({ app: { liveReplay: store } });
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

async function live(token: string): Promise<Socket> {
  const s = await connectLive(t.url, token);
  open.push(s);
  return s;
}

/** The providers of the findings and alerts a socket receives while `send` runs (up to a marker). */
async function received(socket: Socket, send: () => void): Promise<number[][]> {
  const got: number[][] = [];
  const on = (name: string, payload: { providers?: number[] }) => {
    if ((SEQ_EVENTS as readonly string[]).includes(name)) got.push(payload.providers ?? []);
  };
  socket.onAny(on);
  const marker = nextEvent(socket, 'marker');
  send();
  t.app.io.emit('marker');
  await marker;
  socket.offAny(on);
  return got;
}

const alertOf =
  (provider: number, kind: 'crossbet' | 'player' = 'crossbet') =>
  () =>
    FakeRiskStore.publish(t.app.publisher, store.storeAlert(provider, kind));

describe('live scope changes', () => {
  it("stops sending a provider's alerts the moment the account's scope no longer holds it", async () => {
    const s = await createStaff(t, {
      codes: [PERM.BACCARAT_MONITOR],
      providers: [1001],
      currencies: ['CNY'],
    });
    const socket = await live(s.token);
    expect(await received(socket, alertOf(1001))).toEqual([[1001]]);
    const changed = nextEvent(socket, SESSION_EVENTS.accountChanged);
    const res = await t.call('POST', '/permission/staff/update', {
      token: t.adminToken,
      body: { id: s.accountId, roleId: s.roleId, providers: [1002], currencies: ['CNY'] },
    });
    expect(res.body.code).toBe(0);
    await changed;
    expect(
      await received(socket, () => {
        alertOf(1001)();
        alertOf(1002)();
      }),
    ).toEqual([[1002]]);
  });

  it('stops sending a screen’s events the moment the role loses its permission', async () => {
    const s = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR, PERM.RISK_DATA], providers: [1001] });
    const socket = await live(s.token);
    expect(await received(socket, () => [alertOf(1001)(), alertOf(1001, 'player')()])).toEqual([
      [1001],
      [1001],
    ]);
    const changed = nextEvent(socket, SESSION_EVENTS.accountChanged);
    await t.call('POST', '/permission/role/update', {
      token: t.adminToken,
      body: { id: s.roleId, name: uniqueName('monitor only'), permission: [PERM.BACCARAT_MONITOR] },
    });
    await changed;
    // The cross-bet alert is still the monitor's; the player's alert is risk data only.
    expect(await received(socket, () => [alertOf(1001)(), alertOf(1001, 'player')()])).toEqual([[1001]]);
  });

  it('tells a socket why its session ended before disconnecting it', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const socket = await live(token);
    const ended = nextEvent<SessionEnded>(socket, LIVE_EVENTS.sessionEnded);
    const gone = nextEvent<string>(socket, 'disconnect');
    expect((await t.call('POST', '/user/logout', { token })).body.code).toBe(0);
    expect(await ended).toEqual({ v: 1, reason: 'logout' });
    expect(await gone).toBe('io server disconnect');
  });

  it('ends an idle session’s socket with reason expired', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const socket = await live(token);
    const ended = nextEvent<SessionEnded>(socket, LIVE_EVENTS.sessionEnded);
    t.clock.advance(t.config.sessionIdleMs + t.config.sessionTouchMs + 1);
    await t.app.sweepLive();
    expect(await ended).toEqual({ v: 1, reason: 'expired' });
  });
});
