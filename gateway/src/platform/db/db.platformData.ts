import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './db.migrations';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the platform data migration in the versioned list. */
export const PLATFORM_DATA_MIGRATION = '0003_platform_data';

/**
 * The platform data tables of `docs/DATA-MODEL.md`: raw event tables (the event, bet or round id is the
 * primary key, so a replay changes nothing), settlement bookkeeping, the roll-ups, and the simulator's
 * small state table. Same code on SQLite and PostgreSQL; composite-key tables are `WITHOUT ROWID` on
 * SQLite (clustered by their key, one b-tree instead of two).
 */
export function platformDataMigration(dialect: Dialect): Migration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- builders of untyped migration tables
  type Builder = CreateTableBuilder<any, any>;
  const clustered = (t: Builder): Builder => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t);

  return {
    async up(db: AnyDb) {
      const id = 'varchar(64)';
      const code = 'varchar(10)';
      const day = 'varchar(10)';

      await db.schema
        .createTable('player')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('provider', 'integer', (c) => c.notNull())
        .addColumn('currency', code, (c) => c.notNull())
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('registered_at', 'bigint', (c) => c.notNull())
        .addColumn('day', day, (c) => c.notNull())
        .addColumn('device', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('event_id', id, (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createIndex('player_scope_time')
        .on('player')
        .columns(['provider', 'currency', 'registered_at'])
        .execute();
      await db.schema.createIndex('player_account').on('player').column('account').execute();

      await db.schema
        .createTable('login_record')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('provider', 'integer', (c) => c.notNull())
        .addColumn('currency', code, (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('day', day, (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('device', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_scope_time')
        .on('login_record')
        .columns(['provider', 'currency', 'ts'])
        .execute();
      await db.schema
        .createIndex('login_player_time')
        .on('login_record')
        .columns(['player_id', 'ts'])
        .execute();

      await db.schema
        .createTable('transfer_record')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('provider', 'integer', (c) => c.notNull())
        .addColumn('currency', code, (c) => c.notNull())
        .addColumn('direction', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint')
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('day', day, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('transfer_scope_time')
        .on('transfer_record')
        .columns(['provider', 'currency', 'ts'])
        .execute();
      await db.schema
        .createIndex('transfer_player_time')
        .on('transfer_record')
        .columns(['player_id', 'ts'])
        .execute();

      await db.schema
        .createTable('game_round')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('provider', 'integer', (c) => c.notNull())
        .addColumn('game_id', 'integer', (c) => c.notNull())
        .addColumn('table_id', id, (c) => c.notNull())
        .addColumn('shoe_id', id, (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .addColumn('result', 'text')
        .execute();
      await db.schema
        .createIndex('round_table_time')
        .on('game_round')
        .columns(['table_id', 'started_at'])
        .execute();

      await db.schema
        .createTable('bet_record')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('round_id', id, (c) => c.notNull())
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('provider', 'integer', (c) => c.notNull())
        .addColumn('currency', code, (c) => c.notNull())
        .addColumn('game_id', 'integer', (c) => c.notNull())
        .addColumn('table_id', id, (c) => c.notNull())
        .addColumn('shoe_id', id, (c) => c.notNull())
        .addColumn('bet_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('payout', 'bigint')
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .addColumn('day', day, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('bet_scope_time')
        .on('bet_record')
        .columns(['provider', 'currency', 'ts', 'id'])
        .execute();
      await db.schema.createIndex('bet_round').on('bet_record').column('round_id').execute();
      await db.schema.createIndex('bet_account_time').on('bet_record').columns(['account', 'ts']).execute();

      for (const table of ['bonus_record', 'prize_record'] as const) {
        await db.schema
          .createTable(table)
          .addColumn('id', id, (c) => c.primaryKey())
          .addColumn('player_id', 'bigint', (c) => c.notNull())
          .addColumn('account', 'varchar(64)', (c) => c.notNull())
          .addColumn('provider', 'integer', (c) => c.notNull())
          .addColumn('currency', code, (c) => c.notNull())
          .addColumn('kind', 'varchar(32)', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('ts', 'bigint', (c) => c.notNull())
          .addColumn('day', day, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex(`${table.replace('_record', '')}_scope_time`)
          .on(table)
          .columns(['provider', 'currency', 'ts'])
          .execute();
      }

      // One settlement per round: the round id is the key, so a replayed settlement (same event id, or a
      // second one for the round) is skipped by the same single index.
      await db.schema
        .createTable('settlement')
        .addColumn('round_id', id, (c) => c.primaryKey())
        .addColumn('id', id, (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('pending_payout')
        .addColumn('transaction_id', id, (c) => c.primaryKey())
        .addColumn('round_id', id, (c) => c.notNull())
        .addColumn('payout', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint', (c) => c.notNull())
        .execute();

      const measure = (t: Builder, names: readonly string[]): Builder =>
        names.reduce((acc, name) => acc.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0)), t);

      await clustered(
        measure(
          db.schema
            .createTable('daily_game')
            .addColumn('day', day, (c) => c.notNull())
            .addColumn('provider', 'integer', (c) => c.notNull())
            .addColumn('currency', code, (c) => c.notNull())
            .addColumn('game_id', 'integer', (c) => c.notNull()),
          ['turnover', 'payout', 'bets', 'rounds', 'settled_turnover', 'settled_bets'],
        ).addPrimaryKeyConstraint('daily_game_pk', ['day', 'provider', 'currency', 'game_id']),
      ).execute();

      await clustered(
        measure(
          db.schema
            .createTable('daily_account')
            .addColumn('day', day, (c) => c.notNull())
            .addColumn('provider', 'integer', (c) => c.notNull())
            .addColumn('currency', code, (c) => c.notNull()),
          [
            'registrations',
            'logins',
            'login_players',
            'transfer_in',
            'transfer_in_count',
            'transfer_out',
            'transfer_out_count',
            'bonus',
            'bonus_count',
            'prize',
            'prize_count',
          ],
        ).addPrimaryKeyConstraint('daily_account_pk', ['day', 'provider', 'currency']),
      ).execute();

      await clustered(
        measure(
          db.schema
            .createTable('daily_player')
            .addColumn('day', day, (c) => c.notNull())
            .addColumn('provider', 'integer', (c) => c.notNull())
            .addColumn('currency', code, (c) => c.notNull())
            .addColumn('player_id', 'bigint', (c) => c.notNull())
            .addColumn('account', 'varchar(64)', (c) => c.notNull()),
          [
            'turnover',
            'payout',
            'bets',
            'settled_turnover',
            'settled_bets',
            'wins',
            'transfer_in',
            'transfer_out',
            'bonus',
            'prize',
            'logins',
          ],
        ).addPrimaryKeyConstraint('daily_player_pk', ['day', 'provider', 'currency', 'player_id']),
      ).execute();
      await db.schema
        .createIndex('daily_player_player')
        .on('daily_player')
        .columns(['player_id', 'day'])
        .execute();

      await db.schema
        .createTable('sim_state')
        .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
