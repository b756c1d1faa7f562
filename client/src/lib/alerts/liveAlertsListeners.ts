import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import type { Subscription } from 'rxjs';
import type { LiveEvents } from '@/lib/live/liveEvents';
import { userInfoFailed, userInfoLoaded, type SessionState } from '@/lib/session/sessionSlice';
import { sessionEnded } from '@/lib/session/events';
import { alertsApi } from './alertsApi';
import {
  liveAlertsResyncNeeded,
  openAlertCountLoaded,
  seesAlerts,
  selectAlertChanges,
  type LiveAlertsState,
} from './liveAlertsSlice';

type State = { liveAlerts: LiveAlertsState; session: SessionState };

/** Wait before counting again, so a burst of changes costs one request. */
const RECOUNT_DELAY_MS = 500;
/** Wait after a count that could not be read. */
const RECOUNT_RETRY_MS = 10_000;
/** The live stream's batching window. */
const BATCH_MS = 150;

/**
 * Alerts as they happen: while a session that sees alerts (3000 or 8000) is open, the alert events of the
 * live channel reach the `liveAlerts` slice as one action per batch; the open count is read from the API at
 * the start, after a reconnect that could not replay what was missed, and when a change's effect on it is
 * unknown — at most one request at a time, a burst of changes costing one.
 */
export function registerLiveAlerts(
  listeners: ListenerMiddlewareInstance,
  /** The live events to follow (the client's one connection; tests pass one over a fake socket). */
  source: () => Promise<LiveEvents> = async () => (await import('@/lib/live/liveEvents')).liveEvents,
): void {
  let bridge: Subscription | undefined;
  let starting: Promise<void> | undefined;

  listeners.startListening({
    actionCreator: userInfoLoaded,
    effect: async (action, api) => {
      if (!seesAlerts(action.payload.roles) || bridge) return;
      starting ??= (async () => {
        const [liveEvents, { batched }, { asapScheduler, merge, map }] = await Promise.all([
          source(),
          import('@/lib/live/liveEvents'),
          import('rxjs'),
        ]);
        const { liveAlertsReceived } = await import('./liveAlertsSlice');
        const events = ['alert:raised', 'alert:acknowledged', 'alert:resolved'] as const;
        bridge = merge(
          ...events.map((event) => liveEvents.events(event).pipe(map((payload) => ({ event, payload })))),
        )
          // Not on animation frames: those stop in a background tab, and an alert's tone must still play.
          .pipe(batched(BATCH_MS, asapScheduler))
          .subscribe((batch) => api.dispatch(liveAlertsReceived(batch)));
        bridge.add(
          liveEvents.resync$.subscribe((outcome) => {
            if (outcome.kind !== 'resumed') api.dispatch(liveAlertsResyncNeeded());
          }),
        );
      })();
      await starting;
      starting = undefined;
      if ((api.getState() as State).liveAlerts.openCount === null) api.dispatch(liveAlertsResyncNeeded());
    },
  });

  listeners.startListening({
    matcher: isAnyOf(sessionEnded, userInfoFailed),
    effect: () => {
      bridge?.unsubscribe();
      bridge = undefined;
    },
  });

  let counting = false;
  listeners.startListening({
    predicate: (_action, state) => {
      const s = state as State;
      return (
        !counting && s.liveAlerts.countStale && s.session.status === 'ready' && seesAlerts(s.session.roles)
      );
    },
    effect: async (_action, api) => {
      counting = true;
      let loaded: { count: number; changesAtStart: number } | undefined;
      let failed = false;
      try {
        await api.delay(RECOUNT_DELAY_MS);
        const changesAtStart = selectAlertChanges(api.getState() as State);
        const result = await api.dispatch(
          alertsApi.endpoints.openAlertCount.initiate(undefined, { subscribe: false, forceRefetch: true }),
        );
        if (result.data !== undefined) loaded = { count: result.data, changesAtStart };
        else {
          failed = true;
          await api.delay(RECOUNT_RETRY_MS);
        }
      } finally {
        counting = false;
      }
      // Dispatched once `counting` is off: if changes came meanwhile, this action starts the next count.
      if (loaded) api.dispatch(openAlertCountLoaded(loaded));
      else if (failed) api.dispatch(liveAlertsResyncNeeded());
    },
  });
}
