import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReloginAlert } from '@/components/ReloginAlert';
import { setupStore } from '@/app/store';
import { fakeGateway } from '@/testing/fakeGateway';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { TOKEN_COOKIE } from '@/config/app';
import { baseDataApi } from './baseDataApi';
import { i18n } from '@/lib/i18n/i18n';
import { setDisplayRequestToken } from '@/lib/session/token';
import zhCommon from '@/locales/zh/common.json';
import zhErrors from '@/locales/zh/errors.json';
import {
  apiErrorMessage,
  apiUrl,
  downloadFile,
  performRequest,
  presentApiError,
  type ApiError,
} from './baseQuery';
import { fileNameFromContentDisposition, XLSX_CONTENT_TYPE } from './download';

function xlsx(disposition: string | null, bytes = 'PK\u0003\u0004fake'): Response {
  const headers: Record<string, string> = { 'content-type': XLSX_CONTENT_TYPE };
  if (disposition !== null) headers['content-disposition'] = disposition;
  return new Response(bytes, { status: 200, headers });
}

/** Records what the browser would download: the link's file name and the blob it points at. */
function captureDownloads() {
  const saved: { name: string; href: string }[] = [];
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/${saved.length}`);
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('envelopeBaseQuery', () => {
  beforeEach(() => {
    Cookies.set(TOKEN_COOKIE, 'tok-123');
  });

  it('calls the gateway under /api with the bearer token and returns data of a code-0 envelope', async () => {
    const gateway = fakeGateway({
      'GET /base/providers': () => ({ code: 0, data: [{ id: 1001, name: 'Golden Dragon' }] }),
    });
    const store = setupStore(undefined, { live: false });
    const result = await store.dispatch(baseDataApi.endpoints.providers.initiate());
    expect(result.data).toEqual([{ id: 1001, name: 'Golden Dragon' }]);
    const [call] = gateway.calls;
    expect(call?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(gateway.fetch.mock.calls[0]?.[0]).toBe('/api/base/providers');
  });

  it('sends no authorization header without a token, and encodes query parameters', async () => {
    Cookies.remove(TOKEN_COOKIE);
    const gateway = fakeGateway({ 'GET /stats/x': () => ({ code: 0, data: 1 }) });
    await performRequest({
      url: '/stats/x',
      params: { providerId: [1, 2], currency: 'CNY', empty: '', none: undefined },
    });
    expect(gateway.calls[0]?.headers.has('authorization')).toBe(false);
    expect(gateway.fetch.mock.calls[0]?.[0]).toBe('/api/stats/x?providerId=1&providerId=2&currency=CNY');
  });

  it("sends a paired wall's current display token without a session, the session's token before it", async () => {
    Cookies.remove(TOKEN_COOKIE);
    const gateway = fakeGateway({ 'GET /live/tables': () => ({ code: 0, data: [] }) });
    let display = 'disp-1';
    setDisplayRequestToken(() => display);
    try {
      await performRequest('/live/tables');
      display = 'disp-2';
      await performRequest('/live/tables');
      Cookies.set(TOKEN_COOKIE, 'tok-123');
      await performRequest('/live/tables');
      Cookies.remove(TOKEN_COOKIE);
    } finally {
      setDisplayRequestToken(undefined);
    }
    await performRequest('/live/tables');
    expect(gateway.calls.map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer disp-1',
      'Bearer disp-2',
      'Bearer tok-123',
      null,
    ]);
  });

  it('turns a non-zero code into {code, msg} and shows the localised message of a known code', async () => {
    fakeGateway({ 'GET /base/providers': () => ({ code: -4, msg: 'server words' }) });
    const store = setupStore(undefined, { live: false });
    const result = await store.dispatch(baseDataApi.endpoints.providers.initiate());
    expect(result.error).toMatchObject({ code: -4, msg: 'server words', status: 200 });
    expect(await screen.findByText('Login fail')).toBeTruthy();
  });

  it('shows the server message for an unknown code, and "Request fail" when there is none', async () => {
    fakeGateway({
      'GET /base/providers': () => ({ code: 777, msg: 'Table 12 is closed' }),
      'GET /base/currencies': () => ({ code: 778 }),
    });
    const store = setupStore(undefined, { live: false });
    await store.dispatch(baseDataApi.endpoints.providers.initiate());
    await store.dispatch(baseDataApi.endpoints.currencies.initiate());
    expect(await screen.findByText('Table 12 is closed')).toBeTruthy();
    expect(await screen.findByText('Request fail')).toBeTruthy();
  });

  it('reads code and msg from the body of an HTTP failure', async () => {
    fakeGateway({
      'POST /permission/role/create': () =>
        new Response(JSON.stringify({ code: 110, msg: 'role name already exists', data: null }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        }),
      'GET /broken': () => new Response('<html>bad gateway</html>', { status: 502 }),
    });
    const refused = await performRequest({
      url: '/permission/role/create',
      method: 'POST',
      body: { name: 'x' },
    });
    expect(refused).toEqual({ error: { status: 409, code: 110, msg: 'role name already exists' } });
    const broken = await performRequest('/broken');
    expect(broken).toEqual({ error: { status: 502, code: -1, msg: '' } });
  });

  it('gives up after the 600000 ms timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = performRequest('/slow');
    await vi.advanceTimersByTimeAsync(599_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ error: { status: 'TIMEOUT_ERROR', code: -1, msg: '' } });
  });

  it.each([-2, 50008, 50012, 50014])(
    'raises one re-login prompt for code %i however many calls fail',
    async (code) => {
      fakeGateway({
        'GET /base/providers': () => ({ code, msg: 'expired' }),
        'GET /base/currencies': () => ({ code, msg: 'expired' }),
      });
      const reload = vi.fn();
      const { store } = renderWithProviders(<ReloginAlert reload={reload} />);
      await act(async () => {
        await Promise.all([
          store.dispatch(baseDataApi.endpoints.providers.initiate()),
          store.dispatch(baseDataApi.endpoints.currencies.initiate()),
        ]);
      });
      const dialog = await screen.findByRole('alertdialog');
      expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
      expect(
        within(dialog).getByText('This account is not operated for a long time, please login again'),
      ).toBeTruthy();
      // A re-login code is not also shown as an error toast.
      expect(screen.queryByText('expired')).toBeNull();
    },
  );

  it('re-login clears the token and reloads; cancel leaves the page and the token', async () => {
    fakeGateway({ 'GET /base/providers': () => ({ code: -2, msg: 'expired' }) });
    const reload = vi.fn();
    const { store, user } = renderWithProviders(<ReloginAlert reload={reload} />);
    await act(async () => {
      await store.dispatch(baseDataApi.endpoints.providers.initiate());
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok-123');
    expect(reload).not.toHaveBeenCalled();

    await act(async () => {
      await store.dispatch(baseDataApi.endpoints.providers.initiate(undefined, { forceRefetch: true }));
    });
    await user.click(await screen.findByRole('button', { name: 'Re-Login' }));
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('saves an openxml answer as a file named from content-disposition', async () => {
    const saved = captureDownloads();
    fakeGateway({
      'GET /stats/daily/export': () =>
        xlsx(`attachment; filename="daily.xlsx"; filename*=UTF-8''%E6%97%A5%E6%8A%A5%202025-01.xlsx`),
    });
    const result = await performRequest('/stats/daily/export');
    expect(result).toEqual({ data: { fileName: '日报 2025-01.xlsx', size: 8 } });
    expect(saved).toEqual([{ name: '日报 2025-01.xlsx', href: 'blob:http://localhost/0' }]);
  });

  it('downloadFile saves through the same path and rejects with the envelope error', async () => {
    const saved = captureDownloads();
    fakeGateway({
      'GET /stats/game-records/export': (call) =>
        call.query.get('providerId') === '1001'
          ? xlsx('attachment; filename="records.xlsx"')
          : { code: -1, msg: 'providerId is required' },
    });
    await expect(downloadFile('/stats/game-records/export', { providerId: 1001 })).resolves.toEqual({
      fileName: 'records.xlsx',
      size: 8,
    });
    expect(saved.map((s) => s.name)).toEqual(['records.xlsx']);
    await expect(downloadFile('/stats/game-records/export')).rejects.toMatchObject({
      code: -1,
      msg: 'providerId is required',
    } satisfies Partial<ApiError>);
    expect(await screen.findByText('providerId is required')).toBeTruthy();
  });
});

describe('messages in the interface language', () => {
  beforeEach(async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-123');
    for (const [ns, resources] of Object.entries({ errors: zhErrors, common: zhCommon }))
      i18n.addResourceBundle('zh', ns, resources, true, true);
    await i18n.changeLanguage('zh');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    [{ code: -1, msg: 'old password is wrong', key: 'auth.oldPasswordWrong' }, '旧密码错误'],
    [{ code: -1, msg: 'No permission', key: 'access.noPermission' }, '没有权限'],
    [
      { code: -1, msg: 'Too many login attempts, please try again in a minute', key: 'auth.tooManyLogins' },
      '登录尝试次数过多，请一分钟后再试',
    ],
    [{ code: -1, msg: 'permissions cannot be empty', key: 'role.permissionsEmpty' }, '权限不能为空'],
    [
      { code: -1, msg: 'username: Invalid input', key: 'validation.required', params: { field: 'username' } },
      '请填写账号',
    ],
    [
      { code: -1, msg: 'x', key: 'validation.tooLong', params: { field: 'events.3.account', max: 64 } },
      '账号最多 64 个字符',
    ],
    [{ code: -1, msg: 'x', key: 'validation.invalid', params: { field: 'mystery' } }, 'mystery无效'],
    [{ code: 107, msg: 'delete failed because an account owns the role' }, '删除失败，有账号正在使用该角色'],
    [{ code: 107, msg: 'delete failed', key: 'future.unknownKey' }, '删除失败，有账号正在使用该角色'],
    [{ code: -1, msg: 'A brand new refusal', key: 'future.unknownKey' }, 'A brand new refusal'],
    [{ code: -1, msg: 'Validation', key: 'validation' }, 'Validation'],
  ])('shows %o as %s', (error, text) => {
    expect(apiErrorMessage(error)).toBe(text);
  });

  it('toasts a keyed refusal in the interface language, not the English msg', async () => {
    fakeGateway({
      'POST /user/editPassword': () =>
        new Response(
          JSON.stringify({ code: -1, msg: 'old password is wrong', key: 'auth.oldPasswordWrong' }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
    });
    const refused = await performRequest({ url: '/user/editPassword', method: 'POST', body: {} });
    expect(refused).toEqual({
      error: { status: 400, code: -1, msg: 'old password is wrong', key: 'auth.oldPasswordWrong' },
    });
    if ('error' in refused) presentApiError(refused.error);
    expect(await screen.findByText('旧密码错误')).toBeTruthy();
    expect(screen.queryByText('old password is wrong')).toBeNull();
  });
});

describe('fileNameFromContentDisposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E9%A3%8E%E9%99%A9.xlsx`, '风险.xlsx'],
    [`attachment; filename="plain name.xlsx"`, 'plain name.xlsx'],
    [`attachment; filename=bare.xlsx`, 'bare.xlsx'],
    [`attachment; filename="%E6%8A%A5%E8%A1%A8.xlsx"`, '报表.xlsx'],
    [`attachment; filename="fallback.xlsx"; filename*=utf-8'en'better.xlsx`, 'better.xlsx'],
    [`attachment; filename="../../etc/passwd"`, 'passwd'],
    [`attachment; filename="a\\"quoted\\".xlsx"`, 'a"quoted".xlsx'],
    ['attachment', 'download.xlsx'],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it('falls back when there is no header', () => {
    expect(fileNameFromContentDisposition(null, 'export.xlsx')).toBe('export.xlsx');
  });
});

describe('apiUrl', () => {
  it('puts contract paths under /api once and leaves absolute URLs alone', () => {
    expect(apiUrl('/user/info')).toBe('/api/user/info');
    expect(apiUrl('/api/user/info')).toBe('/api/user/info');
    expect(apiUrl('https://example.com/x')).toBe('https://example.com/x');
  });
});
