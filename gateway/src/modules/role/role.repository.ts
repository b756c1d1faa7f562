import { containsCi, type Db } from '../../platform/db/db.store';

/** A role as stored, with the number of accounts holding it. */
export interface RoleRecord {
  id: number;
  name: string;
  description: string;
  permission: string;
  accountCount: number;
  createdAt: number;
  updatedAt: number;
}

function selectRoles(db: Db) {
  return db.selectFrom('role as r').select((eb) => [
    'r.id',
    'r.name',
    'r.description',
    'r.permission',
    'r.created_at as createdAt',
    'r.updated_at as updatedAt',
    eb
      .selectFrom('account as a')
      .whereRef('a.role_id', '=', 'r.id')
      .select((e) => e.fn.countAll<number>().as('n'))
      .as('accountCount'),
  ]);
}

const withCount = (r: Omit<RoleRecord, 'accountCount'> & { accountCount: number | null }): RoleRecord => ({
  ...r,
  accountCount: Number(r.accountCount ?? 0),
});

/** A page of roles, newest first, optionally filtered by a name keyword. */
export async function listRoles(
  db: Db,
  f: { keyword?: string | undefined; offset: number; limit: number },
): Promise<{ rows: RoleRecord[]; total: number }> {
  let count = db.selectFrom('role as r').select((eb) => eb.fn.countAll<number>().as('n'));
  let rows = selectRoles(db);
  if (f.keyword) {
    count = count.where(containsCi('r.name', f.keyword));
    rows = rows.where(containsCi('r.name', f.keyword));
  }
  const [list, total] = await Promise.all([
    rows.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').offset(f.offset).limit(f.limit).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: list.map(withCount), total: Number(total.n) };
}

/** Every role, oldest first (for pickers). */
export async function listAllRoles(db: Db): Promise<{ id: number; name: string; permission: string }[]> {
  return db.selectFrom('role').select(['id', 'name', 'permission']).orderBy('id').execute();
}

/** One role with its account count. */
export async function findRole(db: Db, id: number): Promise<RoleRecord | undefined> {
  const row = await selectRoles(db).where('r.id', '=', id).executeTakeFirst();
  return row ? withCount(row) : undefined;
}

/** Whether another role has this name, ignoring case. */
export async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('role')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .select('id');
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Inserts a role (codes already normalised); returns its id. */
export async function insertRole(
  db: Db,
  r: { name: string; description: string; permission: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('role')
    .values({
      name: r.name,
      description: r.description,
      permission: r.permission,
      created_at: r.now,
      updated_at: r.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRole(
  db: Db,
  id: number,
  r: { name: string; description: string; permission: string; now: number },
): Promise<void> {
  await db
    .updateTable('role')
    .set({ name: r.name, description: r.description, permission: r.permission, updated_at: r.now })
    .where('id', '=', id)
    .execute();
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.deleteFrom('role').where('id', '=', id).execute();
}
