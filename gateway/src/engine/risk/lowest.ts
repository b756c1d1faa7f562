import type { RecordMap } from './recordMap';

/**
 * The k-th smallest value (0-based) of `xs`, by selection (Hoare's, median of three): linear on average.
 * Reorders `xs`.
 */
export function selectKth(xs: Float64Array, k: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    // Median of three as the pivot (sorted already, or all equal, stays linear).
    const a = xs[lo]!;
    const b = xs[mid]!;
    const c = xs[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (xs[i]! < pivot) i++;
      while (xs[j]! > pivot) j--;
      if (i <= j) {
        const t = xs[i]!;
        xs[i] = xs[j]!;
        xs[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return xs[k]!;
  }
  return xs[lo]!;
}

/**
 * Deletes from `map` the entries `dropAlways` picks, then of the others as many as go past `keep`, those of
 * lowest `value` (an entry whose value is undefined stays whatever it is), found by selection rather than by
 * sorting them all: every entry below the last dropped value goes, and as many at it as needed, the first in
 * the map's order first. The entries are walked by their views, so a map read back a piece at a time is not
 * read for it, twice: their values, then the deletes (the values kept in the map's order). Whether any went.
 */
export function dropLowest<V extends S, S>(
  map: RecordMap<V, S>,
  keep: number,
  value: (key: string, view: S) => number | undefined,
  dropAlways?: (view: S) => boolean,
): boolean {
  // Each entry's value in the map's order (NaN: undefined), so that the second pass reads no record again.
  const inOrder = new Float64Array(map.size);
  let n = 0;
  let defined = 0;
  let dropped = false;
  map.forEachView((k, v) => {
    if (dropAlways?.(v)) {
      map.delete(k);
      dropped = true;
      return;
    }
    const x = value(k, v);
    inOrder[n++] = x ?? NaN;
    if (x !== undefined) defined += 1;
  });
  const count = Math.min(defined, map.size - keep);
  if (count <= 0) return dropped;
  const values = new Float64Array(defined);
  defined = 0;
  for (const x of inOrder.subarray(0, n)) if (!Number.isNaN(x)) values[defined++] = x;
  const bar = selectKth(values, count - 1);
  let atBar = count;
  for (const x of values) if (x < bar) atBar -= 1;
  let at = 0;
  map.forEachView((k) => {
    const x = inOrder[at++]!;
    if (Number.isNaN(x) || x > bar) return;
    if (x < bar) map.delete(k);
    else if (atBar > 0) {
      map.delete(k);
      atBar -= 1;
    }
  });
  if (at !== n) throw new Error('dropLowest: the map changed between its passes');
  return true;
}

/**
 * A record's id in its {@link ScoreIndex} (JSON, and the snapshot's copies, leave a symbol's field out). It is
 * given once and never changes while the record is held: a cap moves records down in the index's arrays
 * without touching them.
 */
const ID = Symbol('id');
type WithId = { [ID]?: number };
/** A record's place at a cap: by its value, gone whatever its value, or kept whatever the others' (no value). */
const BY_VALUE = 0;
const ALWAYS = 1;
const KEPT = 2;

/**
 * The records of a {@link RecordMap} with, in the map's order, the value {@link dropLowest} would read of each
 * and whether it goes whatever its value: a cap ({@link ScoreIndex.cap}) finds what goes in these arrays, where
 * a walk of hundreds of thousands of records (a cache miss or two for each) took 100 ms. It goes as
 * `dropLowest(map, keep, value, dropAlways)` would: the same entries, the same order after.
 *
 * Whoever adds a record to the map adds it here ({@link add}), tells when its value may have changed
 * ({@link update}) and when it left the map otherwise ({@link remove}); a false answer means the index does
 * not hold the record, and is of no use from then on (the map is walked again).
 */
export class ScoreIndex<V extends object> {
  // By position, in the map's order (holes where a record left, until a cap moves the others down).
  private records: (V | undefined)[] = [];
  private keys: (string | undefined)[] = [];
  private values = new Float64Array(1024);
  private places = new Uint8Array(1024);
  private idAt = new Int32Array(1024);
  /** Positions used (the next one given), and records held. */
  private end = 0;
  private live = 0;
  /** By id: its position. Ids of records gone are given again. */
  private positionOf = new Int32Array(1024);
  private freeIds: number[] = [];
  private nextId = 0;
  /**
   * Records a cap dropped, still in the map until {@link deleteDropped} (or {@link deleteIfDropped}) deletes
   * them (a hole once deleted); the position of each one's id is `-(2 + its place here)`.
   */
  private droppedKeys: (string | undefined)[] = [];
  private droppedRecords: (V | undefined)[] = [];
  private droppedLive = 0;

  constructor(
    private readonly value: (v: V) => number | undefined,
    private readonly dropAlways: (v: V) => boolean,
  ) {}

  /**
   * An index of the records of `map`, in its order; none when the map is not read whole (a walk of it would
   * give the views of its stored entries, not their records).
   */
  static of<V extends S & object, S>(
    map: RecordMap<V, S>,
    value: (v: V) => number | undefined,
    dropAlways: (v: V) => boolean,
  ): ScoreIndex<V> | undefined {
    if (!map.loaded) return undefined;
    const index = new ScoreIndex<V>(value, dropAlways);
    for (const [k, v] of map) index.add(k, v);
    return index;
  }

  /** Records held (those a cap dropped and still in the map are not). */
  get size(): number {
    return this.live;
  }

  /** Records a cap dropped that are still in the map. */
  get dropped(): number {
    return this.droppedLive;
  }

  /** A record just set in the map under `key` (a new key: last in the map's order). */
  add(key: string, v: V): void {
    if (this.end === this.values.length) {
      const n = this.end * 2;
      this.values = grown(this.values, new Float64Array(n));
      this.places = grown(this.places, new Uint8Array(n));
      this.idAt = grown(this.idAt, new Int32Array(n));
    }
    let id = this.freeIds.pop();
    if (id === undefined) {
      id = this.nextId++;
      if (id === this.positionOf.length) this.positionOf = grown(this.positionOf, new Int32Array(id * 2));
    }
    const at = this.end++;
    this.records[at] = v;
    this.keys[at] = key;
    this.idAt[at] = id;
    this.positionOf[id] = at;
    (v as WithId)[ID] = id;
    this.live += 1;
    this.read(at, v);
  }

  /** Reads the record's value again. False when the index does not hold it. */
  update(v: V): boolean {
    const at = this.positionOfRecord(v);
    if (at === undefined) return false;
    this.read(at, v);
    return true;
  }

  /** The record left the map. False when the index does not hold it. */
  remove(v: V): boolean {
    const at = this.positionOfRecord(v);
    if (at === undefined) return false;
    this.records[at] = undefined;
    this.keys[at] = undefined;
    this.freeIds.push(this.idAt[at]!);
    this.live -= 1;
    return true;
  }

  /**
   * Drops from `map` (the map of these records, all of them) the entries `dropAlways` picks, then of the
   * others as many as go past `keep`, those of lowest value, as {@link dropLowest} deletes them; whether any
   * went. They are deleted from the map later, a slice at a time ({@link deleteDropped}): until then whoever
   * reads the map asks {@link deleteIfDropped} of what it finds there.
   */
  cap(map: { readonly size: number }, keep: number): boolean {
    if (map.size !== this.live + this.droppedLive)
      throw new Error('ScoreIndex: the map and its index differ');
    const { records, keys, values, places, idAt, positionOf, droppedKeys, droppedRecords, end } = this;
    let always = 0;
    let scored = 0;
    for (let i = 0; i < end; i++)
      if (records[i] !== undefined) {
        if (places[i] === ALWAYS) always += 1;
        else if (places[i] === BY_VALUE) scored += 1;
      }
    const count = Math.min(scored, this.live - always - keep);
    if (always === 0 && count <= 0) return false;
    let bar = -Infinity;
    let atBar = 0;
    if (count > 0) {
      const xs = new Float64Array(scored);
      let n = 0;
      for (let i = 0; i < end; i++)
        if (records[i] !== undefined && places[i] === BY_VALUE) xs[n++] = values[i]!;
      bar = selectKth(xs, count - 1);
      atBar = count;
      for (const x of xs) if (x < bar) atBar -= 1;
    }
    // The deletes, in the map's order; the records kept move down, in the same order.
    let to = 0;
    for (let i = 0; i < end; i++) {
      if (records[i] === undefined) continue;
      const place = places[i]!;
      const x = values[i]!;
      let drop = place === ALWAYS;
      if (place === BY_VALUE && count > 0 && x <= bar) {
        if (x < bar) drop = true;
        else if (atBar > 0) {
          drop = true;
          atBar -= 1;
        }
      }
      if (drop) {
        positionOf[idAt[i]!] = -2 - droppedKeys.length;
        droppedKeys.push(keys[i]);
        droppedRecords.push(records[i]);
        this.droppedLive += 1;
        continue;
      }
      if (to !== i) {
        records[to] = records[i];
        keys[to] = keys[i];
        values[to] = x;
        places[to] = place;
        idAt[to] = idAt[i]!;
        positionOf[idAt[i]!] = to;
      }
      to += 1;
    }
    records.length = to;
    keys.length = to;
    this.end = to;
    this.live = to;
    return true;
  }

  /**
   * Deletes from `map` at most `most` of the records a cap dropped (every one with no bound), the last dropped
   * first, and gives each to `deleted`. How many are left.
   */
  deleteDropped(map: { delete(key: string): boolean }, most = Infinity, deleted?: (v: V) => void): number {
    const { droppedKeys, droppedRecords } = this;
    for (let n = 0; n < most && droppedKeys.length > 0;) {
      const key = droppedKeys.pop();
      const v = droppedRecords.pop();
      if (v === undefined) continue;
      map.delete(key!);
      this.freeIds.push((v as WithId)[ID]!);
      this.droppedLive -= 1;
      deleted?.(v);
      n += 1;
    }
    return this.droppedLive;
  }

  /** Deletes the record `v` found under `key` in `map` if a cap dropped it (it is not there). Whether it was. */
  deleteIfDropped(map: { delete(key: string): boolean }, key: string, v: V): boolean {
    const id = (v as WithId)[ID];
    if (id === undefined || id >= this.nextId) return false;
    const at = -2 - this.positionOf[id]!;
    if (at < 0 || this.droppedRecords[at] !== v) return false;
    map.delete(key);
    this.droppedKeys[at] = undefined;
    this.droppedRecords[at] = undefined;
    this.freeIds.push(id);
    this.droppedLive -= 1;
    return true;
  }

  private positionOfRecord(v: V): number | undefined {
    const id = (v as WithId)[ID];
    if (id === undefined || id >= this.nextId) return undefined;
    const at = this.positionOf[id]!;
    return at >= 0 && this.records[at] === v ? at : undefined;
  }

  private read(at: number, v: V): void {
    if (this.dropAlways(v)) {
      this.places[at] = ALWAYS;
      return;
    }
    const x = this.value(v);
    this.places[at] = x === undefined || Number.isNaN(x) ? KEPT : BY_VALUE;
    this.values[at] = x ?? NaN;
  }
}

/** `into` (a larger array) holding `from`'s values first. */
function grown<T extends Float64Array | Uint8Array | Int32Array>(from: T, into: T): T {
  into.set(from);
  return into;
}
