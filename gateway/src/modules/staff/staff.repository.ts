import type { Scope } from '../../platform/auth/auth.context';
import { containsCi, type Db } from '../../platform/db/db.store';
import { SUPER_ACCOUNT_ID } from '../../platform/db/db.seed';

/** An account as stored, with its role and scope. */
export interface AccountRecord {
  id: number;
  account: string;
  nickname: string;
  roleId: number;
  roleName: string;
  rolePermission: string;
  providers: number[];
  currencies: string[];
  createdAt: number;
  updatedAt: number;
  lastLoginAt: number | null;
}

export interface StaffFilter {
  keyword?: string | undefined;
  roleId?: number | undefined;
  /** Only accounts whose whole scope lies inside this one (the caller's); `'all'` lists everyone. */
  within: Scope;
  offset: number;
  limit: number;
}

function selectAccounts(db: Db) {
  return db
    .selectFrom('account as a')
    .innerJoin('role as r', 'r.id', 'a.role_id')
    .select([
      'a.id',
      'a.account',
      'a.nickname',
      'a.role_id as roleId',
      'r.name as roleName',
      'r.permission as rolePermission',
      'a.created_at as createdAt',
      'a.updated_at as updatedAt',
      'a.last_login_at as lastLoginAt',
    ]);
}

type AccountQuery = ReturnType<typeof selectAccounts>;

function applyFilter(q: AccountQuery, f: StaffFilter): AccountQuery {
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([containsCi('a.account', k), containsCi('a.nickname', k)]));
  }
  if (f.roleId !== undefined) q = q.where('a.role_id', '=', f.roleId);
  const { providers, currencies } = f.within;
  if (providers !== 'all' || currencies !== 'all') q = q.where('a.id', '!=', SUPER_ACCOUNT_ID);
  if (providers !== 'all') {
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('account_provider as ap')
            .select('ap.account_id')
            .whereRef('ap.account_id', '=', 'a.id')
            .$if(providers.length > 0, (sq) => sq.where('ap.provider_id', 'not in', providers)),
        ),
      ),
    );
  }
  if (currencies !== 'all') {
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('account_currency as ac')
            .select('ac.account_id')
            .whereRef('ac.account_id', '=', 'a.id')
            .$if(currencies.length > 0, (sq) => sq.where('ac.currency_code', 'not in', currencies)),
        ),
      ),
    );
  }
  return q;
}

async function withScopes(
  db: Db,
  rows: Omit<AccountRecord, 'providers' | 'currencies'>[],
): Promise<AccountRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [providers, currencies] = await Promise.all([
    db
      .selectFrom('account_provider')
      .where('account_id', 'in', ids)
      .select(['account_id', 'provider_id'])
      .orderBy('provider_id')
      .execute(),
    db
      .selectFrom('account_currency')
      .where('account_id', 'in', ids)
      .select(['account_id', 'currency_code'])
      .orderBy('currency_code')
      .execute(),
  ]);
  return rows.map((r) => ({
    ...r,
    providers: providers.filter((p) => p.account_id === r.id).map((p) => p.provider_id),
    currencies: currencies.filter((c) => c.account_id === r.id).map((c) => c.currency_code),
  }));
}

/** A page of accounts, newest first. */
export async function listAccounts(
  db: Db,
  f: StaffFilter,
): Promise<{ rows: AccountRecord[]; total: number }> {
  const [rows, total] = await Promise.all([
    applyFilter(selectAccounts(db), f)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    applyFilter(selectAccounts(db), f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: await withScopes(db, rows), total: Number(total.n) };
}

/** One account with its role and scope. */
export async function findAccount(db: Db, id: number): Promise<AccountRecord | undefined> {
  const row = await selectAccounts(db).where('a.id', '=', id).executeTakeFirst();
  return row ? (await withScopes(db, [row]))[0] : undefined;
}

/** Whether an account has this name, ignoring case. */
export async function accountNameTaken(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('account')
    .where((eb) => eb(eb.fn('lower', ['account']), '=', name.toLowerCase()))
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A role's id, name and codes, if it exists. */
export async function findRoleRef(
  db: Db,
  id: number,
): Promise<{ id: number; name: string; permission: string } | undefined> {
  return db.selectFrom('role').where('id', '=', id).select(['id', 'name', 'permission']).executeTakeFirst();
}

export interface AccountWrite {
  nickname: string;
  roleId: number;
  providers: readonly number[];
  currencies: readonly string[];
  now: number;
}

async function replaceScope(db: Db, id: number, providers: readonly number[], currencies: readonly string[]) {
  await db.deleteFrom('account_provider').where('account_id', '=', id).execute();
  await db.deleteFrom('account_currency').where('account_id', '=', id).execute();
  if (providers.length > 0) {
    await db
      .insertInto('account_provider')
      .values(providers.map((p) => ({ account_id: id, provider_id: p })))
      .execute();
  }
  if (currencies.length > 0) {
    await db
      .insertInto('account_currency')
      .values(currencies.map((c) => ({ account_id: id, currency_code: c })))
      .execute();
  }
}

/** Inserts an account and its providers and currencies; returns its id. */
export async function insertAccount(
  db: Db,
  a: AccountWrite & { account: string; passwordHash: string },
): Promise<number> {
  const row = await db
    .insertInto('account')
    .values({
      account: a.account,
      nickname: a.nickname,
      introduction: '',
      password_hash: a.passwordHash,
      role_id: a.roleId,
      created_at: a.now,
      updated_at: a.now,
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceScope(db, row.id, a.providers, a.currencies);
  return row.id;
}

/** Updates an account and replaces its providers and currencies (and password hash when given). */
export async function updateAccount(
  db: Db,
  id: number,
  a: AccountWrite & { passwordHash?: string | undefined },
): Promise<void> {
  await db
    .updateTable('account')
    .set({
      nickname: a.nickname,
      role_id: a.roleId,
      updated_at: a.now,
      ...(a.passwordHash ? { password_hash: a.passwordHash } : {}),
    })
    .where('id', '=', id)
    .execute();
  await replaceScope(db, id, a.providers, a.currencies);
}

/** Deletes an account; its scope rows and sessions go with it (cascade). */
export async function deleteAccount(db: Db, id: number): Promise<void> {
  await db.deleteFrom('account').where('id', '=', id).execute();
}
