import { sql, type Kysely, type Migration } from 'kysely';
import { ALL_PERMISSION_CODES } from '@dms/shared/permissions/codes';
import type { Database } from './db.schema';
import { SEED_CURRENCIES, SEED_PROVIDERS, SUPER_ACCOUNT_NAME } from './db.seed';
import { PLATFORM_DATA_MIGRATION, platformDataMigration } from './db.platformData';
import { ROLLUP_VERSION_MIGRATION, rollupVersionMigration } from './db.rollupVersion';
import { INGEST_LEAN_MIGRATION, ingestLeanMigration } from './db.ingestLean';
import { EXCHANGE_RATES_MIGRATION, exchangeRatesMigration } from './db.exchangeRates';
import { LOGIN_DEVICES_MIGRATION, loginDevicesMigration } from './db.loginDevices';
import { COMMIT_SEQ_MIGRATION, commitSeqMigration } from './db.commitSeq';
import {
  RISK_RUNNER_MIGRATION,
  RISK_SNAPSHOT_PIECES_MIGRATION,
  riskRunnerMigration,
  riskSnapshotPiecesMigration,
} from './db.riskRunner';
import { DISPLAY_TOKENS_MIGRATION, displayTokensMigration } from './db.displayTokens';
import {
  LIVE_REPLAY_MIGRATION,
  LIVE_TABLES_MIGRATION,
  liveReplayMigration,
  liveTablesMigration,
} from './db.liveReplay';
import {
  RISK_ADMIN_MIGRATION,
  RISK_EVIDENCE_SEQ_MIGRATION,
  RISK_FINDINGS_MIGRATION,
  riskAdminMigration,
  riskEvidenceSeqMigration,
  riskFindingsMigration,
} from './db.risk';
import { GAME_TABLES_MIGRATION, gameTablesMigration } from './db.gameTables';
import { TP_SIMULATIONS_MIGRATION, tpSimulationsMigration } from './db.teenPattiSim';
import { ROLLUP_PENDING_MIGRATION, rollupPendingMigration } from './db.rollupPending';

export type Dialect = 'sqlite' | 'postgres';

/** What the seed migration needs from outside: the admin password hash, computed only when it runs. */
export interface SeedInput {
  /** Returns the hash of the admin password; called once, on first start. */
  adminPasswordHash: () => Promise<string>;
  now: () => number;
}

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/**
 * The versioned migrations, in order. The same code serves SQLite and PostgreSQL: ids are `integer
 * primary key autoincrement` on SQLite and `serial` on PostgreSQL; times are bigint epoch milliseconds.
 * Never edit a shipped migration: add a new one.
 */
