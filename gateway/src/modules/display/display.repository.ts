import { containsCi, type Db } from '../../platform/db/db.store';
import type { DisplayTokenTable } from '../../platform/db/db.schema';

/** A display row with its bound role's current codes (null when unbound). */
export interface DisplayRecord {
  id: number;
  state: DisplayTokenTable['state'];
  pairCode: string | null;
  pairExpiresAt: number | null;
  label: string;
  name: string;
  roleId: number | null;
  roleName: string;
  /** The bound role's codes now (null when unbound). */
  rolePermission: string | null;
  providers: string;
  createdAt: number;
  createdIp: string;
  userAgent: string;
  approvedAt: number | null;
  approvedBy: string;
  revokedAt: number | null;
  revokedBy: string;
  lastSeenAt: number | null;
  lastIp: string;
}

const base = (db: Db) =>
  db
    .selectFrom('display_token as d')
    .leftJoin('role as r', 'r.id', 'd.role_id')
    .select([
      'd.id as id',
      'd.state as state',
      'd.pair_code as pairCode',
      'd.pair_expires_at as pairExpiresAt',
      'd.label as label',
      'd.name as name',
      'd.role_id as roleId',
      'd.role_name as roleName',
      'r.permission as rolePermission',
      'd.providers as providers',
      'd.created_at as createdAt',
      'd.created_ip as createdIp',
      'd.user_agent as userAgent',
      'd.approved_at as approvedAt',
      'd.approved_by as approvedBy',
      'd.revoked_at as revokedAt',
      'd.revoked_by as revokedBy',
      'd.last_seen_at as lastSeenAt',
      'd.last_ip as lastIp',
    ]);

export async function insertPending(
  db: Db,
  d: {
    tokenHash: string;
    code: string;
    expiresAt: number;
    label: string;
    now: number;
    ip: string;
    userAgent: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('display_token')
    .values({
      token_hash: d.tokenHash,
      state: 'pending',
      pair_code: d.code,
      pair_expires_at: d.expiresAt,
      label: d.label,
      name: '',
      role_id: null,
      role_name: '',
      providers: '',
      created_at: d.now,
      created_ip: d.ip.slice(0, 64),
      user_agent: d.userAgent.slice(0, 256),
      approved_at: null,
      approved_by: '',
      revoked_at: null,
      revoked_by: '',
      last_seen_at: null,
      last_ip: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findByTokenHash(db: Db, tokenHash: string): Promise<DisplayRecord | undefined> {
  return base(db).where('d.token_hash', '=', tokenHash).executeTakeFirst();
}

export function findById(db: Db, id: number): Promise<DisplayRecord | undefined> {
  return base(db).where('d.id', '=', id).executeTakeFirst();
}

/** The pending request of a code, if it has not expired at `now`. */
export function findPendingByCode(db: Db, code: string, now: number): Promise<DisplayRecord | undefined> {
  return base(db)
    .where('d.pair_code', '=', code)
    .where('d.state', '=', 'pending')
    .where('d.pair_expires_at', '>', now)
    .executeTakeFirst();
}

/** Activates a pending request (compare-and-set on its code and expiry); whether it did. */
export async function activate(
  db: Db,
  d: {
    id: number;
    code: string;
    now: number;
    name: string;
    roleId: number;
    roleName: string;
    providers: readonly number[];
    by: string;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('display_token')
    .set({
      state: 'active',
      pair_code: null,
      pair_expires_at: null,
      name: d.name,
      role_id: d.roleId,
      role_name: d.roleName,
      providers: d.providers.join(','),
      approved_at: d.now,
      approved_by: d.by,
    })
    .where('id', '=', d.id)
    .where('state', '=', 'pending')
    .where('pair_code', '=', d.code)
    .where('pair_expires_at', '>', d.now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Revokes an active display (its role is let go); whether it was active. */
export async function revoke(db: Db, id: number, now: number, by: string): Promise<boolean> {
  const res = await db
    .updateTable('display_token')
    .set({ state: 'revoked', revoked_at: now, revoked_by: by, role_id: null })
    .where('id', '=', id)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Renames an active display; false when it is not (or no longer) active. */
export async function rename(db: Db, id: number, name: string): Promise<boolean> {
  const res = await db
    .updateTable('display_token')
    .set({ name })
    .where('id', '=', id)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function list(
  db: Db,
  q: {
    keyword?: string | undefined;
    state?: 'active' | 'revoked' | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: DisplayRecord[]; total: number }> {
  let rows = base(db).where('d.state', '!=', 'pending');
  let count = db.selectFrom('display_token as d').where('d.state', '!=', 'pending');
  if (q.state) {
    rows = rows.where('d.state', '=', q.state);
    count = count.where('d.state', '=', q.state);
  }
  if (q.keyword) {
    const keyword = q.keyword;
    rows = rows.where((eb) => eb.or([containsCi('d.name', keyword), containsCi('d.label', keyword)]));
    count = count.where((eb) => eb.or([containsCi('d.name', keyword), containsCi('d.label', keyword)]));
  }
  const list = await rows.orderBy('d.id', 'desc').offset(q.offset).limit(q.limit).execute();
  const total = await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows: list, total: Number(total.n) };
}

/** Records contact with displays (a request or a live socket). */
export async function touch(db: Db, ids: readonly number[], now: number, ip?: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('display_token')
    .set(ip === undefined ? { last_seen_at: now } : { last_seen_at: now, last_ip: ip.slice(0, 64) })
    .where('id', 'in', ids)
    .where('state', '!=', 'revoked')
    .execute();
}

/** Those of `ids` that are active. */
export async function activeAmong(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('display_token')
    .where('id', 'in', ids)
    .where('state', '=', 'active')
    .select('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Deletes pending requests whose code expired before `before`. */
export async function prunePending(db: Db, before: number): Promise<number> {
  const res = await db
    .deleteFrom('display_token')
    .where('state', '=', 'pending')
    .where('pair_expires_at', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
