import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../platform/db/db.migrations';
import type { Store } from '../platform/db/db.store';
import { COLUMNS, type RawTable, type Row } from './events.mapper';
import type { PlatformTables } from './events.tables';
import {
  gameKey,
  type AccountDelta,
  type GameDelta,
  type PendingPayout,
  type PlayerDelta,
  type SettledBet,
} from './rollup.aggregator';

/**
 * SQL of the event pipeline: inserts that skip existing keys and tell which keys they did insert, the
 * settlement of rounds and bets, and the roll-up upserts. Statements are built here as text: with
 * thousands of rows per batch, building Kysely's operation tree for every value would cost more than the
 * database does.
 *
 * Rows travel differently per dialect, with the same semantics:
 * - SQLite, inside {@link EventsRepository.transaction}: one row per call of a statement prepared once per
 *   connection on the better-sqlite3 handle under Kysely (its `changes` tells whether the row was new).
 *   better-sqlite3 is synchronous and in-process, so a call costs about a microsecond; JSON-encoding the
 *   rows for one `json_each` statement, and decoding them again in SQL, cost more than that. The handle is
 *   used only while this repository's Kysely transaction holds the connection, so nothing interleaves.
 * - PostgreSQL (and SQLite outside a transaction): multi-row `VALUES` (`$n` placeholders) or one JSON
 *   parameter read with `json_each`, through Kysely on the caller's connection or transaction;
 *   `ON CONFLICT DO NOTHING RETURNING` tells which rows are new.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's database type plus ours; raw SQL below
type AnyKysely = Kysely<any>;

/** A pending payout: a settlement named a bet that was not stored yet. */

/** What writing the rounds of a batch did, by round id. */
/** A round and one `daily_game` key of a batch's bets in it (see {@link EventsRepository.roundKeys}). */
export interface RoundKey {
  roundId: string;
  day: string;
  provider: number;
  currency: string;
  gameId: number;
}

export interface RoundsWritten {
  /** Round rows created now (by the round's start, or by a settlement naming a round never started). */
  inserted: Set<string>;
  /** Rounds whose settlement was recorded now (each round takes one). */
  settled: Set<string>;
}

/** The `logins` of a `daily_player` row after an upsert. */
export interface PlayerLogins {
  day: string;
  provider: number;
  currency: string;
  playerId: number;
  logins: number;
}

/** Largest number of bound values in one statement (SQLite allows 32766, PostgreSQL 65535). */
const MAX_PARAMS = 16_000;
/** Largest number of rows in one statement. */
const MAX_ROWS = 500;

const KEY_COLUMN: Readonly<Record<RawTable, string>> = {
  player: 'event_id',
  login_record: 'id',
  transfer_record: 'id',
  game_round: 'id',
  bet_record: 'id',
  bonus_record: 'id',
  prize_record: 'id',
};

const ROUND_COLUMNS = COLUMNS.game_round;

/** Prepared statements per better-sqlite3 connection, reused by every batch. */
const preparedByConnection = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

function chunks<T>(items: readonly T[], width: number): T[][] {
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Math.max(1, width))));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Repository of the platform data tables. One instance per connection or transaction. */
export class EventsRepository {
  private readonly placeholderCache = new Map<string, string>();

  /**
   * @param sqlite the better-sqlite3 connection under `db` (SQLite), used only when `inTransaction`.
   * @param inTransaction whether `db` is this repository's own transaction (see {@link transaction}).
   */
  constructor(
    private readonly db: AnyKysely,
    readonly dialect: Dialect,
    private readonly sqlite?: BetterSqlite3.Database,
    private readonly inTransaction = false,
  ) {}

  /** The repository over a store's database. */
  static of(store: Store): EventsRepository {
    return new EventsRepository(store.db as unknown as AnyKysely, store.dialect, store.sqlite);
  }

