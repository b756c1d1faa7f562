import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupStore } from '@/app/store';
import { TOKEN_COOKIE } from '@/config/app';
import { viewVisited } from '@/lib/tags/tagsSlice';
import { fakeGateway } from '@/testing/fakeGateway';
import { userInfo } from '@/testing/fixtures';
import {
  generateRoutes,
  initialSessionState,
  loggedIn,
  selectRoutes,
  sessionSlice,
  userInfoFailed,
  userInfoLoaded,
  userInfoRequested,
} from './sessionSlice';
import { sessionEnded } from './events';
import { loadUserInfo, login, logout } from './sessionThunks';
import { deriveSessionProfile, INFO_ERRORS, UserInfoError } from './userInfo';

const reducer = sessionSlice.reducer;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session reducers', () => {
  it('starts anonymous without a token cookie and pending with one', () => {
    expect(initialSessionState(null)).toMatchObject({ token: null, status: 'anonymous', roles: [] });
    Cookies.set(TOKEN_COOKIE, 'abc');
    expect(setupStore(undefined, { live: false }).getState().session).toMatchObject({
      token: 'abc',
      status: 'pending',
    });
  });

  it('moves pending → loading → ready and keeps the derived profile', () => {
    let state = reducer(undefined, loggedIn('t1'));
    expect(state).toMatchObject({ token: 't1', status: 'pending' });
    state = reducer(state, userInfoRequested());
    expect(state.status).toBe('loading');
    state = reducer(state, userInfoLoaded(deriveSessionProfile(userInfo())));
    expect(state).toMatchObject({
      status: 'ready',
      roles: ['8000', '9000', '9001', '9002'],
      providerIds: [1001, 1002],
      currencies: [
        { key: 'CNY', label: 'Chinese Yuan', value: 'CNY' },
        { key: 'INR', label: 'Indian Rupee', value: 'INR' },
      ],
    });
  });

  it('ignores user info that arrives after the session ended', () => {
    const state = reducer(initialSessionState(null), userInfoLoaded(deriveSessionProfile(userInfo())));
    expect(state.status).toBe('anonymous');
    expect(state.info).toBeNull();
  });

  it('clears token, roles and info on a failed load and on sessionEnded', () => {
    const ready = reducer(
      reducer(undefined, loggedIn('t')),
      userInfoLoaded(deriveSessionProfile(userInfo())),
    );
    for (const action of [userInfoFailed(), sessionEnded()]) {
      expect(reducer(ready, action)).toEqual({
        token: null,
        status: 'anonymous',
        info: null,
        roles: [],
        providerIds: [],
        currencies: [],
      });
    }
  });
});

describe('deriveSessionProfile (spec section 5)', () => {
  it('refuses a missing info, an empty permission list and empty base data with the spec messages', () => {
    expect(() => deriveSessionProfile(null)).toThrow(UserInfoError);
    expect(() => deriveSessionProfile(userInfo({ permission: '' }))).toThrow(INFO_ERRORS.roles);
    expect(() => deriveSessionProfile(userInfo({ permission: ' , ' }))).toThrow(INFO_ERRORS.roles);
    expect(() => deriveSessionProfile(userInfo({ h5_channel_power: '[]' }))).toThrow(INFO_ERRORS.baseData);
    expect(() => deriveSessionProfile(userInfo({ h5_channel_power: 'not json' }))).toThrow(
      INFO_ERRORS.baseData,
    );
    expect(() => deriveSessionProfile(userInfo({ currency_list: '' }))).toThrow(INFO_ERRORS.baseData);
  });

  it('labels a currency without a name by its code', () => {
    const profile = deriveSessionProfile(userInfo({ currency_list: 'CNY,XYZ' }));
    expect(profile.currencies[1]).toEqual({ key: 'XYZ', label: 'XYZ', value: 'XYZ' });
  });
});

