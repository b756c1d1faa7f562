import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PERM } from '@dms/shared/permissions/codes';
import { LIVE_EVENTS, type PlayerFlagged } from '@dms/shared/contracts/live/events';
import { SESSION_EVENTS } from '@dms/shared/contracts/live/session';
import type { DisplayPairResult, DisplayRow, DisplaySelf } from '@dms/shared/contracts/http/display';
import { DISPLAY_PAIRING_TTL_MS } from '@dms/shared/contracts/http/display';
import type { Page } from '@dms/shared/contracts/envelope';
import type { AuditRow } from '@dms/shared/contracts/http/audit';
import { ADMIN_PASSWORD, createStaff, startTestApp, type TestApp } from '../../testing/testing.app';
import { connectLive, eventsUntilMarker, nextEvent, refusedHandshake } from '../../testing/testing.live';
import { audience } from '../../platform/live/live.publisher';

let t: TestApp;
/** The admin's token (signed in again after the clock moves past a session's life). */
let admin: string;
const open: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
  admin = t.adminToken;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

const flagged = (provider: number, seq = 1): PlayerFlagged => ({
  v: 1,
  seq,
  providers: [provider],
  player: {
    provider,
    account: 'p1',
    kinds: ['win_rate'],
    level: 3,
    score: 9,
    firstDetectedAt: 1_763_800_000_000,
  },
});

