import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './db.migrations';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const GAME_TABLES_MIGRATION = '0019_game_tables';

/**
 * `game_table`: the tables of Table setting (`gateway/src/modules/tables`, `shared/src/contracts/http/tables.ts`):
 * game, the platform's table id (unique: `game_table_table_id`), name (unique within a game whatever its
 * case: `name_key` is the lower-cased name, `game_table_game_name`), machine type (0 small, 1 medium, 2
 * big), enabled (0/1), the icon (its bytes, media type as its signature showed, size and SHA-256) and who
 * created and last changed it. `game_table_created` serves the list, newest first.
 */
export function gameTablesMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const table = db.schema.createTable('game_table');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('game_id', 'integer', (c) => c.notNull())
        .addColumn('table_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('icon_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('icon_size', 'integer', (c) => c.notNull())
        .addColumn('icon_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('icon_data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('game_table_table_id')
        .on('game_table')
        .column('table_id')
        .unique()
        .execute();
      await db.schema
        .createIndex('game_table_game_name')
        .on('game_table')
        .columns(['game_id', 'name_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('game_table_created')
        .on('game_table')
        .columns(['created_at', 'id'])
        .execute();
    },
  };
}
