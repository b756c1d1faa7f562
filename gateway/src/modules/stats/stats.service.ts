import { dayRange } from '@dms/shared/format/businessDay';
import { EVENT_ID_MAX } from '@dms/shared/contracts/events/platform';
import { isCleanText } from '@dms/shared/contracts/http/inputPolicy';
import {
  SEARCH_COUNT_CAP,
  daysOf,
  marginOf,
  profitDelta,
  type DailyQuery,
  type DailyRow,
  type GameRecordRow,
  type Headline,
  type OperatorDailyQuery,
  type OperatorDailyRow,
  type PlayerQuery,
  type PlayerRow,
  type ProfitCompare,
  type ProfitCompareQuery,
  type ProfitRange,
  type ProfitReport,
  type ProfitTotals,
  type StatsFilter,
  type StatsPage,
  type Summary,
  type TransferRow,
  type LoginRow,
  type RegisteredRow,
  type AwardRow,
} from '@dms/shared/contracts/http/stats';
import { refuse, type AppError } from '../../platform/errors/errors';
import type { Scope } from '../../platform/auth/auth.context';
import { ActivityCache, pairKey, type DistinctCounts } from './stats.activity';
import { GameDayCache, type GameDayCell, type GameSlot } from './stats.gameDays';
import * as repo from './stats.repository';
import { ProfitConverter, type RateLookup } from './stats.convert';
import type { Pair, RawKind, RecordSearch, RollupFilter, RowKey, StatsDb } from './stats.repository';

/** Query of a raw-record table (game records add the search fields). */
export interface RawListQuery extends StatsFilter {
  page: number;
  pageSize: number;
  sortOrder: 'asc' | 'desc';
  cursor?: string | undefined;
  account?: string | undefined;
  roundId?: string | undefined;
  transactionId?: string | undefined;
}

/** A row of any statistics table, keyed as its row schema. */
export type AnyRow = Record<string, unknown>;

/** The row type of each raw-record table. */
export interface RawRowOf {
  login: LoginRow;
  registered: RegisteredRow;
  'game-records': GameRecordRow;
  transfers: TransferRow;
  bonus: AwardRow;
  prizes: AwardRow;
}

/** Options of {@link StatsService}: its caches (tests pass their own) and the exchange rates. */
export interface StatsServiceOptions {
  activity?: ActivityCache;
  gameDays?: GameDayCache;
  /** Reads the daily exchange rates Company Profit converts with; without it no rate is known. */
  rates?: RateLookup;
}

/** Rows an export reads per statement (all pairs merged). */
const EXPORT_CHUNK = 5_000;

/** Refuses providers or currencies outside the caller's scope (403, envelope -1). */
export function assertInScope(
  scope: Scope,
  providers: readonly number[],
  currencies: readonly string[],
): void {
  if (scope.providers !== 'all') {
    const allowed = new Set(scope.providers);
    if (providers.some((p) => !allowed.has(p))) throw refuse.forbidden('access.providerOutOfScope');
  }
  if (scope.currencies !== 'all') {
    const allowed = new Set(scope.currencies);
    if (currencies.some((c) => !allowed.has(c))) throw refuse.forbidden('access.currencyOutOfScope');
  }
}

function badCursor(): AppError {
  return refuse.bad('stats.badCursor');
}

/** Encodes the keyset position after `key` for the given order. */
export function encodeCursor(key: RowKey, desc: boolean): string {
  return Buffer.from(JSON.stringify([key.ts, key.id, desc ? 1 : 0]), 'utf8').toString('base64url');
}

/** Decodes a cursor made by {@link encodeCursor}; refuses one that is malformed or of the other order. */
export function decodeCursor(cursor: string, desc: boolean): RowKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badCursor();
  const [ts, id, d] = parsed as unknown[];
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts)) throw badCursor();
  // The id goes into SQL: text as an event id holds it, or a whole number a bigint column holds.
  if (typeof id === 'string') {
    if (id.length > EVENT_ID_MAX || !isCleanText(id)) throw badCursor();
  } else if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw badCursor();
  if (d !== (desc ? 1 : 0)) throw badCursor();
  return { ts, id };
}

