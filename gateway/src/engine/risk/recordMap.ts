import { copyData } from './jsonData';

/**
 * The few fields of a record that a walk of its map reads (an expire: when it was last seen, its score), as `S`
 * (a part of the record's type `V`). A stored snapshot keeps them beside each record's key as `width` numbers
 * (written by `of`, under `id`: the numbers' meaning, so that a snapshot of other numbers is not taken for
 * these), and `view` makes an `S` of them again: a map read back a piece at a time is walked by them before
 * its records are read ({@link RecordMap.forEachView}).
 */
export interface Summariser<V extends S, S = V> {
  readonly id: string;
  readonly width: number;
  of(value: V, out: Float64Array): void;
  /** The fields of an entry not read yet, from its stored numbers (`of`'s) and its key. */
  view(stored: Float64Array, key: string): S;
}

/** The most maps a {@link RecordMap} keeps its records in. */
export const MAX_SHARDS = 1024;

/**
 * The shard of `key` among 2^`bits` (bits 1 to 10): a hash of its length and its last 8 characters (a
 * detector's keys end with an account id or a pair's second account: what tells them apart), cheaper than a
 * hash of the whole key, which every lookup would pay on top of the `Map`'s own.
 */
export function shardOf(key: string, bits: number): number {
  const n = key.length;
  let h = 0x811c9dc5 ^ n;
  for (let i = n > 8 ? n - 8 : 0; i < n; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> (32 - bits);
}

/** The entries of `maps`, one map after the other, each as its own iterator gives them (changes seen as it sees them). */
function* chained<T>(
  maps: Map<string, unknown>[],
  of: (m: Map<string, unknown>) => Iterator<T>,
): Generator<T, undefined> {
  for (const m of maps) {
    const it = of(m);
    for (let r = it.next(); !r.done; r = it.next()) yield r.value;
  }
  return undefined;
}

/**
 * A map of records by string key that is written to JSON as an object (`toJSON`), key order kept. The
 * detector's largest collections (every account of the window, every pair) are kept in these: a `Map` looks
 * up, adds and deletes at a steady cost and is walked in insertion order without a copy of its keys, where an
 * object of hundreds of thousands of keys falls into dictionary mode and every `for…in` collects and sorts
 * them all first. The stored snapshot is the same JSON as when they were objects.
 *
 * A large one is kept in `shards` maps (a power of two; 1, the `Map` itself, unless asked), a key's shard
 * picked by {@link shardOf}: a `Map` rebuilds its whole table when it grows past its capacity or shrinks below a
 * quarter of it, one `set` or `delete` of a few hundred thousand entries stopping everything for 70–170 ms;
 * in 64 shards a rebuild moves a 64th of them. Its order is then the shards' one after the other, each in the
 * order its keys were set: the same for the same sets and deletes, and for a map read back from its JSON.
 *
 * Its {@link Summariser} (what a snapshot keeps beside each key) is given where it is made: the constructor, or
 * {@link RecordMap.from} for a map read back from a snapshot, which has none of its own.
 */
export class RecordMap<V extends S, S = V> extends Map<string, V> {
  #summary: Summariser<V, S> | undefined;
  /**
   * While a snapshot is written ({@link freeze}): the keys then, in order, and the records changed since as
   * they were.
   */
  #frozen: { keys: string[]; before: Map<string, V> } | undefined;
  /** The maps of its records when more than one, and the bits of {@link shardOf} that pick one; else the `Map` itself holds them. */
  #shards: Map<string, V>[] | undefined;
  #bits = 0;

  constructor(entries?: Iterable<readonly [string, V]> | null, summary?: Summariser<V, S>, shards = 1) {
    // Set after super(): the Map constructor's own sets would call ours before its fields exist.
    super();
    this.#summary = summary;
    this.shardIn(shards);
    if (entries) for (const [k, v] of entries) this.#store(k, v);
  }

  /**
   * The map of these records; a {@link RecordMap} is taken as it is (a snapshot read back is not copied), and
   * given `summary` if it has none (a different one is an error) and kept in `shards` maps when given.
   */
  static from<V extends S, S = V>(
    record: Record<string, V> | Map<string, V> | undefined,
    summary?: Summariser<V, S>,
    shards?: number,
  ): RecordMap<V, S> {
    if (record instanceof RecordMap) {
      const map = record as RecordMap<V, S>;
      if (summary) map.summarisedBy(summary);
      if (shards !== undefined) map.shardIn(shards);
      return map;
    }
    const map = new RecordMap<V, S>(record instanceof Map ? record : null, summary, shards);
    if (!(record instanceof Map)) for (const k in record) map.set(k, record[k]!);
    return map;
  }

  /** What a snapshot keeps beside each record's key, and {@link forEachView} gives of a record not read yet. */
  get summary(): Summariser<V, S> | undefined {
    return this.#summary;
  }

  protected summarisedBy(summary: Summariser<V, S>): void {
    if (this.#summary && this.#summary !== summary)
      throw new Error(`a map summarised by "${this.#summary.id}" given "${summary.id}"`);
    this.#summary = summary;
  }

  /** How many maps its records are kept in. */
  get shards(): number {
    return this.#shards?.length ?? 1;
  }

  /**
   * Keeps its records in `shards` maps from now on (a power of two up to {@link MAX_SHARDS}), moved in the
   * map's order: each shard's order is then what it would be had they been set in the new shards. Fails while
   * the map is frozen.
   */
  protected shardIn(shards: number): void {
    if (!Number.isInteger(shards) || shards < 1 || shards > MAX_SHARDS || (shards & (shards - 1)) !== 0)
      throw new Error(`a record map in ${shards} shards: a power of two up to ${MAX_SHARDS} is needed`);
    if (shards === this.shards) return;
    if (this.#frozen) throw new Error('the map is frozen (a snapshot is being written): its shards stay');
    const entries = Array.from(this.#entries());
    super.clear();
    this.#shards = shards === 1 ? undefined : Array.from({ length: shards }, () => new Map<string, V>());
    this.#bits = Math.log2(shards);
    for (const [k, v] of entries) this.#store(k, v);
  }

  /** The shard of `key` (0 when the map is one `Map`). */
  protected shardIndexOf(key: string): number {
    return this.#shards ? shardOf(key, this.#bits) : 0;
  }

  /** The entries of shard `i` in their order, as its own iterator gives them (the map's order is shard after shard). */
  protected shardEntries(i: number): MapIterator<[string, V]> {
    const shards = this.#shards;
    return shards ? shards[i]!.entries() : super.entries();
  }

  #fetch(key: string): V | undefined {
    const shards = this.#shards;
    return shards ? shards[shardOf(key, this.#bits)]!.get(key) : super.get(key);
  }

  #store(key: string, value: V): void {
    const shards = this.#shards;
    if (shards) shards[shardOf(key, this.#bits)]!.set(key, value);
    else super.set(key, value);
  }

  #entries(): MapIterator<[string, V]> {
    const shards = this.#shards;
    return shards ? (chained(shards, (m) => m.entries()) as MapIterator<[string, V]>) : super.entries();
  }

  #keys(): MapIterator<string> {
    const shards = this.#shards;
    return shards ? (chained(shards, (m) => m.keys()) as MapIterator<string>) : super.keys();
  }

  /**
   * Calls `fn` with each entry's key and fields, in the map's order: the record itself when it is read (every
   * record of a map in memory: a walk costs what a loop over the records does), else its summary's view of
   * the numbers stored beside its key. `fn` may delete entries (one not reached yet is then not given).
   */
  forEachView(fn: (key: string, view: S) => void): void {
    for (const [k, v] of this) fn(k, v);
  }

  /** Whether {@link forEachView} reads no record (a map read back whole, or whose summaries were stored). */
  get walksWithoutReading(): boolean {
    return true;
  }

  /**
   * Whether every record is in the map itself: its own iterators read nothing (a walk may then go a piece at
   * a time, the map changing between the pieces, as a `Map`'s iterators allow).
   */
  get inMemory(): boolean {
    return true;
  }

  /**
   * The entries as they are now, to be read while the map goes on changing (a snapshot written in slices while
   * the detector goes on): the keys are kept in their order, and until {@link thaw} a record is copied before
   * it can change, the first time it is asked for ({@link get}: its caller may change it), and kept as it is
   * when it is replaced or deleted. Whoever changes the records must do it through {@link get}, in the same
   * turn, and never change a record after it left the map (a walk's {@link forEachView} only reads). A new
   * key set meanwhile is not among the entries. Fails if the map is frozen already.
   */
  freeze(): Iterable<[string, V]> {
    if (this.#frozen) throw new Error('the map is frozen already (a snapshot is being written)');
    const frozen = { keys: Array.from(this.#keys()), before: new Map<string, V>() };
    this.#frozen = frozen;
    const get = (key: string) => this.#fetch(key);
    return {
      *[Symbol.iterator]() {
        for (const key of frozen.keys) {
          const v = frozen.before.get(key) ?? get(key);
          if (v !== undefined) yield [key, v];
        }
      },
    };
  }

  /** Ends a {@link freeze}: the copies go. */
  thaw(): void {
    this.#frozen = undefined;
  }

  /**
   * Keeps the record of `key` as it is now, if a snapshot is being written and it is not kept yet: a copy of
   * it (`copy`, it stays in the map and may change), or itself (it leaves the map).
   */
  #keep(key: string, copy: boolean): void {
    const frozen = this.#frozen;
    if (!frozen || frozen.before.has(key)) return;
    const v = this.#fetch(key);
    if (v !== undefined) frozen.before.set(key, copy ? (copyData(v, key) as V) : v);
  }

  override get(key: string): V | undefined {
    if (this.#frozen) this.#keep(key, true);
    return this.#fetch(key);
  }

  override has(key: string): boolean {
    const shards = this.#shards;
    return shards ? shards[shardOf(key, this.#bits)]!.has(key) : super.has(key);
  }

  override set(key: string, value: V): this {
    if (this.#frozen) this.#keep(key, false);
    this.#store(key, value);
    return this;
  }

  override delete(key: string): boolean {
    if (this.#frozen) this.#keep(key, false);
    const shards = this.#shards;
    return shards ? shards[shardOf(key, this.#bits)]!.delete(key) : super.delete(key);
  }

  override clear(): void {
    if (this.#frozen) for (const key of this.#keys()) this.#keep(key, false);
    for (const m of this.#shards ?? []) m.clear();
    super.clear();
  }

  override get size(): number {
    const shards = this.#shards;
    if (!shards) return super.size;
    let n = 0;
    for (const m of shards) n += m.size;
    return n;
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.#entries();
  }

  override entries(): MapIterator<[string, V]> {
    return this.#entries();
  }

  override keys(): MapIterator<string> {
    return this.#keys();
  }

  override values(): MapIterator<V> {
    const shards = this.#shards;
    return shards ? (chained(shards, (m) => m.values()) as MapIterator<V>) : super.values();
  }

  override forEach(fn: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.#entries()) fn.call(thisArg, v, k, this);
  }

  toJSON(): Record<string, V> {
    const out: Record<string, V> = {};
    for (const [k, v] of this) out[k] = v;
    return out;
  }
}
