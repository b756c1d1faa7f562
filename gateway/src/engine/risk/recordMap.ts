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

  toJSON(): Record<string, V> {
    const out: Record<string, V> = {};
    for (const [k, v] of this) out[k] = v;
    return out;
  }
}
