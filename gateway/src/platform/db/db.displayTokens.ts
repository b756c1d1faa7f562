import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './db.migrations';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const DISPLAY_TOKENS_MIGRATION = '0015_display_tokens';

/**
 * Wall screens (`contracts/http/display.ts`): one row per display token, stored as its SHA-256 only.
 * `pending` rows carry the pairing code and its expiry until an administrator approves them; `active`
 * rows the role they are bound to (its monitor codes, read afresh on every check) and their providers
 * (comma-separated ids); `revoked` rows keep who revoked them and when, and lose their role (so that the
 * role can be deleted). `last_seen_at` is the last contact (a request or a live socket). Deleting a role
 * bound to an active display is refused (the role is in use).
 */
export function displayTokensMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('display_token')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('pair_code', 'varchar(16)', (c) => c.unique())
        .addColumn('pair_expires_at', 'bigint')
        .addColumn('label', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('role_id', 'integer', (c) => c.references('role.id'))
        .addColumn('role_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('providers', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('approved_at', 'bigint')
        .addColumn('approved_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('revoked_at', 'bigint')
        .addColumn('revoked_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('last_seen_at', 'bigint')
        .addColumn('last_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('display_token_state')
        .on('display_token')
        .columns(['state', 'id'])
        .execute();
      await db.schema.createIndex('display_token_role').on('display_token').column('role_id').execute();
    },
  };
}
