import { ALL_PERMISSION_CODES, parsePermissionList } from '@dms/shared/permissions/codes';
import { refuse } from '../errors/errors';
import type { Db, Store } from '../db/db.store';
import { SUPER_ACCOUNT_ID, SUPER_ROLE_ID } from '../db/db.seed';
import type { Access, AuthContext, Scope } from './auth.context';
import { hashToken, newToken } from './auth.token';
import * as repo from './session.repository';

const ALL_SCOPE: Scope = { providers: 'all', currencies: 'all' };

export interface SessionOptions {
  /** A session ends after this long without use. */
  idleMs: number;
  /** The last-use time is written at most this often (the write is throttled, the expiry allows for it). */
  touchMs: number;
  /** A session ends this long after its sign-in, however busy. */
  maxAgeMs: number;
  now: () => number;
}

/**
 * Sessions: random bearer tokens stored as SHA-256, ended by logout, by revocation, after `idleMs` without
 * use, or `maxAgeMs` after sign-in. Every authentication reads the account's role and scope afresh, so a
 * change of role, permissions or scope takes effect on the next request, on every gateway instance.
 *
 * Idle expiry runs from the last use. The stored last-use time is written at most once per `touchMs`, so
 * it may lag the real last use by less than `touchMs`: a session is kept until `idleMs + touchMs` after the
 * stored time, which never refuses one used within `idleMs` and ends an unused one at most `touchMs` late.
 */
export class SessionService {
  constructor(
    private readonly store: Store,
    private readonly options: SessionOptions,
  ) {}

  /** Starts a session for an account and returns its token (shown once, never stored). */
  async create(
    accountId: number,
    ip: string,
    userAgent: string,
  ): Promise<{ token: string; sessionId: number }> {
    const token = newToken();
    const sessionId = await repo.insertSession(this.store.db, {
      tokenHash: hashToken(token),
      accountId,
      now: this.options.now(),
      ip,
      userAgent,
    });
    return { token, sessionId };
  }

  /** Whether a session is still open at `now`: not revoked, used recently enough, not older than its lifetime. */
  private isOpen(s: { createdAt: number; lastSeenAt: number; revokedAt: number | null }, now: number): boolean {
    const { idleMs, touchMs, maxAgeMs } = this.options;
    return s.revokedAt === null && now - s.lastSeenAt <= idleMs + touchMs && now - s.createdAt <= maxAgeMs;
  }

  /**
   * The caller of a token. Missing, unknown, revoked, idle-expired or too old tokens are refused with -2.
   * The last-use time is written at most once per `touchMs`.
   */
  async authenticate(token: string | undefined): Promise<AuthContext> {
    if (!token) throw refuse.sessionExpired();
    const row = await repo.findSessionByTokenHash(this.store.db, hashToken(token));
    const now = this.options.now();
    if (!row || !this.isOpen(row, now)) throw refuse.sessionExpired();
    if (now - row.lastSeenAt >= this.options.touchMs)
      await repo.touchSessions(this.store.db, [row.sessionId], now);
    const access = await this.accessOf(row);
    return {
      sessionId: row.sessionId,
      account: row.account,
      nickname: row.nickname,
      introduction: row.introduction,
      roleName: row.roleName,
      ...access,
    };
  }

  /** The current access of an account (for re-scoping its live sockets), or undefined if deleted. */
  async access(accountId: number): Promise<Access | undefined> {
    const row = await repo.findAccess(this.store.db, accountId);
    return row ? this.accessOf(row) : undefined;
  }

  private async accessOf(row: repo.AccessRow): Promise<Access> {
    const isSuperRole = row.roleId === SUPER_ROLE_ID;
    const isSuperAccount = row.accountId === SUPER_ACCOUNT_ID;
    return {
      accountId: row.accountId,
      roleId: row.roleId,
      isSuperRole,
      isSuperAccount,
      permissions: isSuperRole ? ALL_PERMISSION_CODES : parsePermissionList(row.rolePermission),
      scope: isSuperAccount ? ALL_SCOPE : await repo.findScope(this.store.db, row.accountId),
    };
  }

  /** Marks sessions as in use (a live socket whose page is visible keeps its session alive). */
  async touch(sessionIds: readonly number[]): Promise<void> {
    await repo.touchSessions(this.store.db, sessionIds, this.options.now());
  }

  /** Those of `sessionIds` that are still open (the others ended: idle, too old, revoked or deleted). */
  async stillOpen(sessionIds: readonly number[]): Promise<Set<number>> {
    const now = this.options.now();
    const rows = await repo.findSessionTimes(this.store.db, sessionIds);
    return new Set(rows.filter((r) => this.isOpen(r, now)).map((r) => r.id));
  }

  async revoke(sessionId: number): Promise<void> {
    await repo.revokeSession(this.store.db, sessionId, this.options.now());
  }

  /**
   * Revokes every session of an account, or all but `keepSessionId`; returns the revoked ids. Pass the
   * transaction of the change that causes it.
   */
  async revokeAccount(accountId: number, keepSessionId?: number, db: Db = this.store.db): Promise<number[]> {
    return repo.revokeAccountSessions(db, accountId, this.options.now(), keepSessionId);
  }

  /** Deletes sessions that ended more than a day ago. */
  async prune(): Promise<number> {
    const { idleMs, touchMs, maxAgeMs, now } = this.options;
    const dayAgo = now() - 86_400_000;
    return repo.pruneSessions(this.store.db, dayAgo - idleMs - touchMs, dayAgo - maxAgeMs);
  }
}
