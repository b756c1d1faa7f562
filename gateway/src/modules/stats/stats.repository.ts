import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../platform/db/db.store';
import type { LoadedGameCell } from './stats.gameDays';

/**
 * Reads of the statistics pages. Roll-ups (`daily_game`, `daily_account`, `daily_player`) answer every
 * figure; the raw record tables are read through their `(provider, currency, ts)` indexes one
 * (provider, currency) pair at a time, in index order, so a page costs the rows it shows, not the history
 * before it. Every query is plain SQL that runs unchanged on SQLite and PostgreSQL (sums are cast to
 * bigint so that PostgreSQL answers numbers, not numeric strings).
 */

/** The database handle and its dialect. */
export interface StatsDb {
  db: Db;
  dialect: Dialect;
}

/** One (provider, currency) pair of the scope. */
export interface Pair {
  provider: number;
  currency: string;
}

/** The shared filter of a read: pairs come from the providers × currencies the caller chose. */
export interface RollupFilter {
  providers: readonly number[];
  currencies: readonly string[];
  startDay: string;
  endDay: string;
}

/** The raw record tables behind the statistics tables. */
export type RawKind = 'login' | 'registered' | 'game-records' | 'transfers' | 'bonus' | 'prizes';

interface RawSpec {
  table: string;
  ts: string;
  /** Whether `id` is text (compared in the C collation on PostgreSQL) or a number. */
  textId: boolean;
  /** Select list of a full row; aliases are the camelCase keys of the row. */
  columns: string;
  /** Roll-up table and expression counting the raw rows of a (day, provider, currency). */
  countFrom: 'daily_game' | 'daily_account';
  countExpr: string;
}

const RAW: Readonly<Record<RawKind, RawSpec>> = {
  login: {
    table: 'login_record',
    ts: 'ts',
    textId: true,
    columns: `id, player_id AS "playerId", account, provider, currency, ts, ip, device`,
    countFrom: 'daily_account',
    countExpr: 'logins',
  },
  registered: {
    table: 'player',
    ts: 'registered_at',
    textId: false,
    columns: `id AS "playerId", account, provider, currency, registered_at AS ts, ip, device`,
    countFrom: 'daily_account',
    countExpr: 'registrations',
  },
  'game-records': {
    table: 'bet_record',
    ts: 'ts',
    textId: true,
    columns:
      `id AS "transactionId", round_id AS "roundId", player_id AS "playerId", account, provider, currency, ` +
      `game_id AS "gameId", table_id AS "tableId", shoe_id AS "shoeId", bet_type AS "betType", amount, payout, ` +
      `ts, settled_at AS "settledAt"`,
    countFrom: 'daily_game',
    countExpr: 'bets',
  },
  transfers: {
    table: 'transfer_record',
    ts: 'ts',
    textId: true,
    columns: `id, player_id AS "playerId", account, provider, currency, direction, amount, balance_after AS "balanceAfter", ts`,
    countFrom: 'daily_account',
    countExpr: 'transfer_in_count + transfer_out_count',
  },
  bonus: {
    table: 'bonus_record',
    ts: 'ts',
    textId: true,
    columns: `id, player_id AS "playerId", account, provider, currency, kind, amount, ts`,
    countFrom: 'daily_account',
    countExpr: 'bonus_count',
  },
  prizes: {
    table: 'prize_record',
    ts: 'ts',
    textId: true,
    columns: `id, player_id AS "playerId", account, provider, currency, kind, amount, ts`,
    countFrom: 'daily_account',
    countExpr: 'prize_count',
  },
};

/** A position in (ts, id) order: the last row of a page. */
export interface RowKey {
  ts: number;
  id: string | number;
}

/** Exact-match searches of game records. */
export interface RecordSearch {
  account?: string | undefined;
  roundId?: string | undefined;
  transactionId?: string | undefined;
}

/** One read of raw keys: where, in which order, after which key, how many. */
export interface KeyRead {
  kind: RawKind;
  /** Read pair by pair (index order) or, with a search, over the whole scope. */
  pairs: readonly Pair[];
  search?: RecordSearch | undefined;
  /** Scope lists, used with a search. */
  providers: readonly number[];
  currencies: readonly string[];
  fromTs: number;
  toTs: number;
  desc: boolean;
  after?: RowKey | undefined;
  offset: number;
  limit: number;
}

