import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import type { Subscription } from 'rxjs';
import { sessionEnded } from '@/lib/session/events';
import { userInfoFailed, userInfoLoaded } from '@/lib/session/sessionSlice';
import { getToken } from '@/lib/session/token';
import type { LiveConnection } from './live';
import type { LiveEvents } from './liveEvents';

type LiveModule = { live: LiveConnection };
type EventsModule = { liveEvents: LiveEvents };

let liveModule: Promise<LiveModule> | undefined;
let eventsModule: Promise<EventsModule> | undefined;

/**
 * Starts the live connection when a session is ready and stops it when the session ends, and follows the
 * account's `account:changed` (user info read again, menu and routes updated in place). The modules (and
 * socket.io-client with them) are imported only then, so the login page does not download them.
 */
export function registerLiveSession(listeners: ListenerMiddlewareInstance): void {
  let changes: Subscription | undefined;
  listeners.startListening({
    actionCreator: userInfoLoaded,
    effect: async (_action, api) => {
      liveModule ??= import('./live');
      eventsModule ??= import('./liveEvents');
      (await liveModule).live.start(getToken);
      if (changes) return;
      const [{ liveEvents }, { accountChanged }] = await Promise.all([
        eventsModule,
        import('./accountChanged'),
      ]);
      changes ??= liveEvents.events('account:changed').subscribe(() => void api.dispatch(accountChanged()));
    },
  });
  listeners.startListening({
    matcher: isAnyOf(sessionEnded, userInfoFailed),
    effect: async () => {
      changes?.unsubscribe();
      changes = undefined;
      if (liveModule) (await liveModule).live.stop();
    },
  });
}
