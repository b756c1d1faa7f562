import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@dms/shared/errors/codes';
import { PERM } from '@dms/shared/permissions/codes';
import type { Page } from '@dms/shared/contracts/envelope';
import type { StaffRow } from '@dms/shared/contracts/http/staff';
import type { UserInfo } from '@dms/shared/contracts/http/user';
import {
  createStaff,
  startTestApp,
  uniqueName,
  type StaffFixture,
  type TestApp,
} from '../../testing/testing.app';

let t: TestApp;
let riskRoleId: number;
beforeAll(async () => {
  t = await startTestApp();
  const role = await t.call<{ id: number }>('POST', '/permission/role/create', {
    token: t.adminToken,
    body: { name: uniqueName('Risk'), permission: [PERM.RISK_DATA] },
  });
  riskRoleId = role.body.data.id;
});
afterAll(async () => {
  await t?.close();
});

const create = (body: Record<string, unknown>, token = t.adminToken) =>
  t.call<{ id: number; password?: string }>('POST', '/permission/staff/create', { token, body });
const update = (body: Record<string, unknown>, token = t.adminToken) =>
  t.call<null>('POST', '/permission/staff/update', { token, body });
const remove = (id: unknown, token = t.adminToken) =>
  t.call<null>('POST', '/permission/staff/delete', { token, body: { id } });
const list = (query: Record<string, string | number | undefined> = {}, token = t.adminToken) =>
  t.call<Page<StaffRow>>('GET', '/permission/staff/list', { token, query });
const valid = () => ({
  account: uniqueName('acct'),
  password: 'secret-1',
  nickname: 'Nick',
  roleId: riskRoleId,
  providers: [1001],
  currencies: ['CNY'],
});

describe('staff create', () => {
  it('creates an account that can sign in, listed with its role name and scope', async () => {
    const body = valid();
    const res = await create({ ...body, providers: [1002, 1001, 1002] });
    expect(res.body.code).toBe(0);
    expect(res.body.data.password).toBeUndefined();
    const row = (await list({ keyword: body.account })).body.data.list[0];
    expect(row).toMatchObject({
      id: res.body.data.id,
      account: body.account,
      nickname: 'Nick',
      roleId: riskRoleId,
      providers: [1001, 1002],
      currencies: ['CNY'],
      isSuper: false,
      lastLoginAt: null,
    });
    expect(row?.roleName).toMatch(/^Risk/);
    expect(await t.login(body.account, 'secret-1')).toBeTruthy();
    expect((await list({ keyword: body.account })).body.data.list[0]?.lastLoginAt).toBe(t.clock.now());
  });

  it('generates a password and returns it once when none is given', async () => {
    const body = valid();
    const res = await create({ ...body, password: undefined });
    expect(res.body.data.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(await t.login(body.account, res.body.data.password ?? '')).toBeTruthy();
  });

  it('refuses a duplicate account name with -100, ignoring case', async () => {
    const body = valid();
    await create(body);
    const res = await create({ ...valid(), account: body.account.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: ERR.ACCOUNT_EXISTS, msg: 'account name already exists' });
  });

  it('refuses an empty or missing account name with 106', async () => {
    expect((await create({ ...valid(), account: '  ' })).body).toMatchObject({
      code: ERR.USER_EMPTY,
      msg: 'account: account name cannot be empty',
    });
    expect((await create({ ...valid(), account: undefined })).body.code).toBe(ERR.USER_EMPTY);
  });

  it('refuses an empty or missing provider list with -103', async () => {
    expect((await create({ ...valid(), providers: [] })).body).toMatchObject({
      code: ERR.PROVIDER_EMPTY,
      msg: 'providers: providerId cannot be empty',
    });
    expect((await create({ ...valid(), providers: undefined })).body.code).toBe(ERR.PROVIDER_EMPTY);
  });

  it('refuses an empty or missing currency list with -104', async () => {
    expect((await create({ ...valid(), currencies: [] })).body).toMatchObject({
      code: ERR.CURRENCIES_EMPTY,
      msg: 'currencies: currency_list cannot be empty',
    });
    expect((await create({ ...valid(), currencies: null })).body.code).toBe(ERR.CURRENCIES_EMPTY);
  });

  it('refuses an empty or missing role with -105', async () => {
    expect((await create({ ...valid(), roleId: '' })).body).toMatchObject({
      code: ERR.ROLE_EMPTY,
      msg: 'roleId: RoleId cannot be empty',
    });
    expect((await create({ ...valid(), roleId: undefined })).body.code).toBe(ERR.ROLE_EMPTY);
  });

  it('refuses a role id that refers to no role with -1 "role not found"', async () => {
    expect((await create({ ...valid(), roleId: 987654 })).body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'role not found',
    });
  });

  it('refuses unknown providers and currencies with -1 naming them', async () => {
    expect((await create({ ...valid(), providers: [9999] })).body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'unknown provider 9999',
    });
    expect((await create({ ...valid(), currencies: ['XYZ'] })).body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'unknown currency XYZ',
    });
  });

  it('names the field of a password shorter than 6', async () => {
    expect((await create({ ...valid(), password: '123' })).body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'password: Password at least 6 characters',
    });
  });
});

