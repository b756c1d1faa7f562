/**
 * Distinct active players over day ranges, exactly and in a few milliseconds.
 *
 * "Active players over a range" is the number of distinct players with a bet on some day of the range; it
 * does not add up over days, so the roll-up `daily_player` alone costs a scan of every player-day of the
 * range (hundreds of thousands of rows for six months). This cache keeps, per business day, the players who
 * bet that day in each (provider, currency) cell, as small dense integers, and answers a range by marking
 * them in a typed array.
 *
 * Validity: raw data is insert-only (events are idempotent by id), so the roll-up's bet count of a cell never
 * goes down and a new active player always comes with a new bet. A day is therefore still valid for a
 * request when the sum of its cached bet counts over the requested cells equals the roll-up's sum now (equal
 * sums of counts that can only grow mean every count is unchanged). Loads read the counts before the ids, so
 * a cached day may be fresher than its counts, never older. Each day is loaded with all its cells, so any
 * later request, whatever its providers and currencies, is checked the same way.
 *
 * The counts of a request are kept too (a few recent requests): asked again with the same cells and days,
 * and every day still the same loaded entry (a reload replaces the entry), the counts are the same, so the
 * unions are not run again. Repeated views of past ranges then cost only the validity check.
 */

/** The key of a (provider, currency) cell within a day. */
export function pairKey(provider: number, currency: string): string {
  return `${provider}|${currency}`;
}

/** One cell of a day as loaded: its bet count and the ids of the players who bet. */
export interface CellIds {
  day: string;
  provider: number;
  currency: string;
  bets: number;
  ids: readonly number[];
}

/** What a request asks: its cells (provider, currency) and, per day, the roll-up's bet sum over them now. */
export interface ActivityRequest {
  pairs: readonly { provider: number; currency: string }[];
  /** Days with bets in the requested cells, and that sum. */
  dayBets: ReadonlyMap<string, number>;
}

/** The distinct counts of a request, in total and grouped. */
export interface DistinctCounts {
  total: number;
  byProvider: Map<number, number>;
  byCurrency: Map<string, number>;
  byDay: Map<string, number>;
  /** Players of each (day, provider, currency) cell, by `${day}|${provider}|${currency}`. */
  byCell: Map<string, number>;
}

/** Options of {@link ActivityCache}. */
export interface ActivityCacheOptions {
  /** Most player-day entries kept (4 bytes each); the least recently used days go first. */
  maxEntries?: number;
  /** Most distinct players indexed before the cache starts over. */
  maxPlayers?: number;
}

interface DayEntry {
  bets: Map<string, number>;
  players: Map<string, Int32Array>;
  entries: number;
  used: number;
  /** Bet sums of this entry over the cells of recent requests, by the request's cell keys joined. */
  sums: Map<string, number>;
}

/** Counts of a request, with the day entries they were counted from. */
interface Counted {
  entries: DayEntry[];
  counts: DistinctCounts;
}

/** Most requests whose counts are kept. */
const COUNTED_MAX = 16;

/** See the module comment. One instance per process. */
export class ActivityCache {
  private days = new Map<string, DayEntry>();
  private counted = new Map<string, Counted>();
  private dense = new Map<number, number>();
  private entries = 0;
  private stamps = new Uint32Array(1024);
  private generation = 0;
  private clock = 0;
  private readonly maxEntries: number;
  private readonly maxPlayers: number;

  constructor(options: ActivityCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 8_000_000;
    this.maxPlayers = options.maxPlayers ?? 4_000_000;
  }

  /** Days of a request that are missing or stale. */
  stale(req: ActivityRequest): string[] {
    const keys = req.pairs.map((p) => pairKey(p.provider, p.currency));
    const signature = keys.join(',');
    const out: string[] = [];
    for (const [day, bets] of req.dayBets) {
      if (bets <= 0) continue;
      const entry = this.days.get(day);
      if (!entry) {
        out.push(day);
        continue;
      }
      let cached = entry.sums.get(signature);
      if (cached === undefined) {
        cached = 0;
        for (const k of keys) cached += entry.bets.get(k) ?? 0;
        if (entry.sums.size >= 16) entry.sums.clear();
        entry.sums.set(signature, cached);
      }
      if (cached !== bets) out.push(day);
    }
    return out;
  }