function pairsOf(providers: readonly number[], currencies: readonly string[]): Pair[] {
  return providers.flatMap((provider) => currencies.map((currency) => ({ provider, currency })));
}

function rollupFilter(f: StatsFilter): RollupFilter {
  return { providers: f.providerIds, currencies: f.currencies, startDay: f.startDate, endDay: f.endDate };
}

function toGameRecord(r: AnyRow): GameRecordRow {
  const amount = Number(r.amount);
  const payout = r.payout === null || r.payout === undefined ? null : Number(r.payout);
  const settledAt = r.settledAt === null || r.settledAt === undefined ? null : Number(r.settledAt);
  return {
    transactionId: String(r.transactionId),
    roundId: String(r.roundId),
    playerId: Number(r.playerId),
    account: String(r.account),
    provider: Number(r.provider),
    currency: String(r.currency),
    gameId: Number(r.gameId),
    tableId: String(r.tableId ?? ''),
    shoeId: String(r.shoeId ?? ''),
    betType: String(r.betType),
    op: 'bet',
    direction: settledAt === null && payout === null ? 0 : 1,
    amount,
    payout,
    winLoss: payout === null ? null : payout - amount,
    ts: Number(r.ts),
    settledAt,
  };
}

function toTransfer(r: AnyRow): TransferRow {
  return {
    id: String(r.id),
    playerId: Number(r.playerId),
    account: String(r.account),
    provider: Number(r.provider),
    currency: String(r.currency),
    op: 'transfer',
    direction: Number(r.direction) === 0 ? 0 : 1,
    amount: Number(r.amount),
    balanceAfter: r.balanceAfter === null || r.balanceAfter === undefined ? null : Number(r.balanceAfter),
    ts: Number(r.ts),
  };
}

/** Normalises a raw row (numbers from either dialect, empty text for missing optional text). */
function toRow(kind: RawKind, r: AnyRow): AnyRow {
  switch (kind) {
    case 'game-records':
      return toGameRecord(r);
    case 'transfers':
      return toTransfer(r);
    case 'login':
      return {
        id: String(r.id),
        playerId: Number(r.playerId),
        account: String(r.account),
        provider: Number(r.provider),
        currency: String(r.currency),
        ts: Number(r.ts),
        ip: String(r.ip ?? ''),
        device: String(r.device ?? ''),
      };
    case 'registered':
      return {
        playerId: Number(r.playerId),
        account: String(r.account),
        provider: Number(r.provider),
        currency: String(r.currency),
        ts: Number(r.ts),
        ip: String(r.ip ?? ''),
        device: String(r.device ?? ''),
      };
    case 'bonus':
    case 'prizes':
      return {
        id: String(r.id),
        playerId: Number(r.playerId),
        account: String(r.account),
        provider: Number(r.provider),
        currency: String(r.currency),
        kind: String(r.kind ?? ''),
        amount: Number(r.amount),
        ts: Number(r.ts),
      };
  }
}

interface Measures {
  turnover: number;
  payout: number;
  bets: number;
  rounds: number;
}

const zeroMeasures = (): Measures => ({ turnover: 0, payout: 0, bets: 0, rounds: 0 });

function measuresOf(slice: repo.GameSlice | undefined): Measures {
  const m = zeroMeasures();
  if (slice) addMeasures(m, slice);
  return m;
}

function addMeasures(m: Measures, r: repo.GameSlice): void {
  m.turnover += Number(r.turnover);
  m.payout += Number(r.payout);
  m.bets += Number(r.bets);
  m.rounds += Number(r.rounds);
}

/** The game figures of some days over a set of (provider, currency) cells, by day, provider, currency and game. */
interface GameTotals {
  byDay: Map<string, Measures>;
  byProvider: Map<number, Measures>;
  byCurrency: Map<string, Measures>;
  byGame: Map<number, Measures>;
}

/**
 * Adds up cached `daily_game` cells of the days `start … end` whose cell is in `pairs` (keys of
 * {@link pairKey}): per (provider, currency, game) slot in flat arrays, folded into the groupings at the end.
 */
