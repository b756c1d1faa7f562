import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const RISK_RUNNER_MIGRATION = '0010_risk_runner';

/**
 * The risk runner's state in the store (`docs/DATA-MODEL.md`, "Risk runner"), keyed by partition (today
 * one, `all`; a later split by table gives each part its own rows):
 *
 * - `risk_checkpoint`: the position `(seq, ts, id, kind)` of the last input whose outputs are stored; it
 *   moves in the same transaction as the outputs, compared and set, so two runners never store the same
 *   chunk.
 * - `risk_snapshot`: the detector's state (JSON) and the position it reflects, written now and then in the
 *   transaction of a chunk, so it is never ahead of the checkpoint.
 * - `risk_lease`: which process runs the partition, until when; renewed by its holder, taken over by
 *   another process once it lapses.
 */
export const riskRunnerMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('risk_checkpoint')
      .addColumn('partition', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('id', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('inputs', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('risk_snapshot')
      .addColumn('partition', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('id', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('inputs', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('taken_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('risk_lease')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(128)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('acquired_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};

/** Name of the migration of the snapshot's pieces. */
export const RISK_SNAPSHOT_PIECES_MIGRATION = '0021_risk_snapshot_pieces';

/**
 * `risk_snapshot_piece`: a large detector state in pieces of a few MB, each written in its own statement
 * before the chunk's transaction that points `risk_snapshot.state` at their generation; one row of hundreds
 * of MB held SQLite (and so the gateway's thread) for seconds. Pieces of any other generation are dropped
 * after that transaction, a piece at a time.
 */
export const riskSnapshotPiecesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('risk_snapshot_piece')
      .addColumn('partition', 'varchar(64)', (c) => c.notNull())
      .addColumn('generation', 'varchar(32)', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('risk_snapshot_piece_pk', ['partition', 'generation', 'n'])
      .execute();
  },
};
