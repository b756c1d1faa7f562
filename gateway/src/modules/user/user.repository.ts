import type { Db } from '../../platform/db/db.store';

export interface Credentials {
  id: number;
  account: string;
  passwordHash: string;
}

/** An account by name, case-insensitively (names are unique regardless of case). */
export async function findCredentialsByName(db: Db, name: string): Promise<Credentials | undefined> {
  return db
    .selectFrom('account')
    .where((eb) => eb(eb.fn('lower', ['account']), '=', name.toLowerCase()))
    .select(['id', 'account', 'password_hash as passwordHash'])
    .executeTakeFirst();
}

/** An account's name and password hash by id. */
export async function findCredentialsById(db: Db, id: number): Promise<Credentials | undefined> {
  return db
    .selectFrom('account')
    .where('id', '=', id)
    .select(['id', 'account', 'password_hash as passwordHash'])
    .executeTakeFirst();
}

/** Replaces an account's password hash (sessions are revoked by the caller). */
export async function setPasswordHash(db: Db, id: number, hash: string, now: number): Promise<void> {
  await db
    .updateTable('account')
    .set({ password_hash: hash, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Records a successful sign-in time. */
export async function setLastLogin(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('account').set({ last_login_at: now }).where('id', '=', id).execute();
}

/** Name and nickname of an account, for its avatar. */
export async function findDisplayName(
  db: Db,
  id: number,
): Promise<{ account: string; nickname: string } | undefined> {
  return db.selectFrom('account').where('id', '=', id).select(['account', 'nickname']).executeTakeFirst();
}
