import { sql, type Kysely, type Migration } from 'kysely';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const COMMIT_SEQ_MIGRATION = '0009_commit_seq';

/**
 * Commit order for the risk engine (`docs/DATA-MODEL.md`, "Commit order"), the same on SQLite and
 * PostgreSQL:
 *
 * - `commit_seq`, one row: the number of the last write transaction of the event pipeline. Each batch
 *   raises it by one inside its own transaction, after taking the batch lock, so the numbers follow the
 *   commit order and a rolled-back batch leaves no gap.
 * - `game_round.settled_seq`: the number of the batch that settled the round (null until settled);
 *   `seq` of `transfer_record`, `bonus_record`, `prize_record` and `bet_record`: the batch that stored
 *   the row. Rows stored before this migration count as batch 0 (`not null default 0` adds the column
 *   without rewriting the table; settled rounds are set to 0 once).
 * - Indexes in the reader's order, `(seq, event time, id)`: the settled rounds (partial: unsettled rounds
 *   are not in it) and the three wallet tables. Bets are read by `round_id`, whose index exists.
 */
export const commitSeqMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('commit_seq')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into commit_seq (id, seq) values (1, 0)`.execute(db);

    await db.schema.alterTable('game_round').addColumn('settled_seq', 'bigint').execute();
    await sql`update game_round set settled_seq = 0 where settlement_id is not null`.execute(db);
    await db.schema
      .createIndex('round_settled_seq')
      .on('game_round')
      .columns(['settled_seq', 'settled_at', 'id'])
      .where(sql.ref('settled_seq'), 'is not', null)
      .execute();

    for (const table of ['bet_record', 'transfer_record', 'bonus_record', 'prize_record']) {
      await db.schema
        .alterTable(table)
        .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    }
    for (const [table, index] of [
      ['transfer_record', 'transfer_seq'],
      ['bonus_record', 'bonus_seq'],
      ['prize_record', 'prize_seq'],
    ] as const) {
      await db.schema.createIndex(index).on(table).columns(['seq', 'ts', 'id']).execute();
    }
  },
};
