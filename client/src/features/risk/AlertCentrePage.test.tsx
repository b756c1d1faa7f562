import { act, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertRow } from '@dms/shared/contracts/http/risk';
import { liveAlertsReceived, type AlertChange } from '@/lib/alerts/liveAlertsSlice';
import { clearToasts } from '@/lib/notify/toaster';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { AlertCentrePage } from './AlertCentrePage';
import { applyAlertChanges } from './state/liveAlertList';

configure({ asyncUtilTimeout: 5000 });

const row = (id: number, patch: Partial<AlertRow> = {}): AlertRow => ({
  id,
  seq: id,
  kind: 'crossbet',
  level: 2,
  state: 'open',
  subject: `group-${id}`,
  providers: [1001],
  raisedAt: Date.UTC(2026, 10, 20),
  assignee: null,
  snoozedUntil: null,
  outcome: null,
  by: null,
  at: null,
  ...patch,
});

const change = (
  event: AlertChange['event'],
  seq: number,
  alert: Partial<AlertRow> & { id: number },
): AlertChange => {
  const r = row(alert.id, alert);
  return {
    event,
    payload: {
      v: 1,
      seq,
      providers: r.providers,
      alert: {
        id: r.id,
        kind: r.kind,
        level: r.level,
        state: r.state,
        subject: r.subject,
        raisedAt: r.raisedAt,
      },
    },
  };
};

afterEach(() => clearToasts());

describe('alert list patches', () => {
  it('puts a new matching alert first on page 1 only, counts it on every page, and updates rows in place', () => {
    const page = { total: 2, items: [row(2), row(1)] };
    applyAlertChanges(page, { page: 1, size: 2, state: 'open' }, [
      change('alert:raised', 10, { id: 3 }),
      change('alert:raised', 11, { id: 4, kind: 'player' }),
      change('alert:resolved', 12, { id: 2, state: 'resolved' }),
    ]);
    expect(page.items.map((r) => [r.id, r.state])).toEqual([
      [4, 'open'],
      [3, 'open'],
    ]);
    expect(page.total).toBe(4);
    const second = { total: 2, items: [row(1)] };
    applyAlertChanges(second, { page: 2, size: 1, kind: 'crossbet' }, [
      change('alert:raised', 10, { id: 3 }),
      change('alert:raised', 11, { id: 4, kind: 'player' }),
      change('alert:acknowledged', 13, { id: 1, state: 'acknowledged' }),
      change('alert:raised', 1, { id: 1 }),
    ]);
    expect(second).toEqual({ total: 3, items: [{ ...row(1), state: 'acknowledged', seq: 13 }] });
  });
});

describe('AlertCentrePage live', () => {
  it('shows new alerts and changes made elsewhere as they happen, without asking the gateway for each', async () => {
    const gateway = fakeGateway({
      'GET /base/providers': () => ({ code: 0, data: [{ id: 1001, name: 'Golden Dragon' }] }),
      'GET /base/currencies': () => ({ code: 0, data: [{ code: 'CNY', name: 'Chinese Yuan' }] }),
      'GET /risk/alerts': () => ({ code: 0, data: { total: 1, items: [row(1)] } }),
    });
    const { store } = renderWithProviders(<AlertCentrePage />, {
      preloadedState: { session: readySession(userInfo({ permission: '3000' })) },
      route: '/risk/alerts',
    });
    await screen.findByText(/group-1/);
    const before = gateway.callsTo('GET /risk/alerts').length;
    act(() => {
      store.dispatch(
        liveAlertsReceived([
          change('alert:raised', 20, { id: 7, subject: 'group-7', level: 3 }),
          change('alert:acknowledged', 21, { id: 1, state: 'acknowledged' }),
        ]),
      );
    });
    await screen.findByText(/group-7/);
    // The state filter is "open": the acknowledged row stays in place until the list is read again.
    expect(screen.getAllByRole('row')[2]?.textContent).toContain('Acknowledged');
    act(() => {
      store.dispatch(
        liveAlertsReceived(
          Array.from({ length: 50 }, (_, i) => change('alert:raised', 100 + i, { id: 100 + i })),
        ),
      );
    });
    await waitFor(() => expect(screen.getAllByRole('row')[1]?.textContent).toContain('group-149'));
    expect(screen.getAllByRole('row')).toHaveLength(21);
    expect(gateway.callsTo('GET /risk/alerts')).toHaveLength(before);
  });
});
