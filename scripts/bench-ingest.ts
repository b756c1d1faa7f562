/**
 * Benchmark of the event pipeline (issues 3 and 9).
 *
 *   npx tsx scripts/bench-ingest.ts [--events 300000] [--chunk 5000] [--skip-pg] [--skip-senders]
 *
 * Generates simulator events (a realistic mix: rounds, bets, settlements, logins, transfers, bonuses,
 * prizes; not timed), then ingests them into a fresh SQLite file through the whole pipeline the gateway
 * runs (event checks, group commit of up to 5000 events per transaction with insert-or-ignore, bet
 * settlement and the three roll-ups) and reports events/s, in wall time and per CPU second of this process
 * (steadier when other work shares the machine). The pipeline runs three ways, each on a fresh file:
 *   - bulk: every chunk submitted at once (a backfill);
 *   - senders: one, or four, senders that each submit one batch (2000 or 5000 events) and wait for its
 *     acknowledgement before the next, as a platform posting to the HTTP ingest does; beside the same
 *     senders against the pipeline with a fixed 150 ms buffering window (`DMS_FEED_BUFFER_MS=150`, the
 *     behaviour before group commit);
 *   - acknowledgement latency at a low rate: one sender, 10-event batches, 20 a second, each
 *     acknowledgement timed (p50, p99, max); beside the same with the 150 ms window, and the floor of a
 *     synced commit: one bare transaction of the same events (as JSON in a two-column table) committed
 *     with the same sync setting.
 * Beside them, measured in the same run:
 *   - bare batched inserts of the same raw rows into the same tables (better-sqlite3 prepared statements,
 *     5000 rows per transaction; no validation, no roll-ups): the rows as the pipeline stores them, rounds
 *     with their settlement and bets with their payout, so the baseline writes what the pipeline writes,
 *     minus the checks, the updates of rows settled in a later batch and the roll-ups;
 *   - bare batched inserts into a narrow table (text key and three columns), the figure of DEPENDENCIES.md.
 * With DATABASE_URL set (and no --skip-pg), the pipeline and the bare inserts again on PostgreSQL, each in
 * a fresh schema that is dropped afterwards. Prints a readable summary on stderr and one JSON line on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { PlatformEvent } from '../shared/src/contracts/events/platform';
import { openStore, type Store } from '../gateway/src/platform/db/db.store';
import { platformDataMigration } from '../gateway/src/platform/db/db.platformData';
import { ingestLeanMigration } from '../gateway/src/platform/db/db.ingestLean';
import { commitSeqMigration } from '../gateway/src/platform/db/db.commitSeq';
import { EventBatchWriter } from '../gateway/src/engine/batch.service';
import {
  BET_PAYOUT_INDEX,
  BET_SETTLED_AT_INDEX,
  COLUMNS,
  DayCutter,
  toRows,
  type BatchRows,
  type RawTable,
  type Row,
} from '../gateway/src/engine/events.mapper';
import { EventsRepository } from '../gateway/src/engine/events.repository';
import { EventPipeline } from '../gateway/src/engine/pipeline.service';
import { buildWorld } from '../gateway/src/feed/sim.world';
import { simulateDay } from '../gateway/src/feed/sim.day';

const TZ = 'Asia/Shanghai';
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2025, 0, 1) / DAY_MS;

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '300000' },
    chunk: { type: 'string', default: '5000' },
    'skip-pg': { type: 'boolean', default: false },
    'skip-senders': { type: 'boolean', default: false },
  },
});
const TARGET = Number(args.events);
const CHUNK = Number(args.chunk);

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const perSec = (n: number, ms: number) => Math.round(n / (ms / 1000));
/** CPU time of this process (all threads: user and system) since `from`, ms. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1000;
};

function generate(): { events: PlatformEvent[]; ms: number } {
  const t0 = performance.now();
  const world = buildWorld({
    seed: 'bench',
    players: 3000,
    providers: [1001, 1002, 1003, 1004, 1005, 1006],
    currencies: ['CNY', 'USD', 'INR', 'EUR', 'THB', 'VND', 'PHP', 'IDR', 'MYR', 'BRL'],
    historyFrom: FIRST_DAY * DAY_MS,
    historyTo: (FIRST_DAY + 400) * DAY_MS,
  });
  const events: PlatformEvent[] = [];
  for (let day = FIRST_DAY; events.length < TARGET; day++) events.push(...simulateDay(world, day));
  events.length = TARGET;
  return { events, ms: performance.now() - t0 };
}

/** The gateway's pipeline over `store`, tuned as the gateway tunes it; `lingerMs` 150 is the old fixed window. */
async function openPipeline(store: Store, lingerMs = 0): Promise<EventPipeline> {
  const repo = EventsRepository.of(store);
  await repo.tune();
  const pipeline = new EventPipeline(new EventBatchWriter(repo, new DayCutter(TZ)), {
    now: Date.now,
    lingerMs,
    maxBatch: 5000,
  });
  pipeline.start();
  return pipeline;
}

