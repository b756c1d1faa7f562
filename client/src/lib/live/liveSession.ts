import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { sessionEnded } from '@/lib/session/events';
import { userInfoFailed, userInfoLoaded } from '@/lib/session/sessionSlice';
import { getToken } from '@/lib/session/token';
import type { LiveConnection } from './live';

type LiveModule = { live: LiveConnection };

let liveModule: Promise<LiveModule> | undefined;

/**
 * Starts the live connection when a session is ready and stops it when the session ends. The module (and
 * socket.io-client with it) is imported only then, so the login page does not download it.
 */
export function registerLiveSession(listeners: ListenerMiddlewareInstance): void {
  listeners.startListening({
    actionCreator: userInfoLoaded,
    effect: async () => {
      liveModule ??= import('./live');
      (await liveModule).live.start(getToken);
    },
  });
  listeners.startListening({
    matcher: isAnyOf(sessionEnded, userInfoFailed),
    effect: async () => {
      if (liveModule) (await liveModule).live.stop();
    },
  });
}