function gameTotals(
  cells: ReadonlyMap<string, readonly GameDayCell[]>,
  slots: readonly GameSlot[],
  pairs: ReadonlySet<string>,
  start: string,
  end: string,
): GameTotals {
  const n = slots.length;
  const wanted = slots.map((x) => pairs.has(x.pair));
  const turnover = new Float64Array(n);
  const payout = new Float64Array(n);
  const bets = new Float64Array(n);
  const rounds = new Float64Array(n);
  const seen = new Uint8Array(n);
  const out: GameTotals = { byDay: new Map(), byProvider: new Map(), byCurrency: new Map(), byGame: new Map() };
  const days = [...cells.keys()].filter((d) => d >= start && d <= end).sort();
  for (const day of days) {
    let dayTotal: Measures | undefined;
    for (const c of cells.get(day) as readonly GameDayCell[]) {
      if (!wanted[c.slot]) continue;
      if (!dayTotal) {
        dayTotal = zeroMeasures();
        out.byDay.set(day, dayTotal);
      }
      dayTotal.turnover += c.turnover;
      dayTotal.payout += c.payout;
      dayTotal.bets += c.bets;
      dayTotal.rounds += c.rounds;
      const i = c.slot;
      turnover[i] = (turnover[i] as number) + c.turnover;
      payout[i] = (payout[i] as number) + c.payout;
      bets[i] = (bets[i] as number) + c.bets;
      rounds[i] = (rounds[i] as number) + c.rounds;
      seen[i] = 1;
    }
  }
  const fold = <K>(m: Map<K, Measures>, k: K, i: number) => {
    let v = m.get(k);
    if (!v) {
      v = zeroMeasures();
      m.set(k, v);
    }
    v.turnover += turnover[i] as number;
    v.payout += payout[i] as number;
    v.bets += bets[i] as number;
    v.rounds += rounds[i] as number;
  };
  for (let i = 0; i < n; i += 1) {
    const x = slots[i] as GameSlot;
    if (!seen[i]) continue;
    fold(out.byProvider, x.provider, i);
    fold(out.byCurrency, x.currency, i);
    fold(out.byGame, x.gameId, i);
  }
  return out;
}

function profitOf(m: Measures, activePlayers: number | null): ProfitTotals {
  const ggr = m.turnover - m.payout;
  return {
    turnover: m.turnover,
    payout: m.payout,
    ggr,
    margin: marginOf(ggr, m.turnover),
    bets: m.bets,
    activePlayers,
  };
}

type AccountMeasures = Omit<repo.AccountDayRow, 'day' | 'provider' | 'currency'>;

const zeroAccount = (): AccountMeasures => ({
  registrations: 0,
  logins: 0,
  loginPlayers: 0,
  transferIn: 0,
  transferInCount: 0,
  transferOut: 0,
  transferOutCount: 0,
  bonus: 0,
  bonusCount: 0,
  prize: 0,
  prizeCount: 0,
});

function addAccount(m: AccountMeasures, r: repo.AccountDayRow): void {
  for (const k of Object.keys(m) as (keyof AccountMeasures)[]) m[k] += Number(r[k]);
}

/** Sorts rows by a key (numbers or text), ties broken by the given keys ascending. */
function sortRows<T extends object>(rows: T[], key: string, desc: boolean, ties: readonly string[]): T[] {
  const dir = desc ? -1 : 1;
  const cmp = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1;
    if (b === null || b === undefined) return 1;
    return a < b ? -1 : 1;
  };
  return rows.sort((x, y) => {
    const rx = x as Record<string, unknown>;
    const ry = y as Record<string, unknown>;
    const c = cmp(rx[key], ry[key]) * dir;
    if (c !== 0) return c;
    for (const t of ties) {
      const ct = cmp(rx[t], ry[t]);
      if (ct !== 0) return ct;
    }
    return 0;
  });
}

function pageOf<T>(rows: T[], page: number, pageSize: number): StatsPage<T> {
  const offset = (page - 1) * pageSize;
  return {
    list: rows.slice(offset, offset + pageSize),
    total: rows.length,
    totalCapped: false,
    page,
    pageSize,
    nextCursor: null,
  };
}

/**
 * Use cases of the statistics pages and of Company Profit. Callers pass the account's scope; every read is
 * refused outside it. Figures come from the roll-ups; raw rows are paged through their indexes.
 */
export class StatsService {
  private readonly activity: ActivityCache;
  private readonly gameDays: GameDayCache;