const raw = (text: string): RawBuilder<unknown> => sql.raw(text);

function list<T>(values: readonly T[]): RawBuilder<unknown> {
  return sql.join(values.map((v) => sql`${v}`));
}

/** `id` as compared and ordered: byte order on both dialects so that JavaScript's `<` agrees. */
function idExpr(s: StatsDb, spec: RawSpec): string {
  return spec.textId && s.dialect === 'postgres' ? 'id COLLATE "C"' : 'id';
}

/** The time bounds and the keyset condition of a read, index friendly: the cursor's `ts` bounds the range. */
function keyConditions(s: StatsDb, spec: RawSpec, r: KeyRead): RawBuilder<unknown> {
  const ts = raw(spec.ts);
  const id = raw(idExpr(s, spec));
  const a = r.after;
  // One bound per side: with two upper (or lower) bounds a planner may seek by the wrong one and walk every
  // row between the range's end and the cursor.
  if (!a) return sql`${ts} >= ${r.fromTs} AND ${ts} < ${r.toTs}`;
  if (r.desc) {
    return sql`${ts} >= ${r.fromTs} AND ${ts} <= ${Math.min(a.ts, r.toTs - 1)} AND (${ts} < ${a.ts} OR ${id} < ${a.id})`;
  }
  return sql`${ts} >= ${Math.max(a.ts, r.fromTs)} AND ${ts} < ${r.toTs} AND (${ts} > ${a.ts} OR ${id} > ${a.id})`;
}

function searchConditions(r: KeyRead): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (r.search?.transactionId) parts.push(sql`id = ${r.search.transactionId}`);
  if (r.search?.roundId) parts.push(sql`round_id = ${r.search.roundId}`);
  if (r.search?.account) parts.push(sql`account = ${r.search.account}`);
  return parts;
}

function orderBy(s: StatsDb, spec: RawSpec, desc: boolean, tsName = spec.ts): RawBuilder<unknown> {
  const dir = desc ? 'DESC' : 'ASC';
  return raw(`${tsName} ${dir}, ${idExpr(s, spec)} ${dir}`);
}

/** Whether a read has an exact search (game records only). */
export function hasSearch(search: RecordSearch | undefined): boolean {
  return Boolean(search?.account || search?.roundId || search?.transactionId);
}

/**
 * The keys `(id, ts)` of one page of raw rows in (ts, id) order. Without a search, each pair is read in
 * its own index order with `LIMIT offset + limit` and the pairs are merged (`UNION ALL`), so the cost is
 * the rows up to the page, never a sort of the whole range; the caller keeps `offset` small by choosing
 * `fromTs`/`toTs` from the roll-up counts. With a search, one query over the scope uses the search's index.
 */
export async function readKeys(s: StatsDb, r: KeyRead): Promise<RowKey[]> {
  const spec = RAW[r.kind];
  // The merged keys carry `id` already in byte order (PostgreSQL: collation "C"), so the outer ORDER BY names
  // plain result columns, as a UNION requires.
  const dir = r.desc ? 'DESC' : 'ASC';
  const order = raw(`ts ${dir}, id ${dir}`);
  const keyCols = raw(`${idExpr(s, spec)} AS id, ${spec.ts} AS ts`);
  if (hasSearch(r.search) || r.pairs.length === 0) {
    if (r.providers.length === 0 || r.currencies.length === 0) return [];
    const where = sql.join(
      [
        sql`provider IN (${list(r.providers)})`,
        sql`currency IN (${list(r.currencies)})`,
        keyConditions(s, spec, r),
        ...searchConditions(r),
      ],
      sql` AND `,
    );
    const q = sql<RowKey>`SELECT ${keyCols} FROM ${raw(spec.table)} WHERE ${where} ORDER BY ${orderBy(s, spec, r.desc)} LIMIT ${r.limit} OFFSET ${r.offset}`;
    return (await q.execute(s.db)).rows;
  }
  const perPair = r.offset + r.limit;
  const parts = r.pairs.map((p, i) => {
    const where = sql`provider = ${p.provider} AND currency = ${p.currency} AND ${keyConditions(s, spec, r)}`;
    return sql`SELECT id, ts FROM (SELECT ${keyCols} FROM ${raw(spec.table)} WHERE ${where} ORDER BY ${orderBy(s, spec, r.desc)} LIMIT ${perPair}) AS ${raw(`p${i}`)}`;
  });
  if (parts.length === 1) {
    const q = sql<RowKey>`${parts[0]} ORDER BY ${order} LIMIT ${r.limit} OFFSET ${r.offset}`;
    return (await q.execute(s.db)).rows;
  }
  const q = sql<RowKey>`${sql.join(parts, sql` UNION ALL `)} ORDER BY ${order} LIMIT ${r.limit} OFFSET ${r.offset}`;
  return (await q.execute(s.db)).rows;
}