/** Runs the gateway's pipeline over `store` and returns the wall time to commit every event. */
async function pipelineRun(
  store: Store,
  events: readonly PlatformEvent[],
): Promise<{ ms: number; cpuMs: number; stored: number }> {
  const pipeline = await openPipeline(store);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const parts: Promise<unknown>[] = [];
  for (let i = 0; i < events.length; i += CHUNK) parts.push(pipeline.submit(events.slice(i, i + CHUNK)));
  await Promise.all(parts);
  const ms = performance.now() - t0;
  const cpuMs = cpuSince(c0);
  await pipeline.stop();
  return { ms, cpuMs, stored: pipeline.stats.eventsTotal };
}

/**
 * `senders` senders share `events` (sender i takes every `senders`-th batch of `batch` events) and each
 * submits one batch at a time, waiting for its acknowledgement before the next.
 */
async function sendersRun(
  store: Store,
  events: readonly PlatformEvent[],
  senders: number,
  batch: number,
  lingerMs: number,
): Promise<{
  eventsPerSec: number;
  eventsPerCpuSec: number;
  seconds: number;
  batches: number;
  stored: number;
}> {
  const pipeline = await openPipeline(store, lingerMs);
  const batches: PlatformEvent[][] = [];
  for (let i = 0; i < events.length; i += batch) batches.push(events.slice(i, i + batch));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: senders }, async (_, s) => {
      for (let i = s; i < batches.length; i += senders) await pipeline.submit(batches[i] ?? []);
    }),
  );
  const ms = performance.now() - t0;
  const cpuMs = cpuSince(c0);
  await pipeline.stop();
  return {
    eventsPerSec: perSec(events.length, ms),
    eventsPerCpuSec: perSec(events.length, cpuMs),
    seconds: Math.round(ms) / 1000,
    batches: pipeline.stats.batches,
    stored: pipeline.stats.eventsTotal,
  };
}

const LOW_RATE_BATCH = 10;
const LOW_RATE_PER_SEC = 20;

function percentiles(ms: number[]): { p50: number; p99: number; max: number; n: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const r = (n: number) => Math.round(n * 100) / 100;
  return { p50: r(at(0.5)), p99: r(at(0.99)), max: r(sorted.at(-1) ?? NaN), n: sorted.length };
}

/**
 * One sender, `LOW_RATE_BATCH`-event batches at `LOW_RATE_PER_SEC` a second (each sent on its schedule,
 * whether or not the previous one was acknowledged): the time from each submit to its acknowledgement.
 */
async function latencyRun(store: Store, events: readonly PlatformEvent[], count: number, lingerMs: number) {
  const pipeline = await openPipeline(store, lingerMs);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const due = t0 + (i * 1000) / LOW_RATE_PER_SEC;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    const part = events.slice(i * LOW_RATE_BATCH, (i + 1) * LOW_RATE_BATCH);
    pending.push(pipeline.submit(part).then(() => void latencies.push(performance.now() - sent)));
  }
  await Promise.all(pending);
  await pipeline.stop();
  return percentiles(latencies);
}

