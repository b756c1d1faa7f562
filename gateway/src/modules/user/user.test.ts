import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@dms/shared/errors/codes';
import { SEED_TEXTS } from '@dms/shared/domain/seed';
import { userInfoSchema, type UserInfo } from '@dms/shared/contracts/http/user';
import { PERM } from '@dms/shared/permissions/codes';
import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import { ADMIN_PASSWORD, createStaff, startTestApp, type TestApp } from '../../testing/testing.app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /user/login', () => {
  it('signs in the admin with a trimmed username and returns a 43-character token', async () => {
    const res = await t.call<{ token: string }>('POST', '/user/login', {
      body: { username: '  admin  ', password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: 'success' });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the account name in any case', async () => {
    expect(await t.login('ADMIN', ADMIN_PASSWORD)).toBeTruthy();
  });

  it('refuses a wrong password with -4 "Login fail" and HTTP 401', async () => {
    const res = await t.call('POST', '/user/login', {
      body: { username: 'admin', password: 'wrong-password' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: ERR.LOGIN_FAILED, msg: 'Login fail', data: null });
  });

  it('refuses an unknown account exactly like a wrong password (no user enumeration)', async () => {
    const res = await t.call('POST', '/user/login', {
      body: { username: 'nobody-here', password: 'whatever1' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: ERR.LOGIN_FAILED, msg: 'Login fail', data: null });
  });

  it('names the field when the password is shorter than 6', async () => {
    const res = await t.call('POST', '/user/login', { body: { username: 'admin', password: '123' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ERR.GENERAL, msg: 'password: Password at least 6 digits' });
  });

  it('names the field when the username is blank', async () => {
    const res = await t.call('POST', '/user/login', { body: { username: '   ', password: 'abcdef' } });
    expect(res.body).toMatchObject({ code: ERR.GENERAL, msg: 'username: Account wrong' });
  });

  it('refuses a malformed JSON body with -1 "invalid JSON body"', async () => {
    const res = await t.call('POST', '/user/login', { rawBody: '{"username":' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: ERR.GENERAL,
      msg: 'invalid JSON body',
      data: null,
      key: 'request.invalidJson',
    });
  });
});

describe('input policy on sign-in (the same answer on SQLite and PostgreSQL)', () => {
  it('refuses a NUL in the username with -1 naming the field, never a 500', async () => {
    const res = await t.call('POST', '/user/login', { body: { username: 'a\u0000b', password: 'x-secret' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'username: must not contain control characters',
      key: 'validation.controlCharacters',
      params: { field: 'username' },
    });
  });

  it('refuses other control characters and bidirectional overrides in the username and password', async () => {
    for (const [body, msg] of [
      [{ username: 'ad\u001bmin', password: 'x-secret' }, 'username: must not contain control characters'],
      [
        { username: 'admin\u202e', password: 'x-secret' },
        'username: must not contain bidirectional control characters',
      ],
      [{ username: 'admin', password: 'x-sec\u0000ret' }, 'password: must not contain control characters'],
    ] as const) {
      const res = await t.call('POST', '/user/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });
});

describe('login rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ env: { DMS_LOGIN_RATE: '3' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 with -1 after DMS_LOGIN_RATE attempts per minute for one ip and account', async () => {
    // startTestApp already signed the admin in once: two more attempts fill the budget of 3.
    for (let i = 0; i < 2; i++) {
      const res = await limited.call('POST', '/user/login', {
        body: { username: 'admin', password: 'bad-password' },
      });
      expect(res.body.code).toBe(ERR.LOGIN_FAILED);
    }
    const refused = await limited.call('POST', '/user/login', {
      body: { username: 'Admin', password: ADMIN_PASSWORD },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ERR.GENERAL);
    expect(refused.body.msg).toMatch(/too many login attempts/i);
    expect(refused.body.key).toBe('auth.tooManyLogins');
  });

  it('counts each account name separately', async () => {
    const res = await limited.call('POST', '/user/login', {
      body: { username: 'someone-else', password: 'bad-password' },
    });
    expect(res.status).toBe(401);
  });
});

describe('login abuse', () => {
  /** Signs in; returns the status, the envelope code and the device cookie the answer set, if any. */
  async function attempt(
    app: TestApp,
    username: string,
    password: string,
    device?: string,
  ): Promise<{ status: number; code: number; device: string | undefined }> {
    const res = await fetch(`${app.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(device ? { cookie: `dms_device=${device}` } : {}) },
      body: JSON.stringify({ username, password }),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('dms_device='));
    return {
      status: res.status,
      code: ((await res.json()) as { code: number }).code,
      device: set ? /^dms_device=([^;]+)/.exec(set)?.[1] : undefined,
    };
  }

  it('limits the failed attempts of one address across account names (password spraying), and their audit rows', async () => {
    const app = await startTestApp({ env: { DMS_LOGIN_IP_RATE: '5' } });
    try {
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(await attempt(app, `sprayed-${i}`, 'Winter2026!'));
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
      expect(answers.slice(5).every((a) => a.status === 429 && a.code === ERR.GENERAL)).toBe(true);
      const audit = await app.call<{ list: { action: string; detail: string }[] }>(
        'GET',
        '/permission/audit/list',
        {
          token: app.adminToken,
          query: { pageSize: 500, targetType: 'account' },
        },
      );
      const failures = audit.body.data.list.filter(
        (r) => r.action === AUDIT_ACTIONS.loginFailed && r.detail.includes('sprayed-'),
      );
      expect(failures).toHaveLength(5);
    } finally {
      await app.close();
    }
  });

  it("lets a browser that signed in before use the right password while an attacker is throttled on the account's name", async () => {
    const app = await startTestApp({ env: { DMS_LOGIN_RATE: '3' } });
    try {
      const s = await createStaff(app, { codes: [PERM.RISK_DATA] });
      const first = await attempt(app, s.account, s.password);
      expect(first.status).toBe(200);
      expect(first.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // An attacker on the same address (a shared proxy) guesses until throttled.
      for (let i = 0; i < 4; i++) await attempt(app, s.account, `guess-${i}`);
      expect((await attempt(app, s.account, s.password)).status).toBe(429);
      // The real user's browser still signs in, and keeps its device cookie (none new is set).
      const back = await attempt(app, s.account, s.password, first.device);
      expect(back).toMatchObject({ status: 200, code: 0, device: undefined });
      // A device is throttled on its own: guessing from a stolen device cookie stops too.
      for (let i = 0; i < 3; i++) await attempt(app, s.account, `guess-${i}`, first.device);
      expect((await attempt(app, s.account, s.password, first.device)).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("does not trust a device cookie for another account's name, nor a forged one", async () => {
    const app = await startTestApp({ env: { DMS_LOGIN_RATE: '2' } });
    try {
      const a = await createStaff(app, { codes: [PERM.RISK_DATA] });
      const b = await createStaff(app, { codes: [PERM.RISK_DATA] });
      const device = (await attempt(app, a.account, a.password)).device;
      for (const cookie of [device, 'A'.repeat(43), 'not-a-token']) {
        const name = cookie === device ? b.account : a.account;
        for (let i = 0; i < 2; i++) await attempt(app, name, 'wrong-guess', cookie);
        expect((await attempt(app, name, 'wrong-guess', cookie)).status).toBe(429);
      }
    } finally {
      await app.close();
    }
  });

  it('sets the device cookie HttpOnly, SameSite=Strict, for the sign-in call only', async () => {
    const res = await fetch(`${t.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('dms_device=')) ?? '';
    expect(cookie).toMatch(/; Path=\/api\/user\/login/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/; Secure/);
  });
});

describe('GET /user/info', () => {
  it('gives the admin every permission, provider and currency in the spec fields', async () => {
    const res = await t.call<UserInfo>('GET', '/user/info', { token: t.adminToken });
    expect(res.status).toBe(200);
    const info = userInfoSchema.strict().parse(res.body.data);
    expect(info.user).toBe('admin');
    expect(info.uid).toBe(1);
    expect(info.union_id).toBe('dms-1');
    expect(info.isSuper).toBe(true);
    // The seeded texts are the ones the client shows in the interface language (shared/domain/seed.ts).
    expect(info.role).toEqual({ id: 1, name: SEED_TEXTS.superRoleName });
    expect(info.nickname).toBe(SEED_TEXTS.adminNickname);
    expect(info.introduction).toBe(SEED_TEXTS.adminIntroduction);
    expect(info.permission.split(',')).toEqual(
      expect.arrayContaining([PERM.ROLE, PERM.STAFF, PERM.RISK_DATA]),
    );
    expect(JSON.parse(info.h5_channel_power)).toEqual(info.providers.map((p) => p.id));
    expect(info.providers.length).toBeGreaterThanOrEqual(5);
    expect(info.currency_list.split(',')).toEqual(
      expect.arrayContaining(['CNY', 'USD', 'INR', 'EUR', 'THB', 'VND', 'PHP']),
    );
    expect(info.avatar).toBe('/api/avatar/1');
  });

  it("gives a staff account its role's codes and only its own providers and currencies", async () => {
    const s = await createStaff(t, {
      codes: [PERM.RISK_DATA, PERM.ROLE],
      providers: [1002],
      currencies: ['INR'],
    });
    const res = await t.call<UserInfo>('GET', '/user/info', { token: s.token });
    const info = res.body.data;
    expect(info.permission).toBe('8000,9000,9001');
    expect(info.h5_channel_power).toBe('[1002]');
    expect(info.currency_list).toBe('INR');
    expect(info.providers).toEqual([{ id: 1002, name: expect.any(String) }]);
    expect(info.isSuper).toBe(false);
    expect(info.user).toBe(s.account);
    expect(info.nickname).toBe(`Nick ${s.account}`);
  });

  it('refuses a request without a token with -2 and HTTP 401', async () => {
    const res = await t.call('GET', '/user/info');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ERR.TOKEN_EXPIRED);
  });

  it('refuses an unknown token with -2', async () => {
    const res = await t.call('GET', '/user/info', { token: 'A'.repeat(43) });
    expect(res.body.code).toBe(ERR.TOKEN_EXPIRED);
  });
});

describe('session idle expiry', () => {
  it('keeps a session alive while used and ends it with -2 after the idle time', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const idle = t.config.sessionIdleMs;
    t.clock.advance(idle - 60_000);
    expect((await t.call('GET', '/user/info', { token })).body.code).toBe(0);
    // The request above moved last-seen: the session now lasts another full idle period.
    t.clock.advance(idle - 60_000);
    expect((await t.call('GET', '/user/info', { token })).body.code).toBe(0);
    // Unused for the idle time (and the write throttle it allows for): ended.
    t.clock.advance(idle + t.config.sessionTouchMs + 1);
    const res = await t.call('GET', '/user/info', { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: ERR.TOKEN_EXPIRED,
      msg: 'This account is not operated for a long time, please login again',
      data: null,
    });
    // The admin token of the suite is renewed: the clock moved past its idle time too.
    t.adminToken = await t.login('admin', ADMIN_PASSWORD);
  });

  it('runs the idle time from the last use: at 1 minute, a session used 35 s ago is kept', async () => {
    const short = await startTestApp({ env: { DMS_SESSION_IDLE_MINUTES: '1' } });
    try {
      const use = () => short.call('GET', '/user/info', { token: short.adminToken });
      short.clock.advance(50_000);
      expect((await use()).body.code).toBe(0);
      short.clock.advance(35_000);
      expect((await use()).body.code).toBe(0);
      short.clock.advance(59_000);
      expect((await use()).body.code).toBe(0);
      // A minute and the one-second write throttle after the last use: ended.
      short.clock.advance(60_000 + short.config.sessionTouchMs + 1);
      expect((await use()).body.code).toBe(ERR.TOKEN_EXPIRED);
    } finally {
      await short.close();
    }
  });

  it('ends a staff session DMS_SESSION_MAX_HOURS after sign-in, however busy', async () => {
    const short = await startTestApp({ env: { DMS_SESSION_MAX_HOURS: '1' } });
    try {
      const use = () => short.call('GET', '/user/info', { token: short.adminToken });
      for (let minutes = 10; minutes < 60; minutes += 10) {
        short.clock.advance(10 * 60_000);
        expect((await use()).body.code).toBe(0);
      }
      short.clock.advance(10 * 60_000 + 1);
      const res = await use();
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(ERR.TOKEN_EXPIRED);
      // A new sign-in starts a new lifetime.
      const fresh = await short.login('admin', ADMIN_PASSWORD);
      expect((await short.call('GET', '/user/info', { token: fresh })).body.code).toBe(0);
    } finally {
      await short.close();
    }
  });

  it('honours DMS_SESSION_IDLE_MINUTES', async () => {
    const short = await startTestApp({ env: { DMS_SESSION_IDLE_MINUTES: '5' } });
    try {
      short.clock.advance(4 * 60_000);
      expect((await short.call('GET', '/user/info', { token: short.adminToken })).body.code).toBe(0);
      short.clock.advance(5 * 60_000 + short.config.sessionTouchMs + 1);
      expect((await short.call('GET', '/user/info', { token: short.adminToken })).body.code).toBe(
        ERR.TOKEN_EXPIRED,
      );
    } finally {
      await short.close();
    }
  });
});

describe('POST /user/logout', () => {
  it('revokes the token: the next request gets -2', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('POST', '/user/logout', { token })).body).toEqual({
      code: 0,
      msg: 'success',
      data: null,
    });
    expect((await t.call('GET', '/user/info', { token })).body.code).toBe(ERR.TOKEN_EXPIRED);
    expect((await t.call('GET', '/user/info', { token: t.adminToken })).body.code).toBe(0);
  });
});

describe('POST /user/editPassword', () => {
  it('refuses a wrong old password with -1 "old password is wrong"', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const res = await t.call('POST', '/user/editPassword', {
      token: s.token,
      body: { oldPassword: 'not-it', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'old password is wrong',
      key: 'auth.oldPasswordWrong',
    });
  });

  it('names newPassword when it is shorter than 6 characters', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const res = await t.call('POST', '/user/editPassword', {
      token: s.token,
      body: { oldPassword: s.password, newPassword: '12345', confirmPassword: '12345' },
    });
    expect(res.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'newPassword: Password at least 6 characters',
      key: 'validation.tooShort',
      params: { field: 'newPassword', min: 6 },
    });
  });

  it('refuses a confirmation that differs with "Two passwords are inconsistent"', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const res = await t.call('POST', '/user/editPassword', {
      token: s.token,
      body: { oldPassword: s.password, newPassword: 'new-pass-1', confirmPassword: 'new-pass-2' },
    });
    expect(res.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'confirmPassword: Two passwords are inconsistent',
      key: 'auth.passwordsInconsistent',
    });
  });

  it('changes the password, keeps this session and ends the other sessions of the account', async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const other = await t.login(s.account, s.password);
    const res = await t.call('POST', '/user/editPassword', {
      token: s.token,
      body: { oldPassword: s.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(res.body).toEqual({ code: 0, msg: 'success', data: null });
    expect((await t.call('GET', '/user/info', { token: s.token })).body.code).toBe(0);
    expect((await t.call('GET', '/user/info', { token: other })).body.code).toBe(ERR.TOKEN_EXPIRED);
    const oldLogin = await t.call('POST', '/user/login', {
      body: { username: s.account, password: s.password },
    });
    expect(oldLogin.body.code).toBe(ERR.LOGIN_FAILED);
    expect(await t.login(s.account, 'brand-new-1')).toBeTruthy();
  });
});

