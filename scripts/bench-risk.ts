/**
 * Benchmark of the risk engine's groundwork (issue 9): the reader and the runner over what the pipeline
 * committed, and the cost of the detector's snapshots.
 *
 *   npx tsx scripts/bench-risk.ts [--events 300000] [--skip-pg]
 *
 * Stores simulator events (not timed) in a fresh SQLite file through the pipeline's writer (batches of
 * 5000), then measures, beside a raw SQL scan of the same rows in the same run:
 *   - the reader: every settled round with its bets and every wallet event, in commit order, in chunks of
 *     500 (inputs/s);
 *   - the runner: the reader, a counting test detector (one output per round) and one transaction per chunk
 *     that moves the checkpoint, with a sink that stores nothing and with one that stores a row per output;
 *   - snapshots: a detector state of 1,000, 10,000 and 100,000 keyed records, serialised and stored in a
 *     chunk's transaction (ms and bytes), beside the same transaction without a snapshot.
 * With DATABASE_URL set (and no --skip-pg), the reader, the runner and the scan again on PostgreSQL.
 * Prints a summary on stderr and one JSON line on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Subject } from 'rxjs';
import { sql } from 'kysely';
import pg from 'pg';
import type { PlatformEvent } from '../shared/src/contracts/events/platform';
import { openStore, type Store } from '../gateway/src/platform/db/db.store';
import { EventBatchWriter } from '../gateway/src/engine/batch.service';
import { DayCutter } from '../gateway/src/engine/events.mapper';
import { EventsRepository } from '../gateway/src/engine/events.repository';
import { RiskInputRepository } from '../gateway/src/engine/risk/riskInput.repository';
import { START_POSITION } from '../gateway/src/engine/risk/riskPosition';
import { RiskRunner } from '../gateway/src/engine/risk/riskRunner.service';
import { RiskRunnerRepository } from '../gateway/src/engine/risk/riskRunner.repository';
import type { Detector, RiskInput } from '../gateway/src/engine/risk/detector.port';
import type { RiskSink } from '../gateway/src/engine/risk/riskSink.port';
import {
  CountingDetector,
  TableSink,
  createTestOutputTable,
  type CountOutput,
  type CountSnapshot,
} from '../gateway/src/engine/risk/riskRunner.testing';
import { buildWorld } from '../gateway/src/feed/sim.world';
import { simulateDay } from '../gateway/src/feed/sim.day';

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2025, 0, 1) / DAY_MS;
const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '300000' },
    'skip-pg': { type: 'boolean', default: false },
  },
});
const TARGET = Number(args.events);
const log = (msg: string) => process.stderr.write(`${msg}\n`);
const perSec = (n: number, ms: number) => Math.round(n / (ms / 1000));
const r2 = (n: number) => Math.round(n * 100) / 100;

function generate(): PlatformEvent[] {
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
  return events;
}

async function fill(store: Store, events: readonly PlatformEvent[]): Promise<void> {
  const writer = new EventBatchWriter(EventsRepository.of(store), new DayCutter('Asia/Shanghai'));
  for (let i = 0; i < events.length; i += 5000) await writer.write(events.slice(i, i + 5000));
}

/** The floor: the same rows read by plain SQL, without ordering or assembling them. */
async function rawScan(store: Store): Promise<{ ms: number; rows: number }> {
  const t0 = performance.now();
  let rows = 0;
  for (const text of [
    'select id, provider, game_id, table_id, shoe_id, started_at, settled_at, result, settled_seq from game_round where settled_seq is not null',
    'select id, round_id, provider, currency, account, player_id, bet_type, amount, payout, ts, seq from bet_record',
    'select id, provider, currency, account, player_id, direction, amount, ts, seq from transfer_record',
    'select id, provider, currency, account, player_id, kind, amount, ts, seq from bonus_record',
    'select id, provider, currency, account, player_id, kind, amount, ts, seq from prize_record',
  ]) {
    rows += (await sql.raw(text).execute(store.db)).rows.length;
  }
  return { ms: performance.now() - t0, rows };
}

async function readAll(store: Store): Promise<{ ms: number; inputs: number; bets: number }> {
  const reader = RiskInputRepository.of(store);
  const t0 = performance.now();
  let inputs = 0;
  let bets = 0;
  let after = START_POSITION;
  for (let chunk = await reader.read(after, 500); chunk.length > 0; chunk = await reader.read(after, 500)) {
    inputs += chunk.length;
    for (const p of chunk) if (p.input.type === 'round') bets += p.input.round.bets.length;
    after = chunk[chunk.length - 1]?.position ?? after;
  }
  return { ms: performance.now() - t0, inputs, bets };
}

const nullSink: RiskSink<CountOutput> = { write: async () => undefined };

