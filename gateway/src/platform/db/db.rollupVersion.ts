import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './db.migrations';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the roll-up version migration in the versioned list. */
export const ROLLUP_VERSION_MIGRATION = '0005_profit_day_version';

/**
 * `daily_game_version (day, version)`: a counter per business day, raised by triggers on every insert,
 * update and delete of a `daily_game` row of that day, whoever writes it (the pipeline's upserts, a
 * repair). A reader that keeps a day's `daily_game` rows in memory knows they are still current while the
 * day's version is unchanged, and checks that by reading a few hundred small rows instead of aggregating the
 * roll-up again (Company Profit, game-record page counts). Seeded with version 1 for the days stored before.
 */
export function rollupVersionMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('daily_game_version')
        .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO daily_game_version (day, version) SELECT DISTINCT day, 1 FROM daily_game`.execute(
        db,
      );
      const bump = (day: string) =>
        `INSERT INTO daily_game_version (day, version) VALUES (${day}, 1) ` +
        `ON CONFLICT (day) DO UPDATE SET version = daily_game_version.version + 1`;
      if (dialect === 'sqlite') {
        await sql
          .raw(
            `CREATE TRIGGER daily_game_version_ins AFTER INSERT ON daily_game BEGIN ${bump('NEW.day')}; END`,
          )
          .execute(db);
        await sql
          .raw(
            `CREATE TRIGGER daily_game_version_upd AFTER UPDATE ON daily_game BEGIN ${bump('NEW.day')}; END`,
          )
          .execute(db);
        // A row moved to another day (never done today) changes that day too.
        await sql
          .raw(
            `CREATE TRIGGER daily_game_version_move AFTER UPDATE OF day ON daily_game WHEN OLD.day <> NEW.day BEGIN ${bump('OLD.day')}; END`,
          )
          .execute(db);
        await sql
          .raw(
            `CREATE TRIGGER daily_game_version_del AFTER DELETE ON daily_game BEGIN ${bump('OLD.day')}; END`,
          )
          .execute(db);
        return;
      }
      // The function names the table unqualified: it resolves in the session's search_path, the schema the
      // gateway (or a test, or the benchmark) works in.
      await sql
        .raw(
          `CREATE FUNCTION daily_game_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN
            ${bump('OLD.day')};
          ELSE
            ${bump('NEW.day')};
            IF TG_OP = 'UPDATE' AND OLD.day <> NEW.day THEN ${bump('OLD.day')}; END IF;
          END IF;
          RETURN NULL;
        END $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER daily_game_version_bump AFTER INSERT OR UPDATE OR DELETE ON daily_game
        FOR EACH ROW EXECUTE FUNCTION daily_game_version_bump()`,
        )
        .execute(db);
    },
  };
}