describe('staff update', () => {
  it("changes nickname, role and scope, effective on the account's next request", async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1001], currencies: ['CNY'] });
    const res = await update({
      id: s.accountId,
      nickname: 'Renamed',
      roleId: riskRoleId,
      providers: [1003],
      currencies: ['THB', 'VND'],
    });
    expect(res.body.code).toBe(0);
    const info = (await t.call<UserInfo>('GET', '/user/info', { token: s.token })).body.data;
    expect(info).toMatchObject({
      nickname: 'Renamed',
      h5_channel_power: '[1003]',
      currency_list: 'THB,VND',
      permission: '8000',
    });
  });

  it("sets a new password and ends the account's sessions", async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    await update({
      id: s.accountId,
      nickname: '',
      roleId: s.roleId,
      providers: [1001],
      currencies: ['CNY'],
      password: 'changed-1',
    });
    expect((await t.call('GET', '/user/info', { token: s.token })).body.code).toBe(ERR.TOKEN_EXPIRED);
    expect(await t.login(s.account, 'changed-1')).toBeTruthy();
  });

  it('refuses to edit the super account with -101', async () => {
    const res = await update({ id: 1, nickname: 'x', roleId: 1, providers: [1001], currencies: ['CNY'] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: ERR.SUPER_ACCOUNT,
      msg: 'administrator account cannot be changed or deleted',
    });
  });

  it('refuses an unknown account with -3 "Can not find this account"', async () => {
    const res = await update({ id: 987654, roleId: riskRoleId, providers: [1001], currencies: ['CNY'] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: ERR.USER_NOT_FOUND, msg: 'Can not find this account' });
  });

  it('validates the same fields as create (-103, -104, -105)', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const base = { id: s.accountId, roleId: s.roleId, providers: [1001], currencies: ['CNY'] };
    expect((await update({ ...base, providers: [] })).body.code).toBe(ERR.PROVIDER_EMPTY);
    expect((await update({ ...base, currencies: [] })).body.code).toBe(ERR.CURRENCIES_EMPTY);
    expect((await update({ ...base, roleId: null })).body.code).toBe(ERR.ROLE_EMPTY);
  });
});

describe('staff delete', () => {
  it('deletes an account and ends its sessions', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    expect((await remove(s.accountId)).body).toEqual({ code: 0, msg: 'success', data: null });
    expect((await t.call('GET', '/user/info', { token: s.token })).body.code).toBe(ERR.TOKEN_EXPIRED);
    expect((await list({ keyword: s.account })).body.data.total).toBe(0);
  });

  it('refuses to delete the super account with -101', async () => {
    expect((await remove(1)).body.code).toBe(ERR.SUPER_ACCOUNT);
  });

  it('refuses to delete oneself with -102', async () => {
    const s = await createStaff(t, { codes: [PERM.STAFF, PERM.RISK_DATA] });
    const res = await remove(s.accountId, s.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: ERR.DELETE_SELF, msg: 'cannot delete yourself' });
  });

  it('refuses an unknown account with -3', async () => {
    expect((await remove(987654)).body.code).toBe(ERR.USER_NOT_FOUND);
  });
});

