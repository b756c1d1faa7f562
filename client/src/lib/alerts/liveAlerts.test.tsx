import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertChanged } from '@dms/shared/contracts/live/events';
import { setupStore } from '@/app/store';
import { AlertToasts } from '@/components/alerts/AlertToasts';
import { OpenAlertsBadge } from '@/components/layout/OpenAlertsBadge';
import { liveAccessChanged } from '@/lib/live/liveActions';
import { clearToasts } from '@/lib/notify/toaster';
import { userInfoLoaded } from '@/lib/session/sessionSlice';
import { deriveSessionProfile } from '@/lib/session/userInfo';
import { alertSoundToggled } from '@/lib/settings/settingsSlice';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { resetAlertTone } from './alertTone';
import {
  liveAlertsReceived,
  liveAlertsSlice,
  openAlertCountLoaded,
  selectLiveOpenAlerts,
  type AlertChange,
} from './liveAlertsSlice';

function change(
  event: AlertChange['event'],
  seq: number,
  id: number,
  patch: Partial<AlertChanged['alert']> = {},
  providers = [1001],
): AlertChange {
  const state = event === 'alert:raised' ? 'open' : event === 'alert:resolved' ? 'resolved' : 'acknowledged';
  return {
    event,
    payload: {
      v: 1,
      seq,
      providers,
      alert: {
        id,
        kind: 'crossbet',
        level: 3,
        state,
        subject: `ring-${id}-0123456789`,
        raisedAt: 1_700_000_000_000,
        ...patch,
      },
    },
  };
}

const reducer = liveAlertsSlice.reducer;

describe('live alerts slice', () => {
  it('applies a batch in one action and keeps the open count live from the API count', () => {
    let state = reducer(undefined, openAlertCountLoaded({ count: 5, changesAtStart: 0 }));
    state = reducer(
      state,
      liveAlertsReceived([
        change('alert:raised', 10, 1),
        change('alert:raised', 11, 2),
        change('alert:acknowledged', 12, 1),
        change('alert:acknowledged', 13, 2, { state: 'open' }),
      ]),
    );
    expect(state.openCount).toBe(6);
    expect(state.countStale).toBe(false);
    expect(state.ids).toEqual([2, 1]);
    expect(state.toasts.map((t) => t.alert.id)).toEqual([1, 2]);
    state = reducer(state, liveAlertsReceived([change('alert:resolved', 14, 2)]));
    expect(state.openCount).toBe(5);
    expect(selectLiveOpenAlerts({ liveAlerts: state })).toEqual([]);
  });

  it('ignores a change older than the one it holds, and counts again after an unknown alert changed', () => {
    let state = reducer(undefined, openAlertCountLoaded({ count: 1, changesAtStart: 0 }));
    state = reducer(state, liveAlertsReceived([change('alert:resolved', 20, 1)]));
    expect(state.countStale).toBe(true);
    expect(state.openCount).toBe(1);
    state = reducer(state, liveAlertsReceived([change('alert:raised', 19, 1)]));
    expect(state.byId[1]?.alert.state).toBe('resolved');
    // A count asked before those two changes arrived may miss them: still stale.
    state = reducer(state, openAlertCountLoaded({ count: 0, changesAtStart: 0 }));
    expect(state.countStale).toBe(true);
    state = reducer(state, openAlertCountLoaded({ count: 0, changesAtStart: state.changes }));
    expect(state.countStale).toBe(false);
  });

  it('drops the alerts of screens and providers the account lost', () => {
    let state = reducer(
      undefined,
      liveAlertsReceived([
        change('alert:raised', 1, 1),
        change('alert:raised', 2, 2, { kind: 'player', subject: '1001:bob' }),
        change('alert:raised', 3, 3, {}, [1002]),
      ]),
    );
    state = reducer(
      state,
      liveAccessChanged({
        lostScreens: ['8000'],
        lostProviders: [1002],
        roles: ['3000'],
        providerIds: [1001],
      }),
    );
    expect(state.ids).toEqual([1]);
    expect(state.toasts.map((t) => t.alert.id)).toEqual([1]);
    expect(state.countStale).toBe(true);
    state = reducer(
      state,
      liveAccessChanged({ lostScreens: ['3000'], lostProviders: [], roles: ['12000'], providerIds: [1001] }),
    );
    expect(state.ids).toEqual([]);
    expect(state.openCount).toBeNull();
  });
});

class FakeAudioContext {
  static created = 0;
  static oscillators: number[] = [];
  state = 'running';
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.created += 1;
  }
  resume() {
    return Promise.resolve();
  }
  createOscillator() {
    return {
      type: '',
      frequency: { setValueAtTime: (hz: number) => FakeAudioContext.oscillators.push(hz) },
      connect: () => undefined,
      start: () => undefined,
      stop: () => undefined,
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined },
      connect: () => undefined,
    };
  }
}