/** Full rows of the given keys, in the keys' order. Rows are plain objects keyed as the row schemas. */
export async function readRows(
  s: StatsDb,
  kind: RawKind,
  keys: readonly RowKey[],
): Promise<Record<string, unknown>[]> {
  if (keys.length === 0) return [];
  const spec = RAW[kind];
  const ids = keys.map((k) => k.id);
  const rows = (
    await sql<
      Record<string, unknown>
    >`SELECT ${raw(spec.columns)}, id AS "__id" FROM ${raw(spec.table)} WHERE id IN (${list(ids)})`.execute(
      s.db,
    )
  ).rows;
  const byId = new Map(rows.map((row) => [String(row.__id), row]));
  const out: Record<string, unknown>[] = [];
  for (const id of ids) {
    const row = byId.get(String(id));
    if (row) {
      delete row.__id;
      out.push(row);
    }
  }
  return out;
}

/**
 * Full rows in (ts, id) order after `after`: the chunk reader of exports. With `pair`, that pair; with
 * `pairs` (and no search), every pair read in its own index order and merged by the database in the same
 * statement (SQLite's compound-select merge, PostgreSQL's Merge Append), so a chunk costs its rows whatever
 * the number of pairs; with a search, the whole scope. Reads through the same index as {@link readKeys}.
 * Each row carries its key's id as `__id`.
 */
export async function readChunk(
  s: StatsDb,
  r: KeyRead & { pair?: Pair | undefined },
): Promise<Record<string, unknown>[]> {
  const spec = RAW[r.kind];
  if (!r.pair && !hasSearch(r.search) && r.pairs.length > 1) {
    const dir = r.desc ? 'DESC' : 'ASC';
    // PostgreSQL needs each pair's LIMIT to choose its index scan (otherwise it sorts every pair's remaining
    // rows per chunk); its Merge Append still pulls only what the outer LIMIT takes. SQLite's merge is lazy
    // without it and materialises every pair's LIMIT rows with it.
    const armLimit = s.dialect === 'postgres' ? sql` LIMIT ${r.limit}` : sql``;
    const parts = r.pairs.map((p, i) => {
      const where = sql`provider = ${p.provider} AND currency = ${p.currency} AND ${keyConditions(s, spec, r)}`;
      return sql`SELECT * FROM (SELECT ${raw(spec.columns)}, ${raw(idExpr(s, spec))} AS "__id" FROM ${raw(spec.table)} WHERE ${where} ORDER BY ${orderBy(s, spec, r.desc)}${armLimit}) AS ${raw(`p${i}`)}`;
    });
    const q = sql<
      Record<string, unknown>
    >`${sql.join(parts, sql` UNION ALL `)} ORDER BY ${raw(`ts ${dir}, "__id" ${dir}`)} LIMIT ${r.limit}`;
    return (await q.execute(s.db)).rows;
  }
  const conds: RawBuilder<unknown>[] = r.pair
    ? [sql`provider = ${r.pair.provider}`, sql`currency = ${r.pair.currency}`]
    : [sql`provider IN (${list(r.providers)})`, sql`currency IN (${list(r.currencies)})`];
  conds.push(keyConditions(s, spec, r), ...searchConditions(r));
  const q = sql<
    Record<string, unknown>
  >`SELECT ${raw(spec.columns)}, id AS "__id" FROM ${raw(spec.table)} WHERE ${sql.join(conds, sql` AND `)} ORDER BY ${orderBy(s, spec, r.desc)} LIMIT ${r.limit}`;
  return (await q.execute(s.db)).rows;
}

