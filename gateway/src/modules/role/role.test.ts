import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@dms/shared/errors/codes';
import { SEED_TEXTS } from '@dms/shared/domain/seed';
import { ALL_PERMISSION_CODES, PERM } from '@dms/shared/permissions/codes';
import type { Page } from '@dms/shared/contracts/envelope';
import type { RoleOption, RoleRow } from '@dms/shared/contracts/http/role';
import { createStaff, startTestApp, uniqueName, type TestApp } from '../../testing/testing.app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const create = (body: unknown, token = t.adminToken) =>
  t.call<{ id: number }>('POST', '/permission/role/create', { token, body });
const update = (body: unknown, token = t.adminToken) =>
  t.call<null>('POST', '/permission/role/update', { token, body });
const remove = (id: unknown, token = t.adminToken) =>
  t.call<null>('POST', '/permission/role/delete', { token, body: { id } });
const list = (query: Record<string, string | number | undefined> = {}, token = t.adminToken) =>
  t.call<Page<RoleRow>>('GET', '/permission/role/list', { token, query });

describe('role create', () => {
  it('creates a role, normalising codes so a child brings its group', async () => {
    const name = uniqueName('Analyst');
    const res = await create({ name, description: 'reads risk', permission: '9001, 8000' });
    expect(res.body.code).toBe(0);
    const row = (await list({ keyword: name })).body.data.list[0];
    expect(row).toMatchObject({
      id: res.body.data.id,
      name,
      description: 'reads risk',
      permission: '8000,9000,9001',
      accountCount: 0,
      isSuper: false,
    });
  });

  it('accepts the permission list as an array of numbers or strings', async () => {
    const res = await create({ name: uniqueName('Arr'), permission: [11001, '3000'] });
    expect(res.body.code).toBe(0);
  });

  it('refuses an empty role name with 108', async () => {
    const res = await create({ name: '   ', permission: [PERM.RISK_DATA] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ERR.ROLE_NAME_EMPTY, msg: 'name: role name cannot be empty' });
  });

  it('refuses a missing role name with 108', async () => {
    expect((await create({ permission: [PERM.RISK_DATA] })).body.code).toBe(ERR.ROLE_NAME_EMPTY);
  });

  it('refuses a duplicate role name with 110, ignoring case', async () => {
    const name = uniqueName('Dup');
    expect((await create({ name, permission: [PERM.RISK_DATA] })).body.code).toBe(0);
    const res = await create({ name: name.toUpperCase(), permission: [PERM.RISK_DATA] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: ERR.ROLE_NAME_EXISTS, msg: 'role name already exists' });
  });

  it('refuses a non-numeric permission with 111', async () => {
    const res = await create({ name: uniqueName('Bad'), permission: '8000,abc' });
    expect(res.body).toMatchObject({
      code: ERR.ROLE_PERMISSION_NOT_NUMBER,
      msg: 'permission: role permission parameters are not numbers',
    });
    expect((await create({ name: uniqueName('Bad'), permission: { a: 1 } })).body.code).not.toBe(0);
  });

  it('refuses an unknown numeric code with -1 naming it', async () => {
    const res = await create({ name: uniqueName('Unknown'), permission: '8000,4242' });
    expect(res.body).toMatchObject({ code: ERR.GENERAL, msg: 'unknown permission code 4242' });
  });

  it('refuses an empty permission list with -1 "permissions cannot be empty"', async () => {
    for (const permission of ['', [], undefined]) {
      const res = await create({ name: uniqueName('Empty'), permission });
      expect(res.body).toMatchObject({ code: ERR.GENERAL, msg: 'permissions cannot be empty' });
    }
  });
});

