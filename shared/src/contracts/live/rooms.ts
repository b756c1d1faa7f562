/**
 * Rooms of the live channel. On connect (and again whenever the account's role or scope changes) the
 * gateway puts each socket in:
 * - `perm:<code>` for every permission code the account holds (the super role holds all of them);
 * - `provider:<id>` for every provider of the account's scope, or `provider:all` for the super account;
 * - `live:<code>:<providerId|all>` for each live screen code it holds ({@link LIVE_PERMISSION_CODES})
 *   crossed with its providers, so an event for one screen and one provider goes to
 *   `[liveRoom(code, id), liveRoom(code, 'all')]`;
 * - `account:<id>`, `role:<id>` and `session:<id>` (used by the gateway to re-scope and disconnect); a wall
 *   screen's socket is in `display:<id>` instead of the account and session rooms.
 */
import { PERM } from '../../permissions/codes';

/** Screens fed by the live channel: baccarat monitor, risk data, Teen Patti monitor. */
export const LIVE_PERMISSION_CODES: readonly string[] = [
  PERM.BACCARAT_MONITOR,
  PERM.RISK_DATA,
  PERM.TEEN_PATTI_MONITOR,
];

/** The room of every socket whose account holds `code`. */
export function permRoom(code: string): string {
  return `perm:${code}`;
}

/** The room of every socket whose scope includes provider `id`; `'all'` is the super account's room. */
export function providerRoom(id: number | 'all'): string {
  return `provider:${id}`;
}

/** The room of a live screen (`code`) for one provider, or for the super account (`'all'`). */
export function liveRoom(code: string, providerId: number | 'all'): string {
  return `live:${code}:${providerId}`;
}

/** The rooms an event of screen `code` about provider `providerId` must be sent to. */
export function liveTargets(code: string, providerId: number): string[] {
  return [liveRoom(code, providerId), liveRoom(code, 'all')];
}

export function accountRoom(id: number): string {
  return `account:${id}`;
}

export function roleRoom(id: number): string {
  return `role:${id}`;
}

/** The room of a wall screen's sockets (display token `id`). */
export function displayRoom(id: number): string {
  return `display:${id}`;
}

export function sessionRoom(id: number): string {
  return `session:${id}`;
}
