import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger/logger';
import type { Database } from './db.schema';
import { startCheckpointer, type Checkpointer } from './db.checkpointer';
import { buildMigrations, type Dialect, type SeedInput } from './db.migrations';

export type { Dialect };

/** A database handle for repositories. Services pass it along without touching Kysely themselves. */
export type Db = Kysely<Database>;
/** A transaction handle (a {@link Db} too). */
export type Tx = Transaction<Database>;

/** An open, migrated database. */
export interface Store {
  db: Db;
  dialect: Dialect;
  /**
   * The better-sqlite3 connection under `db` (SQLite only), for the event repository's prepared statements
   * inside its own Kysely transaction. Anything else goes through `db`.
   */
  sqlite?: BetterSqlite3.Database | undefined;
  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Checks the connection (`select 1`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** postgres:// URL; absent selects SQLite. */
  databaseUrl?: string | undefined;
  /** Directory of the SQLite file `dms.sqlite` (created if missing). */
  dataDir: string;
  /** PostgreSQL schema to work in (created if missing; tests isolate each file in its own). */
  pgSchema?: string;
  seed: SeedInput;
  /** Told when the SQLite store's checkpoint worker fails (its connection checkpoints by itself then). */
  logger?: Logger | undefined;
  /**
   * A second connection to a store the gateway opened and migrated (the risk engine's worker thread): no
   * migrations, and on SQLite no checkpoints of its own (the gateway's checkpoint worker copies the log).
   */
  secondary?: boolean;
}

/** What opening did: the names of migrations applied now (empty on a normal restart). */
export interface OpenStoreResult {
  store: Store;
  applied: string[];
}

/** The SQLite file name inside the data directory. */
export const SQLITE_FILE = 'dms.sqlite';

const PG_INT8_OID = 20;

function openSqlite(
  dataDir: string,
  logger: Logger | undefined,
  secondary = false,
): { db: Db; sqlite: BetterSqlite3.Database; checkpointer: Checkpointer } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SQLITE_FILE);
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  // FULL: a commit is on disk (the WAL is synced) before it returns, so an acknowledged ingest batch or a
  // saved setting survives a power loss, not only a crash of the process. One sync per transaction that wrote:
  // at bench-wall's 1,000 events/s about 6 a second of 0.6 ms each (strace; docs/BENCHMARKS.md).
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // The log is copied into the database on a worker thread, not inside this connection's commits (nor a
  // second connection's: the gateway's checkpoint worker copies their pages too).
  if (secondary) database.pragma('wal_autocheckpoint = 0');
  const checkpointer: Checkpointer = secondary
    ? { stop: () => Promise.resolve(), running: false }
    : startCheckpointer(file, database, (err) =>
        logger?.warn({ err }, 'store: the checkpoint worker failed; the connection checkpoints by itself'),
      );
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    sqlite: database,
    checkpointer,
  };
}

async function openPostgres(url: string, schema: string | undefined): Promise<Db> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(`bad schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // Epoch-millisecond bigints and counts fit in a double: read them as numbers, not strings.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID && format !== 'binary'
          ? Number
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Opens SQLite (default) or PostgreSQL (`databaseUrl`), runs pending migrations (the same ones for both;
 * the first start seeds base data, the super role and the admin account) and returns the store.
 */
export async function openStore(options: OpenStoreOptions): Promise<OpenStoreResult> {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const lite = options.databaseUrl
    ? undefined
    : openSqlite(options.dataDir, options.logger, options.secondary);
  const db = lite ? lite.db : await openPostgres(options.databaseUrl ?? '', options.pgSchema);
  try {
    // Kysely looks for its migration tables by name across all schemas unless told which one is ours.
    const schema =
      dialect === 'postgres'
        ? (options.pgSchema ??
          (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s)
        : undefined;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => buildMigrations(dialect, options.seed) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = options.secondary
      ? { error: undefined, results: [] }
      : await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
    const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    const store: Store = {
      db,
      dialect,
      sqlite: lite?.sqlite,
      transaction: (fn) => db.transaction().execute((tx) => fn(tx)),
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: async () => {
        await lite?.checkpointer.stop();
        await db.destroy();
      },
    };
    return { store, applied };
  } catch (err) {
    await lite?.checkpointer.stop();
    await db.destroy();
    throw err;
  }
}

/** Whether an error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Whether an error is a foreign-key violation (SQLite or PostgreSQL). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** `keyword` as a case-insensitive LIKE pattern matching anywhere, with `%`, `_` and `\` escaped. */
export function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) LIKE '%keyword%'` with wildcards in the keyword taken literally; same on both dialects. */
export function containsCi(column: string, keyword: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(keyword)} escape ${'\\'}`;
}