/** Counts up to `cap + 1` rows of a searched read (so a caller can say "more than cap"). */
export async function countSearch(s: StatsDb, r: KeyRead, cap: number): Promise<number> {
  const spec = RAW[r.kind];
  const where = sql.join(
    [
      sql`provider IN (${list(r.providers)})`,
      sql`currency IN (${list(r.currencies)})`,
      keyConditions(s, spec, { ...r, after: undefined }),
      ...searchConditions(r),
    ],
    sql` AND `,
  );
  const q = sql<{
    n: number;
  }>`SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM ${raw(spec.table)} WHERE ${where} LIMIT ${cap + 1}) AS capped`;
  const row = (await q.execute(s.db)).rows[0];
  return Number(row?.n ?? 0);
}

function rollupWhere(f: RollupFilter): RawBuilder<unknown> {
  return sql`provider IN (${list(f.providers)}) AND currency IN (${list(f.currencies)}) AND day >= ${f.startDay} AND day <= ${f.endDay}`;
}

/** How many raw rows of a filter there are per day and per pair, from the roll-up (zeros left out). */
export interface RawCounts {
  /** Per day, in day order. */
  perDay: { day: string; n: number }[];
  /** Per (provider, currency) pair. */
  perPair: { provider: number; currency: string; n: number }[];
}

/** Counts of the raw rows of a table from its roll-up: per day (to skip days) and per pair (to skip pairs). */
export async function rawCounts(s: StatsDb, kind: RawKind, f: RollupFilter): Promise<RawCounts> {
  const spec = RAW[kind];
  const n = raw(`CAST(SUM(${spec.countExpr}) AS BIGINT)`);
  const [days, pairs] = await Promise.all([
    sql<{
      day: string;
      n: number;
    }>`SELECT day, ${n} AS n FROM ${raw(spec.countFrom)} WHERE ${rollupWhere(f)} GROUP BY day ORDER BY day`.execute(
      s.db,
    ),
    sql<{
      provider: number;
      currency: string;
      n: number;
    }>`SELECT provider, currency, ${n} AS n FROM ${raw(spec.countFrom)} WHERE ${rollupWhere(f)} GROUP BY provider, currency`.execute(
      s.db,
    ),
  ]);
  return {
    perDay: days.rows.map((r) => ({ day: r.day, n: Number(r.n) })).filter((r) => r.n > 0),
    perPair: pairs.rows
      .map((r) => ({ provider: Number(r.provider), currency: r.currency, n: Number(r.n) }))
      .filter((r) => r.n > 0),
  };
}

/** Game figures of one (day, provider, currency) cell, summed over games. */
export interface GameCell {
  day: string;
  provider: number;
  currency: string;
  turnover: number;
  payout: number;
  bets: number;
  rounds: number;
}

const gameMeasures = raw(
  `CAST(SUM(turnover) AS BIGINT) AS turnover, CAST(SUM(payout) AS BIGINT) AS payout, ` +
    `CAST(SUM(bets) AS BIGINT) AS bets, CAST(SUM(rounds) AS BIGINT) AS rounds`,
);

/** `daily_game` of a filter summed over games, per (day, provider, currency): days × pairs rows. */
export async function gameCells(s: StatsDb, f: RollupFilter): Promise<GameCell[]> {
  const q = sql<GameCell>`SELECT day, provider, currency, ${gameMeasures} FROM daily_game WHERE ${rollupWhere(f)} GROUP BY day, provider, currency`;
  return (await q.execute(s.db)).rows;
}

/** Game figures of one slice (a day, a provider, a currency or a game) of a filter. */
export interface GameSlice {
  turnover: number;
  payout: number;
  bets: number;
  rounds: number;
}

