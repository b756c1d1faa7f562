/**
 * Benchmark of the statistics API against a large store (issue 3).
 *
 *   npx tsx scripts/bench-stats.ts [--bets 10000000] [--rebuild] [--pg-bets 2000000] [--skip-sqlite] [--skip-baselines]
 *
 * Builds (once, cached under data/bench/) a SQLite file with the platform data migration and `--bets` bets
 * spread over 365 business days, with logins, transfers, bonuses, prizes and registrations, and the three
 * roll-ups computed while generating (exact by construction). Then measures, each beside a baseline taken in
 * the same run:
 *   - Company Profit of two 6-month ranges (median/p95 of 50 calls; first call and uncached calls apart)
 *     vs a raw GROUP BY over bet_record for the same ranges;
 *   - a game-record page at page 1, the middle, the last page and a keyset (cursor) deep page
 *     vs the plain OFFSET query with COUNT(*);
 *   - an .xlsx export of one month of game records (rows/s and peak RSS growth) vs exceljs' own row model
 *     and vs reading the rows alone.
 * With DATABASE_URL set, the same on PostgreSQL with `--pg-bets` bets (generated server-side in SQL).
 * Stores are generated with the schema of `0003_platform_data`; the platform migrations after it are then
 * applied as an upgrade (also to a store cached before they existed), and `bench_meta.migrations` lists them.
 * Prints one JSON line (and a readable summary on stderr).
 */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { addDays, dayRange } from '../shared/src/format/businessDay';
import { PLATFORM_DATA_MIGRATION, platformDataMigration } from '../gateway/src/platform/db/db.platformData';
import { buildMigrations } from '../gateway/src/platform/db/db.migrations';
import type { Db, Dialect } from '../gateway/src/platform/db/db.store';
import { StatsService, type RawListQuery } from '../gateway/src/modules/stats/stats.service';
import { ActivityCache } from '../gateway/src/modules/stats/stats.activity';
import { writeXlsx, type RowPath } from '../gateway/src/modules/stats/stats.xlsx';
import { exportOptions } from '../gateway/src/modules/stats/stats.routes';
import { SEED_PROVIDERS } from '../gateway/src/platform/db/db.seed';

/** The providers' names, as the gateway's export reads them from its provider table. */
const BENCH_PROVIDER_NAMES = new Map(SEED_PROVIDERS.map((p) => [p.id, p.name]));
import { measureRows } from './benchMeasure';

/** The untyped Kysely handle migrations take. */
type MigrationDb = Parameters<ReturnType<typeof platformDataMigration>['up']>[0];

const TZ = 'Asia/Shanghai';
const FIRST_DAY = '2025-01-01';
const DAYS = 365;
const LAST_DAY = addDays(FIRST_DAY, DAYS - 1);
const PROVIDERS = [1001, 1002, 1003, 1004, 1005, 1006];
const CURRENCIES = ['CNY', 'USD', 'INR'];
const PLAYERS = 30_000;
const ACTIVE_PER_DAY = 2_500;
const BUILD_VERSION = '2';
/** Bets per multi-row INSERT statement of the build. */
const BET_ROWS = 100;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);
const log = (...a: unknown[]) => console.error(...a);