async function pair(label = 'Wall 1'): Promise<DisplayPairResult> {
  const res = await t.call<DisplayPairResult>('POST', '/display/pair', { body: { label } });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

async function monitorRole(codes: string[]): Promise<number> {
  const res = await t.call<{ id: number }>('POST', '/permission/role/create', {
    token: admin,
    body: { name: `wall-${Math.random().toString(36).slice(2, 8)}`, permission: codes },
  });
  expect(res.body.code).toBe(0);
  return res.body.data.id;
}

async function approve(code: string, roleId: number, providers: number[], token = admin) {
  return t.call<{ id: number }>('POST', '/display/approve', {
    token,
    body: { code, name: 'Floor 2 wall', roleId, providers },
  });
}

/** What each socket received of player:flagged before a marker sent to every socket. */
async function collect(sockets: Socket[], send: () => void): Promise<unknown[][]> {
  const got = sockets.map((s) => eventsUntilMarker(s, LIVE_EVENTS.playerFlagged, 'marker'));
  send();
  t.app.io.emit('marker');
  return Promise.all(got);
}

describe('wall screen pairing', () => {
  it('pairs by code: pending until approved, then watches its role’s monitor codes and its providers only', async () => {
    const wall = await pair();
    expect(wall.code).toMatch(/^[A-Z2-9]{8}$/);
    const pending = await t.call<DisplaySelf>('GET', '/display/me', { token: wall.token });
    expect(pending.body.data).toMatchObject({
      state: 'pending',
      code: wall.code,
      name: 'Wall 1',
      permission: [],
    });
    // Pending: no socket, no watch endpoint.
    expect((await refusedHandshake(t.url, wall.token))?.code).toBe(-2);
    expect((await t.call('GET', '/base/providers', { token: wall.token })).body.code).toBe(-2);

    const lookup = await t.call<{ label: string }>('GET', '/display/pending', {
      token: admin,
      query: { code: `${wall.code.slice(0, 4)}-${wall.code.slice(4).toLowerCase()}` },
    });
    expect(lookup.body.data.label).toBe('Wall 1');

    // A role with the baccarat monitor and role management: the display holds 3000 only.
    const roleId = await monitorRole([PERM.BACCARAT_MONITOR, PERM.ROLE]);
    const approved = await approve(wall.code, roleId, [1001]);
    expect(approved.body.code).toBe(0);
    const me = await t.call<DisplaySelf>('GET', '/display/me', { token: wall.token });
    expect(me.body.data).toMatchObject({
      state: 'active',
      code: null,
      permission: ['3000'],
      providers: [1001],
    });
    // The code is spent.
    expect((await approve(wall.code, roleId, [1001])).status).toBe(404);

    const socket = await connectLive(t.url, wall.token);
    open.push(socket);
    const [got] = await collect([socket], () => {
      t.app.publisher.publish(
        LIVE_EVENTS.playerFlagged,
        flagged(1001, 1),
        audience.screen(PERM.BACCARAT_MONITOR, [1001]),
      );
      t.app.publisher.publish(
        LIVE_EVENTS.playerFlagged,
        flagged(1002, 2),
        audience.screen(PERM.BACCARAT_MONITOR, [1002]),
      );
      t.app.publisher.publish(
        LIVE_EVENTS.playerFlagged,
        flagged(1001, 3),
        audience.screen(PERM.RISK_DATA, [1001]),
      );
    });
    expect(got).toEqual([flagged(1001, 1)]);
  });

  it('only watches: the watch endpoints answer, every other endpoint refuses the display token', async () => {
    const wall = await pair();
    await approve(wall.code, await monitorRole([PERM.BACCARAT_MONITOR, PERM.ROLE, PERM.STAFF]), [1001, 1002]);
    const providers = await t.call<{ id: number }[]>('GET', '/base/providers', { token: wall.token });
    expect(providers.body.code).toBe(0);
    expect(providers.body.data.map((p) => p.id).sort()).toEqual([1001, 1002]);
    for (const [method, path, body] of [
      ['GET', '/permission/role/list', undefined],
      ['GET', '/user/info', undefined],
      ['POST', '/permission/role/create', { name: 'x', permission: ['3000'] }],
      ['GET', '/display/list', undefined],
      ['POST', '/user/logout', undefined],
    ] as const) {
      const res = await t.call(method, path, { token: wall.token, body });
      expect([path, res.status, res.body.key]).toEqual([path, 403, 'display.watchOnly']);
    }
  });

  it('reads the alert list of its providers but cannot act on an alert (watch only)', async () => {
    const wall = await pair();
    await approve(wall.code, await monitorRole([PERM.RISK_DATA]), [1001]);
    const alerts = await t.call<{ total: number; items: unknown[] }>('GET', '/risk/alerts', {
      token: wall.token,
      query: { state: 'open', size: 50 },
    });
    expect([alerts.status, alerts.body.code]).toEqual([200, 0]);
    expect(alerts.body.data.items).toBeInstanceOf(Array);
    for (const body of [
      { id: 1, action: 'acknowledge' },
      { id: 1, action: 'resolve', outcome: 'false_positive' },
    ]) {
      const res = await t.call('POST', '/risk/alerts/action', { token: wall.token, body });
      expect([res.status, res.body.key]).toEqual([403, 'display.watchOnly']);
    }
  });

  it('renames an active display (audited), and refuses to rename a revoked one', async () => {
    const wall = await pair('Rename me');
    const { id } = (await approve(wall.code, await monitorRole([PERM.BACCARAT_MONITOR]), [1001])).body.data;
    const renamed = await t.call('POST', '/display/rename', { token: admin, body: { id, name: 'Pit 3 wall' } });
    expect(renamed.body.code).toBe(0);
    const me = await t.call<DisplaySelf>('GET', '/display/me', { token: wall.token });
    expect(me.body.data.name).toBe('Pit 3 wall');
    const blank = await t.call('POST', '/display/rename', { token: admin, body: { id, name: '  ' } });
    expect(blank.status).toBe(400);
    const byWall = await t.call('POST', '/display/rename', { token: wall.token, body: { id, name: 'x' } });
    expect([byWall.status, byWall.body.key]).toEqual([403, 'display.watchOnly']);
    await t.call('POST', '/display/revoke', { token: admin, body: { id } });
    const gone = await t.call('POST', '/display/rename', { token: admin, body: { id, name: 'Again' } });
    expect([gone.status, gone.body.key]).toEqual([404, 'display.notFound']);
    const audit = await t.call<Page<AuditRow>>('GET', '/permission/audit/list', {
      token: admin,
      query: { targetType: 'display', pageSize: 100 },
    });
    const renames = audit.body.data.list.filter((r) => r.targetId === String(id) && r.action === 'display.rename');
    expect(renames).toHaveLength(1);
  });

  it('refuses an approver who lacks the monitor code or the providers', async () => {
    const staff = await createStaff(t, { codes: [PERM.STAFF, PERM.RISK_DATA], providers: [1001] });
    const wall = await pair();
    const baccarat = await monitorRole([PERM.BACCARAT_MONITOR]);
    const noCode = await approve(wall.code, baccarat, [1001], staff.token);
    expect([noCode.status, noCode.body.key, noCode.body.params]).toEqual([
      403,
      'display.grantNotHeld',
      { code: '3000' },
    ]);
    const risk = await monitorRole([PERM.RISK_DATA]);
    const outside = await approve(wall.code, risk, [1002], staff.token);
    expect([outside.status, outside.body.key]).toEqual([403, 'access.providerOutside']);
    const noMonitor = await approve(wall.code, await monitorRole([PERM.COMPANY_PROFIT]), [1001]);
    expect([noMonitor.status, noMonitor.body.key]).toEqual([400, 'display.noMonitorCode']);
    expect((await approve(wall.code, risk, [1001], staff.token)).body.code).toBe(0);
  });

  it('lets a pairing code lapse after its time', async () => {
    const wall = await pair();
    t.clock.advance(DISPLAY_PAIRING_TTL_MS + 1);
    admin = await t.login('admin', ADMIN_PASSWORD);
    expect((await approve(wall.code, await monitorRole([PERM.BACCARAT_MONITOR]), [1001])).body.key).toBe(
      'display.codeUnknown',
    );
    expect((await t.call('GET', '/display/me', { token: wall.token })).body.code).toBe(-2);
  });

  it('never expires a display by idleness, and follows a change of its role at once', async () => {
    const wall = await pair();
    const roleId = await monitorRole([PERM.BACCARAT_MONITOR, PERM.RISK_DATA]);
    await approve(wall.code, roleId, [1001]);
    const socket = await connectLive(t.url, wall.token);
    open.push(socket);
    // Far beyond any staff session's idle time and lifetime.
    t.clock.advance(t.config.sessionMaxAgeMs + t.config.sessionIdleMs * 2);
    await t.app.sweepLive();
    expect(socket.connected).toBe(true);
    admin = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('GET', '/display/me', { token: wall.token })).body.code).toBe(0);

    const changed = nextEvent(socket, SESSION_EVENTS.accountChanged);
    const edit = await t.call('POST', '/permission/role/update', {
      token: admin,
      body: { id: roleId, name: `edited-${roleId}`, permission: [PERM.RISK_DATA] },
    });
    expect(edit.body.code).toBe(0);
    await changed;
    const [got] = await collect([socket], () => {
      t.app.publisher.publish(
        LIVE_EVENTS.playerFlagged,
        flagged(1001, 1),
        audience.screen(PERM.BACCARAT_MONITOR, [1001]),
      );
      t.app.publisher.publish(
        LIVE_EVENTS.playerFlagged,
        flagged(1001, 2),
        audience.screen(PERM.RISK_DATA, [1001]),
      );
    });
    expect(got).toEqual([flagged(1001, 2)]);
  });

  it('revokes at once: sockets disconnected, token refused, both steps audited, listed with last contact', async () => {
    const wall = await pair('Lobby');
    const roleId = await monitorRole([PERM.BACCARAT_MONITOR]);
    const { id } = (await approve(wall.code, roleId, [1001])).body.data;
    const socket = await connectLive(t.url, wall.token);
    open.push(socket);
    await t.app.sweepLive();

    const listed = await t.call<Page<DisplayRow>>('GET', '/display/list', {
      token: admin,
      query: { keyword: 'lobby' },
    });
    expect(listed.body.data.list).toHaveLength(1);
    expect(listed.body.data.list[0]).toMatchObject({
      id,
      state: 'active',
      roleId,
      permission: '3000',
      providers: [1001],
      label: 'Lobby',
    });
    expect(listed.body.data.list[0]?.lastSeenAt).toBeTypeOf('number');

    const ended = nextEvent(socket, LIVE_EVENTS.sessionEnded);
    const gone = nextEvent<string>(socket, 'disconnect');
    expect((await t.call('POST', '/display/revoke', { token: admin, body: { id } })).body.code).toBe(0);
    expect(await ended).toEqual({ v: 1, reason: 'revoked' });
    expect(await gone).toBe('io server disconnect');
    expect((await t.call('GET', '/display/me', { token: wall.token })).body.code).toBe(-2);
    expect((await t.call('GET', '/base/providers', { token: wall.token })).body.code).toBe(-2);
    expect((await refusedHandshake(t.url, wall.token))?.code).toBe(-2);
    const after = await t.call<Page<DisplayRow>>('GET', '/display/list', {
      token: admin,
      query: { state: 'revoked', keyword: 'lobby' },
    });
    expect(after.body.data.list[0]).toMatchObject({ id, state: 'revoked', roleId: null, revokedBy: 'admin' });
    // The role it was bound to can now be deleted.
    expect(
      (await t.call('POST', '/permission/role/delete', { token: admin, body: { id: roleId } })).body.code,
    ).toBe(0);

    const audit = await t.call<Page<AuditRow>>('GET', '/permission/audit/list', {
      token: admin,
      query: { targetType: 'display', pageSize: 100 },
    });
    const mine = audit.body.data.list.filter((r) => r.targetId === String(id)).map((r) => r.action);
    expect(mine.sort()).toEqual(['display.approve', 'display.revoke']);
  });

  it('refuses to delete a role bound to an active display (107)', async () => {
    const wall = await pair();
    const roleId = await monitorRole([PERM.BACCARAT_MONITOR]);
    await approve(wall.code, roleId, [1001]);
    const res = await t.call('POST', '/permission/role/delete', { token: admin, body: { id: roleId } });
    expect([res.status, res.body]).toMatchObject([409, { code: 107 }]);
  });
});
