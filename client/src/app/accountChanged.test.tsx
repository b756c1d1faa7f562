import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveAlertsReceived } from '@/lib/alerts/liveAlertsSlice';
import { accountChanged } from '@/lib/live/accountChanged';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { AppRoutes } from './AppRoutes';

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

const location = () => screen.getByTestId('location').textContent;

function gateway(permission: () => string) {
  return fakeGateway({
    'GET /user/info': () => ({
      code: 0,
      data: userInfo({ permission: permission(), h5_channel_power: '[1001]' }),
    }),
    'GET /base/providers': () => ({ code: 0, data: [{ id: 1001, name: 'Golden Dragon' }] }),
    'GET /base/currencies': () => ({ code: 0, data: [{ code: 'CNY', name: 'Chinese Yuan' }] }),
    'GET /risk/alerts': () => ({ code: 0, data: { total: 0, items: [] } }),
    'GET /risk/crossbet/groups': () => ({ code: 0, data: { total: 0, items: [] } }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('account:changed', () => {
  it('updates the menu in place, drops live alerts of lost providers, and sends a lost page to /401', async () => {
    let permission = '3000,8000,9000';
    const calls = gateway(() => permission);
    const { store } = renderWithProviders(
      <>
        <AppRoutes />
        <WhereAmI />
      </>,
      { route: '/risk/alerts', preloadedState: { session: readySession(userInfo({ permission })) } },
    );
    await screen.findByRole('heading', { name: 'Alert centre' }, { timeout: 5000 });
    expect(screen.getAllByText('Risk Data').length).toBeGreaterThan(0);
    store.dispatch(
      liveAlertsReceived([
        {
          event: 'alert:raised',
          payload: {
            v: 1,
            seq: 3,
            providers: [1002],
            alert: { id: 3, kind: 'crossbet', level: 2, state: 'open', subject: 'g3', raisedAt: 1 },
          },
        },
      ]),
    );

    // Risk data is taken away: the alert centre (3000) stays, the menu loses Risk Data, provider 1002 goes.
    permission = '3000,9000';
    await store.dispatch(accountChanged());
    expect(store.getState().session.roles).toEqual(['3000', '9000']);
    expect(store.getState().session.status).toBe('ready');
    expect(store.getState().liveAlerts.ids).toEqual([]);
    expect(location()).toBe('/risk/alerts');
    await waitFor(() => expect(screen.queryByText('Risk Data')).toBeNull());

    // Then the alert centre too: the page is no longer permitted.
    permission = '9000';
    await store.dispatch(accountChanged());
    await waitFor(() => expect(location()).toBe('/401'), { timeout: 5000 });
    expect(calls.callsTo('GET /user/info')).toHaveLength(2);
  });
});