describe('alerts as they happen in the shell', () => {
  beforeEach(() => {
    FakeAudioContext.created = 0;
    FakeAudioContext.oscillators = [];
    resetAlertTone();
    vi.stubGlobal('AudioContext', FakeAudioContext);
    fakeGateway({
      'GET /base/providers': () => ({ code: 0, data: [{ id: 1001, name: 'Golden Dragon' }] }),
    });
  });
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });

  function renderShell(info = userInfo({ permission: '3000' })) {
    const store = setupStore({ session: readySession(info) }, { live: false });
    const view = renderWithProviders(
      <>
        <OpenAlertsBadge />
        <AlertToasts />
        <Routes>
          <Route path="/risk/alerts" element={<h1>alert centre page</h1>} />
          <Route path="*" element={<h1>home page</h1>} />
        </Routes>
      </>,
      { store, route: '/homepage' },
    );
    return view;
  }

  it('toasts each new alert with its level, subject and a link to the alert centre; the badge follows', async () => {
    const { store, user } = renderShell();
    act(() => {
      store.dispatch(openAlertCountLoaded({ count: 2, changesAtStart: 0 }));
    });
    expect(screen.getByRole('button', { name: 'Open alerts: 2' })).toBeTruthy();
    act(() => {
      store.dispatch(liveAlertsReceived([change('alert:raised', 7, 41)]));
    });
    const toast = (await screen.findByText('New alert')).closest('.bp6-toast') as HTMLElement;
    expect(within(toast).getByText('high risk')).toBeTruthy();
    expect(toast.textContent).toContain('Cross-bet · ring-41-0123');
    expect(screen.getByRole('button', { name: 'Open alerts: 3' })).toBeTruthy();
    expect(store.getState().liveAlerts.toasts).toEqual([]);
    // No sound unless switched on.
    expect(FakeAudioContext.created).toBe(0);
    const link = within(toast).getByRole('button', { name: 'Open the alert centre' });
    expect(link.getAttribute('href')).toBe('/risk/alerts');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'alert centre page' })).toBeTruthy();
  });

  it('names the provider of a player alert, sums up a burst, and plays the tone of the highest level switched on', async () => {
    const { store } = renderShell(userInfo({ permission: '8000' }));
    act(() => {
      store.dispatch(alertSoundToggled({ level: 2, on: true }));
    });
    await waitFor(() =>
      expect(store.getState().api.queries['providers(undefined)']?.status).toBe('fulfilled'),
    );
    act(() => {
      store.dispatch(
        liveAlertsReceived([
          change('alert:raised', 1, 1, { level: 3 }),
          change('alert:raised', 2, 2, { level: 2 }),
          change('alert:raised', 3, 3, { level: 1 }),
          change('alert:raised', 4, 4, { level: 2 }),
          change('alert:raised', 5, 5, { kind: 'player', level: 2, subject: '1001:bob' }),
        ]),
      );
    });
    expect(await screen.findByText('2 more new alerts')).toBeTruthy();
    // The newest three one by one (toasts of other tests may still be closing).
    await waitFor(() => {
      const ids = [...document.querySelectorAll('[data-alert-id]')].map((n) =>
        n.getAttribute('data-alert-id'),
      );
      expect(ids).toEqual(expect.arrayContaining(['3', '4', '5']));
      expect(ids).not.toContain('1');
      expect(ids).not.toContain('2');
    });
    expect(screen.getByText('Golden Dragon · bob')).toBeTruthy();
    // One tone for the batch: the middle level's two beeps (the high level's sound is off).
    expect(FakeAudioContext.oscillators).toEqual([880, 880]);
  });

  it('shows no badge and no toast to an account without 3000 or 8000', () => {
    const { store } = renderShell(userInfo({ permission: '12000' }));
    expect(screen.queryByRole('button', { name: /Open alerts/ })).toBeNull();
    expect(store.getState().liveAlerts.openCount).toBeNull();
  });
});

describe('open count against a fake gateway', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the count when the session starts, and again once after a burst of unknown changes', async () => {
    let open = 4;
    const gateway = fakeGateway({
      'GET /risk/alerts': () => ({ code: 0, data: { total: open, items: [] } }),
    });
    const info = userInfo({ permission: '3000' });
    const store = setupStore({ session: readySession(info) }, { live: false, alerts: true });
    store.dispatch(userInfoLoaded(deriveSessionProfile(info)));
    await waitFor(() => expect(store.getState().liveAlerts.openCount).toBe(4), { timeout: 3000 });
    const first = gateway.callsTo('GET /risk/alerts');
    expect(first).toHaveLength(1);
    expect(Object.fromEntries(first[0]!.query)).toEqual({ state: 'open', size: '1' });
    open = 1;
    for (let i = 0; i < 20; i++)
      store.dispatch(liveAlertsReceived([change('alert:resolved', 100 + i, 500 + i)]));
    await waitFor(() => expect(store.getState().liveAlerts.openCount).toBe(1), { timeout: 3000 });
    expect(gateway.callsTo('GET /risk/alerts')).toHaveLength(2);
  });
});
