import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from './db.migrations';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Names of the migrations in the versioned list. */
export const RISK_FINDINGS_MIGRATION = '0017_risk_findings';
export const RISK_ADMIN_MIGRATION = '0018_risk_admin';
export const RISK_EVIDENCE_SEQ_MIGRATION = '0024_risk_evidence_seq';

/** An auto-numbered primary key column of either dialect. */
function autoId(table: CreateTableBuilder<string, never>, name: string, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn(name, 'bigserial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * What the risk engine found (`gateway/src/modules/risk`). `risk_change` numbers every stored change of a
 * finding or an alert (`seq`, ascending in the order they were stored) with the live event it was pushed
 * as: `live:resume` replays it. Groups, players and providers hold the current picture of each finding
 * (`providers` comma-separated, with leading and trailing commas, so that `like '%,7,%'` scopes it);
 * `risk_group_round` its evidence rounds; `risk_alert` every alert with its state and who changed it.
 */
export function riskFindingsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await autoId(db.schema.createTable('risk_change'), 'seq', dialect)
        .addColumn('event', 'varchar(32)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('risk_group')
        .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('members', 'text', (c) => c.notNull())
        .addColumn('providers', 'varchar(400)', (c) => c.notNull())
        .addColumn('accounts', 'text', (c) => c.notNull())
        .addColumn('rounds', 'integer', (c) => c.notNull())
        .addColumn('turnover', 'bigint', (c) => c.notNull())
        .addColumn('first_detected_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('tables', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('risk_group_recent')
        .on('risk_group')
        .columns(['last_seen_at', 'id'])
        .execute();
      await db.schema
        .createTable('risk_group_round')
        .addColumn('group_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('round_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('risk_group_round_pk', ['group_id', 'round_id'])
        .execute();
      await db.schema
        .createIndex('risk_group_round_round')
        .on('risk_group_round')
        .column('round_id')
        .execute();
      await db.schema
        .createTable('risk_player')
        .addColumn('provider', 'integer', (c) => c.notNull())
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('kinds', 'varchar(64)', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('first_detected_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('risk_player_pk', ['provider', 'account'])
        .execute();
      await db.schema.createIndex('risk_player_recent').on('risk_player').column('last_seen_at').execute();
      await db.schema
        .createTable('risk_provider')
        .addColumn('provider', 'integer', (c) => c.primaryKey())
        .addColumn('kinds', 'varchar(64)', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('first_detected_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .execute();
      await autoId(db.schema.createTable('risk_alert'), 'id', dialect)
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('subject', 'varchar(200)', (c) => c.notNull())
        .addColumn('providers', 'varchar(400)', (c) => c.notNull())
        .addColumn('raised_at', 'bigint', (c) => c.notNull())
        .addColumn('assignee_id', 'integer')
        .addColumn('assignee_name', 'varchar(64)')
        .addColumn('snoozed_until', 'bigint')
        .addColumn('outcome', 'varchar(16)')
        .addColumn('by_id', 'integer')
        .addColumn('by_name', 'varchar(64)')
        .addColumn('at', 'bigint')
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_alert_state').on('risk_alert').columns(['state', 'id']).execute();
      await db.schema
        .createIndex('risk_alert_raised')
        .on('risk_alert')
        .columns(['raised_at', 'id'])
        .execute();
    },
  };
}

/**
 * Risk administration: the settings (one row, id 1, JSON of `riskSettingsSchema`), the Telegram groups
 * that receive alerts, their outbox (a message waits there until Telegram took it), and the manual risk
 * list (one entry per account and provider).
 */
export function riskAdminMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('risk_setting')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
        .execute();
      await autoId(db.schema.createTable('telegram_group'), 'id', dialect)
        .addColumn('provider_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('company_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('language', 'varchar(8)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await autoId(db.schema.createTable('telegram_outbox'), 'id', dialect)
        .addColumn('alert_id', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('telegram_outbox_next')
        .on('telegram_outbox')
        .columns(['next_at', 'id'])
        .execute();
      await autoId(db.schema.createTable('risk_manual'), 'id', dialect)
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('provider', 'integer', (c) => c.notNull())
        .addColumn('risk_type', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addUniqueConstraint('risk_manual_account_provider', ['account', 'provider'])
        .execute();
    },
  };
}

export interface RiskChangeTable {
  seq: number;
  event: string;
  payload: string;
  at: number;
}
export interface RiskGroupTable {
  id: string;
  kind: string;
  level: number;
  score: number;
  members: string;
  providers: string;
  accounts: string;
  rounds: number;
  turnover: number;
  first_detected_at: number;
  last_seen_at: number;
  tables: string;
  seq: number;
}
export interface RiskGroupRoundTable {
  group_id: string;
  round_id: string;
  seq: number;
}
export interface RiskPlayerTable {
  provider: number;
  account: string;
  kinds: string;
  level: number;
  score: number;
  reason: string;
  first_detected_at: number;
  last_seen_at: number;
  seq: number;
}
export interface RiskProviderTable {
  provider: number;
  kinds: string;
  level: number;
  score: number;
  reason: string;
  first_detected_at: number;
  last_seen_at: number;
  seq: number;
}
export interface RiskAlertTable {
  id: number;
  kind: string;
  level: number;
  state: string;
  subject: string;
  providers: string;
  raised_at: number;
  assignee_id: number | null;
  assignee_name: string | null;
  snoozed_until: number | null;
  outcome: string | null;
  by_id: number | null;
  by_name: string | null;
  at: number | null;
  seq: number;
}
export interface RiskSettingTable {
  id: number;
  settings: string;
  updated_at: number;
  updated_by: string;
}
export interface TelegramGroupTable {
  id: number;
  provider_name: string;
  company_name: string;
  group_id: string;
  language: string;
  created_at: number;
}
export interface TelegramOutboxTable {
  id: number;
  alert_id: number;
  attempts: number;
  next_at: number;
  last_error: string | null;
}
export interface RiskManualTable {
  id: number;
  account: string;
  provider: number;
  risk_type: number;
  created_at: number;
  created_by: string;
}

/** The risk tables, to add to a repository's Kysely type. */
export interface RiskTables {
  risk_change: RiskChangeTable;
  risk_group: RiskGroupTable;
  risk_group_round: RiskGroupRoundTable;
  risk_player: RiskPlayerTable;
  risk_provider: RiskProviderTable;
  risk_alert: RiskAlertTable;
  risk_setting: RiskSettingTable;
  telegram_group: TelegramGroupTable;
  telegram_outbox: TelegramOutboxTable;
  risk_manual: RiskManualTable;
}

/**
 * `risk_group_round (seq)`: the newest evidence stored, read at each open of the monitor's chart
 * (`GET /risk/crossbet/volume`), without a walk of every evidence round.
 */
export const riskEvidenceSeqMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('risk_group_round_seq').on('risk_group_round').column('seq').execute();
  },
};
