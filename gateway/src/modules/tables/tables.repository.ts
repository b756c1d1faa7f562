import { sql, type Kysely } from 'kysely';
import type { TableIconType, TableRow, UnconfiguredTable } from '@dms/shared/contracts/http/tables';
import type { PlatformTables } from '../../engine/events.tables';
import type { Db } from '../../platform/db/db.store';

/** What a create or an update writes (the icon only when one was uploaded). */
export interface TableWrite {
  gameId: number;
  tableId: string;
  name: string;
  type: number;
  enabled: boolean;
}

/** An uploaded icon as stored. */
export interface IconWrite {
  type: TableIconType;
  data: Uint8Array;
  hash: string;
}

/** A configured, enabled table as the simulator and other readers need it. */
export interface ConfiguredTable {
  gameId: number;
  tableId: string;
  name: string;
  type: number;
}

/** The key of a name within its game: two names that differ only in case are the same name. */
export function nameKey(name: string): string {
  return name.toLowerCase();
}

const ROW_COLUMNS = [
  'id',
  'game_id',
  'table_id',
  'name',
  'type',
  'enabled',
  'icon_type',
  'icon_size',
  'icon_hash',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
] as const;

type RowRecord = {
  id: number;
  game_id: number;
  table_id: string;
  name: string;
  type: number;
  enabled: number;
  icon_type: string;
  icon_size: number;
  icon_hash: string;
  created_at: number;
  created_by: string;
  updated_at: number;
  updated_by: string;
};

function toRow(r: RowRecord): TableRow {
  return {
    id: Number(r.id),
    gameId: Number(r.game_id),
    tableId: r.table_id,
    name: r.name,
    type: Number(r.type),
    enabled: Number(r.enabled) === 1,
    iconType: r.icon_type as TableIconType,
    iconSize: Number(r.icon_size),
    iconVersion: r.icon_hash.slice(0, 12),
    createdAt: Number(r.created_at),
    createdBy: r.created_by,
    updatedAt: Number(r.updated_at),
    updatedBy: r.updated_by,
  };
}