/** The floor of an acknowledgement: one bare transaction of `LOW_RATE_BATCH` events (as JSON in a two-column table), committed with this sync setting. */
function sqliteCommitFloor(events: readonly PlatformEvent[], count: number, sync: 'FULL' | 'NORMAL') {
  const dir = mkdtempSync(join(tmpdir(), 'dms-bench-floor-'));
  const database = new BetterSqlite3(join(dir, 'floor.sqlite'));
  database.pragma('journal_mode = WAL');
  database.pragma(`synchronous = ${sync}`);
  database.exec('create table t (id text primary key, body text)');
  const st = database.prepare('insert into t values (?, ?)');
  const tx = database.transaction((part: readonly PlatformEvent[]) => {
    for (const e of part) st.run(e.id, JSON.stringify(e));
  });
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    tx(events.slice(i * LOW_RATE_BATCH, (i + 1) * LOW_RATE_BATCH));
    latencies.push(performance.now() - t);
  }
  database.close();
  rmSync(dir, { recursive: true, force: true });
  return percentiles(latencies);
}

/** A fresh SQLite store with the data tables, and how to throw it away. */
async function freshSqlite(): Promise<{ store: Store; dispose: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'dms-bench-ingest-'));
  const { store } = await openStore({
    dataDir: dir,
    seed: { now: Date.now, adminPasswordHash: async () => 'bench' },
  });
  await ensureDataTables(store);
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function onFreshSqlite<T>(fn: (store: Store) => Promise<T>): Promise<T> {
  const { store, dispose } = await freshSqlite();
  try {
    return await fn(store);
  } finally {
    await dispose();
  }
}

/** The sender runs on SQLite: group commit beside the old 150 ms window, same events, fresh files. */
async function sqliteSenders(events: readonly PlatformEvent[]) {
  const out: Record<string, unknown> = {};
  for (const [senders, batch] of [
    [1, 2000],
    [1, 5000],
    [4, 2000],
  ] as const) {
    const key = `${senders}x${batch}`;
    // Twice each, alternating, since a run's wall time moves with what else the machine does.
    const runs: Record<string, unknown>[] = [];
    for (let i = 0; i < 2; i++) {
      const group = await onFreshSqlite((store) => sendersRun(store, events, senders, batch, 0));
      const window150 = await onFreshSqlite((store) => sendersRun(store, events, senders, batch, 150));
      log(
        `SQLite, ${senders} sender(s) of ${batch}-event batches one at a time: group commit ${group.eventsPerSec} events/s ` +
          `(${group.eventsPerCpuSec} per CPU-second, ${group.batches} transactions); 150 ms window ${window150.eventsPerSec} ` +
          `events/s (${window150.eventsPerCpuSec} per CPU-second, ${window150.batches})`,
      );
      runs.push({ groupCommit: group, window150ms: window150 });
    }
    out[key] = runs;
  }
  return out;
}

/**
 * Acknowledgement latency on SQLite: with the store's `synchronous = FULL` (an acknowledgement waits for
 * the disk's sync, whose latency on a shared virtual disk varies far more than the pipeline's), and again
 * with `NORMAL` (no sync at commit), which shows the pipeline's own part; each beside a bare commit of the
 * same rows with the same setting.
 */
