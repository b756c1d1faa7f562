/**
 * The few numbers of a record that a walk of its map reads (an expire: when it was last seen, its score), written
 * by `of` into `out` (`width` of them). A stored snapshot keeps them beside each record's key, under `id` (the
 * numbers' meaning: a snapshot of other numbers is not taken for these), so that a map read back a piece at a
 * time can be walked by them before its records are read ({@link RecordMap.forEachSummary}).
 */
export interface Summariser<V> {
  readonly id: string;
  readonly width: number;
  of(value: V, out: Float64Array): void;
}

/**
 * A map of records by string key that is written to JSON as an object (`toJSON`), key order kept. The
 * detector's largest collections (every account of the window, every pair) are kept in these: a `Map` looks
 * up, adds and deletes at a steady cost and is walked in insertion order without a copy of its keys, where an
 * object of hundreds of thousands of keys falls into dictionary mode and every `for…in` collects and sorts
 * them all first. The stored snapshot is the same JSON as when they were objects.
 */
export class RecordMap<V> extends Map<string, V> {
  /** The map of these records; a {@link RecordMap} is taken as it is (a snapshot read back is not copied). */
  static from<V>(record: Record<string, V> | Map<string, V> | undefined): RecordMap<V> {
    if (record instanceof RecordMap) return record as RecordMap<V>;
    const map = new RecordMap<V>();
    if (record instanceof Map) for (const [k, v] of record) map.set(k, v);
    else for (const k in record) map.set(k, record[k]!);
    return map;
  }

  /** What {@link forEachSummary} gives of each record, and a snapshot keeps beside its key. */
  summary: Summariser<V> | undefined;

  /**
   * Calls `fn` with each entry's key and {@link summary} (and its record, when it is read), in the map's order;
   * `fn` may delete entries (one not reached yet is then not given). A map read back a piece at a time gives
   * the records it has not read by their stored summaries, and reads none.
   */
  forEachSummary(fn: (key: string, summary: Float64Array, value: V | undefined) => void): void {
    const summary = this.summary!;
    const out = new Float64Array(summary.width);
    for (const [k, v] of this) {
      summary.of(v, out);
      fn(k, out, v);
    }
  }

  /** Whether {@link forEachSummary} reads no record (a map read back whole, or whose summaries were stored). */
  get walksWithoutReading(): boolean {
    return true;
  }

  toJSON(): Record<string, V> {
    const out: Record<string, V> = {};
    for (const [k, v] of this) out[k] = v;
    return out;
  }
}
