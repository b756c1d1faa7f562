/**
 * Stages of a game-record .xlsx export, timed apart (issue 3's export budget), on a store built by
 * `scripts/bench-stats.ts` (SQLite file) or its PostgreSQL schema `bench_stats`.
 *
 *   npx tsx scripts/bench-export.ts --db data/bench/stats-10000000.sqlite [--from 2025-11-01 --to 2025-11-30]
 *     [--stages sql,read,write,export,exceljs] [--repeat 1] [--pragma 'cache_size = -16000']
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-export.ts --pg [--stages …]
 *
 * Stages: `sql` reads the range with one plain statement (no merge, no row objects kept: the floor of the
 * driver, read in hour windows), `read` drains the service's export rows, `write` writes the .xlsx from rows already in memory
 * (the range's first 20,000 rows, cycled), `export` is the whole export (read + write), `exceljs` the same
 * with exceljs' own row model. Each prints rows/s, rows per CPU-second and peak RSS growth.
 */
import type { Writable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { dayRange } from '../shared/src/format/businessDay';
import type { Db, Dialect } from '../gateway/src/platform/db/db.store';
import { StatsService, type AnyRow, type RawListQuery } from '../gateway/src/modules/stats/stats.service';
import { writeXlsx, type RowPath } from '../gateway/src/modules/stats/stats.xlsx';
import { exportOptions } from '../gateway/src/modules/stats/stats.routes';
import { SEED_PROVIDERS } from '../gateway/src/platform/db/db.seed';
import { measureRows } from './benchMeasure';

const TZ = 'Asia/Shanghai';
const PROVIDERS = [1001, 1002, 1003, 1004, 1005, 1006];
const CURRENCIES = ['CNY', 'USD', 'INR'];
const ALL_SCOPE = { providers: 'all', currencies: 'all' } as const;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

/** Result of one timed stage. */
interface Run {
  stage: string;
  rows: number;
  ms: number;
  rowsPerSec: number;
  cpuMs: number;
  rowsPerCpuSec: number;
  mb: number;
  peakRssDeltaMb: number;
}

async function timed(stage: string, fn: (sink: Writable) => Promise<number>): Promise<Run> {
  const run = { stage, ...(await measureRows(fn)) };
  console.error(
    `  ${stage}: ${run.rows} rows in ${run.ms} ms = ${run.rowsPerSec}/s (${run.rowsPerCpuSec}/cpu-s), ${run.mb} MB out, peak RSS +${run.peakRssDeltaMb} MB`,
  );
  return run;
}

async function main(): Promise<void> {
  const usePg = flag('pg');
  let db: Db;
  let dialect: Dialect;
  if (usePg) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('--pg needs DATABASE_URL');
    const pool = new pg.Pool({
      connectionString: url,
      max: 4,
      options: '-c search_path=bench_stats',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === 20 && format !== 'binary'
            ? Number
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    db = new Kysely<never>({ dialect: new PostgresDialect({ pool }) }) as unknown as Db;
    dialect = 'postgres';
  } else {
    const file = arg('db') ?? 'data/bench/stats-10000000.sqlite';
    const database = new BetterSqlite3(file, { fileMustExist: true });
    database.pragma('journal_mode = WAL');
    // What the gateway's connection would gain from a larger page cache or memory-mapped reads.
    const pragma = arg('pragma');
    if (pragma) database.pragma(pragma);
    db = new Kysely<never>({ dialect: new SqliteDialect({ database }) }) as unknown as Db;
    dialect = 'sqlite';
  }
  const service = new StatsService({ db, dialect }, TZ);
  const q: RawListQuery = {
    providerIds: PROVIDERS,
    currencies: CURRENCIES,
    startDate: arg('from') ?? '2025-11-01',
    endDate: arg('to') ?? '2025-11-30',
    page: 1,
    pageSize: 20,
    sortOrder: 'desc',
  };
  const stages = (arg('stages') ?? 'sql,read,write,export,exceljs').split(',');
  const repeat = Number(arg('repeat') ?? 1);
  // What the route writes: provider names, labels, Excel dates and the heading of the filters.
  const names = new Map(SEED_PROVIDERS.map((p) => [p.id, p.name]));
  const options = (rowPath: RowPath) => ({
    ...exportOptions('game-records', { ...q, lang: 'en' }, names, Date.now(), TZ),
    rowPath,
  });
  const runs: Run[] = [];
  let total = 0;
  for (let i = 0; i < repeat; i += 1) {
    for (const stage of stages) {
      switch (stage) {
        case 'sql': {
          const [from, to] = [dayRange(q.startDate, TZ)[0], dayRange(q.endDate, TZ)[1]];
          runs.push(
            await timed(stage, async () => {
              let n = 0;
              // Hour windows in no particular order: what the driver costs per row, without merge or sort.
              for (let t = from; t < to; t += 3_600_000) {
                const r =
                  await sql<AnyRow>`SELECT id, round_id, player_id, account, provider, currency, game_id, table_id, shoe_id, bet_type, amount, payout, ts, settled_at FROM bet_record WHERE provider IN (${sql.join(PROVIDERS)}) AND currency IN (${sql.join(CURRENCIES)}) AND ts >= ${t} AND ts < ${Math.min(t + 3_600_000, to)}`.execute(
                    db,
                  );
                n += r.rows.length;
              }
              return n;
            }),
          );
          break;
        }
        case 'read':
          runs.push(
            await timed(stage, async () => {
              let n = 0;
              for await (const _r of service.rawRows('game-records', ALL_SCOPE, q)) n += 1;
              total = n;
              return n;
            }),
          );
          break;
        case 'write': {
          const sample: AnyRow[] = [];
          for await (const r of service.rawRows('game-records', ALL_SCOPE, q)) {
            sample.push(r);
            if (sample.length === 20_000) break;
          }
          const n = total || 500_000;
          function* cycled(): Generator<AnyRow> {
            for (let j = 0; j < n; j += 1) yield sample[j % sample.length] as AnyRow;
          }
          runs.push(await timed(stage, (sink) => writeXlsx(sink, cycled(), options('fast'))));
          break;
        }
        case 'export':
          runs.push(
            await timed(stage, (sink) =>
              writeXlsx(sink, service.rawRows('game-records', ALL_SCOPE, q), options('fast')),
            ),
          );
          break;
        case 'exceljs':
          runs.push(
            await timed(stage, (sink) =>
              writeXlsx(sink, service.rawRows('game-records', ALL_SCOPE, q), options('exceljs')),
            ),
          );
          break;
        default:
          throw new Error(`unknown stage ${stage}`);
      }
    }
  }
  await db.destroy();
  console.log(JSON.stringify({ bench: 'export', dialect, from: q.startDate, to: q.endDate, runs }));
}

await main();