/** A small fast deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------------
// SQLite build

async function buildSqlite(file: string, bets: number): Promise<void> {
  rmSync(file, { force: true });
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = OFF');
  database.pragma('synchronous = OFF');
  database.pragma('cache_size = -1000000');
  database.pragma('temp_store = MEMORY');
  // Lets CREATE INDEX sort with a helper thread.
  database.pragma('threads = 2');
  const db = new Kysely<never>({ dialect: new SqliteDialect({ database }) });
  await platformDataMigration('sqlite').up(db as unknown as MigrationDb);
  // Secondary indexes are built after the load (a sort per index instead of a b-tree insert per row).
  const indexes = database
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`)
    .all() as { name: string; sql: string }[];
  for (const ix of indexes) database.exec(`DROP INDEX ${ix.name}`);

  const rand = rng(42);
  const players = Array.from({ length: PLAYERS }, (_, i) => {
    const id = 10_000_000 + i;
    const regDay = Math.floor(rand() * (DAYS + 60)) - 60;
    return {
      id,
      provider: PROVIDERS[i % PROVIDERS.length] as number,
      currency: CURRENCIES[Math.floor(i / PROVIDERS.length) % CURRENCIES.length] as string,
      account: `p${id}`,
      regDay,
    };
  });

  const ins = {
    player: database.prepare(
      `INSERT INTO player (id, provider, currency, account, registered_at, day, device, ip, event_id) VALUES (?,?,?,?,?,?,?,?,?)`,
    ),
    bet: database.prepare(
      `INSERT INTO bet_record (id, round_id, player_id, account, provider, currency, game_id, table_id, shoe_id, bet_type, amount, payout, ts, settled_at, day) VALUES ${Array.from({ length: BET_ROWS }, () => '(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)').join(',')}`,
    ),
    login: database.prepare(
      `INSERT INTO login_record (id, player_id, account, provider, currency, ts, day, ip, device) VALUES (?,?,?,?,?,?,?,?,?)`,
    ),
    transfer: database.prepare(
      `INSERT INTO transfer_record (id, player_id, account, provider, currency, direction, amount, balance_after, ts, day) VALUES (?,?,?,?,?,?,?,?,?,?)`,
    ),
    bonus: database.prepare(
      `INSERT INTO bonus_record (id, player_id, account, provider, currency, kind, amount, ts, day) VALUES (?,?,?,?,?,?,?,?,?)`,
    ),
    prize: database.prepare(
      `INSERT INTO prize_record (id, player_id, account, provider, currency, kind, amount, ts, day) VALUES (?,?,?,?,?,?,?,?,?)`,
    ),
    game: database.prepare(
      `INSERT INTO daily_game (day, provider, currency, game_id, turnover, payout, bets, rounds, settled_turnover, settled_bets) VALUES (?,?,?,?,?,?,?,?,?,?)`,
    ),
    account: database.prepare(
      `INSERT INTO daily_account (day, provider, currency, registrations, logins, login_players, transfer_in, transfer_in_count, transfer_out, transfer_out_count, bonus, bonus_count, prize, prize_count) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    ),
    dplayer: database.prepare(
      `INSERT INTO daily_player (day, provider, currency, player_id, account, turnover, payout, bets, settled_turnover, settled_bets, wins, transfer_in, transfer_out, bonus, prize, logins) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    ),
  };

  const ids = { bet: 0, login: 0, transfer: 0, bonus: 0, prize: 0 };
  const id36 = (prefix: string, n: number) => prefix + n.toString(36).padStart(8, '0');
  const AMOUNTS = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000];
  const SIDES = ['banker', 'player', 'tie', 'banker_pair', 'player_pair'];
  const TABLES = Array.from({ length: 60 }, (_, i) => `T${Math.floor(i / 20)}${i % 20}`);
  const TP_SIDES = ['player_a', 'player_b', 'tie', 'pair_plus'];

  type Acc = {
    registrations: number;
    logins: number;
    loginPlayers: number;
    tin: number;
    tinN: number;
    tout: number;
    toutN: number;
    bonus: number;
    bonusN: number;
    prize: number;
    prizeN: number;
  };
  const started = performance.now();
  let lastLog = started;

  // Players registered before the first day, with their registrations rolled up on their own days.
  const before = database.transaction(() => {
    const regAcc = new Map<string, number>();
    for (const p of players) {
      const day = addDays(FIRST_DAY, p.regDay);
      const [ds, de] = dayRange(day, TZ);
      const ts = ds + Math.floor(rand() * (de - ds));
      ins.player.run(
        p.id,
        p.provider,
        p.currency,
        p.account,
        ts,
        day,
        rand() < 0.7 ? 'mobile' : 'pc',
        `10.0.${p.id % 250}.${p.id % 199}`,
        `reg-${p.id}`,
      );
      const key = `${day}|${p.provider}|${p.currency}`;
      regAcc.set(key, (regAcc.get(key) ?? 0) + 1);
    }
    return regAcc;
  });
  const registrations = before();

  const betsPerDay = Math.ceil(bets / DAYS);
  let remaining = bets;
  for (let d = 0; d < DAYS; d += 1) {
    const day = addDays(FIRST_DAY, d);
    const [dayStart, dayEnd] = dayRange(day, TZ);
    const dayLen = dayEnd - dayStart;
    const eligible = players.filter((p) => p.regDay <= d);
    const active: typeof players = [];
    for (let i = 0; i < ACTIVE_PER_DAY && eligible.length > 0; i += 1) {
      active.push(eligible[Math.floor(rand() * eligible.length)] as (typeof players)[number]);
    }
    const todays = Math.min(betsPerDay, remaining);
    remaining -= todays;
    const game = new Map<
      string,
      { turnover: number; payout: number; bets: number; rounds: Set<number>; st: number; sb: number }
    >();
    const acc = new Map<string, Acc>();
    const dp = new Map<
      number,
      {
        p: (typeof players)[number];
        turnover: number;
        payout: number;
        bets: number;
        st: number;
        sb: number;
        wins: number;
        tin: number;
        tout: number;
        bonus: number;
        prize: number;
        logins: number;
      }
    >();
    const accOf = (provider: number, currency: string): Acc => {
      const key = `${provider}|${currency}`;
      let a = acc.get(key);
      if (!a) {
        a = {
          registrations: registrations.get(`${day}|${key}`) ?? 0,
          logins: 0,
          loginPlayers: 0,
          tin: 0,
          tinN: 0,
          tout: 0,
          toutN: 0,
          bonus: 0,
          bonusN: 0,
          prize: 0,
          prizeN: 0,
        };
        acc.set(key, a);
      }
      return a;
    };
    for (const key of registrations.keys()) {
      if (key.startsWith(`${day}|`)) {
        const [, provider, currency] = key.split('|');
        accOf(Number(provider), currency as string);
      }
    }
    const dpOf = (p: (typeof players)[number]) => {
      let r = dp.get(p.id);
      if (!r) {
        r = {
          p,
          turnover: 0,
          payout: 0,
          bets: 0,
          st: 0,
          sb: 0,
          wins: 0,
          tin: 0,
          tout: 0,
          bonus: 0,
          prize: 0,
          logins: 0,
        };
        dp.set(p.id, r);
      }
      return r;
    };
    const dayTag = day.replaceAll('-', '');
    const batch: unknown[] = [];
    const single = database.prepare(
      `INSERT INTO bet_record (id, round_id, player_id, account, provider, currency, game_id, table_id, shoe_id, bet_type, amount, payout, ts, settled_at, day) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    );
    database.transaction(() => {
      for (let i = 0; i < todays; i += 1) {
        const p = active[Math.floor(rand() * active.length)] as (typeof players)[number];
        const gameId = rand() < 0.8 ? 1 : 2;
        const table = Math.floor(rand() * 20);
        const ts = dayStart + Math.floor(rand() * dayLen);
        const roundNo = Math.floor((ts - dayStart) / 30_000);
        const roundKey = (gameId * 100 + table) * 10_000 + roundNo;
        const roundId = `r${dayTag}${roundKey.toString(36)}`;
        const amount = AMOUNTS[Math.floor(rand() * AMOUNTS.length)] as number;
        const win = rand() < 0.47;
        const payout = win ? Math.floor(amount * 1.95) : 0;
        const side =
          gameId === 1
            ? (SIDES[Math.floor(rand() * 2)] as string)
            : (TP_SIDES[Math.floor(rand() * 2)] as string);
        ids.bet += 1;
        batch.push(
          id36('b', ids.bet),
          roundId,
          p.id,
          p.account,
          p.provider,
          p.currency,
          gameId,
          TABLES[gameId * 20 + table] as string,
          `S${Math.floor(roundNo / 60)}`,
          side,
          amount,
          payout,
          ts,
          ts + 30_000,
          day,
        );
        if (batch.length === BET_ROWS * 15) {
          ins.bet.run(batch);
          batch.length = 0;
        }
        const gk = `${p.provider}|${p.currency}|${gameId}`;
        let g = game.get(gk);
        if (!g) {
          g = { turnover: 0, payout: 0, bets: 0, rounds: new Set(), st: 0, sb: 0 };
          game.set(gk, g);
        }
        g.turnover += amount;
        g.payout += payout;
        g.bets += 1;
        g.st += amount;
        g.sb += 1;
        g.rounds.add(roundKey);
        const r = dpOf(p);
        r.turnover += amount;
        r.payout += payout;
        r.bets += 1;
        r.st += amount;
        r.sb += 1;
        if (win) r.wins += 1;
      }
      for (let i = 0; i < batch.length; i += 15) single.run(batch.slice(i, i + 15));
      batch.length = 0;
      // Logins, transfers, bonuses, prizes of the day's players.
      for (const r of [...dp.values()]) {
        const p = r.p;
        const a = accOf(p.provider, p.currency);
        const ts = dayStart + Math.floor(rand() * dayLen);
        ids.login += 1;
        ins.login.run(
          id36('l', ids.login),
          p.id,
          p.account,
          p.provider,
          p.currency,
          ts,
          day,
          `10.1.${p.id % 250}.1`,
          'mobile',
        );
        r.logins += 1;
        a.logins += 1;
        a.loginPlayers += 1;
        if (rand() < 0.4) {
          const amount = 100_00 * (1 + Math.floor(rand() * 20));
          ids.transfer += 1;
          ins.transfer.run(
            id36('t', ids.transfer),
            p.id,
            p.account,
            p.provider,
            p.currency,
            1,
            amount,
            amount,
            ts + 1000,
            day,
          );
          r.tin += amount;
          a.tin += amount;
          a.tinN += 1;
        }
        if (rand() < 0.2) {
          const amount = 100_00 * (1 + Math.floor(rand() * 10));
          ids.transfer += 1;
          ins.transfer.run(
            id36('t', ids.transfer),
            p.id,
            p.account,
            p.provider,
            p.currency,
            0,
            amount,
            0,
            ts + 2000,
            day,
          );
          r.tout += amount;
          a.tout += amount;
          a.toutN += 1;
        }
        if (rand() < 0.03) {
          ids.bonus += 1;
          ins.bonus.run(
            id36('o', ids.bonus),
            p.id,
            p.account,
            p.provider,
            p.currency,
            'rebate',
            500,
            ts + 3000,
            day,
          );
          r.bonus += 500;
          a.bonus += 500;
          a.bonusN += 1;
        }
        if (rand() < 0.03) {
          ids.prize += 1;
          ins.prize.run(
            id36('z', ids.prize),
            p.id,
            p.account,
            p.provider,
            p.currency,
            'jackpot',
            5_000,
            ts + 4000,
            day,
          );
          r.prize += 5_000;
          a.prize += 5_000;
          a.prizeN += 1;
        }
      }
      for (const [k, g] of game) {
        const [provider, currency, gameId] = k.split('|');
        ins.game.run(
          day,
          Number(provider),
          currency,
          Number(gameId),
          g.turnover,
          g.payout,
          g.bets,
          g.rounds.size,
          g.st,
          g.sb,
        );
      }
      for (const [k, a] of acc) {
        const [provider, currency] = k.split('|');
        ins.account.run(
          day,
          Number(provider),
          currency,
          a.registrations,
          a.logins,
          a.loginPlayers,
          a.tin,
          a.tinN,
          a.tout,
          a.toutN,
          a.bonus,
          a.bonusN,
          a.prize,
          a.prizeN,
        );
      }
      const rows = [...dp.values()].sort(
        (x, y) =>
          x.p.provider - y.p.provider ||
          (x.p.currency < y.p.currency ? -1 : x.p.currency > y.p.currency ? 1 : 0) ||
          x.p.id - y.p.id,
      );
      for (const r of rows) {
        ins.dplayer.run(
          day,
          r.p.provider,
          r.p.currency,
          r.p.id,
          r.p.account,
          r.turnover,
          r.payout,
          r.bets,
          r.st,
          r.sb,
          r.wins,
          r.tin,
          r.tout,
          r.bonus,
          r.prize,
          r.logins,
        );
      }
    })();
    const now = performance.now();
    if (now - lastLog > 10_000) {
      lastLog = now;
      log(`  day ${d + 1}/${DAYS}: ${ids.bet} bets in ${((now - started) / 1000).toFixed(0)} s`);
    }
  }
  // Registrations of days without any activity row yet (before the first day or on quiet days).
  database.transaction(() => {
    const existing = new Set(
      (
        database
          .prepare(`SELECT day || '|' || provider || '|' || currency AS k FROM daily_account`)
          .all() as { k: string }[]
      ).map((r) => r.k),
    );
    for (const [key, n] of registrations) {
      if (existing.has(key)) continue;
      const [day, provider, currency] = key.split('|');
      ins.account.run(day, Number(provider), currency, n, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
  })();
  log(
    `  rows loaded in ${((performance.now() - started) / 1000).toFixed(0)} s; building ${indexes.length} indexes`,
  );
  for (const ix of indexes) database.exec(ix.sql);
  database.exec(`ANALYZE`);
  database.exec(`CREATE TABLE bench_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  database
    .prepare(`INSERT INTO bench_meta VALUES ('version', ?), ('bets', ?)`)
    .run(BUILD_VERSION, String(ids.bet));
  database.pragma('journal_mode = WAL');
  await db.destroy();
  log(`  built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

function sqliteReady(file: string, bets: number): boolean {
  if (!existsSync(file)) return false;
  try {
    const database = new BetterSqlite3(file, { readonly: true });
    try {
      const rows = database.prepare(`SELECT key, value FROM bench_meta`).all() as {
        key: string;
        value: string;
      }[];
      const meta = new Map(rows.map((r) => [r.key, r.value]));
      return meta.get('version') === BUILD_VERSION && meta.get('bets') === String(bets);
    } finally {
      database.close();
    }
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL build (server-side generation)

async function buildPostgres(db: Db, bets: number): Promise<void> {
  const started = performance.now();
  await sql`DROP SCHEMA IF EXISTS bench_stats CASCADE`.execute(db);
  await sql`CREATE SCHEMA bench_stats`.execute(db);
  await sql`SET search_path = bench_stats`.execute(db);
  await platformDataMigration('postgres').up(db as unknown as MigrationDb);
  const [firstStart] = dayRange(FIRST_DAY, TZ);
  const dayMs = 86_400_000;
  const exec = async (label: string, q: ReturnType<typeof sql>) => {
    const t = performance.now();
    await q.execute(db);
    log(`  pg ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  // Players: same shape as SQLite. Business day of a ts = date of (ts + 8 h) for Asia/Shanghai (no DST).
  await exec(
    'players',
    sql`INSERT INTO player (id, provider, currency, account, registered_at, day, device, ip, event_id)
      SELECT 10000000 + i, (ARRAY[1001,1002,1003,1004,1005,1006])[1 + i % 6], (ARRAY['CNY','USD','INR'])[1 + (i / 6) % 3],
        'p' || (10000000 + i), reg, to_char(to_timestamp((reg + 28800000) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
        'mobile', '10.0.0.1', 'reg-' || (10000000 + i)
      FROM (SELECT i, (${firstStart}::bigint - 60 * ${dayMs}::bigint + floor(random() * ${(DAYS + 60) * dayMs})::bigint) AS reg
            FROM generate_series(0, ${PLAYERS - 1}) AS i) s`,
  );
  await exec('drop raw indexes', sql`DROP INDEX bet_scope_time, bet_round, bet_account_time`);
  await exec(
    'bets',
    sql`INSERT INTO bet_record (id, round_id, player_id, account, provider, currency, game_id, table_id, shoe_id, bet_type, amount, payout, ts, settled_at, day)
      SELECT 'b' || lpad(to_hex(n), 8, '0'), 'r' || d || '-' || g || '-' || t || '-' || ((ts - ${firstStart}::bigint) / 30000),
        p.id, p.account, p.provider, p.currency, g, 'T' || g || t, 'S' || ((ts - ${firstStart}::bigint) / 1800000),
        CASE WHEN g = 1 THEN 'banker' ELSE 'player_a' END, amt, CASE WHEN w THEN floor(amt * 1.95)::bigint ELSE 0 END,
        ts, ts + 30000, to_char(to_timestamp((ts + 28800000) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')
      FROM (
        SELECT n, d, ts, 10000000 + floor(random() * ${PLAYERS})::int AS pid, CASE WHEN random() < 0.8 THEN 1 ELSE 2 END AS g,
          floor(random() * 20)::int AS t, (ARRAY[1000,2000,5000,10000,20000,50000])[1 + floor(random() * 6)::int] AS amt,
          random() < 0.47 AS w
        FROM (SELECT n, (n * ${DAYS}::bigint / ${bets}) AS d FROM generate_series(0, ${bets - 1}) AS n) s0,
        LATERAL (SELECT ${firstStart}::bigint + d * ${dayMs}::bigint + floor(random() * ${dayMs})::bigint AS ts) s1
      ) b JOIN player p ON p.id = b.pid`,
  );
  await exec(
    'logins',
    sql`INSERT INTO login_record (id, player_id, account, provider, currency, ts, day, ip, device)
      SELECT 'l' || row_number() OVER (), player_id, MIN(account), provider, currency, MIN(ts), day, '10.1.0.1', 'mobile'
      FROM bet_record GROUP BY day, provider, currency, player_id`,
  );
  await exec(
    'transfers',
    sql`INSERT INTO transfer_record (id, player_id, account, provider, currency, direction, amount, balance_after, ts, day)
      SELECT 't' || id, player_id, account, provider, currency, CASE WHEN random() < 0.66 THEN 1 ELSE 0 END, 10000, 10000, ts + 1000, day
      FROM login_record WHERE random() < 0.6`,
  );
  await exec(
    'bonus/prize',
    sql`INSERT INTO bonus_record (id, player_id, account, provider, currency, kind, amount, ts, day)
      SELECT 'o' || id, player_id, account, provider, currency, 'rebate', 500, ts + 3000, day FROM login_record WHERE random() < 0.03`,
  );
  await sql`INSERT INTO prize_record (id, player_id, account, provider, currency, kind, amount, ts, day)
      SELECT 'z' || id, player_id, account, provider, currency, 'jackpot', 5000, ts + 4000, day FROM login_record WHERE random() < 0.03`.execute(
    db,
  );
  await exec('raw indexes', sql`CREATE INDEX bet_scope_time ON bet_record (provider, currency, ts, id)`);
  await sql`CREATE INDEX bet_round ON bet_record (round_id)`.execute(db);
  await sql`CREATE INDEX bet_account_time ON bet_record (account, ts)`.execute(db);
  await exec(
    'daily_game',
    sql`INSERT INTO daily_game (day, provider, currency, game_id, turnover, payout, bets, rounds, settled_turnover, settled_bets)
      SELECT day, provider, currency, game_id, SUM(amount), SUM(payout), COUNT(*), COUNT(DISTINCT round_id), SUM(amount), COUNT(*)
      FROM bet_record GROUP BY day, provider, currency, game_id`,
  );
  await exec(
    'daily_account',
    sql`INSERT INTO daily_account (day, provider, currency, registrations, logins, login_players, transfer_in, transfer_in_count, transfer_out, transfer_out_count, bonus, bonus_count, prize, prize_count)
      SELECT day, provider, currency, SUM(r), SUM(l), SUM(l), SUM(ti), SUM(tin), SUM(tou), SUM(toun), SUM(b), SUM(bn), SUM(z), SUM(zn) FROM (
        SELECT day, provider, currency, 1 r, 0 l, 0 ti, 0 tin, 0 tou, 0 toun, 0 b, 0 bn, 0 z, 0 zn FROM player
        UNION ALL SELECT day, provider, currency, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0 FROM login_record
        UNION ALL SELECT day, provider, currency, 0, 0, CASE WHEN direction = 1 THEN amount ELSE 0 END, direction, CASE WHEN direction = 0 THEN amount ELSE 0 END, 1 - direction, 0, 0, 0, 0 FROM transfer_record
        UNION ALL SELECT day, provider, currency, 0, 0, 0, 0, 0, 0, amount, 1, 0, 0 FROM bonus_record
        UNION ALL SELECT day, provider, currency, 0, 0, 0, 0, 0, 0, 0, 0, amount, 1 FROM prize_record) u
      GROUP BY day, provider, currency`,
  );
  await exec(
    'daily_player',
    sql`INSERT INTO daily_player (day, provider, currency, player_id, account, turnover, payout, bets, settled_turnover, settled_bets, wins, transfer_in, transfer_out, bonus, prize, logins)
      SELECT day, provider, currency, player_id, MIN(account), SUM(amount), SUM(payout), COUNT(*), SUM(amount), COUNT(*), SUM(CASE WHEN payout > 0 THEN 1 ELSE 0 END), 0, 0, 0, 0, 1
      FROM bet_record GROUP BY day, provider, currency, player_id`,
  );
  await exec('analyze', sql`ANALYZE`);
  await sql`CREATE TABLE bench_meta (key text PRIMARY KEY, value text NOT NULL)`.execute(db);
  await sql`INSERT INTO bench_meta VALUES ('version', ${BUILD_VERSION}), ('bets', ${String(bets)})`.execute(
    db,
  );
  log(`  pg built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Applies the platform migrations after `0003_platform_data` that the store lacks (a store generated now, or
 * cached from before they existed), in order, and records them in `bench_meta`.
 */
