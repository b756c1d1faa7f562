import { sql, type Kysely, type Migration } from 'kysely';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const INGEST_LEAN_MIGRATION = '0006_ingest_lean';

/**
 * Fewer writes per ingested event (`docs/DATA-MODEL.md`), the same on SQLite and PostgreSQL:
 *
 * - The settlement of a round moves into its `game_round` row (`settlement_id`, the `round.settled` event
 *   id, beside the `settled_at` and `result` it already had), and the `settlement` table goes: every
 *   settlement wrote a row into two b-trees (table and key) besides updating or creating the round row.
 *   "One settlement per round" is now "a round row whose `settlement_id` is null takes a settlement".
 * - The index `round_table_time` goes: nothing reads rounds by table and time, and every round paid for it.
 */
export const ingestLeanMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('game_round').addColumn('settlement_id', 'varchar(64)').execute();
    await sql`update game_round set settlement_id = (select s.id from settlement s where s.round_id = game_round.id)
      where exists (select 1 from settlement s where s.round_id = game_round.id)`.execute(db);
    await db.schema.dropTable('settlement').execute();
    await db.schema.dropIndex('round_table_time').execute();
  },
};
