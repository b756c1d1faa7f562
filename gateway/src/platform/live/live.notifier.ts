import type { SessionEnded } from '@dms/shared/contracts/live/events';

/**
 * What services tell the live channel about sessions and access. Services depend on this interface
 * only (never on socket.io); the live server implements it, across instances through the adapter.
 * Calls return at once; delivery failures are logged by the implementation.
 */
export interface LiveNotifier {
  /**
   * These sessions ended (logout, password change, revocation): tell their sockets why (`session:ended`),
   * then disconnect them. `reason` is `revoked` when not given.
   */
  sessionsEnded(sessionIds: readonly number[], reason?: SessionEnded['reason']): void;
  /** The account was deleted: disconnect its sockets. */
  accountDeleted(accountId: number): void;
  /** The account's role or scope changed: move its sockets to the right rooms and tell the client. */
  accountChanged(accountId: number): void;
  /** The role's permissions changed: re-scope the sockets of every account holding it. */
  roleChanged(roleId: number): void;
  /** A wall screen's display token was revoked: disconnect its sockets. */
  displayRevoked(displayId: number): void;
}

/** A notifier that does nothing (services used without a live server). */
export const silentNotifier: LiveNotifier = {
  sessionsEnded: () => undefined,
  accountDeleted: () => undefined,
  accountChanged: () => undefined,
  roleChanged: () => undefined,
  displayRevoked: () => undefined,
};
