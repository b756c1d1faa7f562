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

/**
 * A map of records by string key that is written to JSON as an object (`toJSON`), key order kept. The
 * detector's largest collections (every account of the window, every pair) are kept in these: a `Map` looks
 * up, adds and deletes at a steady cost and is walked in insertion order without a copy of its keys, where an
 * object of hundreds of thousands of keys falls into dictionary mode and every `for…in` collects and sorts
 * them all first. The stored snapshot is the same JSON as when they were objects.
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

  constructor(entries?: Iterable<readonly [string, V]> | null, summary?: Summariser<V, S>) {
    // Set after super(): the Map constructor's own sets would call ours before its fields exist.
    super();
    this.#summary = summary;
    if (entries) for (const [k, v] of entries) super.set(k, v);
  }

  /**
   * The map of these records; a {@link RecordMap} is taken as it is (a snapshot read back is not copied), and
   * given `summary` if it has none (a different one is an error).
   */
  static from<V extends S, S = V>(
    record: Record<string, V> | Map<string, V> | undefined,
    summary?: Summariser<V, S>,
  ): RecordMap<V, S> {
    if (record instanceof RecordMap) {
      const map = record as RecordMap<V, S>;
      if (summary) map.summarisedBy(summary);
      return map;
    }
    const map = new RecordMap<V, S>(record instanceof Map ? record : null, summary);
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
    const frozen = { keys: Array.from(super.keys()), before: new Map<string, V>() };
    this.#frozen = frozen;
    const get = (key: string) => super.get(key);
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
    const v = super.get(key);
    if (v !== undefined) frozen.before.set(key, copy ? (copyData(v, key) as V) : v);
  }

  override get(key: string): V | undefined {
    if (this.#frozen) this.#keep(key, true);
    return super.get(key);
  }

  override set(key: string, value: V): this {
    if (this.#frozen) this.#keep(key, false);
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    if (this.#frozen) this.#keep(key, false);
    return super.delete(key);
  }

  override clear(): void {
    if (this.#frozen) for (const key of super.keys()) this.#keep(key, false);
    super.clear();
  }

  toJSON(): Record<string, V> {
    const out: Record<string, V> = {};
    for (const [k, v] of this) out[k] = v;
    return out;
  }
}