async function runnerRun(store: Store, partition: string, sink: RiskSink<CountOutput>) {
  const runner = new RiskRunner<CountOutput, CountSnapshot>({
    store,
    createDetector: (s) => new CountingDetector(s),
    sink,
    committed$: new Subject<void>(),
    partition,
    snapshotEvery: 1e9,
    snapshotMs: 1e9,
  });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await runner.catchUp();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  await runner.stop();
  const s = runner.status();
  return {
    inputsPerSec: perSec(s.inputs, ms),
    inputsPerCpuSec: perSec(s.inputs, (cpu.user + cpu.system) / 1000),
    seconds: r2(ms / 1000),
    inputs: s.inputs,
    outputs: s.outputs,
    chunks: s.chunks,
  };
}

/** A detector whose state is `records` keyed records, as a pair or player detector keeps per key. */
class BlobDetector implements Detector<never, { records: Record<string, number[]> }> {
  private readonly state: Record<string, number[]> = {};
  constructor(records: number) {
    for (let i = 0; i < records; i++)
      this.state[`${1000 + (i % 6)}:acct${i}`] = [i, i * 7, i % 13, 1_700_000_000_000 + i];
  }
  process(_input: RiskInput): never[] {
    return [];
  }
  snapshot() {
    return { records: this.state };
  }
}

async function snapshotCost(store: Store) {
  const repo = new RiskRunnerRepository(store);
  const partition = `bench-${randomBytes(3).toString('hex')}`;
  const now = Date.now();
  await repo.acquireLease(`risk:${partition}`, 'bench', now, 3_600_000);
  let from = await repo.checkpoint(partition, now);
  const commit = async (snapshot: string | undefined) => {
    const to = { position: { ...from.position, seq: from.position.seq + 1 }, inputs: from.inputs + 1 };
    const t0 = performance.now();
    await repo.commitChunk({
      partition,
      lease: { name: `risk:${partition}`, holder: 'bench', now: Date.now() },
      from,
      to,
      write: async () => undefined,
      snapshot,
    });
    from = to;
    return performance.now() - t0;
  };
  const median = (xs: number[]) => r2([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN);
  const without: number[] = [];
  for (let i = 0; i < 20; i++) without.push(await commit(undefined));
  const out: Record<string, unknown> = { chunkTransactionMs: median(without) };
  for (const records of [1000, 10_000, 100_000]) {
    const detector = new BlobDetector(records);
    const serialise: number[] = [];
    const stored: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const text = JSON.stringify(detector.snapshot());
      serialise.push(performance.now() - t0);
      bytes = Buffer.byteLength(text);
      stored.push(await commit(text));
    }
    out[`records${records}`] = { bytes, serialiseMs: median(serialise), chunkTransactionMs: median(stored) };
  }
  return out;
}

async function measure(store: Store, label: string) {
  await createTestOutputTable(store);
  const raw = await rawScan(store);
  const read = await readAll(store);
  const bare = await runnerRun(store, 'bench-null', nullSink);
  const table = await runnerRun(store, 'bench-table', new TableSink('bench'));
  const snapshots = await snapshotCost(store);
  log(
    `${label}: raw scan ${perSec(raw.rows, raw.ms)} rows/s (${raw.rows} rows, ${r2(raw.ms / 1000)} s); reader ${perSec(read.inputs, read.ms)} inputs/s ` +
      `(${read.inputs} inputs with ${read.bets} bets, ${r2(read.ms / 1000)} s); runner with a sink storing nothing ${bare.inputsPerSec} inputs/s, ` +
      `storing a row per round ${table.inputsPerSec} inputs/s; snapshots ${JSON.stringify(snapshots)}`,
  );
  return {
    rawScan: { rowsPerSec: perSec(raw.rows, raw.ms), rows: raw.rows, seconds: r2(raw.ms / 1000) },
    reader: {
      inputsPerSec: perSec(read.inputs, read.ms),
      inputs: read.inputs,
      bets: read.bets,
      seconds: r2(read.ms / 1000),
    },
    runnerNullSink: bare,
    runnerTableSink: table,
    snapshots,
  };
}

async function main() {
  const loadAtStart = loadavg().map(r2);
  const events = generate();
  const dir = mkdtempSync(join(tmpdir(), 'dms-bench-risk-'));
  const { store } = await openStore({
    dataDir: dir,
    seed: { now: Date.now, adminPasswordHash: async () => 'bench' },
  });
  let sqlite;
  try {
    await fill(store, events);
    sqlite = await measure(store, 'SQLite');
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  let postgres;
  const url = process.env.DATABASE_URL;
  if (url && !args['skip-pg']) {
    const schema = `dms_bench_${randomBytes(5).toString('hex')}`;
    const opened = await openStore({
      databaseUrl: url,
      dataDir: tmpdir(),
      pgSchema: schema,
      seed: { now: Date.now, adminPasswordHash: async () => 'bench' },
    });
    try {
      await fill(opened.store, events);
      postgres = await measure(opened.store, 'PostgreSQL');
    } finally {
      await opened.store.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  }
  console.log(
    JSON.stringify({
      bench: 'risk',
      events: events.length,
      sqlite,
      ...(postgres ? { postgres } : {}),
      loadAverage: { start: loadAtStart, end: loadavg().map(r2) },
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
