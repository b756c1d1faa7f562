import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const ROLLUP_PENDING_MIGRATION = '0023_rollup_pending';

/**
 * `rollup_pending (seq, deltas)`: the roll-up deltas of a committed event batch not yet added to `daily_game`,
 * `daily_account` and `daily_player`. The batch's transaction writes its row; the next roll-up transaction
 * deletes every row it finds and adds their deltas, in one transaction, so each batch's deltas count exactly
 * once, whoever applies them (the gateway that wrote the batch, or any gateway after a crash between the two).
 * A settlement updates the rows of about a thousand players: keeping that out of the batch's transaction keeps
 * it out of the path from a settlement to its alert (`gateway/src/engine/batch.service.ts`).
 */
export const rollupPendingMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rollup_pending')
      .addColumn('seq', 'bigint', (c) => c.primaryKey())
      .addColumn('deltas', 'text', (c) => c.notNull())
      .execute();
  },
};
