import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { tempDir } from '../../testing/testing.store';
import { EventBatchWriter } from '../../engine/batch.service';
import { DayCutter, toRows } from '../../engine/events.mapper';
import { EventsRepository } from '../../engine/events.repository';
import { T0, ev } from '../../engine/events.fixtures';
import { buildMigrations, type Dialect } from './db.migrations';
import { INGEST_LEAN_MIGRATION } from './db.ingestLean';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables of two schema versions
type AnyDb = Kysely<any>;

const databaseUrl = process.env.DATABASE_URL;
const dataDir = tempDir('dms-seq-');
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
  const sqlite = new BetterSqlite3(join(dataDir, 'seq.sqlite'));
  return { db: new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite', sqlite };
}

describe('migration 0009_commit_seq', () => {
  it('counts what was stored before as commit 0 (settled rounds and wallet rows), and numbers later batches from 1', async () => {
    const { db, dialect, sqlite } = await open();
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => buildMigrations(dialect, seed) },
        ...(dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateTo(INGEST_LEAN_MIGRATION)).error).toBeUndefined();
      // Rows as 0006 stored them: r1 settled, r2 not; a bet and a transfer.
      const old = toRows(
        [ev.round(), ev.round({ id: 'rs-r2', roundId: 'r2' }), ev.bet(), ev.transfer()],
        new DayCutter('Asia/Shanghai'),
      );
      await db
        .insertInto('game_round')
        .values([
          {
            id: 'r1',
            provider: 1001,
            game_id: 1,
            table_id: 'B',
            shoe_id: 's',
            started_at: T0,
            settled_at: T0 + 1,
            result: '{}',
            settlement_id: 'st-r1',
          },
          { id: 'r2', provider: 1001, game_id: 1, table_id: 'B', shoe_id: 's', started_at: T0 },
        ])
        .execute();
      const transfer = old.transfers[0]?.slice(0, -1) ?? [];
      await sql`insert into transfer_record (id, player_id, account, provider, currency, direction, amount, balance_after, ts, day)
        values (${sql.join(transfer)})`.execute(db);

      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();
      expect(after.results?.map((r) => r.migrationName)).toContain('0009_commit_seq');
      const rounds = await sql<{
        id: string;
        s: number | null;
      }>`select id, settled_seq as s from game_round order by id`.execute(db);
      expect(rounds.rows).toEqual([
        { id: 'r1', s: 0 },
        { id: 'r2', s: null },
      ]);
      const transfers = await sql<{ s: number }>`select seq as s from transfer_record`.execute(db);
      expect(transfers.rows).toEqual([{ s: 0 }]);

      const writer = new EventBatchWriter(
        new EventsRepository(db, dialect, sqlite),
        new DayCutter('Asia/Shanghai'),
      );
      const first = await writer.write([ev.settled({ id: 'st-r2', roundId: 'r2', payouts: [] })]);
      const second = await writer.write([ev.bonus()]);
      expect([first.seq, second.seq]).toEqual([1, 2]);
      const r2 = await sql<{ s: number }>`select settled_seq as s from game_round where id = 'r2'`.execute(
        db,
      );
      expect(r2.rows).toEqual([{ s: 1 }]);
    } finally {
      await db.destroy();
    }
  });
});