  /**
   * Distinct players of a request, loading its missing or stale days with `load` (every cell of those days:
   * bet counts first, then the players with a bet). Falls back to an uncached count when one request does
   * not fit the cache's bounds.
   */
  async ensure(
    req: ActivityRequest,
    load: (days: readonly string[]) => Promise<CellIds[]>,
  ): Promise<DistinctCounts> {
    const keep = new Set(req.dayBets.keys());
    for (let round = 0; round < 2; round += 1) {
      const stale = this.stale(req);
      if (stale.length === 0) return this.count(req);
      this.store(stale, await load(stale), keep);
      // Days read now may hold more bets than the request's sums if bets arrived in between: fresher, fine.
      // Only a reset of the cache (too many players) can have dropped other days of the request.
      if (this.loaded(req)) return this.count(req);
    }
    const once = new ActivityCache({
      maxEntries: Number.MAX_SAFE_INTEGER,
      maxPlayers: Number.MAX_SAFE_INTEGER,
    });
    const days = [...keep];
    once.store(days, await load(days));
    return once.count(req);
  }

  private loaded(req: ActivityRequest): boolean {
    for (const [day, bets] of req.dayBets) if (bets > 0 && !this.days.has(day)) return false;
    return true;
  }

  /** Stores the cells of freshly read days (a day without cells holds nobody). */
  store(days: readonly string[], cells: readonly CellIds[], keep: ReadonlySet<string> = new Set(days)): void {
    const incoming = cells.reduce((n, c) => n + c.ids.length, 0);
    if (this.dense.size + incoming > this.maxPlayers) this.clear();
    const fresh = new Map<string, DayEntry>(
      days.map((d) => [d, { bets: new Map(), players: new Map(), entries: 0, used: this.clock, sums: new Map() }]),
    );
    for (const c of cells) {
      const entry = fresh.get(c.day);
      if (!entry) continue;
      const key = pairKey(c.provider, c.currency);
      entry.bets.set(key, (entry.bets.get(key) ?? 0) + c.bets);
      if (c.ids.length > 0) {
        const players = new Int32Array(c.ids.length);
        for (let i = 0; i < c.ids.length; i += 1) players[i] = this.denseOf(c.ids[i] as number);
        entry.players.set(key, players);
        entry.entries += players.length;
      }
    }
    for (const [day, entry] of fresh) {
      const old = this.days.get(day);
      if (old) this.entries -= old.entries;
      this.days.set(day, entry);
      this.entries += entry.entries;
    }
    this.evict(keep);
  }

  /**
   * Distinct players of a request whose days are all loaded. The result may be shared with later calls
   * asking the same: callers read it, never change it.
   */
  count(req: ActivityRequest): DistinctCounts {
    const tick = (this.clock += 1);
    const keys = req.pairs.map((p) => pairKey(p.provider, p.currency));
    const days: string[] = [];
    const entries: DayEntry[] = [];
    for (const [day, bets] of req.dayBets) {
      if (bets <= 0) continue;
      const entry = this.days.get(day);
      if (!entry) throw new Error(`activity of ${day} is not loaded`);
      entry.used = tick;
      days.push(day);
      entries.push(entry);
    }
    const memoKey = `${keys.join(',')}#${days.join(',')}`;
    const memo = this.counted.get(memoKey);
    if (memo && memo.entries.every((e, i) => e === entries[i])) return memo.counts;
    const counts = this.countDays(keys, days, entries, req.pairs);
    this.counted.delete(memoKey);
    this.counted.set(memoKey, { entries, counts });
    if (this.counted.size > COUNTED_MAX) this.counted.delete(this.counted.keys().next().value as string);
    return counts;
  }