describe('role update', () => {
  it('edits name, description and codes', async () => {
    const { id } = (await create({ name: uniqueName('Edit'), permission: [PERM.RISK_DATA] })).body.data;
    const name = uniqueName('Edited');
    expect((await update({ id, name, description: 'd2', permission: [PERM.TABLE_SETTING] })).body.code).toBe(
      0,
    );
    expect((await list({ keyword: name })).body.data.list[0]).toMatchObject({
      id,
      name,
      description: 'd2',
      permission: '13000,13001',
    });
  });

  it('keeps its own name when only the case changes', async () => {
    const name = uniqueName('Case');
    const { id } = (await create({ name, permission: [PERM.RISK_DATA] })).body.data;
    expect((await update({ id, name: name.toUpperCase(), permission: [PERM.RISK_DATA] })).body.code).toBe(0);
  });

  it("refuses another role's name with 110", async () => {
    const taken = uniqueName('Taken');
    await create({ name: taken, permission: [PERM.RISK_DATA] });
    const { id } = (await create({ name: uniqueName('Other'), permission: [PERM.RISK_DATA] })).body.data;
    expect((await update({ id, name: taken, permission: [PERM.RISK_DATA] })).body.code).toBe(
      ERR.ROLE_NAME_EXISTS,
    );
  });

  it('refuses to edit the super role with 109', async () => {
    const res = await update({ id: 1, name: 'Renamed', permission: [PERM.RISK_DATA] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: ERR.SUPER_ROLE, msg: 'super role cannot be changed or deleted' });
  });

  it('refuses an unknown role with -1 "role not found"', async () => {
    const res = await update({ id: 987654, name: uniqueName('X'), permission: [PERM.RISK_DATA] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: ERR.GENERAL, msg: 'role not found' });
  });

  it('applies new codes to its holders on their next request', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    expect((await t.call('GET', '/permission/role/list', { token: s.token })).body.code).toBe(ERR.GENERAL);
    await update({ id: s.roleId, name: uniqueName('Grown'), permission: [PERM.RISK_DATA, PERM.ROLE] });
    expect((await t.call('GET', '/permission/role/list', { token: s.token })).body.code).toBe(0);
  });
});

describe('role delete', () => {
  it('deletes an unused role', async () => {
    const name = uniqueName('Gone');
    const { id } = (await create({ name, permission: [PERM.RISK_DATA] })).body.data;
    expect((await remove(id)).body).toEqual({ code: 0, msg: 'success', data: null });
    expect((await list({ keyword: name })).body.data.total).toBe(0);
  });

  it('refuses to delete a role in use with 107', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const res = await remove(s.roleId);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: ERR.ROLE_IN_USE,
      msg: 'delete failed because an account owns the role',
    });
  });

  it('refuses to delete the super role with 109', async () => {
    expect((await remove(1)).body.code).toBe(ERR.SUPER_ROLE);
  });

  it('refuses an unknown role with -1 "role not found"', async () => {
    expect((await remove(987654)).body).toMatchObject({ code: ERR.GENERAL, msg: 'role not found' });
  });

  it('refuses a non-numeric id naming the field', async () => {
    expect((await remove('abc')).body).toMatchObject({ code: ERR.GENERAL, msg: 'id: id must be a number' });
  });
});

describe('role list', () => {
  it('pages newest first with accountCount, and shows the super role with every code', async () => {
    const prefix = uniqueName('Page');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1);
      await create({ name: `${prefix}-${i}`, permission: [PERM.RISK_DATA] });
    }
    const first = await list({ keyword: prefix, page: 1, pageSize: 2 });
    expect(first.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.data.list.map((r) => r.name)).toEqual([`${prefix}-2`, `${prefix}-1`]);
    const second = await list({ keyword: prefix, page: 2, pageSize: 2 });
    expect(second.body.data.list.map((r) => r.name)).toEqual([`${prefix}-0`]);
    const all = await list({ pageSize: 500 });
    const superRole = all.body.data.list.find((r) => r.id === 1);
    expect(superRole).toMatchObject({
      name: SEED_TEXTS.superRoleName,
      description: SEED_TEXTS.superRoleDescription,
      isSuper: true,
      permission: ALL_PERMISSION_CODES.join(','),
    });
    expect(superRole?.accountCount).toBeGreaterThanOrEqual(1);
  });

  it('takes % and _ in the keyword literally', async () => {
    const base = uniqueName('Lit');
    await create({ name: `${base}_a%b`, permission: [PERM.RISK_DATA] });
    await create({ name: `${base}xaxb`, permission: [PERM.RISK_DATA] });
    const res = await list({ keyword: `${base}_a%` });
    expect(res.body.data.list.map((r) => r.name)).toEqual([`${base}_a%b`]);
  });

  it('names the field of a bad page size', async () => {
    const res = await list({ pageSize: 0 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^pageSize: /);
  });
});