async function sqliteLatency(events: readonly PlatformEvent[]) {
  const count = 400;
  const normal = (store: Store) => store.sqlite?.pragma('synchronous = NORMAL');
  const groupCommit = await onFreshSqlite((store) => latencyRun(store, events, count, 0));
  const bareCommit = sqliteCommitFloor(events, count, 'FULL');
  const window150ms = await onFreshSqlite((store) => latencyRun(store, events, count, 150));
  const groupCommitNormal = await onFreshSqlite((store) => {
    normal(store);
    return latencyRun(store, events, count, 0);
  });
  const bareCommitNormal = sqliteCommitFloor(events, count, 'NORMAL');
  log(
    `SQLite, acknowledgement of ${LOW_RATE_BATCH}-event batches at ${LOW_RATE_PER_SEC}/s (synchronous = FULL): group commit p50 ${groupCommit.p50} ms, ` +
      `p99 ${groupCommit.p99} ms, max ${groupCommit.max}; bare commit of the same events p50 ${bareCommit.p50}, p99 ${bareCommit.p99}; ` +
      `150 ms window p50 ${window150ms.p50}, p99 ${window150ms.p99}. With synchronous = NORMAL: group commit p50 ${groupCommitNormal.p50}, ` +
      `p99 ${groupCommitNormal.p99}, max ${groupCommitNormal.max}; bare commit p50 ${bareCommitNormal.p50}, p99 ${bareCommitNormal.p99}`,
  );
  return {
    batch: LOW_RATE_BATCH,
    perSec: LOW_RATE_PER_SEC,
    groupCommitMs: groupCommit,
    bareCommitMs: bareCommit,
    window150Ms: window150ms,
    groupCommitNoSyncMs: groupCommitNormal,
    bareCommitNoSyncMs: bareCommitNormal,
  };
}

async function ensureDataTables(store: Store): Promise<void> {
  const has =
    store.dialect === 'postgres'
      ? (await sql<{ t: string | null }>`select to_regclass('bet_record')::text as t`.execute(store.db))
          .rows[0]?.t
      : (
          await sql<{ t: string }>`select name as t from sqlite_master where name = 'bet_record'`.execute(
            store.db,
          )
        ).rows[0]?.t;
  if (!has) {
    await platformDataMigration(store.dialect).up(store.db);
    await ingestLeanMigration.up(store.db);
    await commitSeqMigration.up(store.db);
  }
}

const TABLE_ROWS: readonly [RawTable, keyof BatchRows][] = [
  ['player', 'players'],
  ['login_record', 'logins'],
  ['transfer_record', 'transfers'],
  ['game_round', 'rounds'],
  ['bet_record', 'bets'],
  ['bonus_record', 'bonuses'],
  ['prize_record', 'prizes'],
];

/**
 * The rows the pipeline stores for these events: rounds with their settlement, bets with their payout. Made
 * (untimed) right before each bare run, so that they are not in the heap while a pipeline runs.
 */
function rawRows(events: readonly PlatformEvent[]): [RawTable, Row[]][] {
  const rows = toRows(events, new DayCutter(TZ));
  const payouts = new Map<string, { roundId: string; payout: number; at: number }>();
  for (const e of rows.settlementEvents.values()) {
    for (const p of e.payouts)
      payouts.set(p.transactionId, { roundId: e.roundId, payout: p.payout, at: e.ts });
  }
  for (const row of rows.rounds) {
    const s = rows.settlementEvents.get(row[0] as string);
    // Settled by commit 1: the partial index of settled rounds is written as the pipeline writes it.
    if (s) row.splice(6, 4, s.ts, JSON.stringify(s.result), s.id, 1);
  }
  for (const [roundId, s] of rows.settlementEvents) {
    if (rows.roundEvents.has(roundId)) continue;
    rows.rounds.push([
      roundId,
      s.provider,
      s.gameId,
      s.tableId,
      s.shoeId,
      s.ts,
      s.ts,
      JSON.stringify(s.result),
      s.id,
      1,
    ]);
  }
  for (const row of rows.bets) {
    const p = payouts.get(row[0] as string);
    if (p && p.roundId === row[1]) {
      row[BET_PAYOUT_INDEX] = p.payout;
      row[BET_SETTLED_AT_INDEX] = p.at;
    }
  }
  return TABLE_ROWS.map(([table, key]) => [table, rows[key] as Row[]]);
}

