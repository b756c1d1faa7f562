/**
 * The `daily_game` rows of business days, kept in memory while they are current.
 *
 * Company Profit and the game-record page counts need `daily_game` over months: thousands of rows to
 * aggregate on every request, although past days rarely change. Triggers keep a version per day
 * (`daily_game_version`, migration `0005_profit_day_version`) that every write of a day's `daily_game` rows
 * raises. A request reads the versions of its days (one small row per day), reloads only the days whose
 * version moved or that are not cached, and aggregates the cached rows in memory.
 *
 * Versions are read before the rows, so cached rows are at least as fresh as their version: a write landing
 * between the two reads leaves the day with a newer version than the one cached, and the next request reads
 * it again. Several gateway instances may write: the version lives in the database, not here.
 */

/** One `daily_game` row (a game in a (provider, currency) cell of a day). */
export interface GameDayCell {
  provider: number;
  currency: string;
  gameId: number;
  turnover: number;
  payout: number;
  bets: number;
  rounds: number;
  /** `provider|currency`, as `pairKey` of `stats.activity.ts` writes it. */
  pair: string;
  /** Small number of the (provider, currency, game): index into {@link GameDayCache.slots}. */
  slot: number;
}

/** A row as loaded: the day it belongs to. */
export type LoadedGameCell = Omit<GameDayCell, 'pair' | 'slot'> & { day: string };

/** What a slot number stands for. */
export interface GameSlot {
  provider: number;
  currency: string;
  gameId: number;
  pair: string;
}

/** Options of {@link GameDayCache}. */
export interface GameDayCacheOptions {
  /** Most cells kept; the least recently used days go first (never those of the current request). */
  maxCells?: number;
}

interface DayEntry {
  version: number;
  cells: GameDayCell[];
  used: number;
}

/** See the module comment. One instance per process. */
export class GameDayCache {
  private days = new Map<string, DayEntry>();
  private cells = 0;
  private clock = 0;
  private readonly slotOf = new Map<string, number>();
  /** The (provider, currency, game) of each slot number. */
  readonly slots: GameSlot[] = [];
  private readonly maxCells: number;

  constructor(options: GameDayCacheOptions = {}) {
    this.maxCells = options.maxCells ?? 500_000;
  }

  /**
   * The cells of the given days, current as of `versions` (the version of each day that has any row; a day
   * without a version has no rows). Missing or outdated days are read with `load`.
   */
  async cellsOf(
    versions: ReadonlyMap<string, number>,
    load: (days: readonly string[]) => Promise<LoadedGameCell[]>,
  ): Promise<Map<string, readonly GameDayCell[]>> {
    const tick = (this.clock += 1);
    const stale: string[] = [];
    for (const [day, version] of versions) {
      if (this.days.get(day)?.version !== version) stale.push(day);
    }
    const out = new Map<string, readonly GameDayCell[]>();
    const fresh = new Map<string, DayEntry>(
      stale.map((d) => [d, { version: versions.get(d) as number, cells: [], used: tick }]),
    );
    if (stale.length > 0) {
      for (const c of await load(stale)) {
        const pair = `${c.provider}|${c.currency}`;
        fresh.get(c.day)?.cells.push({
          provider: c.provider,
          currency: c.currency,
          gameId: c.gameId,
          turnover: c.turnover,
          payout: c.payout,
          bets: c.bets,
          rounds: c.rounds,
          pair,
          slot: this.slotNumber(c.provider, c.currency, c.gameId, pair),
        });
      }
    }
    for (const [day, entry] of fresh) {
      const old = this.days.get(day);
      if (old) this.cells -= old.cells.length;
      this.days.set(day, entry);
      this.cells += entry.cells.length;
    }
    for (const day of versions.keys()) {
      const entry = this.days.get(day) as DayEntry;
      entry.used = tick;
      out.set(day, entry.cells);
    }
    this.evict(tick);
    return out;
  }

  private slotNumber(provider: number, currency: string, gameId: number, pair: string): number {
    const key = `${pair}|${gameId}`;
    let n = this.slotOf.get(key);
    if (n === undefined) {
      n = this.slots.length;
      this.slotOf.set(key, n);
      this.slots.push({ provider, currency, gameId, pair });
    }
    return n;
  }

  /** Number of cached cells. */
  get size(): number {
    return this.cells;
  }

  /** Drops the least recently used days until within bounds, never those used by the request of `tick`. */
  private evict(tick: number): void {
    if (this.cells <= this.maxCells) return;
    const byAge = [...this.days].filter(([, e]) => e.used !== tick).sort((x, y) => x[1].used - y[1].used);
    for (const [day, entry] of byAge) {
      if (this.cells <= this.maxCells * 0.9) break;
      this.days.delete(day);
      this.cells -= entry.cells.length;
    }
  }
}
