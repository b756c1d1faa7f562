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

/** A remembered sign-in device: its id and the account it signed in to. */
export interface LoginDevice {
  id: number;
  accountId: number;
  account: string;
}

/** The device of a token hash, with its account's name, if it was used since `usedSince`. */
export async function findDevice(
  db: Db,
  tokenHash: string,
  usedSince: number,
): Promise<LoginDevice | undefined> {
  return db
    .selectFrom('login_device as d')
    .innerJoin('account as a', 'a.id', 'd.account_id')
    .where('d.token_hash', '=', tokenHash)
    .where('d.last_used_at', '>=', usedSince)
    .select(['d.id as id', 'a.id as accountId', 'a.account as account'])
    .executeTakeFirst();
}

/** Remembers a device for an account (the token's hash only). */
export async function insertDevice(db: Db, tokenHash: string, accountId: number, now: number): Promise<void> {
  await db
    .insertInto('login_device')
    .values({ token_hash: tokenHash, account_id: accountId, created_at: now, last_used_at: now })
    .execute();
}

/** Marks a device as used now (a successful sign-in from it). */
export async function touchDevice(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('login_device').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** Forgets devices not used since `before`. */
export async function pruneDevices(db: Db, before: number): Promise<number> {
  const res = await db.deleteFrom('login_device').where('last_used_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