describe('session flow against a fake gateway', () => {
  it('logs in with a trimmed account name and stores the token in the Admin-Token cookie', async () => {
    const gateway = fakeGateway({ 'POST /user/login': () => ({ code: 0, data: { token: 'fresh-token' } }) });
    const store = setupStore(undefined, { live: false });
    await store.dispatch(login({ username: '  ops.lead \t', password: 'secret1' })).unwrap();
    expect(gateway.callsTo('POST /user/login')[0]?.body).toEqual({
      username: 'ops.lead',
      password: 'secret1',
    });
    expect(Cookies.get(TOKEN_COOKIE)).toBe('fresh-token');
    expect(store.getState().session).toMatchObject({ token: 'fresh-token', status: 'pending' });
  });

  it('rejects a refused login and keeps the visitor anonymous', async () => {
    fakeGateway({ 'POST /user/login': () => ({ code: -4, msg: 'Login fail' }) });
    const store = setupStore(undefined, { live: false });
    await expect(
      store.dispatch(login({ username: 'x', password: 'wrong-pw' })).unwrap(),
    ).rejects.toMatchObject({
      code: -4,
    });
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('loads the user info of a token, then generates the routes of its codes', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok');
    fakeGateway({ 'GET /user/info': () => ({ code: 0, data: userInfo({ permission: '3000,9000,9001' }) }) });
    const store = setupStore(undefined, { live: false });
    await store.dispatch(loadUserInfo()).unwrap();
    const state = store.getState();
    expect(state.session.status).toBe('ready');
    expect(selectRoutes(state).map((r) => r.path)).toEqual([
      ...generateRoutes([]).map((r) => r.path),
      '/bjlmonitor/bjlmonitor',
      '/risk/alerts',
      '/permission',
    ]);
  });

  it.each([
    [{ code: 0, data: userInfo({ permission: '' }) }, 'getInfo: roles must be a non-null array!'],
    [{ code: 0, data: userInfo({ currency_list: '' }) }, 'getInfo: base data must be a non-null array!'],
    [{ code: -3, msg: 'nope' }, 'Can not find this account'],
    [{ code: 999, msg: 'database is down' }, 'database is down'],
    [{ code: 0, data: null }, 'Verification failed, please Login again.'],
  ])(
    'a failed info load clears the token and rejects with the message to show (%#)',
    async (answer, message) => {
      Cookies.set(TOKEN_COOKIE, 'tok');
      fakeGateway({ 'GET /user/info': () => answer });
      const store = setupStore(undefined, { live: false });
      const result = await store.dispatch(loadUserInfo());
      expect(loadUserInfo.rejected.match(result) && result.payload).toBe(message);
      expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
      expect(store.getState().session.status).toBe('anonymous');
    },
  );

  it('says "Has Error" when the gateway cannot be reached', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const store = setupStore(undefined, { live: false });
    const result = await store.dispatch(loadUserInfo());
    expect(result.payload).toBe('Request fail');
  });

  it('asks for the user info once more after a request that got no answer, and keeps the session', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok');
    const answer = new Response(JSON.stringify({ code: 0, data: userInfo({ permission: '3000' }) }), {
      headers: { 'content-type': 'application/json' },
    });
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
      .mockImplementation(() => Promise.resolve(answer.clone()));
    vi.stubGlobal('fetch', fetchMock);
    const store = setupStore(undefined, { live: false });
    await store.dispatch(loadUserInfo()).unwrap();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok');
    expect(store.getState().session.status).toBe('ready');
  });

  it('logs out: tells the gateway, clears token, roles, cookie and visited tags', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok');
    const gateway = fakeGateway({
      'GET /user/info': () => ({ code: 0, data: userInfo() }),
      'POST /user/logout': () => ({ code: 0, data: null }),
    });
    const store = setupStore(undefined, { live: false });
    await store.dispatch(loadUserInfo()).unwrap();
    store.dispatch(
      viewVisited({ path: '/riskdata/riskdata', fullPath: '/riskdata/riskdata', title: 'riskData' }),
    );
    await store.dispatch(logout());
    expect(gateway.callsTo('POST /user/logout')[0]?.headers.get('authorization')).toBe('Bearer tok');
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(store.getState().session).toMatchObject({ token: null, status: 'anonymous', roles: [] });
    expect(store.getState().tags.visited).toEqual([]);
    expect(selectRoutes(store.getState()).map((r) => r.path)).toEqual(generateRoutes([]).map((r) => r.path));
  });

  it('logs out locally even when the gateway refuses the call', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok');
    fakeGateway({ 'POST /user/logout': () => ({ code: -2, msg: 'expired' }) });
    const store = setupStore(undefined, { live: false });
    await store.dispatch(logout());
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(store.getState().session.status).toBe('anonymous');
  });
});