  private readonly rates: RateLookup | undefined;

  constructor(
    private readonly s: StatsDb,
    /** IANA zone in which the business days are cut (`DMS_TZ`). */
    private readonly timeZone: string,
    options: StatsServiceOptions = {},
  ) {
    this.activity = options.activity ?? new ActivityCache();
    this.gameDays = options.gameDays ?? new GameDayCache();
    this.rates = options.rates;
  }

  /** The current `daily_game` rows of the days of some ranges (cached, checked against the day versions). */
  private async gameCellsOf(
    ranges: readonly (readonly [string, string])[],
  ): Promise<Map<string, readonly GameDayCell[]>> {
    const versions = await repo.gameDayVersions(this.s, ranges);
    return this.gameDays.cellsOf(versions, (days) => repo.gameDayRows(this.s, days));
  }

  /** Raw-row counts per day and per pair: game records from the cached `daily_game` rows, others from SQL. */
  private async rawCountsOf(kind: RawKind, f: RollupFilter): Promise<repo.RawCounts> {
    if (kind !== 'game-records') return repo.rawCounts(this.s, kind, f);
    const pairs = new Set(pairsOf(f.providers, f.currencies).map((p) => pairKey(p.provider, p.currency)));
    const cells = await this.gameCellsOf([[f.startDay, f.endDay]]);
    const perDay: repo.RawCounts['perDay'] = [];
    const perPair = new Map<string, { provider: number; currency: string; n: number }>();
    for (const day of [...cells.keys()].sort()) {
      let n = 0;
      for (const c of cells.get(day) as readonly GameDayCell[]) {
        const key = c.pair;
        if (!pairs.has(key) || c.bets === 0) continue;
        n += c.bets;
        const pair = perPair.get(key);
        if (pair) pair.n += c.bets;
        else perPair.set(key, { provider: c.provider, currency: c.currency, n: c.bets });
      }
      if (n > 0) perDay.push({ day, n });
    }
    return { perDay, perPair: [...perPair.values()] };
  }

  // ------------------------------------------------------------------------------------------------------
  // Raw record tables

  /** One page of a raw-record table (login, registered, game records, transfers, bonus, prizes). */
  async rawPage<K extends RawKind>(kind: K, scope: Scope, q: RawListQuery): Promise<StatsPage<RawRowOf[K]>> {
    return (await this.rawPageOf(kind, scope, q)) as StatsPage<RawRowOf[K]>;
  }