describe('staff list', () => {
  it('pages newest first and searches account and nickname case-insensitively', async () => {
    const tag = uniqueName('find');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1);
      await create({ ...valid(), account: `${tag}${i}`, nickname: i === 0 ? 'Zed' : 'Other' });
    }
    const page = await list({ keyword: tag.toUpperCase(), pageSize: 2 });
    expect(page.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.body.data.list.map((r) => r.account)).toEqual([`${tag}2`, `${tag}1`]);
    const byNick = await list({ keyword: 'zed', pageSize: 500 });
    expect(byNick.body.data.list.map((r) => r.account)).toContain(`${tag}0`);
  });

  it('filters by role', async () => {
    const s = await createStaff(t, { codes: [PERM.TABLE_SETTING] });
    const res = await list({ roleId: s.roleId });
    expect(res.body.data.list.map((r) => r.id)).toEqual([s.accountId]);
  });

  it('shows the super account with every provider and currency', async () => {
    const res = await list({ keyword: 'admin', pageSize: 500 });
    const admin = res.body.data.list.find((r) => r.id === 1);
    expect(admin?.isSuper).toBe(true);
    expect(admin?.providers.length).toBeGreaterThanOrEqual(5);
  });
});

describe('staff input policy (the same answer on SQLite and PostgreSQL)', () => {
  it('refuses ids and filters beyond what the columns hold with -1 naming the field, never a 500', async () => {
    const cases: [Promise<{ status: number; body: { code: number; msg: string } }>, string][] = [
      [remove(2147483648), 'id: must be a whole number from 1 to 2147483647'],
      [update({ ...valid(), id: 2 ** 40 }), 'id: must be a whole number from 1 to 2147483647'],
      [create({ ...valid(), roleId: 2147483648 }), 'roleId: must be a whole number from 1 to 2147483647'],
      [
        create({ ...valid(), providers: [1_700_000_000_000] }),
        'providers.0: must be a whole number from 1 to 2147483647',
      ],
      [list({ roleId: '2147483648' }), 'roleId: must be a whole number from 1 to 2147483647'],
    ];
    for (const [pending, msg] of cases) {
      const res = await pending;
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ERR.GENERAL, msg });
    }
    expect((await remove(2147483647)).body.code).toBe(ERR.USER_NOT_FOUND);
  });

  it('refuses a NUL or a bidirectional override in the nickname, the password and the keyword', async () => {
    const cases: [Promise<{ status: number; body: { code: number; msg: string } }>, string][] = [
      [create({ ...valid(), nickname: 'N\u0000' }), 'nickname: must not contain control characters'],
      [
        create({ ...valid(), nickname: 'N\u2067x' }),
        'nickname: must not contain bidirectional control characters',
      ],
      [create({ ...valid(), password: 'secret\u0000' }), 'password: must not contain control characters'],
      [list({ keyword: 'a\u0000' }), 'keyword: must not contain control characters'],
    ];
    for (const [pending, msg] of cases) {
      const res = await pending;
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ERR.GENERAL, msg });
    }
  });
});

describe('staff scope and escalation', () => {
  it('refuses an account without 9002 with 403 "No permission"', async () => {
    const s = await createStaff(t, { codes: [PERM.ROLE] });
    const res = await list({}, s.token);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('No permission');
  });

  it('lets a staff manager assign only roles within its own codes', async () => {
    const mgr = await createStaff(t, { codes: [PERM.STAFF, PERM.RISK_DATA] });
    expect(
      (await create({ ...valid(), roleId: riskRoleId, providers: [1001, 1002] }, mgr.token)).body.code,
    ).toBe(0);
    const high = await t.call<{ id: number }>('POST', '/permission/role/create', {
      token: t.adminToken,
      body: { name: uniqueName('High'), permission: [PERM.COMPANY_PROFIT] },
    });
    const res = await create({ ...valid(), roleId: high.body.data.id }, mgr.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'cannot assign a role holding permissions you do not hold',
    });
    expect((await create({ ...valid(), roleId: 1 }, mgr.token)).status).toBe(403);
  });

  it('lets a staff manager assign only providers and currencies of its scope', async () => {
    const mgr = await createStaff(t, {
      codes: [PERM.STAFF, PERM.RISK_DATA],
      providers: [1001, 1002],
      currencies: ['CNY', 'USD'],
    });
    const p = await create({ ...valid(), providers: [1003] }, mgr.token);
    expect(p.status).toBe(403);
    expect(p.body).toMatchObject({ code: ERR.GENERAL, msg: 'provider 1003 is outside your scope' });
    const c = await create({ ...valid(), currencies: ['INR'] }, mgr.token);
    expect(c.body).toMatchObject({ code: ERR.GENERAL, msg: 'currency INR is outside your scope' });
  });

  it('lists, edits and deletes only accounts inside the caller scope', async () => {
    const mgr = await createStaff(t, {
      codes: [PERM.STAFF, PERM.RISK_DATA],
      providers: [1004],
      currencies: ['THB'],
    });
    const inside = await create({ ...valid(), providers: [1004], currencies: ['THB'] }, mgr.token);
    const outside = await create({ ...valid(), providers: [1004, 1005], currencies: ['THB'] });
    const ids = (await list({ pageSize: 500 }, mgr.token)).body.data.list.map((r) => r.id);
    expect(ids).toContain(inside.body.data.id);
    expect(ids).toContain(mgr.accountId);
    expect(ids).not.toContain(outside.body.data.id);
    expect(ids).not.toContain(1);
    const edit = await update(
      { id: outside.body.data.id, roleId: riskRoleId, providers: [1004], currencies: ['THB'] },
      mgr.token,
    );
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toBe('cannot edit an account outside your permissions or scope');
    expect((await remove(outside.body.data.id, mgr.token)).status).toBe(403);
    expect((await remove(inside.body.data.id, mgr.token)).body.code).toBe(0);
  });
});