/** The game figures of a filter by day, by provider, by currency and by game. */
export interface GameBreakdown {
  byDay: Map<string, GameSlice>;
  byProvider: Map<number, GameSlice>;
  byCurrency: Map<string, GameSlice>;
  byGame: Map<number, GameSlice>;
}

/**
 * `daily_game` of a filter grouped by day and by (provider, currency, game) in one statement: a few hundred
 * rows whatever the range, so no per-cell rows reach JavaScript.
 */
export async function gameBreakdown(s: StatsDb, f: RollupFilter): Promise<GameBreakdown> {
  const where = rollupWhere(f);
  // Two passes: per day, and per (provider, currency, game), from which the other three groupings follow.
  const q = sql<
    GameSlice & {
      k: string;
      g: string;
      provider: number | null;
      currency: string | null;
      gameId: number | null;
    }
  >`SELECT 'd' AS k, day AS g, NULL AS provider, NULL AS currency, NULL AS "gameId", ${gameMeasures} FROM daily_game WHERE ${where} GROUP BY day
    UNION ALL SELECT 'x' AS k, '' AS g, provider, currency, game_id AS "gameId", ${gameMeasures} FROM daily_game WHERE ${where} GROUP BY provider, currency, game_id`;
  const out: GameBreakdown = {
    byDay: new Map(),
    byProvider: new Map(),
    byCurrency: new Map(),
    byGame: new Map(),
  };
  const add = <K>(m: Map<K, GameSlice>, k: K, v: GameSlice) => {
    const cur = m.get(k);
    if (!cur) m.set(k, { ...v });
    else {
      cur.turnover += v.turnover;
      cur.payout += v.payout;
      cur.bets += v.bets;
      cur.rounds += v.rounds;
    }
  };
  for (const r of (await q.execute(s.db)).rows) {
    const slice = {
      turnover: Number(r.turnover),
      payout: Number(r.payout),
      bets: Number(r.bets),
      rounds: Number(r.rounds),
    };
    if (r.k === 'd') out.byDay.set(r.g, slice);
    else {
      add(out.byProvider, Number(r.provider), slice);
      add(out.byCurrency, String(r.currency), slice);
      add(out.byGame, Number(r.gameId), slice);
    }
  }
  return out;
}

/**
 * The `daily_game_version` of every day with `daily_game` rows inside the given day ranges (inclusive): a
 * few hundred small rows, read before the roll-up rows they vouch for (see `stats.gameDays.ts`).
 */
export async function gameDayVersions(
  s: StatsDb,
  ranges: readonly (readonly [string, string])[],
): Promise<Map<string, number>> {
  if (ranges.length === 0) return new Map();
  const where = sql.join(
    ranges.map(([from, to]) => sql`(day >= ${from} AND day <= ${to})`),
    sql` OR `,
  );
  const q = sql<{ day: string; version: number }>`SELECT day, version FROM daily_game_version WHERE ${where}`;
  return new Map((await q.execute(s.db)).rows.map((r) => [r.day, Number(r.version)]));
}

/** Days of `daily_game` read per statement (bounded bind parameters). */
const DAYS_PER_READ = 500;

/** Every `daily_game` row of the given days, all cells and games. */
export async function gameDayRows(s: StatsDb, days: readonly string[]): Promise<LoadedGameCell[]> {
  const out: LoadedGameCell[] = [];
  for (let i = 0; i < days.length; i += DAYS_PER_READ) {
    const chunk = days.slice(i, i + DAYS_PER_READ);
    const q = sql<LoadedGameCell>`SELECT day, provider, currency, game_id AS "gameId", turnover, payout, bets, rounds
      FROM daily_game WHERE day IN (${list(chunk)})`;
    for (const r of (await q.execute(s.db)).rows) {
      out.push({
        day: r.day,
        provider: Number(r.provider),
        currency: r.currency,
        gameId: Number(r.gameId),
        turnover: Number(r.turnover),
        payout: Number(r.payout),
        bets: Number(r.bets),
        rounds: Number(r.rounds),
      });
    }
  }
  return out;
}

