import type { Db } from '../db/db.store';

/** A session joined with its account and role: what a request needs, in one query. */
export interface SessionRow {
  sessionId: number;
  createdAt: number;
  lastSeenAt: number;
  revokedAt: number | null;
  accountId: number;
  account: string;
  nickname: string;
  introduction: string;
  roleId: number;
  roleName: string;
  rolePermission: string;
}

/** An account's access without a session. */
export interface AccessRow {
  accountId: number;
  roleId: number;
  rolePermission: string;
}

/** Stores a new session (the token's hash only); returns its id. */
export async function insertSession(
  db: Db,
  s: { tokenHash: string; accountId: number; now: number; ip: string; userAgent: string },
): Promise<number> {
  const row = await db
    .insertInto('session')
    .values({
      token_hash: s.tokenHash,
      account_id: s.accountId,
      created_at: s.now,
      last_seen_at: s.now,
      revoked_at: null,
      ip: s.ip.slice(0, 64),
      user_agent: s.userAgent.slice(0, 256),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The session of a token hash, joined with its account and role; revoked and idle ones included. */
export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('session as s')
    .innerJoin('account as a', 'a.id', 's.account_id')
    .innerJoin('role as r', 'r.id', 'a.role_id')
    .where('s.token_hash', '=', tokenHash)
    .select([
      's.id as sessionId',
      's.created_at as createdAt',
      's.last_seen_at as lastSeenAt',
      's.revoked_at as revokedAt',
      'a.id as accountId',
      'a.account as account',
      'a.nickname as nickname',
      'a.introduction as introduction',
      'r.id as roleId',
      'r.name as roleName',
      'r.permission as rolePermission',
    ])
    .executeTakeFirst();
}

/** An account's role and codes, without a session (for re-scoping live sockets). */
export async function findAccess(db: Db, accountId: number): Promise<AccessRow | undefined> {
  return db
    .selectFrom('account as a')
    .innerJoin('role as r', 'r.id', 'a.role_id')
    .where('a.id', '=', accountId)
    .select(['a.id as accountId', 'r.id as roleId', 'r.permission as rolePermission'])
    .executeTakeFirst();
}

/** The providers and currencies assigned to an account (one round trip). */
export async function findScope(
  db: Db,
  accountId: number,
): Promise<{ providers: number[]; currencies: string[] }> {
  const rows = await db
    .selectFrom('account_provider')
    .where('account_id', '=', accountId)
    .select((eb) => [eb.val('p').as('kind'), eb.cast<string>('provider_id', 'varchar(10)').as('value')])
    .unionAll(
      db
        .selectFrom('account_currency')
        .where('account_id', '=', accountId)
        .select((eb) => [eb.val('c').as('kind'), 'currency_code as value']),
    )
    .execute();
  const providers = rows.filter((r) => r.kind === 'p').map((r) => Number(r.value));
  const currencies = rows.filter((r) => r.kind === 'c').map((r) => r.value);
  return { providers: providers.sort((a, b) => a - b), currencies: currencies.sort() };
}

/** When sessions began and were last used, and whether they were revoked (the expiry check of sockets). */
export async function findSessionTimes(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; createdAt: number; lastSeenAt: number; revokedAt: number | null }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('session')
    .where('id', 'in', ids)
    .select(['id', 'created_at as createdAt', 'last_seen_at as lastSeenAt', 'revoked_at as revokedAt'])
    .execute();
}

/** Moves the last-seen time of live (not revoked) sessions to `now`. */
export async function touchSessions(db: Db, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('session')
    .set({ last_seen_at: now })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the live sessions of an account except `keepId`; returns the ids revoked. */
export async function revokeAccountSessions(
  db: Db,
  accountId: number,
  now: number,
  keepId?: number,
): Promise<number[]> {
  let q = db
    .updateTable('session')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (keepId !== undefined) q = q.where('id', '!=', keepId);
  const rows = await q.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Revokes one session (no-op if already revoked). */
export async function revokeSession(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Deletes sessions revoked or idle since before `before`, or begun before `createdBefore`. */
export async function pruneSessions(db: Db, before: number, createdBefore: number): Promise<number> {
  const res = await db
    .deleteFrom('session')
    .where((eb) =>
      eb.or([eb('last_seen_at', '<', before), eb('revoked_at', '<', before), eb('created_at', '<', createdBefore)]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
