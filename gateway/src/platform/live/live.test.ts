import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ERR } from '@dms/shared/errors/codes';
import { PERM } from '@dms/shared/permissions/codes';
import { SESSION_EVENTS, type AccountChanged } from '@dms/shared/contracts/live/session';
import { liveTargets, permRoom, providerRoom } from '@dms/shared/contracts/live/rooms';
import {
  ADMIN_PASSWORD,
  createStaff,
  startTestApp,
  uniqueName,
  type TestApp,
} from '../../testing/testing.app';
import { connectLive, eventsUntilMarker, nextEvent, refusedHandshake } from '../../testing/testing.live';

let t: TestApp;
const open: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

async function live(token: string | undefined): Promise<Socket> {
  const s = await connectLive(t.url, token);
  open.push(s);
  return s;
}

/** Emits `probe` to `rooms`, then a `marker` to everyone; resolves with what each socket got before its marker. */
async function probe(rooms: string | string[], sockets: Socket[]): Promise<unknown[][]> {
  const collected = sockets.map((s) => eventsUntilMarker(s, 'probe', 'marker'));
  t.app.io.to(rooms).emit('probe', rooms);
  t.app.io.emit('marker');
  return Promise.all(collected);
}

describe('live handshake', () => {
  it('accepts a valid token', async () => {
    const s = await live(t.adminToken);
    expect(s.connected).toBe(true);
  });

  it('refuses a bad token with code -2 in the error data', async () => {
    expect(await refusedHandshake(t.url, 'B'.repeat(43))).toEqual({
      code: ERR.TOKEN_EXPIRED,
      msg: 'This account is not operated for a long time, please login again',
    });
  });

  it('refuses a missing token with code -2', async () => {
    expect((await refusedHandshake(t.url, undefined))?.code).toBe(ERR.TOKEN_EXPIRED);
  });

  it('refuses an idle-expired token with code -2', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    t.clock.advance(t.config.sessionIdleMs + t.config.sessionTouchMs + 1);
    expect((await refusedHandshake(t.url, token))?.code).toBe(ERR.TOKEN_EXPIRED);
    t.adminToken = await t.login('admin', ADMIN_PASSWORD);
  });
});

describe('live rooms', () => {
  it('puts sockets in rooms by permission code and provider, and nothing leaks across', async () => {
    const monitor = await createStaff(t, {
      codes: [PERM.BACCARAT_MONITOR],
      providers: [1001],
      currencies: ['CNY'],
    });
    const risk = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1002], currencies: ['CNY'] });
    const a = await live(monitor.token);
    const b = await live(risk.token);
    const admin = await live(t.adminToken);

    const [toA, toB, toAdmin] = await probe(permRoom(PERM.BACCARAT_MONITOR), [a, b, admin]);
    expect(toA).toHaveLength(1);
    expect(toB).toHaveLength(0);
    expect(toAdmin).toHaveLength(1);

    const [riskA, riskB] = await probe(liveTargets(PERM.RISK_DATA, 1002), [a, b]);
    expect(riskA).toHaveLength(0);
    expect(riskB).toHaveLength(1);

    const [otherProviderA, otherProviderB] = await probe(liveTargets(PERM.RISK_DATA, 1001), [a, b]);
    expect(otherProviderA).toHaveLength(0);
    expect(otherProviderB).toHaveLength(0);

    const inRoom = await t.app.io.in(providerRoom(1001)).fetchSockets();
    expect(inRoom.map((s) => s.id)).toEqual([a.id]);
    const teenPatti = await t.app.io.in(permRoom(PERM.TEEN_PATTI_MONITOR)).fetchSockets();
    expect(teenPatti.map((s) => s.id)).toContain(admin.id);
    expect(teenPatti.map((s) => s.id)).not.toContain(a.id);
  });

  it('moves a socket to its new rooms when its role changes, and tells the client', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const socket = await live(s.token);
    const changed = nextEvent<AccountChanged>(socket, SESSION_EVENTS.accountChanged);
    await t.call('POST', '/permission/role/update', {
      token: t.adminToken,
      body: { id: s.roleId, name: uniqueName('Now monitor'), permission: [PERM.BACCARAT_MONITOR] },
    });
    expect(await changed).toEqual({ v: 1, accountId: s.accountId, reason: 'role' });
    const [[gotMonitor], [gotRisk]] = [
      await probe(permRoom(PERM.BACCARAT_MONITOR), [socket]),
      await probe(permRoom(PERM.RISK_DATA), [socket]),
    ];
    expect(gotMonitor).toHaveLength(1);
    expect(gotRisk).toHaveLength(0);
  });

  it("moves a socket to its new provider rooms when the account's scope changes", async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1001], currencies: ['CNY'] });
    const socket = await live(s.token);
    const changed = nextEvent<AccountChanged>(socket, SESSION_EVENTS.accountChanged);
    await t.call('POST', '/permission/staff/update', {
      token: t.adminToken,
      body: { id: s.accountId, roleId: s.roleId, providers: [1006], currencies: ['CNY'] },
    });
    expect((await changed).reason).toBe('account');
    const [old] = await probe(liveTargets(PERM.RISK_DATA, 1001), [socket]);
    const [now] = await probe(liveTargets(PERM.RISK_DATA, 1006), [socket]);
    expect(old).toHaveLength(0);
    expect(now).toHaveLength(1);
  });
});

describe('live revocation', () => {
  it('disconnects the sockets of a session that logs out', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const socket = await live(token);
    const gone = nextEvent<string>(socket, 'disconnect');
    await t.call('POST', '/user/logout', { token });
    expect(await gone).toBe('io server disconnect');
  });

  it('disconnects the other sessions of an account whose password changes, not the current one', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const otherToken = await t.login(s.account, s.password);
    const current = await live(s.token);
    const other = await live(otherToken);
    const gone = nextEvent<string>(other, 'disconnect');
    await t.call('POST', '/user/editPassword', {
      token: s.token,
      body: { oldPassword: s.password, newPassword: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' },
    });
    expect(await gone).toBe('io server disconnect');
    const [stillThere] = await probe(permRoom(PERM.RISK_DATA), [current]);
    expect(stillThere).toHaveLength(1);
  });

  it('disconnects the sockets of a deleted account', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const socket = await live(s.token);
    const gone = nextEvent<string>(socket, 'disconnect');
    await t.call('POST', '/permission/staff/delete', { token: t.adminToken, body: { id: s.accountId } });
    expect(await gone).toBe('io server disconnect');
  });
});