/** Account figures of one (day, provider, currency). */
export interface AccountDayRow {
  day: string;
  provider: number;
  currency: string;
  registrations: number;
  logins: number;
  loginPlayers: number;
  transferIn: number;
  transferInCount: number;
  transferOut: number;
  transferOutCount: number;
  bonus: number;
  bonusCount: number;
  prize: number;
  prizeCount: number;
}

/** `daily_account` rows of a filter. Small: days × pairs. */
export async function accountDays(s: StatsDb, f: RollupFilter): Promise<AccountDayRow[]> {
  const q = sql<AccountDayRow>`SELECT day, provider, currency, registrations, logins, login_players AS "loginPlayers",
    transfer_in AS "transferIn", transfer_in_count AS "transferInCount", transfer_out AS "transferOut",
    transfer_out_count AS "transferOutCount", bonus, bonus_count AS "bonusCount", prize, prize_count AS "prizeCount"
    FROM daily_account WHERE ${rollupWhere(f)}`;
  return (await q.execute(s.db)).rows;
}

/** `daily_account` of a filter summed per currency. */
export async function accountByCurrency(
  s: StatsDb,
  f: RollupFilter,
): Promise<Omit<AccountDayRow, 'day' | 'provider'>[]> {
  const sum = (c: string, alias: string) => `CAST(SUM(${c}) AS BIGINT) AS "${alias}"`;
  const q = sql<Omit<AccountDayRow, 'day' | 'provider'>>`SELECT currency, ${raw(
    [
      sum('registrations', 'registrations'),
      sum('logins', 'logins'),
      sum('login_players', 'loginPlayers'),
      sum('transfer_in', 'transferIn'),
      sum('transfer_in_count', 'transferInCount'),
      sum('transfer_out', 'transferOut'),
      sum('transfer_out_count', 'transferOutCount'),
      sum('bonus', 'bonus'),
      sum('bonus_count', 'bonusCount'),
      sum('prize', 'prize'),
      sum('prize_count', 'prizeCount'),
    ].join(', '),
  )} FROM daily_account WHERE ${rollupWhere(f)} GROUP BY currency`;
  return (await q.execute(s.db)).rows;
}

/** Players with at least one bet, per (day, provider, currency): the bet count and the ids. */
export interface ActiveIds {
  day: string;
  provider: number;
  currency: string;
  bets: number;
  ids: number[];
}

/**
 * Every (provider, currency) cell of the given days: its bet count from `daily_game`, then the ids of the
 * players with a bet from `daily_player`, one row per cell with the ids joined by commas (far fewer rows
 * to hand over than one per player-day). Counts are read first, so the ids are at least as fresh.
 */
export async function activeCells(s: StatsDb, days: readonly string[]): Promise<ActiveIds[]> {
  if (days.length === 0) return [];
  const inDays = sql`day IN (${list(days)})`;
  const counts = await sql<{
    day: string;
    provider: number;
    currency: string;
    bets: number;
  }>`SELECT day, provider, currency, CAST(SUM(bets) AS BIGINT) AS bets FROM daily_game WHERE ${inDays} GROUP BY day, provider, currency`.execute(
    s.db,
  );
  const agg = raw(
    s.dialect === 'postgres' ? `string_agg(player_id::text, ',')` : `group_concat(player_id, ',')`,
  );
  const ids = await sql<{
    day: string;
    provider: number;
    currency: string;
    ids: string | null;
  }>`SELECT day, provider, currency, ${agg} AS ids FROM daily_player WHERE ${inDays} AND bets > 0 GROUP BY day, provider, currency`.execute(
    s.db,
  );
  const cells = new Map<string, ActiveIds>();
  for (const r of counts.rows) {
    cells.set(`${r.day}|${r.provider}|${r.currency}`, {
      day: r.day,
      provider: Number(r.provider),
      currency: r.currency,
      bets: Number(r.bets),
      ids: [],
    });
  }
  for (const r of ids.rows) {
    const key = `${r.day}|${r.provider}|${r.currency}`;
    const parsed = r.ids ? r.ids.split(',').map(Number) : [];
    const cell = cells.get(key);
    if (cell) cell.ids = parsed;
    // Players whose bets are newer than the counts read above: keep them, the counts catch up next time.
    else
      cells.set(key, {
        day: r.day,
        provider: Number(r.provider),
        currency: r.currency,
        bets: 0,
        ids: parsed,
      });
  }
  return [...cells.values()];
}