/** A page of tables, newest first, with the total of the filter. */
export async function listTables(
  db: Db,
  f: { gameId?: number | undefined; enabled?: boolean | undefined; keyword?: string | undefined },
  offset: number,
  limit: number,
): Promise<{ rows: TableRow[]; total: number }> {
  let base = db.selectFrom('game_table');
  if (f.gameId !== undefined) base = base.where('game_id', '=', f.gameId);
  if (f.enabled !== undefined) base = base.where('enabled', '=', f.enabled ? 1 : 0);
  if (f.keyword) {
    const like = `%${f.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // `escape` names the escape character on both dialects (SQLite has no default one).
    base = base.where(
      sql<boolean>`(lower(table_id) like ${like} escape '\\' or name_key like ${like} escape '\\')`,
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(ROW_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRow), total: Number(count.n) };
}

/** One table (without its icon's bytes), or undefined. */
export async function findTable(db: Db, id: number): Promise<TableRow | undefined> {
  const r = await db.selectFrom('game_table').select(ROW_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r ? toRow(r) : undefined;
}

/** Whether another table (not `except`) has the platform table id `tableId`. */
export async function tableIdTaken(db: Db, tableId: string, except?: number): Promise<boolean> {
  let q = db.selectFrom('game_table').select('id').where('table_id', '=', tableId);
  if (except !== undefined) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Whether another table (not `except`) of game `gameId` has the name `name` (whatever its case). */
export async function gameNameTaken(db: Db, gameId: number, name: string, except?: number): Promise<boolean> {
  let q = db
    .selectFrom('game_table')
    .select('id')
    .where('game_id', '=', gameId)
    .where('name_key', '=', nameKey(name));
  if (except !== undefined) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}

const bytesOf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** Inserts a table; returns its id. */
export async function insertTable(
  db: Db,
  t: TableWrite,
  icon: IconWrite,
  author: { at: number; by: string },
): Promise<number> {
  const row = await db
    .insertInto('game_table')
    .values({
      game_id: t.gameId,
      table_id: t.tableId,
      name: t.name,
      name_key: nameKey(t.name),
      type: t.type,
      enabled: t.enabled ? 1 : 0,
      icon_type: icon.type,
      icon_size: icon.data.byteLength,
      icon_hash: icon.hash,
      icon_data: bytesOf(icon.data),
      created_at: author.at,
      created_by: author.by.slice(0, 64),
      updated_at: author.at,
      updated_by: author.by.slice(0, 64),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Changes a table's fields, and its icon when `icon` is given. */
export async function updateTable(
  db: Db,
  id: number,
  t: TableWrite,
  icon: IconWrite | undefined,
  author: { at: number; by: string },
): Promise<void> {
  await db
    .updateTable('game_table')
    .set({
      game_id: t.gameId,
      table_id: t.tableId,
      name: t.name,
      name_key: nameKey(t.name),
      type: t.type,
      enabled: t.enabled ? 1 : 0,
      ...(icon
        ? {
            icon_type: icon.type,
            icon_size: icon.data.byteLength,
            icon_hash: icon.hash,
            icon_data: bytesOf(icon.data),
          }
        : {}),
      updated_at: author.at,
      updated_by: author.by.slice(0, 64),
    })
    .where('id', '=', id)
    .execute();
}

/** Switches a table on or off. */
export async function setTableEnabled(
  db: Db,
  id: number,
  enabled: boolean,
  author: { at: number; by: string },
): Promise<void> {
  await db
    .updateTable('game_table')
    .set({ enabled: enabled ? 1 : 0, updated_at: author.at, updated_by: author.by.slice(0, 64) })
    .where('id', '=', id)
    .execute();
}

/** Deletes a table; returns whether there was one. */
export async function deleteTable(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('game_table').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The icon of a table: its media type and bytes. */
export async function tableIcon(db: Db, id: number): Promise<{ type: string; data: Buffer } | undefined> {
  const r = await db
    .selectFrom('game_table')
    .select(['icon_type', 'icon_data'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? { type: r.icon_type, data: Buffer.from(r.icon_data) } : undefined;
}

/**
 * The tables the stored rounds name that no configured table has (by table id), with the start of their
 * first and last round, their round count and the game of their latest round, most recently seen first.
 * The rounds are grouped by table id first (one pass over the covering index `round_table_time`), then
 * each group is looked up among the configured tables: a lookup per table, not per round.
 */
export async function unconfiguredTables(db: Db, limit: number): Promise<UnconfiguredTable[]> {
  const platform = db as unknown as Kysely<PlatformTables & { game_table: { table_id: string } }>;
  const seen = platform
    .selectFrom('game_round')
    .select((eb) => [
      'table_id',
      eb.fn.min('started_at').as('first_seen'),
      eb.fn.max('started_at').as('last_seen'),
      eb.fn.countAll().as('rounds'),
    ])
    .groupBy('table_id')
    .as('s');
  const rows = await platform
    .selectFrom(seen)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('game_table as t').select('t.table_id').whereRef('t.table_id', '=', 's.table_id')),
      ),
    )
    .select((eb) => [
      's.table_id',
      's.first_seen',
      's.last_seen',
      's.rounds',
      eb
        .selectFrom('game_round as g')
        .select('g.game_id')
        .whereRef('g.table_id', '=', 's.table_id')
        .orderBy('g.started_at', 'desc')
        .limit(1)
        .as('game_id'),
    ])
    .orderBy('s.last_seen', 'desc')
    .orderBy('s.table_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    gameId: Number(r.game_id),
    tableId: r.table_id,
    firstSeenAt: Number(r.first_seen),
    lastSeenAt: Number(r.last_seen),
    rounds: Number(r.rounds),
  }));
}

/**
 * The enabled configured tables (game, platform table id, name, machine type), by game then table id: what
 * the simulator and other readers of the configuration use.
 */
export async function listConfiguredTables(db: Db): Promise<ConfiguredTable[]> {
  const rows = await db
    .selectFrom('game_table')
    .select(['game_id', 'table_id', 'name', 'type'])
    .where('enabled', '=', 1)
    .orderBy('game_id')
    .orderBy('table_id')
    .execute();
  return rows.map((r) => ({
    gameId: Number(r.game_id),
    tableId: r.table_id,
    name: r.name,
    type: Number(r.type),
  }));
}

/** Whether any table is configured (enabled or not). */
export async function hasAnyTable(db: Db): Promise<boolean> {
  return (await db.selectFrom('game_table').select('id').limit(1).executeTakeFirst()) !== undefined;
}