  /** The typed Kysely handle of the platform tables (reads of other modules, tests). */
  get tables(): Kysely<PlatformTables> {
    return this.db as Kysely<PlatformTables>;
  }

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (tx: EventsRepository) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => fn(new EventsRepository(trx as AnyKysely, this.dialect, this.sqlite, true)));
  }

  /**
   * The better-sqlite3 connection, only inside this repository's transaction: Kysely then holds the
   * connection for us, so a statement run on the handle belongs to our transaction and no other.
   */
  private get lite(): BetterSqlite3.Database | undefined {
    return this.inTransaction && this.dialect === 'sqlite' ? this.sqlite : undefined;
  }

  /** `text` prepared once per connection. */
  private prepared(lite: BetterSqlite3.Database, text: string): BetterSqlite3.Statement {
    let cache = preparedByConnection.get(lite);
    if (!cache) {
      cache = new Map();
      preparedByConnection.set(lite, cache);
    }
    let st = cache.get(text);
    if (!st) {
      st = lite.prepare(text);
      cache.set(text, st);
    }
    return st;
  }

  /** `insert into table (columns) values (?, …)` with an optional tail, prepared once. */
  private insertStatement(
    lite: BetterSqlite3.Database,
    table: string,
    columns: readonly string[],
    tail: string,
  ) {
    return this.prepared(
      lite,
      `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) ${tail}`,
    );
  }

  /**
   * Tunes the connection for batched writes, on SQLite: a 64 MiB page cache (the default 2 MiB makes
   * every index insert of a large table read pages again). The write-ahead log's checkpoints are the store's
   * (db.checkpointer: on a worker thread, or every 10,000 pages by this connection when none runs).
   * Nothing on PostgreSQL.
   */
  async tune(): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    await this.run('pragma cache_size = -65536', []);
  }

  /** `(?, ?, …), (?, ?, …)` or `($1, $2, …), …` for `rows` rows of `width` values, optionally cast. */
  private values(rows: number, width: number, casts?: readonly string[]): string {
    const key = `${rows}:${width}:${casts?.join(',') ?? ''}`;
    let text = this.placeholderCache.get(key);
    if (text === undefined) {
      const parts: string[] = [];
      let n = 0;
      for (let r = 0; r < rows; r++) {
        const row: string[] = [];
        for (let c = 0; c < width; c++) {
          n += 1;
          const p = this.dialect === 'postgres' ? `$${n}` : '?';
          const cast = casts?.[c];
          row.push(cast ? `CAST(${p} AS ${cast})` : p);
        }
        parts.push(`(${row.join(', ')})`);
      }
      text = parts.join(', ');
      if (this.placeholderCache.size > 200) this.placeholderCache.clear();
      this.placeholderCache.set(key, text);
    }
    return text;
  }

  /**
   * Runs `build(source, columnRef)` over `rows` of `width` values: on SQLite once, with the rows as one
   * JSON array (`source` reads it, `columnRef(i)` is the i-th value of a row); on PostgreSQL in chunks of
   * multi-row VALUES (`columnRef` unused: the statement lists the values in column order).
   */
  private async bulk<R>(
    rows: readonly (readonly unknown[])[],
    width: number,
    build: (source: string) => string,
    casts?: readonly string[],
  ): Promise<R[]> {
    if (rows.length === 0) return [];
    if (this.dialect === 'sqlite') {
      const select = Array.from({ length: width }, (_, i) => `value ->> ${i}`).join(', ');
      return this.run<R>(build(`select ${select} from json_each(?) where true`), [JSON.stringify(rows)]);
    }
    const out: R[] = [];
    for (const part of chunks(rows, width)) {
      out.push(
        ...(await this.run<R>(build(`values ${this.values(part.length, width, casts)}`), part.flat())),
      );
    }
    return out;
  }

  private async run<R>(text: string, params: readonly unknown[]): Promise<R[]> {
    const result = await this.db.executeQuery<R>(CompiledQuery.raw(text, params as unknown[]));
    return result.rows as R[];
  }

  /**
   * Inserts rows of a raw table, skipping rows whose key (or any unique column) exists. Returns the keys
   * of the rows inserted now, as text.
   */
  async insertRaw(table: RawTable, rows: readonly Row[]): Promise<Set<string>> {
    const inserted = new Set<string>();
    if (rows.length === 0) return inserted;
    const columns = COLUMNS[table];
    const lite = this.lite;
    if (lite) {
      const st = this.insertStatement(lite, table, columns, 'on conflict do nothing');
      const key = (columns as readonly string[]).indexOf(KEY_COLUMN[table]);
      for (const row of rows) if (st.run(row).changes > 0) inserted.add(String(row[key]));
      return inserted;
    }
    const found = await this.bulk<{ k: string | number }>(
      rows,
      columns.length,
      (source) =>
        `insert into ${table} (${columns.join(', ')}) ${source} on conflict do nothing returning ${KEY_COLUMN[table]} as k`,
    );
    for (const r of found) inserted.add(String(r.k));
    return inserted;
  }

  /**
   * Writes the rounds of a batch, one row each in {@link COLUMNS} order (`settlement_id` and the other
   * settlement values null when the batch does not settle the round): creates the rows of rounds not
   * stored yet (a round whose start never came is created by its settlement, started at the settlement),
   * and records the settlement of a stored round that has none yet. A round takes one settlement: a later
   * one, under any event id, is skipped.
   */
  async writeRounds(rows: readonly Row[]): Promise<RoundsWritten> {
    const out: RoundsWritten = { inserted: new Set(), settled: new Set() };
    if (rows.length === 0) return out;
    const settle =
      'set settled_at = ?, result = ?, settlement_id = ?, settled_seq = ? where id = ? and settlement_id is null';
    const lite = this.lite;
    if (lite) {
      const insert = this.insertStatement(lite, 'game_round', ROUND_COLUMNS, 'on conflict do nothing');
      const update = this.prepared(lite, `update game_round ${settle}`);
      for (const row of rows) {
        const id = row[0] as string;
        const settlement = row[8];
        if (insert.run(row).changes > 0) {
          out.inserted.add(id);
          if (settlement != null) out.settled.add(id);
        } else if (settlement != null && update.run(row[6], row[7], settlement, row[9], id).changes > 0) {
          out.settled.add(id);
        }
      }
      return out;
    }
    for (const id of await this.insertRaw('game_round', rows)) {
      out.inserted.add(id);
    }
    for (const row of rows)
      if (out.inserted.has(row[0] as string) && row[8] != null) out.settled.add(row[0] as string);
    const open = rows
      .filter((row) => row[8] != null && !out.inserted.has(row[0] as string))
      .map((row) => [row[0], row[6], row[7], row[8], row[9]]);
    if (open.length === 0) return out;
    const found =
      this.dialect === 'sqlite'
        ? await this.run<{ k: string }>(
            `update game_round set settled_at = j.value ->> 1, result = j.value ->> 2, settlement_id = j.value ->> 3, ` +
              `settled_seq = j.value ->> 4 ` +
              `from json_each(?) as j where game_round.id = j.value ->> 0 and game_round.settlement_id is null ` +
              `returning game_round.id as k`,
            [JSON.stringify(open)],
          )
        : await this.bulk<{ k: string }>(
            open,
            5,
            (source) =>
              `update game_round set settled_at = v.column2, result = v.column3, settlement_id = v.column4, ` +
              `settled_seq = v.column5 from (${source}) as v ` +
              `where game_round.id = v.column1 and game_round.settlement_id is null returning game_round.id as k`,
            ['varchar(64)', 'bigint', 'text', 'varchar(64)', 'bigint'],
          );
    for (const r of found) out.settled.add(r.k);
    return out;
  }

  /**
   * Sets the payout of unsettled bets of the given rounds and returns the bets settled now (a bet already
   * settled, or of another round, is left alone).
   */
  async applyPayouts(payouts: readonly PendingPayout[]): Promise<SettledBet[]> {
    if (payouts.length === 0) return [];
    const returning =
      'returning id, round_id, day, provider, currency, game_id, player_id, account, amount, payout';
    type Settled = {
      id: string;
      round_id: string;
      day: string;
      provider: number;
      currency: string;
      game_id: number;
      player_id: number;
      account: string;
      amount: number;
      payout: number;
    };
    const rows = payouts.map((p) => [p.transactionId, p.roundId, p.payout, p.settledAt]);
    let found: Settled[];
    const lite = this.lite;
    if (lite) {
      // Rows as arrays (`raw`): a settlement returns about a thousand, and an object per row cost about a
      // tenth of this statement's time (a settling batch's payouts 6.9 → 6.0 ms).
      const st = this.prepared(
        lite,
        `update bet_record set payout = ?, settled_at = ? where id = ? and round_id = ? and payout is null ${returning}`,
      ).raw(true);
      const out: SettledBet[] = [];
      for (const p of payouts) {
        const r = st.get(p.payout, p.settledAt, p.transactionId, p.roundId) as unknown[] | undefined;
        if (r)
          out.push({
            id: r[0] as string,
            roundId: r[1] as string,
            day: r[2] as string,
            provider: Number(r[3]),
            currency: r[4] as string,
            gameId: Number(r[5]),
            playerId: Number(r[6]),
            account: r[7] as string,
            amount: Number(r[8]),
            payout: Number(r[9]),
          });
      }
      return out;
    } else if (this.dialect === 'sqlite') {
      found = await this.run<Settled>(
        `update bet_record set payout = j.value ->> 2, settled_at = j.value ->> 3 from json_each(?) as j ` +
          `where bet_record.id = j.value ->> 0 and bet_record.round_id = j.value ->> 1 and bet_record.payout is null ${returning}`,
        [JSON.stringify(rows)],
      );
    } else {
      found = await this.bulk<Settled>(
        rows,
        4,
        (source) =>
          `update bet_record set payout = v.column3, settled_at = v.column4 from (${source}) as v ` +
          `where bet_record.id = v.column1 and bet_record.round_id = v.column2 and bet_record.payout is null ${returning}`,
        ['varchar(64)', 'varchar(64)', 'bigint', 'bigint'],
      );
    }
    return found.map((r) => ({
      id: r.id,
      roundId: r.round_id,
      day: r.day,
      provider: Number(r.provider),
      currency: r.currency,
      gameId: Number(r.game_id),
      playerId: Number(r.player_id),
      account: r.account,
      amount: Number(r.amount),
      payout: Number(r.payout),
    }));
  }

  /** Which of these bet ids are stored. */
  async existingBets(ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    const lite = this.lite;
    if (lite) {
      const st = this.prepared(lite, 'select 1 from bet_record where id = ?').pluck();
      for (const id of ids) if (st.get(id) !== undefined) found.add(id);
      return found;
    }
    for (const part of chunks(ids, 1)) {
      const rows = await this.run<{ id: string }>(
        `select id from bet_record where id in (${this.values(1, part.length).slice(1, -1)})`,
        part,
      );
      for (const r of rows) found.add(r.id);
    }
    return found;
  }

  /** Keeps payouts of bets not stored yet; returns how many were new. */
  async addPendingPayouts(payouts: readonly PendingPayout[]): Promise<number> {
    const lite = this.lite;
    if (lite) {
      const st = this.insertStatement(
        lite,
        'pending_payout',
        ['transaction_id', 'round_id', 'payout', 'settled_at'],
        'on conflict do nothing',
      );
      let n = 0;
      for (const p of payouts) n += st.run(p.transactionId, p.roundId, p.payout, p.settledAt).changes;
      return n;
    }
    const rows = await this.bulk(
      payouts.map((p) => [p.transactionId, p.roundId, p.payout, p.settledAt]),
      4,
      (source) =>
        `insert into pending_payout (transaction_id, round_id, payout, settled_at) ${source} on conflict do nothing returning transaction_id`,
    );
    return rows.length;
  }

  /** The pending payouts of these bet ids. */
  async pendingPayouts(ids: readonly string[]): Promise<PendingPayout[]> {
    type Pending = { transaction_id: string; round_id: string; payout: number; settled_at: number };
    const out: PendingPayout[] = [];
    const toPayout = (r: Pending): PendingPayout => ({
      transactionId: r.transaction_id,
      roundId: r.round_id,
      payout: Number(r.payout),
      settledAt: Number(r.settled_at),
    });
    const lite = this.lite;
    if (lite) {
      const st = this.prepared(
        lite,
        'select transaction_id, round_id, payout, settled_at from pending_payout where transaction_id = ?',
      );
      for (const id of ids) {
        const r = st.get(id) as Pending | undefined;
        if (r) out.push(toPayout(r));
      }
      return out;
    }
    for (const part of chunks(ids, 1)) {
      const rows = await this.run<Pending>(
        `select transaction_id, round_id, payout, settled_at from pending_payout where transaction_id in (${this.values(1, part.length).slice(1, -1)})`,
        part,
      );
      for (const r of rows) out.push(toPayout(r));
    }
    return out;
  }

  /** Forgets pending payouts that found their bets (or were found not to be theirs); returns how many it deleted. */
  async deletePendingPayouts(ids: readonly string[]): Promise<number> {
    let n = 0;
    const lite = this.lite;
    if (lite) {
      const st = this.prepared(lite, 'delete from pending_payout where transaction_id = ?');
      for (const id of ids) n += st.run(id).changes;
      return n;
    }
    for (const part of chunks(ids, 1)) {
      const rows = await this.run(
        `delete from pending_payout where transaction_id in (${this.values(1, part.length).slice(1, -1)}) returning transaction_id`,
        part,
      );
      n += rows.length;
    }
    return n;
  }

  /** Keeps a committed batch's roll-up deltas until a roll-up transaction adds them (`rollup_pending`). */
  async addPendingRollup(seq: number, deltas: string): Promise<void> {
    const lite = this.lite;
    if (lite) {
      this.prepared(lite, 'insert into rollup_pending (seq, deltas) values (?, ?)').run(seq, deltas);
      return;
    }
    await this.run(`insert into rollup_pending (seq, deltas) values (${this.values(1, 2).slice(1, -1)})`, [
      seq,
      deltas,
    ]);
  }

  /**
   * Deletes every pending roll-up and returns them, by seq ascending: the caller adds their deltas in the same
   * transaction, so each counts once, whichever transaction took it.
   */
  async takePendingRollups(): Promise<{ seq: number; deltas: string }[]> {
    const text = 'delete from rollup_pending returning seq, deltas';
    const lite = this.lite;
    const rows = lite
      ? (this.prepared(lite, text).all() as { seq: number | string; deltas: string }[])
      : await this.run<{ seq: number | string; deltas: string }>(text, []);
    return rows.map((r) => ({ seq: Number(r.seq), deltas: r.deltas })).sort((a, b) => a.seq - b.seq);
  }

  /** How many pending payouts are kept. */
  async countPendingPayouts(): Promise<number> {
    const rows = await this.run<{ n: number | string }>('select count(*) as n from pending_payout', []);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Which of these rounds already have a bet stored under the given `daily_game` key
   * (`day|provider|currency|game_id`): by round id, the keys found (a round counts in `daily_game.rounds`
   * once per key); on PostgreSQL every key of the round found, a superset. On SQLite each pair is one indexed lookup that stops at the first bet of the key,
   * instead of reading every bet of the round (a crowded round holds hundreds, read again by each batch
   * that adds to it).
   */
  async roundKeys(pairs: readonly RoundKey[]): Promise<Map<string, Set<string>>> {
    const keys = new Map<string, Set<string>>();
    const add = (roundId: string, key: string) => {
      let set = keys.get(roundId);
      if (!set) {
        set = new Set();
        keys.set(roundId, set);
      }
      set.add(key);
    };
    if (pairs.length === 0) return keys;
    const lite = this.lite;
    if (lite) {
      // `+` keeps the planner on the round's index (bet_scope_time on provider and currency would read
      // every bet of the provider).
      const st = this.prepared(
        lite,
        'select 1 from bet_record where round_id = ? and +day = ? and +provider = ? and +currency = ? and +game_id = ? limit 1',
      ).pluck();
      for (const p of pairs) {
        if (st.get(p.roundId, p.day, p.provider, p.currency, p.gameId) !== undefined)
          add(p.roundId, gameKey(p.day, p.provider, p.currency, p.gameId));
      }
      return keys;
    }
    type Found = { round_id: string; provider: number; currency: string; day: string; game_id: number };
    const roundIds = [...new Set(pairs.map((p) => p.roundId))];
    const select =
      'select distinct round_id, provider, currency, day, game_id from bet_record where round_id';
    const rows =
      this.dialect === 'sqlite'
        ? await this.run<Found>(`${select} in (select value from json_each(?))`, [JSON.stringify(roundIds)])
        : await this.run<Found>(`${select} in (select unnest($1::text[]))`, [roundIds]);
    for (const r of rows) add(r.round_id, gameKey(r.day, Number(r.provider), r.currency, Number(r.game_id)));
    return keys;
  }

  /**
   * The commit sequence number of this batch: the last one raised by one (`commit_seq`). Called inside the
   * batch's transaction after {@link serializeBatches}, so the numbers follow the commit order of every
   * instance, and a rolled-back batch gives its number back.
   */
  async nextCommitSeq(): Promise<number> {
    const text = 'update commit_seq set seq = seq + 1 where id = 1 returning seq';
    const lite = this.lite;
    const seq = lite
      ? (this.prepared(lite, text).pluck().get() as number | undefined)
      : (await this.run<{ seq: number }>(text, []))[0]?.seq;
    if (seq === undefined) throw new Error('commit_seq has no row');
    return Number(seq);
  }

  /** A write that changes nothing: proves that the store takes writes in this transaction. */
  async probe(): Promise<void> {
    await this.run('update commit_seq set seq = seq where id = 1', []);
  }

  /**
   * Makes batch transactions of every gateway instance run one at a time (PostgreSQL advisory lock held
   * to the end of the transaction), so the "already stored?" reads of a batch see every earlier batch.
   * SQLite has one writer anyway.
   */
  async serializeBatches(): Promise<void> {
    if (this.dialect === 'postgres') await this.run('select pg_advisory_xact_lock(7357001)', []);
  }

  /**
   * Upserts roll-up rows (`conflict` the key columns, `set` what a stored row becomes) and returns the
   * `returning` columns of every row when asked.
   */
  private async upsert<R>(
    table: string,
    cols: readonly string[],
    conflict: string,
    set: string,
    rows: readonly (readonly unknown[])[],
    returning = '',
  ): Promise<R[]> {
    if (rows.length === 0) return [];
    const tail = `on conflict (${conflict}) do update set ${set}${returning ? ` returning ${returning}` : ''}`;
    const lite = this.lite;
    if (lite) {
      const st = this.insertStatement(lite, table, cols, tail);
      const out: R[] = [];
      if (returning) for (const row of rows) out.push(st.get(row) as R);
      else for (const row of rows) st.run(row);
      return out;
    }
    return this.bulk<R>(
      rows,
      cols.length,
      (source) => `insert into ${table} (${cols.join(', ')}) ${source} ${tail}`,
    );
  }

  /**
   * Adds the deltas to `daily_player` (one row per key) and returns the `logins` of the rows whose
   * delta had logins, after the update.
   */
  async upsertDailyPlayer(deltas: readonly PlayerDelta[]): Promise<PlayerLogins[]> {
    const cols = [
      'day',
      'provider',
      'currency',
      'player_id',
      'account',
      'turnover',
      'payout',
      'bets',
      'settled_turnover',
      'settled_bets',
      'wins',
      'transfer_in',
      'transfer_out',
      'bonus',
      'prize',
      'logins',
    ];
    const sums = cols.slice(5);
    const out: PlayerLogins[] = [];
    const sorted = sortedBy(deltas, (d) => `${d.day}|${d.provider}|${d.currency}|${d.playerId}`);
    for (const withLogins of [true, false]) {
      const group = sorted.filter((d) => d.logins > 0 === withLogins);
      const rows = await this.upsert<{
        day: string;
        provider: number;
        currency: string;
        player_id: number;
        logins: number;
      }>(
        'daily_player',
        cols,
        'day, provider, currency, player_id',
        `account = excluded.account, ${sums.map((c) => `${c} = daily_player.${c} + excluded.${c}`).join(', ')}`,
        group.map((d) => [
          d.day,
          d.provider,
          d.currency,
          d.playerId,
          d.account,
          d.turnover,
          d.payout,
          d.bets,
          d.settledTurnover,
          d.settledBets,
          d.wins,
          d.transferIn,
          d.transferOut,
          d.bonus,
          d.prize,
          d.logins,
        ]),
        withLogins ? 'day, provider, currency, player_id, logins' : '',
      );
      for (const r of rows) {
        out.push({
          day: r.day,
          provider: Number(r.provider),
          currency: r.currency,
          playerId: Number(r.player_id),
          logins: Number(r.logins),
        });
      }
    }
    return out;
  }

  /** Adds the deltas to `daily_game`. */
  async upsertDailyGame(deltas: readonly GameDelta[]): Promise<void> {
    const cols = [
      'day',
      'provider',
      'currency',
      'game_id',
      'turnover',
      'payout',
      'bets',
      'rounds',
      'settled_turnover',
      'settled_bets',
    ];
    const sorted = sortedBy(deltas, (d) => `${d.day}|${d.provider}|${d.currency}|${d.gameId}`);
    await this.upsert(
      'daily_game',
      cols,
      'day, provider, currency, game_id',
      cols
        .slice(4)
        .map((c) => `${c} = daily_game.${c} + excluded.${c}`)
        .join(', '),
      sorted.map((d) => [
        d.day,
        d.provider,
        d.currency,
        d.gameId,
        d.turnover,
        d.payout,
        d.bets,
        d.rounds,
        d.settledTurnover,
        d.settledBets,
      ]),
    );
  }

  /** Adds the deltas to `daily_account`. */
  async upsertDailyAccount(deltas: readonly AccountDelta[]): Promise<void> {
    const cols = [
      'day',
      'provider',
      'currency',
      'registrations',
      'logins',
      'login_players',
      'transfer_in',
      'transfer_in_count',
      'transfer_out',
      'transfer_out_count',
      'bonus',
      'bonus_count',
      'prize',
      'prize_count',
    ];
    const sorted = sortedBy(deltas, (d) => `${d.day}|${d.provider}|${d.currency}`);
    await this.upsert(
      'daily_account',
      cols,
      'day, provider, currency',
      cols
        .slice(3)
        .map((c) => `${c} = daily_account.${c} + excluded.${c}`)
        .join(', '),
      sorted.map((d) => [
        d.day,
        d.provider,
        d.currency,
        d.registrations,
        d.logins,
        d.loginPlayers,
        d.transferIn,
        d.transferInCount,
        d.transferOut,
        d.transferOutCount,
        d.bonus,
        d.bonusCount,
        d.prize,
        d.prizeCount,
      ]),
    );
  }
}

/** The items in the order of their keys, each key built once (not twice per comparison). */
function sortedBy<T>(items: readonly T[], key: (t: T) => string): T[] {
  const keyed = items.map((item) => ({ k: key(item), item }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((e) => e.item);
}
