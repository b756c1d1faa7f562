import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { DISPLAY_POLL_MS } from '@dms/shared/contracts/http/display';
import { LIVE_EVENTS, type SessionEnded } from '@dms/shared/contracts/live/events';
import { SESSION_EVENTS } from '@dms/shared/contracts/live/session';
import { dismissRelogin } from '@/lib/api/reloginPrompt';
import { LiveConnection } from '@/lib/live/live';
import { setDisplayRequestToken } from '@/lib/session/token';
import {
  WallCallError,
  currentBuildId,
  gatewayAnswers,
  keepWallToken,
  readWallToken,
  servedBuildId,
  wallCall,
  wallEndpoints,
} from '../api/wallApi';
import { backoffMs, healCheckMs } from './backoff';
import { initialWallState, wallReducer, type WallState } from './wallMachine';

/** Reloads the page when the gateway serves another build than this page runs; whether it did. */
async function reloadIfNewBuild(): Promise<boolean> {
  const served = await servedBuildId();
  const running = currentBuildId();
  if (served === null || running === null || served === running) return false;
  window.location.reload();
  return true;
}

/**
 * Runs a wall screen: its state machine ({@link wallReducer}) and the effects of each state — asking for a
 * pairing, polling until it is approved, the live socket of the display token, and the healing loop while
 * the link is down (health checks with backoff; a reload only once the gateway answers with another build).
 * Returns the state and the wall's own live connection (a second socket beside the console's).
 */
export function useWall(label: string): { state: WallState; live: LiveConnection } {
  const [state, dispatch] = useReducer(wallReducer, initialWallState);
  const [live] = useState(() => new LiveConnection());
  const tokenRef = useRef<string | null>(null);
  tokenRef.current = state.token;

  useEffect(() => {
    dispatch({ type: 'opened', token: readWallToken() });
  }, []);

  // The token is kept for the next reload, and forgotten when refused.
  useEffect(() => {
    if (state.phase.kind !== 'starting') keepWallToken(state.token);
  }, [state.token, state.phase.kind]);

  const { phase } = state;
  const code = phase.kind === 'pairing' ? phase.code : null;
  const expiresAt = phase.kind === 'pairing' ? phase.expiresAt : null;

  // starting (with a token), or pairing with a code: ask what the token is now, until it is active.
  const polling =
    (phase.kind === 'starting' && state.token !== null) || (phase.kind === 'pairing' && code !== null);
  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const poll = async () => {
      try {
        const self = await wallCall(wallEndpoints.me, { token: tokenRef.current });
        if (stopped) return;
        attempt = 0;
        dispatch({ type: 'selfLoaded', self, at: Date.now() });
        if (self.state === 'active') return;
        timer = setTimeout(() => void poll(), DISPLAY_POLL_MS);
      } catch (error) {
        if (stopped) return;
        if (error instanceof WallCallError && error.kind === 'refused') {
          dispatch({ type: 'tokenRefused', at: Date.now() });
          return;
        }
        dispatch({ type: 'linkDown', at: Date.now() });
        timer = setTimeout(() => void poll(), backoffMs(attempt++));
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [polling, code]);

  // A code lapses: ask for another.
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(
      () => dispatch({ type: 'codeExpired', at: Date.now() }),
      Math.max(0, expiresAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [expiresAt]);

  // Pairing without a code: ask the gateway for one (again after a failure, with backoff).
  const requesting = phase.kind === 'pairing' && code === null;
  useEffect(() => {
    if (!requesting) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const request = async () => {
      try {
        const issued = await wallCall(wallEndpoints.pair, { body: { label } });
        if (stopped) return;
        dispatch({
          type: 'pairIssued',
          token: issued.token,
          code: issued.code,
          expiresAt: issued.expiresAt,
          at: Date.now(),
        });
      } catch (error) {
        if (stopped) return;
        if (!(error instanceof WallCallError) || error.kind === 'unreachable')
          dispatch({ type: 'linkDown', at: Date.now() });
        timer = setTimeout(() => void request(), backoffMs(attempt++));
      }
    };
    void request();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [requesting, label]);

  // Paired: the monitors' REST calls carry the display token, read as the socket reads it, until the pairing
  // ends. A layout effect, so that it is in place before the effects of a monitor mounted in the same commit
  // send their first requests.
  const paired = phase.kind === 'paired';
  useLayoutEffect(() => {
    if (!paired) return;
    setDisplayRequestToken(() => tokenRef.current ?? undefined);
    return () => setDisplayRequestToken(undefined);
  }, [paired]);

  // Paired: the display's live socket; its state is the wall's link.
  useEffect(() => {
    if (!paired) return;
    const confirmToken = async () => {
      try {
        const self = await wallCall(wallEndpoints.me, { token: tokenRef.current });
        dispatch({ type: 'selfLoaded', self, at: Date.now() });
      } catch (error) {
        if (error instanceof WallCallError && error.kind === 'refused')
          dispatch({ type: 'tokenRefused', at: Date.now() });
      }
    };
    const subscriptions = [
      live.connectionState$.subscribe((s) => {
        if (s === 'connected') dispatch({ type: 'linkUp', at: Date.now() });
        else if (s === 'reconnecting') dispatch({ type: 'linkDown', at: Date.now() });
        else if (s === 'refused') {
          // The console's re-login prompt is not for a wall: the display token decides (the prompt is
          // raised right after this state, hence the next task). Refused but still valid (a failure of the
          // gateway's own): stale, and the healing loop reconnects.
          setTimeout(dismissRelogin, 0);
          dispatch({ type: 'linkDown', at: Date.now() });
          void confirmToken();
        }
      }),
      live.stream<SessionEnded>(LIVE_EVENTS.sessionEnded).subscribe(() => void confirmToken()),
      // The role's monitor codes changed: read what the display holds now.
      live.stream(SESSION_EVENTS.accountChanged).subscribe(() => void confirmToken()),
    ];
    live.start(() => tokenRef.current ?? undefined);
    return () => {
      for (const s of subscriptions) s.unsubscribe();
      live.stop();
    };
  }, [paired, live]);

  // Back after an outage (the socket reconnected by itself, maybe before a health check ran): if the
  // gateway now serves another build, a deploy happened: reload into it.
  const wasStale = useRef(false);
  useEffect(() => {
    if (state.link === 'stale') {
      wasStale.current = true;
      return;
    }
    if (!wasStale.current) return;
    wasStale.current = false;
    void reloadIfNewBuild();
  }, [state.link]);

  // Healing: while the link is down, check the gateway about every second. Once it answers, a different build
  // means a new deploy: reload (only now, so a wall never reloads into an error page). The same build:
  // reconnect at once rather than waiting for the socket's own next attempt.
  const stale = state.link === 'stale';
  useEffect(() => {
    if (!stale) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      if (await gatewayAnswers()) {
        if (stopped || (await reloadIfNewBuild())) return;
        dispatch({ type: 'contacted', at: Date.now() });
        if (paired && live.state !== 'connected') {
          live.stop();
          live.start(() => tokenRef.current ?? undefined);
        }
      }
      if (!stopped) timer = setTimeout(() => void check(), healCheckMs());
    };
    timer = setTimeout(() => void check(), healCheckMs());
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [stale, paired, live]);

  return { state, live };
}