async function upgrade(db: Db, dialect: Dialect): Promise<string[]> {
  const all = buildMigrations(dialect, { adminPasswordHash: () => Promise.resolve(''), now: () => 0 });
  const later = Object.keys(all)
    .filter((name) => name > PLATFORM_DATA_MIGRATION)
    .sort();
  const meta = await sql<{ value: string }>`SELECT value FROM bench_meta WHERE key = 'migrations'`.execute(
    db,
  );
  const applied = new Set((meta.rows[0]?.value ?? '').split(',').filter(Boolean));
  for (const name of later) {
    if (applied.has(name)) continue;
    const t = performance.now();
    await (all[name] as (typeof all)[string]).up(db as unknown as MigrationDb);
    applied.add(name);
    log(`  applied ${name} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const value = [...applied].sort().join(',');
  await sql`DELETE FROM bench_meta WHERE key = 'migrations'`.execute(db);
  await sql`INSERT INTO bench_meta (key, value) VALUES ('migrations', ${value})`.execute(db);
  await sql`ANALYZE daily_game_version`.execute(db);
  return [...applied].sort();
}

/** The tables of the PostgreSQL bench schema. */
const PG_TABLES = [
  'player',
  'login_record',
  'transfer_record',
  'bet_record',
  'bonus_record',
  'prize_record',
  'daily_game',
  'daily_account',
  'daily_player',
  'daily_game_version',
];

/**
 * VACUUM (ANALYZE) of the bench tables once per generated store: rows loaded in bulk have no visibility map
 * until autovacuum gets to them, and until then every index-only read of keys (the game-record pages) visits
 * the table too (a middle page took 152 ms instead of 10 ms). A long-lived table is in the vacuumed state.
 */
async function settle(db: Db): Promise<void> {
  const done = await sql<{ value: string }>`SELECT value FROM bench_meta WHERE key = 'vacuumed'`.execute(db);
  if (done.rows.length > 0) return;
  const t = performance.now();
  await sql`VACUUM (ANALYZE) ${sql.raw(PG_TABLES.join(', '))}`.execute(db);
  await sql`INSERT INTO bench_meta (key, value) VALUES ('vacuumed', ${new Date().toISOString()})`.execute(db);
  log(`  vacuum (analyze) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

// ---------------------------------------------------------------------------------------------------------
// Measurements

/** Wall time and this process's CPU time (user + system, all threads) of one call, in ms. */
async function timeIt<T>(fn: () => Promise<T>): Promise<[number, T, number]> {
  const c = process.cpuUsage();
  const t = performance.now();
  const v = await fn();
  const wall = performance.now() - t;
  const cpu = process.cpuUsage(c);
  return [wall, v, (cpu.user + cpu.system) / 1000];
}

interface Timing {
  median: number;
  p95: number;
  n: number;
  /** Median CPU time of this process per call: close to the wall time of an idle machine. */
  cpuMedian: number;
}

function stats(ms: number[], cpu: number[]): Timing {
  const at = (xs: number[], q: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  };
  return {
    median: round(at(ms, 0.5)),
    p95: round(at(ms, 0.95)),
    n: ms.length,
    cpuMedian: round(at(cpu, 0.5)),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

async function repeat(n: number, fn: () => Promise<unknown>): Promise<Timing> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const [w, , c] = await timeIt(fn);
    wall.push(w);
    cpu.push(c);
  }
  return stats(wall, cpu);
}

const ALL_SCOPE = { providers: 'all', currencies: 'all' } as const;

async function measure(dialect: Dialect, db: Db): Promise<Record<string, unknown>> {
  const s = { db, dialect };
  const service = new StatsService(s, TZ);
  const A = { aStart: FIRST_DAY, aEnd: addDays(FIRST_DAY, 180) };
  const B = { bStart: addDays(FIRST_DAY, 181), bEnd: LAST_DAY };
  const filter = { providerIds: PROVIDERS, currencies: CURRENCIES };
  const out: Record<string, unknown> = {};
  const betCount = Number(
    (await sql<{ n: number }>`SELECT CAST(SUM(bets) AS BIGINT) AS n FROM daily_game`.execute(db)).rows[0]
      ?.n ?? 0,
  );
  out.bets = betCount;

  // Company Profit.
  const q = { ...filter, ...A, ...B };
  const [cold, , coldCpu] = await timeIt(() => service.profitCompare(ALL_SCOPE, q));
  const warm = await repeat(50, () => service.profitCompare(ALL_SCOPE, q));
  const uncached = await repeat(5, () =>
    new StatsService(s, TZ, { activity: new ActivityCache() }).profitCompare(ALL_SCOPE, q),
  );
  const [fA, tsA] = [dayRange(A.aStart, TZ)[0], dayRange(A.aEnd, TZ)[1]];
  const [fB, tsB] = [dayRange(B.bStart, TZ)[0], dayRange(B.bEnd, TZ)[1]];
  const skipBaselines = flag('skip-baselines');
  const none: Timing = { median: -1, p95: -1, n: 0, cpuMedian: -1 };
  const baselineProfit = skipBaselines
    ? none
    : await repeat(1, async () => {
        for (const [f, t] of [
          [fA, tsA],
          [fB, tsB],
        ] as const) {
          await sql`SELECT provider, currency, game_id, day, SUM(amount) AS turnover, SUM(payout) AS payout, COUNT(*) AS bets
        FROM bet_record WHERE ts >= ${f} AND ts < ${t} GROUP BY provider, currency, game_id, day`.execute(db);
          await sql`SELECT COUNT(DISTINCT player_id) AS n FROM bet_record WHERE ts >= ${f} AND ts < ${t}`.execute(
            db,
          );
        }
      });
  out.companyProfit = {
    coldMs: round(cold),
    coldCpuMs: round(coldCpu),
    warm,
    uncachedActivePlayers: uncached,
    baselineRawGroupBy: baselineProfit,
  };
  log(
    `  company profit: cold ${round(cold)} ms (cpu ${round(coldCpu)}), warm median ${warm.median} p95 ${warm.p95} (cpu ${warm.cpuMedian}), uncached ${uncached.median} (cpu ${uncached.cpuMedian}), raw baseline ${baselineProfit.median} (cpu ${baselineProfit.cpuMedian}) ms`,
  );

  // Game-record pages over range B (6 months).
  const base: RawListQuery = {
    ...filter,
    startDate: B.bStart,
    endDate: B.bEnd,
    page: 1,
    pageSize: 20,
    sortOrder: 'desc',
  };
  const first = await service.rawPage('game-records', ALL_SCOPE, base);
  const total = first.total;
  const lastPage = Math.ceil(total / 20);
  const midPage = Math.ceil(lastPage / 2);
  // The middle page falls on a day boundary; half a day further on is the deepest a page reads inside one day.
  const midDayPage = midPage + Math.round(total / (DAYS - 181) / 2 / 20);
  const pageAt = (page: number) => () => service.rawPage('game-records', ALL_SCOPE, { ...base, page });
  const deep = await service.rawPage('game-records', ALL_SCOPE, { ...base, page: midPage });
  const cursor = deep.nextCursor ?? undefined;
  const pages = {
    total,
    page1: await repeat(20, pageAt(1)),
    middle: await repeat(20, pageAt(midPage)),
    middleOfDay: await repeat(20, pageAt(midDayPage)),
    last: await repeat(20, pageAt(lastPage)),
    keysetDeep: await repeat(20, () =>
      service.rawPage('game-records', ALL_SCOPE, { ...base, page: midPage + 1, cursor }),
    ),
    onePairMiddle: await repeat(20, () =>
      service.rawPage('game-records', ALL_SCOPE, {
        ...base,
        providerIds: [1001],
        currencies: ['CNY'],
        page: Math.ceil(midPage / 18),
      }),
    ),
    searchAccount: await repeat(20, () =>
      service.rawPage('game-records', ALL_SCOPE, { ...base, account: 'p10000007' }),
    ),
  };
  const [fPage, tPage] = [dayRange(base.startDate, TZ)[0], dayRange(base.endDate, TZ)[1]];
  const offsetQuery = (offset: number) => async () => {
    await sql`SELECT * FROM bet_record WHERE provider IN (${sql.join(PROVIDERS)}) AND currency IN (${sql.join(CURRENCIES)})
      AND ts >= ${fPage} AND ts < ${tPage} ORDER BY ts DESC, id DESC LIMIT 20 OFFSET ${offset}`.execute(db);
  };
  const countQuery = async () => {
    await sql`SELECT COUNT(*) FROM bet_record WHERE provider IN (${sql.join(PROVIDERS)}) AND currency IN (${sql.join(CURRENCIES)})
      AND ts >= ${fPage} AND ts < ${tPage}`.execute(db);
  };
  const baselinePages = skipBaselines
    ? { offsetPage1: none, offsetMiddle: none, offsetLast: none, countAll: none }
    : {
        offsetPage1: await repeat(3, offsetQuery(0)),
        offsetMiddle: await repeat(1, offsetQuery((midPage - 1) * 20)),
        offsetLast: await repeat(1, offsetQuery((lastPage - 1) * 20)),
        countAll: await repeat(1, countQuery),
      };
  out.gameRecordPage = { ...pages, baseline: baselinePages };
  const cpuOf = (t: Timing) => t.cpuMedian;
  log(
    `  pages (total ${total}): p1 ${pages.page1.median} (cpu ${cpuOf(pages.page1)}) mid ${pages.middle.median} (cpu ${cpuOf(pages.middle)}) mid-day ${pages.middleOfDay.median} (cpu ${cpuOf(pages.middleOfDay)}) last ${pages.last.median} (cpu ${cpuOf(pages.last)}) keyset ${pages.keysetDeep.median} (cpu ${cpuOf(pages.keysetDeep)}) ms; baseline OFFSET mid ${baselinePages.offsetMiddle.median} (cpu ${cpuOf(baselinePages.offsetMiddle)}) last ${baselinePages.offsetLast.median} count ${baselinePages.countAll.median} ms`,
  );

  // Export of one month of game records.
  const month: RawListQuery = { ...base, startDate: '2025-11-01', endDate: '2025-11-30' };
  const exportRun = (path: RowPath, q2: RawListQuery, write = true) =>
    measureRows(async (sink) => {
      if (write)
        return writeXlsx(sink, service.rawRows('game-records', ALL_SCOPE, q2), {
          // What the route writes: provider names, labels, Excel dates and the heading of the filters.
          ...exportOptions('game-records', { ...q2, lang: 'en' }, BENCH_PROVIDER_NAMES, Date.now(), TZ),
          rowPath: path,
        });
      let rows = 0;
      for await (const _r of service.rawRows('game-records', ALL_SCOPE, q2)) rows += 1;
      return rows;
    });
  const fastExport = await exportRun('fast', month);
  const readOnly = await exportRun('fast', month, false);
  const week: RawListQuery = { ...month, startDate: '2025-11-01', endDate: '2025-11-07' };
  const exceljsWeek = await exportRun('exceljs', week);
  const fastWeek = await exportRun('fast', week);
  out.exportMonth = {
    fast: fastExport,
    baselineReadOnly: readOnly,
    weekFast: fastWeek,
    baselineWeekExceljsRowModel: exceljsWeek,
  };
  log(
    `  export month: ${fastExport.rows} rows at ${fastExport.rowsPerSec}/s (${fastExport.rowsPerCpuSec}/cpu-s), peak RSS +${fastExport.peakRssDeltaMb} MB; read only ${readOnly.rowsPerSec}/s; week exceljs row model ${exceljsWeek.rowsPerSec}/s (${exceljsWeek.rowsPerCpuSec}/cpu-s) vs fast ${fastWeek.rowsPerSec}/s (${fastWeek.rowsPerCpuSec}/cpu-s)`,
  );
  return out;
}

async function main(): Promise<void> {
  const bets = Number(arg('bets') ?? 10_000_000);
  const result: Record<string, unknown> = {
    bench: 'stats',
    at: new Date().toISOString(),
    node: process.version,
  };
  if (!flag('skip-sqlite')) {
    const dir = join(process.cwd(), 'data', 'bench');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `stats-${bets}.sqlite`);
    if (flag('rebuild') || !sqliteReady(file, bets)) {
      log(`building ${file} with ${bets} bets`);
      await buildSqlite(file, bets);
    } else log(`using cached ${file}`);
    const database = new BetterSqlite3(file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    const db = new Kysely<never>({ dialect: new SqliteDialect({ database }) }) as unknown as Db;
    const migrations = await upgrade(db, 'sqlite');
    log('sqlite:');
    result.sqlite = {
      storeMb: Math.round(statSync(file).size / 1e6),
      migrations: [PLATFORM_DATA_MIGRATION, ...migrations],
      ...(await measure('sqlite', db)),
    };
    await db.destroy();
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const pgBets = Number(arg('pg-bets') ?? 2_000_000);
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
    const db = new Kysely<never>({ dialect: new PostgresDialect({ pool }) }) as unknown as Db;
    let ready = false;
    try {
      const rows = (
        await sql<{ key: string; value: string }>`SELECT key, value FROM bench_stats.bench_meta`.execute(db)
      ).rows;
      const meta = new Map(rows.map((r) => [r.key, r.value]));
      ready = meta.get('version') === BUILD_VERSION && meta.get('bets') === String(pgBets);
    } catch {
      ready = false;
    }
    if (flag('rebuild') || !ready) {
      log(`building PostgreSQL schema bench_stats with ${pgBets} bets`);
      await buildPostgres(db, pgBets);
    }
    const migrations = await upgrade(db, 'postgres');
    await settle(db);
    const size = await sql<{
      mb: number;
    }>`SELECT CAST(SUM(pg_total_relation_size(c.oid)) / 1000000 AS BIGINT) AS mb FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'bench_stats' AND c.relkind IN ('r', 'm')`.execute(
      db,
    );
    log('postgres:');
    result.postgres = {
      storeMb: Number(size.rows[0]?.mb ?? 0),
      migrations: [PLATFORM_DATA_MIGRATION, ...migrations],
      ...(await measure('postgres', db)),
    };
    await db.destroy();
  }
  result.loadAverage = os.loadavg().map(round);
  const line = JSON.stringify(result);
  writeFileSync(join(process.cwd(), 'data', 'bench', 'bench-stats.json'), `${line}\n`);
  console.log(line);
}

await main();
