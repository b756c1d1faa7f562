import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../platform/db/db.migrations';
import type { Store } from '../platform/db/db.store';
import { COLUMNS, type RawTable, type Row } from './events.mapper';
import type { PlatformTables } from './events.tables';
import type { AccountDelta, GameDelta, PlayerDelta, SettledBet } from './rollup.aggregator';

/**
 * SQL of the event pipeline: bulk inserts that skip existing keys and return the keys they did insert,
 * the settlement of bets, and the roll-up upserts. Statements are built here as text and run through
 * Kysely on the caller's connection or transaction: with thousands of rows per batch, building Kysely's
 * operation tree for every value would cost more than the database does.
 *
 * Rows travel differently per dialect. SQLite gets a whole table's rows as one JSON parameter read with
 * `json_each` (a short statement prepared once per call instead of a statement of thousands of
 * placeholders; `UPDATE … FROM (VALUES …)` measured six times slower than `FROM json_each`). PostgreSQL
 * gets multi-row `VALUES` with `$n` placeholders. The semantics are the same: `ON CONFLICT DO NOTHING
 * RETURNING` tells which rows are new.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's database type plus ours; raw SQL below
type AnyKysely = Kysely<any>;

/** A pending payout: a settlement named a bet that was not stored yet. */
export interface PendingPayout {
  transactionId: string;
  roundId: string;
  payout: number;
  settledAt: number;
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
  settlement: 'id',
};

function chunks<T>(items: readonly T[], width: number): T[][] {
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Math.max(1, width))));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Repository of the platform data tables. One instance per connection or transaction. */
export class EventsRepository {
  private readonly placeholderCache = new Map<string, string>();

  constructor(
    private readonly db: AnyKysely,
    readonly dialect: Dialect,
  ) {}

  /** The repository over a store's database. */
  static of(store: Store): EventsRepository {
    return new EventsRepository(store.db as unknown as AnyKysely, store.dialect);
  }

  /** The typed Kysely handle of the platform tables (reads of other modules, tests). */
  get tables(): Kysely<PlatformTables> {
    return this.db as Kysely<PlatformTables>;
  }

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (tx: EventsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new EventsRepository(trx as AnyKysely, this.dialect)));
  }

  /**
   * Tunes the connection for batched writes: a 64 MiB page cache on SQLite (the default 2 MiB makes
   * every index insert of a large table read pages again). Nothing on PostgreSQL.
   */
  async tune(): Promise<void> {
    if (this.dialect === 'sqlite') await this.run('pragma cache_size = -65536', []);
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
   * Records settled rounds: sets `settled_at` and `result` of their `game_round` rows, creating the row
   * (started at the settlement) when the round's start was never received.
   */
  async settleRounds(rows: readonly Row[]): Promise<void> {
    const columns = COLUMNS.game_round;
    await this.bulk(
      rows,
      columns.length,
      (source) =>
        `insert into game_round (${columns.join(', ')}) ${source} ` +
        `on conflict (id) do update set settled_at = excluded.settled_at, result = excluded.result`,
    );
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
    if (this.dialect === 'sqlite') {
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
    const out: PendingPayout[] = [];
    for (const part of chunks(ids, 1)) {
      const rows = await this.run<{
        transaction_id: string;
        round_id: string;
        payout: number;
        settled_at: number;
      }>(
        `select transaction_id, round_id, payout, settled_at from pending_payout where transaction_id in (${this.values(1, part.length).slice(1, -1)})`,
        part,
      );
      for (const r of rows) {
        out.push({
          transactionId: r.transaction_id,
          roundId: r.round_id,
          payout: Number(r.payout),
          settledAt: Number(r.settled_at),
        });
      }
    }
    return out;
  }

  /** Forgets pending payouts that found their bets. */
  async deletePendingPayouts(ids: readonly string[]): Promise<void> {
    for (const part of chunks(ids, 1)) {
      await this.run(
        `delete from pending_payout where transaction_id in (${this.values(1, part.length).slice(1, -1)})`,
        part,
      );
    }
  }

  /** How many pending payouts are kept. */
  async countPendingPayouts(): Promise<number> {
    const rows = await this.run<{ n: number | string }>('select count(*) as n from pending_payout', []);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * The (round, provider, currency, day) keys of the bets already stored for these rounds, as
   * `round|provider|currency|day`: a round counts in `daily_game.rounds` once per key.
   */
  async roundKeys(roundIds: readonly string[]): Promise<Set<string>> {
    const keys = new Set<string>();
    if (roundIds.length === 0) return keys;
    const select = 'select distinct round_id, provider, currency, day from bet_record where round_id in';
    const rows =
      this.dialect === 'sqlite'
        ? await this.run<{ round_id: string; provider: number; currency: string; day: string }>(
            `${select} (select value from json_each(?))`,
            [JSON.stringify(roundIds)],
          )
        : await this.run<{ round_id: string; provider: number; currency: string; day: string }>(
            `${select} (select unnest($1::text[]))`,
            [roundIds],
          );
    for (const r of rows) keys.add(`${r.round_id}|${Number(r.provider)}|${r.currency}|${r.day}`);
    return keys;
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
    const sorted = [...deltas].sort(byKey((d) => `${d.day}|${d.provider}|${d.currency}|${d.playerId}`));
    for (const withLogins of [true, false]) {
      const group = sorted.filter((d) => d.logins > 0 === withLogins);
      const rows = await this.bulk<{
        day: string;
        provider: number;
        currency: string;
        player_id: number;
        logins: number;
      }>(
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
        cols.length,
        (source) =>
          `insert into daily_player (${cols.join(', ')}) ${source} ` +
          `on conflict (day, provider, currency, player_id) do update set account = excluded.account, ` +
          sums.map((c) => `${c} = daily_player.${c} + excluded.${c}`).join(', ') +
          (withLogins ? ' returning day, provider, currency, player_id, logins' : ''),
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
    const sorted = [...deltas].sort(byKey((d) => `${d.day}|${d.provider}|${d.currency}|${d.gameId}`));
    await this.bulk(
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
      cols.length,
      (source) =>
        `insert into daily_game (${cols.join(', ')}) ${source} ` +
        `on conflict (day, provider, currency, game_id) do update set ` +
        cols
          .slice(4)
          .map((c) => `${c} = daily_game.${c} + excluded.${c}`)
          .join(', '),
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
    const sorted = [...deltas].sort(byKey((d) => `${d.day}|${d.provider}|${d.currency}`));
    await this.bulk(
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
      cols.length,
      (source) =>
        `insert into daily_account (${cols.join(', ')}) ${source} ` +
        `on conflict (day, provider, currency) do update set ` +
        cols
          .slice(3)
          .map((c) => `${c} = daily_account.${c} + excluded.${c}`)
          .join(', '),
    );
  }
}

function byKey<T>(key: (t: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
}