  private countDays(
    keys: readonly string[],
    days: readonly string[],
    entries: readonly DayEntry[],
    pairs: ActivityRequest['pairs'],
  ): DistinctCounts {
    const pairCells = keys.map((): Int32Array[] => []);
    const byDay = new Map<string, number>();
    const byCell = new Map<string, number>();
    for (let d = 0; d < days.length; d += 1) {
      const day = days[d] as string;
      const entry = entries[d] as DayEntry;
      const dayCells: Int32Array[] = [];
      for (let i = 0; i < keys.length; i += 1) {
        const players = entry.players.get(keys[i] as string);
        if (!players) continue;
        dayCells.push(players);
        (pairCells[i] as Int32Array[]).push(players);
        byCell.set(`${day}|${keys[i]}`, players.length);
      }
      byDay.set(day, this.union(dayCells));
    }
    // Each pair's distinct players once; provider, currency and total unions then run over those short lists.
    const pairPlayers = pairCells.map((cells) => this.distinct(cells));
    const byProviderCells = new Map<number, Int32Array[]>();
    const byCurrencyCells = new Map<string, Int32Array[]>();
    pairs.forEach((p, i) => {
      push(byProviderCells, p.provider, pairPlayers[i] as Int32Array);
      push(byCurrencyCells, p.currency, pairPlayers[i] as Int32Array);
    });
    const unions = <K>(groups: Map<K, Int32Array[]>) =>
      new Map([...groups].map(([k, cells]) => [k, this.union(cells)] as const).filter(([, n]) => n > 0));
    return {
      total: this.union(pairPlayers),
      byProvider: unions(byProviderCells),
      byCurrency: unions(byCurrencyCells),
      byDay,
      byCell,
    };
  }

  /** Forgets everything (tests, or when the player index grows past its bound). */
  clear(): void {
    this.days = new Map();
    this.counted = new Map();
    this.dense = new Map();
    this.entries = 0;
    this.stamps = new Uint32Array(1024);
    this.generation = 0;
  }

  /** Number of cached player-day entries. */
  get size(): number {
    return this.entries;
  }

  /** Number of distinct players over some cells. */
  private union(cells: readonly Int32Array[]): number {
    if (cells.length === 0) return 0;
    if (cells.length === 1) return (cells[0] as Int32Array).length;
    const gen = this.nextGeneration();
    const stamps = this.stamps;
    let n = 0;
    for (const p of cells) {
      for (let i = 0; i < p.length; i += 1) {
        const d = p[i] as number;
        if (stamps[d] !== gen) {
          stamps[d] = gen;
          n += 1;
        }
      }
    }
    return n;
  }

  /** The distinct players of some cells, as one list. */
  private distinct(cells: readonly Int32Array[]): Int32Array {
    if (cells.length === 0) return new Int32Array(0);
    if (cells.length === 1) return cells[0] as Int32Array;
    const gen = this.nextGeneration();
    const stamps = this.stamps;
    let size = 0;
    for (const p of cells) size += p.length;
    const out = new Int32Array(size);
    let n = 0;
    for (const p of cells) {
      for (let i = 0; i < p.length; i += 1) {
        const d = p[i] as number;
        if (stamps[d] !== gen) {
          stamps[d] = gen;
          out[n] = d;
          n += 1;
        }
      }
    }
    return out.subarray(0, n);
  }

  private nextGeneration(): number {
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }

  private denseOf(id: number): number {
    let d = this.dense.get(id);
    if (d === undefined) {
      d = this.dense.size;
      this.dense.set(id, d);
      if (d >= this.stamps.length) {
        const grown = new Uint32Array(Math.max(this.stamps.length * 2, d + 1));
        grown.set(this.stamps);
        this.stamps = grown;
      }
    }
    return d;
  }

  /** Drops the least recently used days (never those of the current request) until within bounds. */
  private evict(keep: ReadonlySet<string>): void {
    if (this.entries <= this.maxEntries) return;
    const byAge = [...this.days].filter(([d]) => !keep.has(d)).sort((x, y) => x[1].used - y[1].used);
    for (const [day, entry] of byAge) {
      if (this.entries <= this.maxEntries * 0.9) break;
      this.days.delete(day);
      this.entries -= entry.entries;
    }
    // Kept counts would hold dropped days in memory.
    this.counted = new Map();
  }
}

function push<K>(m: Map<K, Int32Array[]>, k: K, v: Int32Array): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