describe('role input policy (the same answer on SQLite and PostgreSQL)', () => {
  it('refuses a NUL or a bidirectional override in the name, the description and the keyword', async () => {
    const cases: [Promise<{ status: number; body: { code: number; msg: string } }>, string][] = [
      [
        create({ name: 'Ops\u0000', permission: [PERM.RISK_DATA] }),
        'name: must not contain control characters',
      ],
      [
        create({ name: uniqueName('Ops'), description: 'a\u0000b', permission: [PERM.RISK_DATA] }),
        'description: must not contain control characters',
      ],
      [
        create({ name: 'Ops\u202etxt', permission: [PERM.RISK_DATA] }),
        'name: must not contain bidirectional control characters',
      ],
      [list({ keyword: 'a\u0000' }), 'keyword: must not contain control characters'],
    ];
    for (const [pending, msg] of cases) {
      const res = await pending;
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ERR.GENERAL, msg });
    }
  });

  it('refuses a role id beyond what the column holds with -1 naming the field', async () => {
    for (const res of [
      await remove(2147483648),
      await update({ id: 1_700_000_000_000, name: 'x', permission: [PERM.RISK_DATA] }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: ERR.GENERAL,
        msg: 'id: must be a whole number from 1 to 2147483647',
      });
    }
    expect((await remove(2147483647)).body).toMatchObject({ code: ERR.GENERAL, msg: 'role not found' });
  });
});

describe('role access and escalation', () => {
  it('refuses an account without 9001 with 403 "No permission"', async () => {
    const s = await createStaff(t, { codes: [PERM.STAFF] });
    const res = await create({ name: uniqueName('Nope'), permission: [PERM.RISK_DATA] }, s.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: ERR.GENERAL,
      msg: 'No permission',
      data: null,
      key: 'access.noPermission',
    });
  });

  it('lets a role manager grant only codes it holds', async () => {
    const s = await createStaff(t, { codes: [PERM.ROLE, PERM.RISK_DATA] });
    expect((await create({ name: uniqueName('Sub'), permission: [PERM.RISK_DATA] }, s.token)).body.code).toBe(
      0,
    );
    const res = await create({ name: uniqueName('Esc'), permission: [PERM.RISK_DATA, PERM.STAFF] }, s.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'cannot grant permission 9002 that you do not hold',
    });
  });

  it('refuses a role manager editing or deleting a role with codes it does not hold', async () => {
    const s = await createStaff(t, { codes: [PERM.ROLE] });
    const { id } = (await create({ name: uniqueName('High'), permission: [PERM.COMPANY_PROFIT] })).body.data;
    const edit = await update({ id, name: uniqueName('Low'), permission: [PERM.ROLE] }, s.token);
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe(ERR.GENERAL);
    expect((await remove(id, s.token)).status).toBe(403);
  });

  it('offers as options only the roles the caller could grant, never the super role', async () => {
    const s = await createStaff(t, { codes: [PERM.ROLE, PERM.RISK_DATA] });
    const mine = (await create({ name: uniqueName('Mine'), permission: [PERM.RISK_DATA] }, s.token)).body.data
      .id;
    const higher = (await create({ name: uniqueName('Higher'), permission: [PERM.COMPANY_PROFIT] })).body.data
      .id;
    const res = await t.call<RoleOption[]>('GET', '/permission/role/options', { token: s.token });
    const ids = res.body.data.map((r) => r.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(higher);
    expect(ids).not.toContain(1);
    const adminIds = (
      await t.call<RoleOption[]>('GET', '/permission/role/options', { token: t.adminToken })
    ).body.data.map((r) => r.id);
    expect(adminIds).toEqual(expect.arrayContaining([1, mine, higher]));
  });
});