/** Bare batched inserts of the same raw rows into the same tables of a fresh SQLite file. */
async function sqliteBare(rows: [RawTable, Row[]][]): Promise<{ ms: number; cpuMs: number; rows: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'dms-bench-bare-'));
  const database = new BetterSqlite3(join(dir, 'bare.sqlite'));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  // The pragmas of the pipeline's connection (the store's, then EventsRepository.tune()).
  database.pragma('cache_size = -65536');
  database.pragma('wal_autocheckpoint = 10000');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
  await platformDataMigration('sqlite').up(db);
  await ingestLeanMigration.up(db);
  await commitSeqMigration.up(db);
  let n = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (const [table, list] of rows) {
    const cols = COLUMNS[table];
    const st = database.prepare(
      `insert into ${table} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`,
    );
    const tx = database.transaction((part: Row[]) => {
      for (const r of part) st.run(r);
    });
    for (let i = 0; i < list.length; i += 5000) tx(list.slice(i, i + 5000));
    n += list.length;
  }
  const ms = performance.now() - t0;
  const cpuMs = cpuSince(c0);
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
  return { ms, cpuMs, rows: n };
}

/** Bare batched inserts into a narrow table: a text key and three columns. */
function sqliteNarrow(n: number): { ms: number; cpuMs: number; rows: number } {
  const dir = mkdtempSync(join(tmpdir(), 'dms-bench-narrow-'));
  const database = new BetterSqlite3(join(dir, 'narrow.sqlite'));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.exec('create table t (id text primary key, a integer, b integer, c text)');
  const st = database.prepare('insert into t values (?, ?, ?, ?)');
  const tx = database.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) st.run(`k${i.toString(36).padStart(8, '0')}`, i, i * 7, 'CNY');
  });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i += 5000) tx(i, Math.min(n, i + 5000));
  const ms = performance.now() - t0;
  const cpuMs = cpuSince(c0);
  database.close();
  rmSync(dir, { recursive: true, force: true });
  return { ms, cpuMs, rows: n };
}

async function sqlite(events: readonly PlatformEvent[]) {
  const run = await onFreshSqlite((store) => pipelineRun(store, events));
  const bare = await sqliteBare(rawRows(events));
  const narrow = sqliteNarrow(300_000);
  return {
    pipelineEventsPerSec: perSec(events.length, run.ms),
    pipelineSeconds: Math.round(run.ms) / 1000,
    stored: run.stored,
    // Per CPU second of this process: steadier than wall time when other work shares the machine.
    pipelineCpuSeconds: Math.round(run.cpuMs) / 1000,
    pipelineEventsPerCpuSec: perSec(events.length, run.cpuMs),
    bareRowsPerSec: perSec(bare.rows, bare.ms),
    bareRows: bare.rows,
    // The bare inserts of the rows of all the events, as events per second: the pipeline's floor.
    bareEventsPerSec: perSec(events.length, bare.ms),
    bareSeconds: Math.round(bare.ms) / 1000,
    bareCpuSeconds: Math.round(bare.cpuMs) / 1000,
    bareEventsPerCpuSec: perSec(events.length, bare.cpuMs),
    narrowRowsPerSec: perSec(narrow.rows, narrow.ms),
    narrowRowsPerCpuSec: perSec(narrow.rows, narrow.cpuMs),
  };
}

