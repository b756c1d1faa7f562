import type { DisplaySelf } from '@dms/shared/contracts/http/display';

/**
 * The life of a wall screen, as a pure reducer (the page runs the effects):
 *
 * - `starting`: reading the kept display token and asking the gateway what it is.
 * - `pairing`: no usable token: a pairing request is made (`code` null until the gateway answers), then
 *   its code is shown until an administrator approves it (or it lapses, and a new one is asked for).
 * - `paired`: an active display; its monitor runs.
 *
 * Beside the phase, the link: `online` while the live socket is connected, `stale` from the moment it
 * dropped (or the gateway did not answer) until it is back; the data on screen is kept meanwhile and the
 * time since the last contact is shown. A token the gateway refuses (revoked, unknown, a lapsed code)
 * sends the wall back to pairing, whatever it was doing.
 */
export type WallPhase =
  | { kind: 'starting' }
  | {
      kind: 'pairing';
      /** The code to show; null while the pairing request is under way. */
      code: string | null;
      expiresAt: number | null;
      /** Why the wall is pairing again: its token was refused (revoked) or its code lapsed. */
      reason: 'new' | 'revoked' | 'expired';
    }
  | { kind: 'paired'; self: DisplaySelf };

export interface WallState {
  phase: WallPhase;
  /** The display token in use (also kept in local storage), or null. */
  token: string | null;
  link: 'online' | 'stale';
  /** Local time of the last answer from the gateway (a request, the socket, an event); null before any. */
  lastContactAt: number | null;
  /** Local time the link dropped; null while online. */
  staleSince: number | null;
}

export type WallEvent =
  /** The page opened with this kept token (or none). */
  | { type: 'opened'; token: string | null }
  /** `POST /display/pair` answered. */
  | { type: 'pairIssued'; token: string; code: string; expiresAt: number; at: number }
  /** `GET /display/me` answered. */
  | { type: 'selfLoaded'; self: DisplaySelf; at: number }
  /** The gateway refused the token (-2): revoked, unknown, or a pending token whose code lapsed. */
  | { type: 'tokenRefused'; at: number }
  /** The code on screen lapsed before approval. */
  | { type: 'codeExpired'; at: number }
  /** The live socket connected (or reconnected). */
  | { type: 'linkUp'; at: number }
  /** The live socket dropped, or the gateway did not answer a request. */
  | { type: 'linkDown'; at: number }
  /** Something arrived from the gateway (an event, a reply): it is alive. */
  | { type: 'contacted'; at: number };

export const initialWallState: WallState = {
  phase: { kind: 'starting' },
  token: null,
  link: 'online',
  lastContactAt: null,
  staleSince: null,
};

const pairing = (reason: 'new' | 'revoked' | 'expired'): WallPhase => ({
  kind: 'pairing',
  code: null,
  expiresAt: null,
  reason,
});

const contact = (state: WallState, at: number): WallState => ({
  ...state,
  lastContactAt: Math.max(state.lastContactAt ?? 0, at),
});

export function wallReducer(state: WallState, event: WallEvent): WallState {
  switch (event.type) {
    case 'opened':
      return event.token
        ? { ...initialWallState, token: event.token }
        : { ...initialWallState, phase: pairing('new') };
    case 'pairIssued':
      return {
        ...contact(state, event.at),
        token: event.token,
        phase: {
          kind: 'pairing',
          code: event.code,
          expiresAt: event.expiresAt,
          reason: state.phase.kind === 'pairing' ? state.phase.reason : 'new',
        },
        link: 'online',
        staleSince: null,
      };
    case 'selfLoaded': {
      const next = contact(state, event.at);
      const { self } = event;
      // While pairing there is no socket: an answer of the gateway is the link.
      if (self.state === 'pending')
        return {
          ...next,
          link: 'online',
          staleSince: null,
          phase: {
            kind: 'pairing',
            code: self.code,
            expiresAt: self.codeExpiresAt,
            reason: state.phase.kind === 'pairing' ? state.phase.reason : 'new',
          },
        };
      // A REST answer says the gateway is up; the link itself is the socket's to report.
      return { ...next, phase: { kind: 'paired', self } };
    }
    case 'tokenRefused':
      return {
        ...contact(state, event.at),
        token: null,
        phase: pairing(
          state.phase.kind === 'paired' ? 'revoked' : state.phase.kind === 'pairing' ? 'expired' : 'new',
        ),
        link: 'online',
        staleSince: null,
      };
    case 'codeExpired':
      return state.phase.kind === 'pairing' ? { ...state, token: null, phase: pairing('expired') } : state;
    case 'linkUp':
      return { ...contact(state, event.at), link: 'online', staleSince: null };
    case 'linkDown':
      return state.link === 'stale' ? state : { ...state, link: 'stale', staleSince: event.at };
    case 'contacted':
      return contact(state, event.at);
  }
}

/** Whether the wall should show its data as stale (kept, but marked with the time since the last contact). */
export function isStale(state: WallState): boolean {
  return state.link === 'stale';
}