  private async rawPageOf(kind: RawKind, scope: Scope, q: RawListQuery): Promise<StatsPage<AnyRow>> {
    assertInScope(scope, q.providerIds, q.currencies);
    const desc = q.sortOrder === 'desc';
    const after = q.cursor ? decodeCursor(q.cursor, desc) : undefined;
    const fromTs = dayRange(q.startDate, this.timeZone)[0];
    const toTs = dayRange(q.endDate, this.timeZone)[1];
    const search: RecordSearch | undefined =
      kind === 'game-records'
        ? { account: q.account, roundId: q.roundId, transactionId: q.transactionId }
        : undefined;
    const base = { kind, providers: q.providerIds, currencies: q.currencies, desc, search };

    if (repo.hasSearch(search)) {
      const offset = after ? 0 : (q.page - 1) * q.pageSize;
      const read = { ...base, pairs: [], fromTs, toTs, after, offset, limit: q.pageSize };
      const [keys, counted] = await Promise.all([
        repo.readKeys(this.s, read),
        repo.countSearch(this.s, read, SEARCH_COUNT_CAP),
      ]);
      const rows = await repo.readRows(this.s, kind, keys);
      const last = keys[keys.length - 1];
      return {
        list: rows.map((r) => toRow(kind, r)),
        total: Math.min(counted, SEARCH_COUNT_CAP),
        totalCapped: counted > SEARCH_COUNT_CAP,
        page: q.page,
        pageSize: q.pageSize,
        nextCursor: last && keys.length === q.pageSize ? encodeCursor(last, desc) : null,
      };
    }

    const counts = await this.rawCountsOf(kind, rollupFilter(q));
    const total = counts.perDay.reduce((n, c) => n + c.n, 0);
    const pairKeys = new Set(counts.perPair.map((c) => `${c.provider}|${c.currency}`));
    const pairs = pairsOf(q.providerIds, q.currencies).filter((p) =>
      pairKeys.has(`${p.provider}|${p.currency}`),
    );
    const empty: StatsPage<AnyRow> = {
      list: [],
      total,
      totalCapped: false,
      page: q.page,
      pageSize: q.pageSize,
      nextCursor: null,
    };
    if (pairs.length === 0) return empty;

    let keys: RowKey[];
    let reachedEnd: boolean;
    if (after) {
      keys = await repo.readKeys(this.s, {
        ...base,
        pairs,
        fromTs,
        toTs,
        after,
        offset: 0,
        limit: q.pageSize,
      });
      reachedEnd = keys.length < q.pageSize;
    } else {
      const offset = (q.page - 1) * q.pageSize;
      if (offset >= total) return empty;
      // Each day the page touches is read on its own, from the day's nearer end: no page walks more than half
      // a day, and a page across a day boundary reads the tail of one day and the head of the next.
      const parts = await Promise.all(
        this.daySlices(counts.perDay, desc, offset, q.pageSize).map(async (d) => {
          const span = { ...base, pairs, fromTs: d.fromTs, toTs: d.toTs };
          if (d.offset > (d.count - d.take) / 2) {
            const reversed = await repo.readKeys(this.s, {
              ...span,
              desc: !desc,
              offset: d.count - d.offset - d.take,
              limit: d.take,
            });
            return reversed.reverse();
          }
          return repo.readKeys(this.s, { ...span, offset: d.offset, limit: d.take });
        }),
      );
      keys = parts.flat();
      if (keys.length < Math.min(q.pageSize, total - offset)) {
        // The raw rows disagree with the roll-up's day counts (days cut in another zone, or rows still being
        // written): fall back to counting through the index from the start of the range. Slow, but right.
        keys = await repo.readKeys(this.s, { ...base, pairs: [], fromTs, toTs, offset, limit: q.pageSize });
      }
      reachedEnd = offset + keys.length >= total;
    }
    const rows = await repo.readRows(this.s, kind, keys);
    const last = keys[keys.length - 1];
    return {
      ...empty,
      list: rows.map((r) => toRow(kind, r)),
      nextCursor: last && !reachedEnd ? encodeCursor(last, desc) : null,
    };
  }