describe('who may change, reset or delete an account', () => {
  let manager: StaffFixture;
  let managerRole: number;
  const scope = { providers: [1001, 1002], currencies: ['CNY', 'USD'] };

  beforeAll(async () => {
    manager = await createStaff(t, { codes: [PERM.STAFF, PERM.RISK_DATA], ...scope });
    managerRole = manager.roleId;
  });

  /** An account made by the admin, with a role and a scope. */
  const account = async (roleId: number, s: { providers: number[]; currencies: string[] } = scope) => {
    const body = { ...valid(), roleId, ...s };
    const res = await create(body);
    expect(res.body.code).toBe(0);
    return { id: res.body.data.id, account: body.account, password: body.password };
  };
  const roleWith = async (codes: string[]) =>
    (
      await t.call<{ id: number }>('POST', '/permission/role/create', {
        token: t.adminToken,
        body: { name: uniqueName('Edge'), permission: codes },
      })
    ).body.data.id;
  /** Edit, password reset and delete of `target` by `token`: their envelope codes and messages. */
  const tryAll = async (target: { id: number }, roleId: number, token: string, s = scope) => {
    const edit = await update({ id: target.id, nickname: 'Changed', roleId, ...s }, token);
    const reset = await update({ id: target.id, roleId, ...s, password: 'taken-over-1' }, token);
    const del = await remove(target.id, token);
    return [edit, reset, del].map((r) => ({ status: r.status, code: r.body.code, msg: r.body.msg }));
  };

  it('refuses a peer (same permissions, providers and currencies): no edit, no password reset, no delete', async () => {
    const peer = await account(managerRole);
    const answers = await tryAll(peer, managerRole, manager.token);
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
    expect(answers[0]?.msg).toBe('cannot edit an account holding the same permissions and scope as yours');
    expect(answers[2]?.msg).toBe('cannot delete an account holding the same permissions and scope as yours');
    // Its password is untouched: its owner still signs in, the manager cannot sign in as it.
    expect(await t.login(peer.account, peer.password)).toBeTruthy();
    const takeover = await t.call('POST', '/user/login', {
      body: { username: peer.account, password: 'taken-over-1' },
    });
    expect(takeover.body.code).toBe(ERR.LOGIN_FAILED);
  });

  it('refuses its own account (changed in Profile, with the old password) and deleting itself with -102', async () => {
    const self = await update(
      { id: manager.accountId, nickname: 'Me', roleId: managerRole, ...scope },
      manager.token,
    );
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ code: ERR.GENERAL, key: 'staff.editSelf' });
    const reset = await update(
      { id: manager.accountId, roleId: managerRole, ...scope, password: 'no-old-1' },
      manager.token,
    );
    expect(reset.status).toBe(403);
    expect((await remove(manager.accountId, manager.token)).body.code).toBe(ERR.DELETE_SELF);
    expect(await t.login(manager.account, manager.password)).toBeTruthy();
  });

  it('manages an account strictly below it: fewer permissions, fewer providers or fewer currencies', async () => {
    const fewerCodes = await account(riskRoleId);
    expect((await tryAll(fewerCodes, riskRoleId, manager.token)).map((a) => a.code)).toEqual([0, 0, 0]);
    const narrow = { providers: [1001], currencies: ['CNY', 'USD'] };
    const fewerProviders = await account(managerRole, narrow);
    expect((await tryAll(fewerProviders, managerRole, manager.token, narrow)).map((a) => a.code)).toEqual([
      0, 0, 0,
    ]);
    const oneCurrency = { providers: [1001, 1002], currencies: ['USD'] };
    const fewerCurrencies = await account(managerRole, oneCurrency);
    expect(
      (await tryAll(fewerCurrencies, managerRole, manager.token, oneCurrency)).map((a) => a.code),
    ).toEqual([0, 0, 0]);
  });

  it('refuses an account holding a permission, a provider or a currency it does not hold', async () => {
    const wider = await roleWith([PERM.STAFF, PERM.RISK_DATA, PERM.COMPANY_PROFIT]);
    const moreCodes = await account(wider);
    expect((await tryAll(moreCodes, riskRoleId, manager.token)).map((a) => a.msg)).toEqual([
      'cannot edit an account outside your permissions or scope',
      'cannot edit an account outside your permissions or scope',
      'cannot delete an account outside your permissions or scope',
    ]);
    const otherProvider = await account(riskRoleId, { providers: [1001, 1003], currencies: ['CNY'] });
    expect((await tryAll(otherProvider, riskRoleId, manager.token)).map((a) => a.status)).toEqual([
      403, 403, 403,
    ]);
    const otherCurrency = await account(riskRoleId, { providers: [1001], currencies: ['CNY', 'THB'] });
    expect((await tryAll(otherCurrency, riskRoleId, manager.token)).map((a) => a.status)).toEqual([
      403, 403, 403,
    ]);
  });

  it('holds a super-role account that is not the super account to the same rules', async () => {
    const holder = await createStaff(t, { codes: [], roleId: 1, ...scope });
    // Beyond a manager without the super role; below it, the manager is managed.
    expect((await tryAll({ id: holder.accountId }, riskRoleId, manager.token)).map((a) => a.status)).toEqual([
      403, 403, 403,
    ]);
    const below = await account(managerRole);
    expect((await tryAll(below, managerRole, holder.token)).map((a) => a.code)).toEqual([0, 0, 0]);
    const twin = await account(1);
    expect((await tryAll(twin, 1, holder.token)).map((a) => a.status)).toEqual([403, 403, 403]);
    const narrower = await account(1, { providers: [1002], currencies: ['USD'] });
    expect(
      (await tryAll(narrower, 1, holder.token, { providers: [1002], currencies: ['USD'] })).map(
        (a) => a.code,
      ),
    ).toEqual([0, 0, 0]);
    expect((await update({ id: 1, nickname: 'x', roleId: 1, ...scope }, holder.token)).body.code).toBe(
      ERR.SUPER_ACCOUNT,
    );
  });

  it('lets the super account manage every other account, peers and super-role holders included', async () => {
    const twin = await account(1);
    const peer = await account(managerRole);
    for (const target of [twin, peer, { id: manager.accountId }]) {
      const res = await update({ id: target.id, nickname: 'By admin', roleId: managerRole, ...scope });
      expect(res.body.code).toBe(0);
    }
    expect((await remove(twin.id)).body.code).toBe(0);
  });

  it('tells in the list which rows the caller may manage', async () => {
    const peer = await account(managerRole);
    const below = await account(riskRoleId);
    const rows = (await list({ pageSize: 500 }, manager.token)).body.data.list;
    const flag = (id: number) => rows.find((r) => r.id === id)?.manageable;
    expect(flag(peer.id)).toBe(false);
    expect(flag(manager.accountId)).toBe(false);
    expect(flag(below.id)).toBe(true);
    const asAdmin = (await list({ pageSize: 500 })).body.data.list;
    expect(asAdmin.find((r) => r.id === 1)?.manageable).toBe(false);
    expect(asAdmin.find((r) => r.id === peer.id)?.manageable).toBe(true);
  });
});