describe('GET /avatar/:uid', () => {
  it("serves the signed-in account its own avatar, by the <img>'s Admin-Token cookie or a bearer token", async () => {
    const ways: Record<string, string>[] = [
      { cookie: `lang=en; Admin-Token=${t.adminToken}` },
      { authorization: `Bearer ${t.adminToken}` },
    ];
    for (const headers of ways) {
      const res = await fetch(`${t.url}/api/avatar/1?imageView2/1/w/80/h/80`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const svg = await res.text();
      expect(svg).toMatch(/^<svg /);
      expect(svg).toContain('>A</text>');
    }
  });

  it('refuses a visitor with -2 and tells nothing of the account', async () => {
    for (const uid of [1, 999999]) {
      const res = await fetch(`${t.url}/api/avatar/${uid}`);
      expect(res.status).toBe(401);
      expect((await res.json()) as unknown).toMatchObject({ code: ERR.TOKEN_EXPIRED });
    }
  });

  it("answers 404 for another account's avatar, an unknown id or a uid that is no id", async () => {
    const s = await createStaff(t, { codes: [PERM.RISK_DATA] });
    for (const uid of [String(s.accountId), '999999', '1e0', '01', '%00', '2147483648']) {
      const res = await fetch(`${t.url}/api/avatar/${uid}`, {
        headers: { cookie: `Admin-Token=${t.adminToken}` },
      });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('<svg');
    }
    const own = await fetch(`${t.url}/api/avatar/${s.accountId}`, {
      headers: { cookie: `Admin-Token=${s.token}` },
    });
    expect(own.status).toBe(200);
  });
});
