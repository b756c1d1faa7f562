import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@dms/shared/errors/codes';
import { PERM } from '@dms/shared/permissions/codes';
import type { Page } from '@dms/shared/contracts/envelope';
import type { AuditRow } from '@dms/shared/contracts/http/audit';
import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import {
  ADMIN_PASSWORD,
  createStaff,
  startTestApp,
  uniqueName,
  type TestApp,
} from '../../testing/testing.app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const audit = async (query: Record<string, string | number | undefined> = {}) =>
  (
    await t.call<Page<AuditRow>>('GET', '/permission/audit/list', {
      token: t.adminToken,
      query: { pageSize: 500, ...query },
    })
  ).body.data.list;

describe('audit log', () => {
  it('records successful and failed sign-ins without the password', async () => {
    await t.call('POST', '/user/login', { body: { username: 'admin', password: 'wrong-secret' } });
    await t.call('POST', '/user/login', { body: { username: 'ghost', password: 'wrong-secret' } });
    const rows = await audit({ targetType: 'account' });
    const failures = rows.filter((r) => r.action === AUDIT_ACTIONS.loginFailed);
    expect(failures.map((r) => r.actorName)).toEqual(expect.arrayContaining(['admin', 'ghost']));
    expect(rows.some((r) => r.action === AUDIT_ACTIONS.loginSucceeded && r.actorId === 1)).toBe(true);
    for (const r of rows) {
      expect(r.detail).not.toContain('wrong-secret');
      expect(r.detail).not.toContain(ADMIN_PASSWORD);
    }
    expect(failures[0]?.ip).toMatch(/127\.0\.0\.1/);
  });

  it('records role create, update and delete with the actor and target', async () => {
    const name = uniqueName('Audited');
    const { id } = (
      await t.call<{ id: number }>('POST', '/permission/role/create', {
        token: t.adminToken,
        body: { name, permission: [PERM.RISK_DATA] },
      })
    ).body.data;
    await t.call('POST', '/permission/role/update', {
      token: t.adminToken,
      body: { id, name: `${name}2`, permission: [PERM.BACCARAT_MONITOR] },
    });
    await t.call('POST', '/permission/role/delete', { token: t.adminToken, body: { id } });
    const rows = (await audit({ targetType: 'role' })).filter((r) => r.targetId === String(id));
    expect(rows.map((r) => r.action)).toEqual([
      AUDIT_ACTIONS.roleDeleted,
      AUDIT_ACTIONS.roleUpdated,
      AUDIT_ACTIONS.roleCreated,
    ]);
    expect(rows.every((r) => r.actorId === 1 && r.actorName === 'admin')).toBe(true);
    expect(JSON.parse(rows[1]?.detail ?? '{}')).toMatchObject({
      before: { name },
      after: { name: `${name}2`, permission: '3000' },
    });
  });

  it('records account create, update, password change and delete without secrets', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    await t.call('POST', '/user/editPassword', {
      token: s.token,
      body: { oldPassword: s.password, newPassword: 'rotated-99', confirmPassword: 'rotated-99' },
    });
    await t.call('POST', '/permission/staff/update', {
      token: t.adminToken,
      body: {
        id: s.accountId,
        roleId: s.roleId,
        providers: [1001],
        currencies: ['CNY'],
        password: 'reset-by-admin',
      },
    });
    await t.call('POST', '/permission/staff/delete', { token: t.adminToken, body: { id: s.accountId } });
    const rows = (await audit({ targetType: 'account' })).filter((r) => r.targetId === String(s.accountId));
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        AUDIT_ACTIONS.accountCreated,
        AUDIT_ACTIONS.passwordChanged,
        AUDIT_ACTIONS.accountUpdated,
        AUDIT_ACTIONS.accountDeleted,
      ]),
    );
    expect(rows.filter((r) => r.action === AUDIT_ACTIONS.passwordChanged)).toHaveLength(2);
    for (const r of rows) {
      for (const secret of [s.password, 'rotated-99', 'reset-by-admin'])
        expect(r.detail).not.toContain(secret);
    }
  });

  it('filters by actor and pages newest first', async () => {
    const s = await createStaff(t, { codes: [PERM.PERMISSION] });
    const rows = await audit({ actorId: s.accountId });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.actorId === s.accountId)).toBe(true);
    const page = (
      await t.call<Page<AuditRow>>('GET', '/permission/audit/list', {
        token: t.adminToken,
        query: { pageSize: 2 },
      })
    ).body.data;
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.list[0]!.at).toBeGreaterThanOrEqual(page.list[1]!.at);
  });

  it('refuses an actor id beyond what the column holds with -1 naming the field', async () => {
    const res = await t.call('GET', '/permission/audit/list', {
      token: t.adminToken,
      query: { actorId: '1700000000000' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'actorId: must be a whole number from 1 to 2147483647',
      key: 'validation.integerRange',
    });
  });

  it('requires permission 9000', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const res = await t.call('GET', '/permission/audit/list', { token: s.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ERR.GENERAL);
  });
});
