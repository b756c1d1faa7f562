import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { AppRoutes } from '@/app/AppRoutes';
import { installGlobalErrorCapture } from '@/lib/errorLog/capture';
import { errorLogged, toErrorLogEntry } from '@/lib/errorLog/errorLogSlice';
import { DEFAULT_SETTINGS } from '@/lib/settings/settingsSlice';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders, type ProvidersOptions } from '@/testing/renderWithProviders';

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const SLOW = { timeout: 5000 };

async function renderShell(route = '/homepage', options: ProvidersOptions = {}) {
  const result = renderWithProviders(
    <>
      <AppRoutes />
      <WhereAmI />
    </>,
    {
      route,
      preloadedState: { session: readySession(userInfo({ permission: '8000,9000,9001,9002' })) },
      ...options,
    },
  );
  await screen.findByRole('banner', undefined, SLOW);
  return result;
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Layout', () => {
  it('shows the sidebar of the permitted routes, the breadcrumb, the version and the live indicator', async () => {
    const { user } = await renderShell();
    const sidebar = screen.getByRole('complementary');
    expect(within(sidebar).getByText('Home Page')).toBeTruthy();
    expect(within(sidebar).getByText('Risk Data')).toBeTruthy();
    expect(within(sidebar).queryByText('Company Profit')).toBeNull();
    const group = within(sidebar).getByRole('button', { name: /Permission/ });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    await user.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(within(sidebar).getByText('Role Management')).toBeTruthy();

    expect(within(screen.getByRole('banner')).getByText('Ver 1.4')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Live data off' })).toBeTruthy();
    expect(document.title).toBe('Home Page - Data Management System');
  });

  it('shows the avatar with the resize parameters', async () => {
    await renderShell();
    const img = document.querySelector<HTMLImageElement>('.dms-avatar-button img');
    expect(img?.getAttribute('src')).toBe('/api/avatar/2?imageView2/1/w/60/h/60');
  });

  it('logs out after "Do you want log out?" and comes back to the page after login', async () => {
    const gateway = fakeGateway({ 'POST /user/logout': () => ({ code: 0, data: null }) });
    const { user, store } = await renderShell('/riskdata/riskdata');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByText('Log out'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Do you want log out?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Friskdata%2Friskdata'));
    expect(gateway.callsTo('POST /user/logout')).toHaveLength(1);
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('finds a page with the menu search and opens it', async () => {
    fakeGateway();
    const { user } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Search menu' }));
    const input = await screen.findByRole('combobox', { name: 'Search menu' });
    await user.type(input, 'risk dat');
    await user.click(await screen.findByText('Risk Data', { selector: '.bp6-menu-item *' }));
    await waitFor(() => expect(location()).toBe('/riskdata/riskdata'));
  });

  it('opens the settings panel, turns the tags bar on and saves it', async () => {
    const { user, store } = await renderShell();
    expect(screen.queryByRole('navigation', { name: 'Open pages' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const title = await screen.findByText('Page style settings');
    const panel = title.closest<HTMLElement>('.bp6-drawer');
    await user.click(within(panel!).getByRole('switch', { name: 'Show tabs bar' }));
    expect(store.getState().settings.tagsView).toBe(true);
    expect(JSON.parse(window.localStorage.getItem('dms:settings') ?? '{}')).toMatchObject({ tagsView: true });
    expect(await screen.findByRole('navigation', { name: 'Open pages' })).toBeTruthy();
  });

  it('hides the settings button when showSettings is off', async () => {
    await renderShell('/homepage', {
      preloadedState: {
        session: readySession(),
        settings: { ...DEFAULT_SETTINGS, showSettings: false, panelOpen: false },
      },
    });
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('shows the error log button only when errors exist, lists them and clears them', async () => {
    const { user, store } = await renderShell();
    expect(screen.queryByRole('button', { name: /Error log/ })).toBeNull();
    const stop = installGlobalErrorCapture(store.dispatch);
    act(() => {
      window.dispatchEvent(
        new ErrorEvent('error', { error: new Error('chart exploded'), message: 'chart exploded' }),
      );
      store.dispatch(
        errorLogged(toErrorLogEntry('socket hiccup', 'unhandledrejection', 'http://localhost/x')),
      );
    });
    stop();
    await user.click(screen.getByRole('button', { name: 'Error log (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('chart exploded')).toBeTruthy();
    expect(within(dialog).getByText('window.onerror')).toBeTruthy();
    expect(within(dialog).getByText('http://localhost/x')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Error log/ })).toBeNull());
  });

  it('warns that the browser cannot go full screen without the Fullscreen API', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { value: false, configurable: true });
    const { user } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(await screen.findByText('you browser can not work')).toBeTruthy();
  });

  it('on a mobile width closes the sidebar and moves language and size into it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { store, user } = await renderShell();
    expect(store.getState().app.device).toBe('mobile');
    expect(store.getState().app.sidebar.opened).toBe(false);
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Language' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const sidebar = screen.getByRole('complementary');
    expect(within(sidebar).getByRole('button', { name: 'Language' })).toBeTruthy();
    // Choosing a page closes the drawer.
    await user.click(within(sidebar).getByText('Risk Data'));
    await waitFor(() => expect(store.getState().app.sidebar.opened).toBe(false));
  });
});
