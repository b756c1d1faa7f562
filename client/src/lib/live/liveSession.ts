import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import type { Subscription } from 'rxjs';
import { errorLogged, toErrorLogEntry } from '@/lib/errorLog/errorLogSlice';
import { sessionEnded } from '@/lib/session/events';
import { userInfoFailed, userInfoLoaded } from '@/lib/session/sessionSlice';
import { getToken } from '@/lib/session/token';
import type { LiveConnection } from './live';
import type { LiveEvents } from './liveEvents';

type LiveModule = { live: LiveConnection };
type EventsModule = { liveEvents: LiveEvents };

let liveModule: Promise<LiveModule> | undefined;
let eventsModule: Promise<EventsModule> | undefined;

/** At most one error-log entry about dropped live payloads per this time. */
const INVALID_LOG_MS = 60_000;

/**
 * Starts the live connection when a session is ready and stops it when the session ends, and follows the
 * account's `account:changed` (user info read again, menu and routes updated in place); payloads dropped as
 * invalid are noted in the error log (one entry a minute at most, with the counts). The modules (and
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
      if (changes) return;
      changes = liveEvents.events('account:changed').subscribe(() => void api.dispatch(accountChanged()));
      let lastLogged = 0;
      changes.add(
        liveEvents.invalid$.subscribe(({ event, reason }) => {
          if (Date.now() - lastLogged < INVALID_LOG_MS) return;
          lastLogged = Date.now();
          const { version, schema } = liveEvents.invalidCounts;
          const message = `live: dropped an invalid ${event} payload (${reason}); dropped so far: ${version} of another version, ${schema} not matching the schema`;
          api.dispatch(errorLogged(toErrorLogEntry(message, 'live channel')));
        }),
      );
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
