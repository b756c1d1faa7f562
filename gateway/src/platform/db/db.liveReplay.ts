import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const LIVE_REPLAY_MIGRATION = '0016_live_replay';

/**
 * The monitor's period replay reads settled rounds by settlement time (`GET /live/replay`, keyset on
 * `(settled_at, id)`): an index on exactly that, so a period costs what it holds, not the history.
 */
export const liveReplayMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('round_settled_time')
      .on('game_round')
      .columns(['settled_at', 'id'])
      .execute();
  },
};

/** Name of the migration in the versioned list. */
export const LIVE_TABLES_MIGRATION = '0022_live_tables';

/**
 * The monitor's starting picture (`GET /live/tables`) reads a game's newest round start and the rounds since
 * a few hours before it: an index on `(game_id, started_at)`, so the picture costs the hours it shows, not a
 * scan of every round of the history (months of it on the built-in simulator).
 */
export const liveTablesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('round_game_start')
      .on('game_round')
      .columns(['game_id', 'started_at'])
      .execute();
  },
};
