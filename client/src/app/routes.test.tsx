import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { PERM } from '@dms/shared/permissions/codes';
import { ASYNC_ROUTES, flattenRoutes } from '@dms/shared/permissions/routes';
import { TOKEN_COOKIE } from '@/config/app';
import { generateRoutes } from '@/lib/session/sessionSlice';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders, type ProvidersOptions } from '@/testing/renderWithProviders';
import { AppRoutes } from './AppRoutes';
import { buildContentRoutes } from './contentRoutes';
import { ROUTE_MODULES } from './routeModules';

function paths(codes: string[]): string[] {
  return flattenRoutes(generateRoutes(codes)).map((r) => r.path);
}

/** Shows where the router ended up. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderApp(route: string, preloadedState?: ProvidersOptions['preloadedState']) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <WhereAmI />
    </>,
    { route, preloadedState },
  );
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route generation by permission codes', () => {
  it('gives a user without codes only the constant routes', () => {
    expect(paths([])).toEqual(['/login', '/auth-redirect', '/404', '/401', '/homepage', '/profile/index']);
  });

  it('adds each screen whose code the user holds, in menu order', () => {
    expect(paths([PERM.RISK_DATA, PERM.COMPANY_PROFIT])).toEqual([
      ...paths([]),
      '/company-profit',
      '/riskdata/riskdata',
      '/risk/alerts',
    ]);
  });

  it('keeps a group with only the children granted, redirecting to the first of them', () => {
    const table = generateRoutes([PERM.TEEN_PATTI, PERM.TEEN_PATTI_DATA_VIEWER, PERM.TEEN_PATTI_TEST_TOOLS]);
    const group = table.find((r) => r.path === '/teenPatti');
    expect(group?.children?.map((c) => c.path)).toEqual([
      '/teenPatti/testTools',
      '/teenPatti/testDataViewer',
    ]);
    expect(group?.redirect).toBe('/teenPatti/testTools');
  });

  it('drops a group whose code is missing even if a child code is held', () => {
    expect(paths([PERM.ROLE])).not.toContain('/permission/role');
  });

  it('has a page module for every page path of the spec', () => {
    for (const route of flattenRoutes(ASYNC_ROUTES)) expect(ROUTE_MODULES[route.path]).toBeDefined();
    expect(ROUTE_MODULES['/homepage']).toBeDefined();
    expect(ROUTE_MODULES['/profile/index']).toBeDefined();
  });

  it('builds content routes: / → /homepage, groups → first child, anything else → /', () => {
    const routes = buildContentRoutes(generateRoutes([PERM.PERMISSION, PERM.STAFF]));
    const byPath = new Map(routes.map((r) => [r.path, r]));
    expect([...byPath.keys()]).toEqual([
      '/',
      '/homepage',
      '/profile/index',
      '/permission',
      '/permission/staff',
      '/permission/display',
      '*',
    ]);
  });
});

describe('AppRoutes', () => {
  it('sends a visitor to /login with the path to come back to', async () => {
    renderApp('/riskdata/riskdata?provider=1001');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Friskdata%2Friskdata%3Fprovider%3D1001'), {
      timeout: 5000,
    });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('sends a signed-in user away from /login to /homepage', async () => {
    renderApp('/login', { session: readySession() });
    await waitFor(() => expect(location()).toBe('/homepage'), { timeout: 5000 });
  });

  it('honours a same-origin redirect for a signed-in user and ignores another site', async () => {
    const first = renderApp('/login?redirect=%2Friskdata%2Friskdata', { session: readySession() });
    await waitFor(() => expect(location()).toBe('/riskdata/riskdata'), { timeout: 5000 });
    first.unmount();
    renderApp('/login?redirect=%2F%2Fevil.example%2Fx', { session: readySession() });
    await waitFor(() => expect(location()).toBe('/homepage'), { timeout: 5000 });
  });

  it('redirects / to /homepage and an unknown path to /', async () => {
    renderApp('/no/such/page', { session: readySession() });
    await waitFor(() => expect(location()).toBe('/homepage'), { timeout: 5000 });
  });

  it('treats a path the user is not granted as unknown', async () => {
    const session = readySession(userInfo({ permission: '8000' }));
    renderApp('/permission/role', { session });
    await waitFor(() => expect(location()).toBe('/homepage'), { timeout: 5000 });
  });

  it('opens the Teen Patti monitor for a holder of 11001', async () => {
    fakeGateway({
      'GET /live/tables': () => ({ code: 0, data: [] }),
      'GET /risk/crossbet/groups': () => ({ code: 0, data: { total: 0, items: [] } }),
    });
    renderApp('/teenPatti/teenPatti', { session: readySession(userInfo({ permission: '11000,11001' })) });
    expect(await screen.findByText('No live Teen Patti table', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('opens the baccarat monitor for a holder of 3000', async () => {
    fakeGateway({
      'GET /live/tables': () => ({ code: 0, data: [] }),
      'GET /risk/crossbet/groups': () => ({ code: 0, data: { total: 0, items: [] } }),
    });
    renderApp('/bjlmonitor/bjlmonitor', { session: readySession(userInfo({ permission: '3000' })) });
    expect(await screen.findByText('No live baccarat table', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('loads the user info of a token before showing the shell', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok');
    fakeGateway({ 'GET /user/info': () => ({ code: 0, data: userInfo() }) });
    renderApp('/homepage');
    expect(await screen.findByText(/Ops Lead/, { selector: 'h1' }, { timeout: 5000 })).toBeTruthy();
  });

  it('on a refused info load clears the token, shows why and goes to the login page', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok');
    fakeGateway({ 'GET /user/info': () => ({ code: 0, data: userInfo({ permission: '' }) }) });
    renderApp('/riskdata/riskdata');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Friskdata%2Friskdata'), { timeout: 5000 });
    expect(await screen.findByText('getInfo: roles must be a non-null array!')).toBeTruthy();
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });
});