/** Bare multi-row inserts (500 rows a statement, 5000 a transaction) of the same rows on PostgreSQL. */
async function pgBare(url: string, rows: [RawTable, Row[]][]): Promise<{ ms: number; rows: number }> {
  const schema = `dms_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.query(`set search_path to "${schema}"`);
  const { PostgresDialect } = await import('kysely');
  const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await platformDataMigration('postgres').up(db);
  await ingestLeanMigration.up(db);
  await commitSeqMigration.up(db);
  await db.destroy();
  let n = 0;
  const t0 = performance.now();
  for (const [table, list] of rows) {
    const cols = COLUMNS[table];
    for (let i = 0; i < list.length; i += 5000) {
      await admin.query('begin');
      const tx = list.slice(i, i + 5000);
      for (let j = 0; j < tx.length; j += 500) {
        const part = tx.slice(j, j + 500);
        let p = 0;
        const values = part.map(() => `(${cols.map(() => `$${++p}`).join(', ')})`).join(', ');
        await admin.query(`insert into ${table} (${cols.join(', ')}) values ${values}`, part.flat());
      }
      await admin.query('commit');
    }
    n += list.length;
  }
  const ms = performance.now() - t0;
  await admin.query(`drop schema "${schema}" cascade`);
  await admin.end();
  return { ms, rows: n };
}

/** `fn` over a fresh PostgreSQL schema with the data tables, dropped afterwards. */
async function onFreshPostgres<T>(url: string, fn: (store: Store) => Promise<T>): Promise<T> {
  const schema = `dms_bench_${randomBytes(5).toString('hex')}`;
  const { store } = await openStore({
    databaseUrl: url,
    dataDir: tmpdir(),
    pgSchema: schema,
    seed: { now: Date.now, adminPasswordHash: async () => 'bench' },
  });
  try {
    await ensureDataTables(store);
    return await fn(store);
  } finally {
    await store.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }
}

async function postgres(url: string, events: readonly PlatformEvent[]) {
  const run = await onFreshPostgres(url, (store) => pipelineRun(store, events));
  const latency = await onFreshPostgres(url, (store) => latencyRun(store, events, 200, 0));
  const window150 = await onFreshPostgres(url, (store) => latencyRun(store, events, 200, 150));
  const bare = await pgBare(url, rawRows(events));
  return {
    pipelineEventsPerSec: perSec(events.length, run.ms),
    pipelineSeconds: Math.round(run.ms) / 1000,
    stored: run.stored,
    bareRowsPerSec: perSec(bare.rows, bare.ms),
    bareRows: bare.rows,
    ackLatencyMs: latency,
    ackLatencyWindow150Ms: window150,
  };
}

async function main() {
  const loadAtStart = loadavg().map((n) => Math.round(n * 100) / 100);
  const { events, ms: genMs } = generate();
  const mix: Record<string, number> = {};
  for (const e of events) mix[e.type] = (mix[e.type] ?? 0) + 1;
  log(
    `generated ${events.length} simulator events in ${(genMs / 1000).toFixed(1)} s: ${JSON.stringify(mix)}`,
  );

  const lite = await sqlite(events);
  log(
    `SQLite: pipeline ${lite.pipelineEventsPerSec} events/s (${lite.pipelineSeconds} s, ${lite.pipelineCpuSeconds} s CPU); ` +
      `bare inserts of the same rows ${lite.bareRowsPerSec} rows/s = ${lite.bareEventsPerSec} events/s ` +
      `(${lite.bareSeconds} s, ${lite.bareCpuSeconds} s CPU); narrow table ${lite.narrowRowsPerSec} rows/s`,
  );
  const latency = await sqliteLatency(events);
  const senders = args['skip-senders'] ? undefined : await sqliteSenders(events);
  const url = process.env.DATABASE_URL;
  const pgFigures = url && !args['skip-pg'] ? await postgres(url, events) : undefined;
  if (pgFigures) {
    log(
      `PostgreSQL: pipeline ${pgFigures.pipelineEventsPerSec} events/s (${pgFigures.pipelineSeconds} s); bare inserts ${pgFigures.bareRowsPerSec} rows/s; ` +
        `acknowledgement p50 ${pgFigures.ackLatencyMs.p50} ms, p99 ${pgFigures.ackLatencyMs.p99} ms ` +
        `(150 ms window: p50 ${pgFigures.ackLatencyWindow150Ms.p50}, p99 ${pgFigures.ackLatencyWindow150Ms.p99})`,
    );
  }
  console.log(
    JSON.stringify({
      bench: 'ingest',
      events: events.length,
      mix,
      simEventsPerSec: perSec(events.length, genMs),
      sqlite: lite,
      ...(senders ? { sqliteSenders: senders } : {}),
      sqliteAck: latency,
      ...(pgFigures ? { postgres: pgFigures } : {}),
      loadAverage: { start: loadAtStart, end: loadavg().map((n) => Math.round(n * 100) / 100) },
      target: { pipelineEventsPerSec: 100_000, ackP99Ms: 20 },
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