export function buildMigrations(dialect: Dialect, seed: SeedInput): Record<string, Migration> {
  const idColumn = (table: CreateTable) =>
    table.addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );

  return {
    '0001_base_and_access': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('provider')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('currency')
          .addColumn('code', 'varchar(10)', (c) => c.primaryKey())
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await idColumn(db.schema.createTable('role'))
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('description', 'varchar(256)', (c) => c.notNull().defaultTo(''))
          .addColumn('permission', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('role_name_ci')
          .on('role')
          .unique()
          .expression(sql`lower(name)`)
          .execute();
        await db.schema.createIndex('role_created').on('role').columns(['created_at', 'id']).execute();
        await idColumn(db.schema.createTable('account'))
          .addColumn('account', 'varchar(64)', (c) => c.notNull())
          .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('introduction', 'varchar(256)', (c) => c.notNull().defaultTo(''))
          .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
          .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('restrict'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('last_login_at', 'bigint')
          .execute();
        await db.schema
          .createIndex('account_name_ci')
          .on('account')
          .unique()
          .expression(sql`lower(account)`)
          .execute();
        await db.schema.createIndex('account_role').on('account').column('role_id').execute();
        await db.schema.createIndex('account_created').on('account').columns(['created_at', 'id']).execute();
        await db.schema
          .createTable('account_provider')
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('provider_id', 'integer', (c) =>
            c.notNull().references('provider.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('account_provider_pk', ['account_id', 'provider_id'])
          .execute();
        await db.schema
          .createTable('account_currency')
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('currency_code', 'varchar(10)', (c) =>
            c.notNull().references('currency.code').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('account_currency_pk', ['account_id', 'currency_code'])
          .execute();
        await idColumn(db.schema.createTable('session'))
          .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('user_agent', 'varchar(256)', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema.createIndex('session_account').on('session').column('account_id').execute();
        await db.schema.createIndex('session_last_seen').on('session').column('last_seen_at').execute();
        await idColumn(db.schema.createTable('audit_log'))
          .addColumn('at', 'bigint', (c) => c.notNull())
          .addColumn('actor_id', 'integer', (c) => c.notNull())
          .addColumn('actor_name', 'varchar(64)', (c) => c.notNull())
          .addColumn('action', 'varchar(32)', (c) => c.notNull())
          .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
          .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('detail', 'text', (c) => c.notNull())
          .addColumn('ip', 'varchar(64)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('audit_at').on('audit_log').columns(['at', 'id']).execute();
        await db.schema.createIndex('audit_actor').on('audit_log').columns(['actor_id', 'at']).execute();
        await db.schema.createIndex('audit_target').on('audit_log').columns(['target_type', 'at']).execute();
      },
    },
    '0002_seed': {
      async up(db: AnyDb) {
        const now = seed.now();
        const hash = await seed.adminPasswordHash();
        const typed = db as Kysely<Database>;
        await typed
          .insertInto('provider')
          .values(SEED_PROVIDERS.map((p) => ({ ...p, created_at: now })))
          .execute();
        await typed
          .insertInto('currency')
          .values(SEED_CURRENCIES.map((c, i) => ({ ...c, sort: i })))
          .execute();
        // Fresh tables: the first row of each gets id 1 on both dialects (super role, super account).
        const role = await typed
          .insertInto('role')
          .values({
            name: 'Super Admin',
            description: 'Holds every permission, current and future',
            permission: ALL_PERMISSION_CODES.join(','),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const account = await typed
          .insertInto('account')
          .values({
            account: SUPER_ACCOUNT_NAME,
            nickname: 'Administrator',
            introduction: 'I am a super administrator',
            password_hash: hash,
            role_id: role.id,
            created_at: now,
            updated_at: now,
            last_login_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (role.id !== 1 || account.id !== 1) throw new Error('seed expected empty role and account tables');
      },
    },
    [PLATFORM_DATA_MIGRATION]: platformDataMigration(dialect),
    [ROLLUP_VERSION_MIGRATION]: rollupVersionMigration(dialect),
    [INGEST_LEAN_MIGRATION]: ingestLeanMigration,
    [LOGIN_DEVICES_MIGRATION]: loginDevicesMigration(dialect),
    [EXCHANGE_RATES_MIGRATION]: exchangeRatesMigration(dialect),
    [COMMIT_SEQ_MIGRATION]: commitSeqMigration,
    [RISK_RUNNER_MIGRATION]: riskRunnerMigration,
    [DISPLAY_TOKENS_MIGRATION]: displayTokensMigration(dialect),
    [LIVE_REPLAY_MIGRATION]: liveReplayMigration,
    [RISK_FINDINGS_MIGRATION]: riskFindingsMigration(dialect),
    [RISK_ADMIN_MIGRATION]: riskAdminMigration(dialect),
    [GAME_TABLES_MIGRATION]: gameTablesMigration(dialect),
    [TP_SIMULATIONS_MIGRATION]: tpSimulationsMigration(dialect),
    [RISK_SNAPSHOT_PIECES_MIGRATION]: riskSnapshotPiecesMigration,
    [LIVE_TABLES_MIGRATION]: liveTablesMigration,
    [ROLLUP_PENDING_MIGRATION]: rollupPendingMigration,
    [RISK_EVIDENCE_SEQ_MIGRATION]: riskEvidenceSeqMigration,
  };
}

type CreateTable = ReturnType<AnyDb['schema']['createTable']>;
