import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './db.migrations';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const LOGIN_DEVICES_MIGRATION = '0007_login_devices';

/**
 * Remembered sign-in devices (OWASP's device cookies against brute force): a browser that signed in to an
 * account gets a random device token in an HttpOnly cookie; only its SHA-256 is stored here. Attempts from
 * a remembered device are counted apart from the per-address and per-name throttles, so an attacker
 * guessing an account's password cannot lock its real user out. The token goes with its account.
 */
export function loginDevicesMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('login_device')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_device_account').on('login_device').column('account_id').execute();
      await db.schema.createIndex('login_device_used').on('login_device').column('last_used_at').execute();
    },
  };
}
