import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_COMMANDS } from '@dms/shared/contracts/live/events';
import { rootReducer } from '@/app/store';
import { api } from '@/lib/api/api';
import { LiveEvents } from '@/lib/live/liveEvents';
import { userInfoLoaded } from '@/lib/session/sessionSlice';
import { deriveSessionProfile } from '@/lib/session/userInfo';
import { fakeGateway } from '@/testing/fakeGateway';
import { alertPayload, fakeLiveConnection } from '@/testing/fakeLiveSocket';
import { readySession, userInfo } from '@/testing/fixtures';
import { registerLiveAlerts } from './liveAlertsListeners';
import { liveAlertsReceived } from './liveAlertsSlice';

let dispose: (() => void) | undefined;
afterEach(() => dispose?.());

describe('live alerts from the socket to the store', () => {
  it('feeds the slice in batches, counts from the API, and takes in what a reconnect replays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fake = fakeLiveConnection();
    const events = new LiveEvents(fake.connection);
    dispose = () => {
      fake.connection.stop();
      events.dispose();
      warn.mockRestore();
    };
    // The gateway's count: two alerts before, and each one raised since.
    let raised = 0;
    const gateway = fakeGateway({
      'GET /risk/alerts': () => ({ code: 0, data: { total: 2 + raised, items: [] } }),
    });
    const listeners = createListenerMiddleware();
    registerLiveAlerts(listeners, () => Promise.resolve(events));
    const info = userInfo({ permission: '3000' });
    const store = configureStore({
      reducer: rootReducer,
      preloadedState: { session: readySession(info) },
      middleware: (m) => m().prepend(listeners.middleware).concat(api.middleware),
    });
    const batches: number[] = [];
    listeners.startListening({
      actionCreator: liveAlertsReceived,
      effect: (action) => void batches.push(action.payload.length),
    });
    store.dispatch(userInfoLoaded(deriveSessionProfile(info)));
    fake.connection.start(() => 'tok');
    const socket = fake.socket();
    socket.up();
    await waitFor(() => expect(store.getState().liveAlerts.openCount).toBe(2));

    for (const seq of [11, 12, 13]) {
      raised += 1;
      socket.serverEmit('alert:raised', alertPayload(seq));
    }
    socket.serverEmit('alert:raised', { ...alertPayload(14), v: 9 });
    await waitFor(() => expect(store.getState().liveAlerts.ids).toEqual([13, 12, 11]));
    expect(events.invalidCounts).toEqual({ version: 1, schema: 0 });
    expect(batches).toEqual([3]);
    expect(store.getState().liveAlerts.openCount).toBe(5);

    // The link drops; an alert is raised meanwhile and replayed on the resume.
    socket.down();
    raised += 1;
    socket.answers.set(LIVE_COMMANDS.resume, (payload) => {
      expect(payload).toEqual({ v: 1, after: 13 });
      socket.serverEmit('alert:raised', alertPayload(13));
      socket.serverEmit('alert:raised', alertPayload(15));
      return { data: { replayed: 1, upTo: 15 } };
    });
    socket.up();
    await waitFor(() => expect(store.getState().liveAlerts.ids).toEqual([15, 13, 12, 11]));
    expect(store.getState().liveAlerts.openCount).toBe(6);
    expect(store.getState().liveAlerts.toasts.map((t) => t.alert.id)).toEqual([11, 12, 13, 15]);
    expect(gateway.callsTo('GET /risk/alerts').length).toBeLessThanOrEqual(2);
  });
});
