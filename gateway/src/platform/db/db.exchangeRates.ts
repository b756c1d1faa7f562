import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './db.migrations';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const EXCHANGE_RATES_MIGRATION = '0008_exchange_rates';

/**
 * `exchange_rate`: one rate per business day and currency, stated against USD (how many units of the
 * currency one USD buys that day; `shared/src/contracts/http/rates.ts`), with who set it and when. The
 * key is (day, currency); `exchange_rate_currency` serves the list of one currency, newest day first.
 */
export function exchangeRatesMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('exchange_rate')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('currency', 'varchar(10)', (c) => c.notNull())
        .addColumn('rate', dialect === 'postgres' ? 'double precision' : 'real', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('exchange_rate_pk', ['day', 'currency'])
        .execute();
      await db.schema
        .createIndex('exchange_rate_currency')
        .on('exchange_rate')
        .columns(['currency', 'day'])
        .execute();
    },
  };
}
