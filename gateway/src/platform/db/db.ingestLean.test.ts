import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { tempDir } from '../../testing/testing.store';
import { EventBatchWriter } from '../../engine/batch.service';
import { DayCutter } from '../../engine/events.mapper';
import { EventsRepository } from '../../engine/events.repository';
import { T0, ev } from '../../engine/events.fixtures';
import { buildMigrations, type Dialect } from './db.migrations';
import { ROLLUP_VERSION_MIGRATION } from './db.rollupVersion';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables of two schema versions
type AnyDb = Kysely<any>;

const databaseUrl = process.env.DATABASE_URL;
const dataDir = tempDir('dms-lean-');
const schema = `dms_test_${randomBytes(6).toString('hex')}`;
const seed = { now: () => T0, adminPasswordHash: async () => 'not-a-hash' };

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
});

async function open(): Promise<{ db: AnyDb; dialect: Dialect; sqlite?: BetterSqlite3.Database }> {
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      options: `-c search_path=${schema}`,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === 20 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    return { db: new Kysely({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const sqlite = new BetterSqlite3(join(dataDir, 'lean.sqlite'));
  return { db: new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite', sqlite };
}

describe('migration 0006_ingest_lean', () => {
  it('moves each settlement into its round row, drops the settlement table, and settles rounds once afterwards', async () => {
    const { db, dialect, sqlite } = await open();
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => buildMigrations(dialect, seed) },
        ...(dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
      });
      const before = await migrator.migrateTo(ROLLUP_VERSION_MIGRATION);
      expect(before.error).toBeUndefined();
      // As 0003 stored them (and 0005 left them): r1 started and settled, r2 started only, r3 created by its settlement.
      const round = (id: string, settled: boolean) => ({
        id,
        provider: 1001,
        game_id: 1,
        table_id: 'BAC-01',
        shoe_id: 's-1',
        started_at: T0,
        settled_at: settled ? T0 + 20_000 : null,
        result: settled ? '{"winner":"banker"}' : null,
      });
      await db
        .insertInto('game_round')
        .values([round('r1', true), round('r2', false), round('r3', true)])
        .execute();
      await db
        .insertInto('settlement')
        .values([
          { round_id: 'r1', id: 'st-r1', ts: T0 + 20_000 },
          { round_id: 'r3', id: 'st-r3', ts: T0 + 20_000 },
        ])
        .execute();

      // To the latest: the writer below is today's, which needs the later migrations' tables too.
      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();
      expect(after.results?.map((r) => r.migrationName)).toContain('0006_ingest_lean');
      const rounds = await sql<{
        id: string;
        settlement_id: string | null;
        settled_at: number | null;
      }>`select id, settlement_id, settled_at from game_round order by id`.execute(db);
      expect(rounds.rows).toEqual([
        { id: 'r1', settlement_id: 'st-r1', settled_at: T0 + 20_000 },
        { id: 'r2', settlement_id: null, settled_at: null },
        { id: 'r3', settlement_id: 'st-r3', settled_at: T0 + 20_000 },
      ]);
      const tables = await db.introspection.getTables();
      expect(tables.map((t) => t.name)).not.toContain('settlement');

      const repo = new EventsRepository(db, dialect, sqlite);
      const writer = new EventBatchWriter(repo, new DayCutter('Asia/Shanghai'));
      const again = await writer.write([ev.settled({ id: 'st-r1-again', roundId: 'r1', payouts: [] })]);
      expect(again.inserted).toEqual([]);
      const first = await writer.write([ev.settled({ id: 'st-r2', roundId: 'r2', payouts: [] })]);
      expect(first.inserted.map((e) => e.id)).toEqual(['st-r2']);
      const r2 = await sql<{
        settlement_id: string;
      }>`select settlement_id from game_round where id = 'r2'`.execute(db);
      expect(r2.rows).toEqual([{ settlement_id: 'st-r2' }]);
    } finally {
      await db.destroy();
    }
  });
});