  /**
   * The days that hold rows `offset … offset + limit` of the sort order, from the roll-up counts, each with the
   * page's offset and row count inside it: deep pages skip whole days without reading them.
   */
  private daySlices(
    counts: readonly { day: string; n: number }[],
    desc: boolean,
    offset: number,
    limit: number,
  ): { fromTs: number; toTs: number; offset: number; take: number; count: number }[] {
    const days = [...counts].sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0));
    if (desc) days.reverse();
    const out: { fromTs: number; toTs: number; offset: number; take: number; count: number }[] = [];
    let before = 0;
    let left = limit;
    for (const { day, n } of days) {
      if (left <= 0) break;
      if (before + n > offset) {
        const at = Math.max(0, offset - before);
        const take = Math.min(n - at, left);
        const [fromTs, toTs] = dayRange(day, this.timeZone);
        out.push({ fromTs, toTs, offset: at, take, count: n });
        left -= take;
      }
      before += n;
    }
    return out;
  }

  /**
   * Every row of a raw-record table in the sort order, read in keyset chunks: the pairs with rows merged by
   * the database in each chunk's statement, or with a search over the scope. Memory stays at one chunk
   * whatever the size of the range.
   */
  async *rawRows(kind: RawKind, scope: Scope, q: RawListQuery): AsyncGenerator<AnyRow> {
    assertInScope(scope, q.providerIds, q.currencies);
    const desc = q.sortOrder === 'desc';
    const fromTs = dayRange(q.startDate, this.timeZone)[0];
    const toTs = dayRange(q.endDate, this.timeZone)[1];
    const search: RecordSearch | undefined =
      kind === 'game-records'
        ? { account: q.account, roundId: q.roundId, transactionId: q.transactionId }
        : undefined;
    let pairs: Pair[] = [];
    if (!repo.hasSearch(search)) {
      const counts = await repo.rawCounts(this.s, kind, rollupFilter(q));
      const pairKeys = new Set(counts.perPair.map((c) => `${c.provider}|${c.currency}`));
      pairs = pairsOf(q.providerIds, q.currencies).filter((p) => pairKeys.has(`${p.provider}|${p.currency}`));
      if (pairs.length === 0) return;
    }
    const read = {
      kind,
      providers: q.providerIds,
      currencies: q.currencies,
      desc,
      search,
      pairs,
      pair: pairs.length === 1 ? pairs[0] : undefined,
      fromTs,
      toTs,
      offset: 0,
      limit: EXPORT_CHUNK,
    };
    let after: RowKey | undefined;
    for (;;) {
      const chunk = await repo.readChunk(this.s, { ...read, after });
      const last = chunk[chunk.length - 1];
      if (!last) return;
      after = { ts: Number(last.ts), id: last.__id as string | number };
      for (const r of chunk) yield toRow(kind, r);
      if (chunk.length < EXPORT_CHUNK) return;
    }
  }

  // ------------------------------------------------------------------------------------------------------
  // Roll-up tables

  /** Distinct active players of a filter, given the roll-up's bets per day over its cells now (cached). */
  private active(f: RollupFilter, dayBets: ReadonlyMap<string, number>): Promise<DistinctCounts> {
    return this.activity.ensure({ pairs: pairsOf(f.providers, f.currencies), dayBets }, (days) =>
      repo.activeCells(this.s, days),
    );
  }

  /** Daily rows keyed by day and currency (and provider for operator daily). */
  private async dailyRows(f: StatsFilter, byProvider: boolean): Promise<OperatorDailyRow[]> {
    const rf = rollupFilter(f);
    const [games, accounts] = await Promise.all([repo.gameCells(this.s, rf), repo.accountDays(this.s, rf)]);
    const keyOf = (day: string, provider: number, currency: string) =>
      byProvider ? `${day}|${provider}|${currency}` : `${day}|${currency}`;
    const rows = new Map<
      string,
      { day: string; provider: number; currency: string; g: Measures; a: AccountMeasures; cells: string[] }
    >();
    const rowOf = (day: string, provider: number, currency: string) => {
      const key = keyOf(day, provider, currency);
      let row = rows.get(key);
      if (!row) {
        row = { day, provider, currency, g: zeroMeasures(), a: zeroAccount(), cells: [] };
        rows.set(key, row);
      }
      return row;
    };
    for (const g of games) addMeasures(rowOf(g.day, Number(g.provider), g.currency).g, g);
    for (const a of accounts) addAccount(rowOf(a.day, Number(a.provider), a.currency).a, a);
    // A cell's active players are distinct within it; summed over providers they stay distinct because a
    // player belongs to one provider and currency.
    const dayBets = new Map<string, number>();
    for (const g of games) dayBets.set(g.day, (dayBets.get(g.day) ?? 0) + Number(g.bets));
    const active = await this.active(rf, dayBets);
    const activeByRow = new Map<string, number>();
    for (const [key, n] of active.byCell) {
      const [day = '', provider = '0', currency = ''] = key.split('|');
      const rowKey = keyOf(day, Number(provider), currency);
      activeByRow.set(rowKey, (activeByRow.get(rowKey) ?? 0) + n);
    }
    return [...rows.entries()].map(([key, r]) => {
      const activePlayers = activeByRow.get(key) ?? 0;
      const ggr = r.g.turnover - r.g.payout;
      return {
        day: r.day,
        provider: r.provider,
        currency: r.currency,
        turnover: r.g.turnover,
        payout: r.g.payout,
        ggr,
        margin: marginOf(ggr, r.g.turnover),
        bets: r.g.bets,
        rounds: r.g.rounds,
        activePlayers,
        ...r.a,
      };
    });
  }

  /** Daily data: one row per day and currency over the chosen providers. */
  async daily(scope: Scope, q: DailyQuery): Promise<StatsPage<DailyRow>> {
    return pageOf(await this.dailyAll(scope, q), q.page, q.pageSize);
  }

  /** Every daily-data row in the sort order (exports). */
  async dailyAll(scope: Scope, q: DailyQuery): Promise<DailyRow[]> {
    assertInScope(scope, q.providerIds, q.currencies);
    const rows: DailyRow[] = (await this.dailyRows(q, false)).map(({ provider: _p, ...r }) => r);
    return sortRows(rows, q.sortBy, q.sortOrder === 'desc', ['day', 'currency']);
  }

  /** Operator daily data: one row per day, provider and currency. */
  async operatorDaily(scope: Scope, q: OperatorDailyQuery): Promise<StatsPage<OperatorDailyRow>> {
    return pageOf(await this.operatorDailyAll(scope, q), q.page, q.pageSize);
  }

  /** Every operator-daily row in the sort order (exports). */
  async operatorDailyAll(scope: Scope, q: OperatorDailyQuery): Promise<OperatorDailyRow[]> {
    assertInScope(scope, q.providerIds, q.currencies);
    return sortRows(await this.dailyRows(q, true), q.sortBy, q.sortOrder === 'desc', [
      'day',
      'provider',
      'currency',
    ]);
  }

  /** Player data: each player's figures over the range. */
  async players(scope: Scope, q: PlayerQuery): Promise<StatsPage<PlayerRow>> {
    assertInScope(scope, q.providerIds, q.currencies);
    const { rows, total } = await repo.playerPage(
      this.s,
      rollupFilter(q),
      q.sortBy,
      q.sortOrder === 'desc',
      (q.page - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map(toPlayer),
      total,
      totalCapped: false,
      page: q.page,
      pageSize: q.pageSize,
      nextCursor: null,
    };
  }

  /** Every player-data row in the sort order (exports). */
  async playersAll(scope: Scope, q: PlayerQuery): Promise<PlayerRow[]> {
    assertInScope(scope, q.providerIds, q.currencies);
    return (await repo.playerAll(this.s, rollupFilter(q), q.sortBy, q.sortOrder === 'desc')).map(toPlayer);
  }

  /** Headline figures of the range, in total and per currency. */
  async summary(scope: Scope, q: StatsFilter): Promise<Summary> {
    assertInScope(scope, q.providerIds, q.currencies);
    const rf = rollupFilter(q);
    const [games, accounts] = await Promise.all([
      repo.gameBreakdown(this.s, rf),
      repo.accountByCurrency(this.s, rf),
    ]);
    const active = await this.active(rf, new Map([...games.byDay].map(([day, g]) => [day, g.bets])));
    const accountOf = new Map(accounts.map((a) => [a.currency, a]));
    const headline = (g: Measures, a: AccountMeasures, activePlayers: number): Headline => {
      const ggr = g.turnover - g.payout;
      return {
        turnover: g.turnover,
        payout: g.payout,
        ggr,
        margin: marginOf(ggr, g.turnover),
        bets: g.bets,
        activePlayers,
        registrations: a.registrations,
        logins: a.logins,
        transferIn: a.transferIn,
        transferOut: a.transferOut,
        bonus: a.bonus,
        prize: a.prize,
      };
    };
    const totalG = zeroMeasures();
    const totalA = zeroAccount();
    const byCurrency: Summary['byCurrency'] = [];
    for (const c of q.currencies) {
      const g = games.byCurrency.get(c);
      const raw = accountOf.get(c);
      if (!g && !raw) continue;
      const gm = zeroMeasures();
      if (g) addMeasures(gm, g);
      const am = zeroAccount();
      if (raw) for (const k of Object.keys(am) as (keyof AccountMeasures)[]) am[k] = Number(raw[k]);
      addMeasures(totalG, gm);
      for (const k of Object.keys(am) as (keyof AccountMeasures)[]) totalA[k] += am[k];
      byCurrency.push({ currency: c, ...headline(gm, am, active.byCurrency.get(c) ?? 0) });
    }
    return {
      startDate: q.startDate,
      endDate: q.endDate,
      totals: headline(totalG, totalA, active.total),
      byCurrency,
    };
  }

  // ------------------------------------------------------------------------------------------------------
  // Company Profit

  /** Company Profit: ranges A (the base) and B side by side, and B − A. */
  async profitCompare(scope: Scope, q: ProfitCompareQuery): Promise<ProfitCompare> {
    assertInScope(scope, q.providerIds, q.currencies);
    // One read of the day versions for both ranges; the roll-up rows of unchanged days come from memory.
    const cells = await this.gameCellsOf([
      [q.aStart, q.aEnd],
      [q.bStart, q.bEnd],
    ]);
    const a = await this.profitRange(cells, q.providerIds, q.currencies, q.aStart, q.aEnd);
    const b = await this.profitRange(cells, q.providerIds, q.currencies, q.bStart, q.bEnd);
    const d = (k: keyof ProfitTotals) => profitDelta(a.totals[k], b.totals[k]);
    return {
      a,
      b,
      diff: {
        turnover: d('turnover'),
        payout: d('payout'),
        ggr: d('ggr'),
        margin: d('margin'),
        bets: d('bets'),
        activePlayers: d('activePlayers'),
      },
      report: q.reportCurrency ? await this.profitReport(cells, q, q.reportCurrency, a, b) : null,
    };
  }

  /** Ranges A and B in the reporting currency at each day's rates (see {@link ProfitConverter}). */
  private async profitReport(
    cells: ReadonlyMap<string, readonly GameDayCell[]>,
    q: ProfitCompareQuery,
    currency: string,
    a: ProfitRange,
    b: ProfitRange,
  ): Promise<ProfitReport> {
    const start = q.aStart < q.bStart ? q.aStart : q.bStart;
    const end = q.aEnd > q.bEnd ? q.aEnd : q.bEnd;
    const table = this.rates ? await this.rates([...q.currencies, currency], start, end) : new Map();
    const converter = new ProfitConverter(currency, table);
    const pairs = new Set(pairsOf(q.providerIds, q.currencies).map((p) => pairKey(p.provider, p.currency)));
    return converter.report(converter.range(cells, pairs, a), converter.range(cells, pairs, b));
  }

  private async profitRange(
    cells: ReadonlyMap<string, readonly GameDayCell[]>,
    providers: readonly number[],
    currencies: readonly string[],
    start: string,
    end: string,
  ): Promise<ProfitRange> {
    const rf: RollupFilter = { providers, currencies, startDay: start, endDay: end };
    const pairs = new Set(pairsOf(providers, currencies).map((p) => pairKey(p.provider, p.currency)));
    const g = gameTotals(cells, this.gameDays.slots, pairs, start, end);
    const active = await this.active(rf, new Map([...g.byDay].map(([day, m]) => [day, m.bets])));
    const total = zeroMeasures();
    for (const m of g.byDay.values()) addMeasures(total, m);
    const byProvider = g.byProvider;
    const byCurrency = g.byCurrency;
    const byGame = g.byGame;
    const byDay = g.byDay;
    const byTurnover = <T extends { turnover: number }>(rows: T[]) =>
      rows.sort((x, y) => y.turnover - x.turnover);
    return {
      start,
      end,
      totals: profitOf(total, active.total),
      byProvider: byTurnover(
        [...byProvider].map(([provider, m]) => ({
          provider,
          ...profitOf(measuresOf(m), active.byProvider.get(provider) ?? 0),
        })),
      ),
      byCurrency: byTurnover(
        [...byCurrency].map(([currency, m]) => ({
          currency,
          ...profitOf(measuresOf(m), active.byCurrency.get(currency) ?? 0),
        })),
      ),
      byGame: byTurnover([...byGame].map(([gameId, m]) => ({ gameId, ...profitOf(measuresOf(m), null) }))),
      byDay: daysOf(start, end).map((day) => ({
        day,
        ...profitOf(measuresOf(byDay.get(day)), active.byDay.get(day) ?? 0),
      })),
    };
  }
}

function toPlayer(r: repo.PlayerAggRow): PlayerRow {
  const turnover = Number(r.turnover);
  const payout = Number(r.payout);
  return {
    playerId: Number(r.playerId),
    account: String(r.account),
    provider: Number(r.provider),
    currency: String(r.currency),
    turnover,
    payout,
    ggr: turnover - payout,
    margin: marginOf(turnover - payout, turnover),
    bets: Number(r.bets),
    transferIn: Number(r.transferIn),
    transferOut: Number(r.transferOut),
    bonus: Number(r.bonus),
    prize: Number(r.prize),
    logins: Number(r.logins),
    activeDays: Number(r.activeDays),
  };
}
