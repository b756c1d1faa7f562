import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from './db.migrations';

// Migrations receive an untyped Kysely: the schema they see is the one of their time, not today's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's documented type for migrations
type AnyDb = Kysely<any>;

/** Name of the migration in the versioned list. */
export const TP_SIMULATIONS_MIGRATION = '0020_tp_simulations';

/** An auto-numbered primary key column of either dialect. */
function autoId(table: CreateTableBuilder<string, never>, name: string, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Teen Patti simulations (`gateway/src/modules/teenpatti`). `tp_sim` is one run: its parameters (seed,
 * players, rounds, stakes as JSON), where it is (`status`, `done_rounds`, `heartbeat_at` — a running row
 * whose heartbeat stopped belongs to a gateway that stopped — and `cancel_requested`, read by whichever
 * instance runs it), its sums so far (`summary` JSON, `staked`, `payout`) and whether it was saved for the
 * viewer. `tp_sim_round` is one compact row per round played: the cards are not stored, since round `idx`
 * is the deal of the seed `<seed>#<idx>`; the row keeps what the viewer filters by — the winning seats (a
 * bit mask, bit 0 seat 1), the winning category, hands A and B's categories, the A/B result (0 A, 1 B,
 * 2 tie) and the payout of all bets.
 */
export function tpSimulationsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await autoId(db.schema.createTable('tp_sim'), 'id', dialect)
        .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('seed', 'varchar(64)', (c) => c.notNull())
        .addColumn('players', 'integer', (c) => c.notNull())
        .addColumn('rounds', 'integer', (c) => c.notNull())
        .addColumn('done_rounds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('stakes', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('saved', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('staked', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('payout', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('tp_sim_saved').on('tp_sim').columns(['saved', 'created_at']).execute();
      await db.schema
        .createTable('tp_sim_round')
        .addColumn('sim_id', 'integer', (c) => c.notNull().references('tp_sim.id').onDelete('cascade'))
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('winner_mask', 'integer', (c) => c.notNull())
        .addColumn('winner_category', 'integer', (c) => c.notNull())
        .addColumn('category_a', 'integer', (c) => c.notNull())
        .addColumn('category_b', 'integer', (c) => c.notNull())
        .addColumn('result', 'integer', (c) => c.notNull())
        .addColumn('payout', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tp_sim_round_pk', ['sim_id', 'idx'])
        .execute();
    },
  };
}

/** The tables of this migration, as Kysely sees them. */
export interface TpSimTables {
  tp_sim: {
    id: number;
    name: string;
    seed: string;
    players: number;
    rounds: number;
    done_rounds: number;
    stakes: string;
    status: string;
    saved: number;
    summary: string;
    staked: number | string | bigint;
    payout: number | string | bigint;
    cancel_requested: number;
    created_by: string;
    created_at: number | string | bigint;
    heartbeat_at: number | string | bigint;
    finished_at: number | string | bigint | null;
  };
  tp_sim_round: {
    sim_id: number;
    idx: number;
    winner_mask: number;
    winner_category: number;
    category_a: number;
    category_b: number;
    result: number;
    payout: number | string | bigint;
  };
}