/** Player-data sort keys and their SQL expressions over the grouped `daily_player` rows. */
const PLAYER_SORT_SQL: Readonly<Record<string, string>> = {
  turnover: 'turnover',
  payout: 'payout',
  ggr: 'ggr',
  bets: 'bets',
  transferIn: '"transferIn"',
  transferOut: '"transferOut"',
  bonus: 'bonus',
  prize: 'prize',
  logins: 'logins',
  activeDays: '"activeDays"',
  playerId: '"playerId"',
  account: 'account',
};

/** One player's figures over a range. */
export interface PlayerAggRow {
  playerId: number;
  account: string;
  provider: number;
  currency: string;
  turnover: number;
  payout: number;
  ggr: number;
  bets: number;
  transferIn: number;
  transferOut: number;
  bonus: number;
  prize: number;
  logins: number;
  activeDays: number;
}

function playerAggSql(f: RollupFilter): RawBuilder<PlayerAggRow> {
  return sql<PlayerAggRow>`SELECT player_id AS "playerId", MAX(account) AS account, provider, currency,
      CAST(SUM(turnover) AS BIGINT) AS turnover, CAST(SUM(payout) AS BIGINT) AS payout,
      CAST(SUM(turnover) - SUM(payout) AS BIGINT) AS ggr, CAST(SUM(bets) AS BIGINT) AS bets,
      CAST(SUM(transfer_in) AS BIGINT) AS "transferIn", CAST(SUM(transfer_out) AS BIGINT) AS "transferOut",
      CAST(SUM(bonus) AS BIGINT) AS bonus, CAST(SUM(prize) AS BIGINT) AS prize, CAST(SUM(logins) AS BIGINT) AS logins,
      CAST(SUM(CASE WHEN bets > 0 THEN 1 ELSE 0 END) AS BIGINT) AS "activeDays"
    FROM daily_player WHERE ${rollupWhere(f)} GROUP BY player_id, provider, currency`;
}

/** A page of player data, sorted by a whitelisted key (ties by player id), and the number of players. */
export async function playerPage(
  s: StatsDb,
  f: RollupFilter,
  sortBy: string,
  desc: boolean,
  offset: number,
  limit: number,
): Promise<{ rows: PlayerAggRow[]; total: number }> {
  const col = PLAYER_SORT_SQL[sortBy];
  if (!col) throw new Error(`unknown player sort key ${sortBy}`);
  const dir = desc ? 'DESC' : 'ASC';
  const order = raw(sortBy === 'playerId' ? `"playerId" ${dir}` : `${col} ${dir}, "playerId" ${dir}`);
  const [page, count] = await Promise.all([
    sql<PlayerAggRow>`SELECT * FROM (${playerAggSql(f)}) AS agg ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(
      s.db,
    ),
    sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM (SELECT player_id FROM daily_player WHERE ${rollupWhere(f)} GROUP BY player_id, provider, currency) AS g`.execute(
      s.db,
    ),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** Every player row of a range in the given order (exports); bounded by the number of players, not history. */
export async function playerAll(
  s: StatsDb,
  f: RollupFilter,
  sortBy: string,
  desc: boolean,
): Promise<PlayerAggRow[]> {
  const col = PLAYER_SORT_SQL[sortBy];
  if (!col) throw new Error(`unknown player sort key ${sortBy}`);
  const dir = desc ? 'DESC' : 'ASC';
  const order = raw(sortBy === 'playerId' ? `"playerId" ${dir}` : `${col} ${dir}, "playerId" ${dir}`);
  return (await sql<PlayerAggRow>`SELECT * FROM (${playerAggSql(f)}) AS agg ORDER BY ${order}`.execute(s.db))
    .rows;
}
