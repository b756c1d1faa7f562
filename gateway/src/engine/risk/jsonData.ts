/** Whether JSON would call this value's `toJSON` (an object with one). */
export const hasToJson = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function';

/**
 * The JSON text JSON.stringify writes for the entry `key` of an object holding `v` (undefined when it leaves
 * the entry out): a `toJSON` is called with that key, as JSON calls it.
 */
export function entryJson(key: string, v: unknown): string | undefined {
  if (!hasToJson(v)) return JSON.stringify(v);
  const s = JSON.stringify({ [key]: v });
  return s.length === 2 ? undefined : s.slice(JSON.stringify(key).length + 2, -1);
}

/**
 * A copy of `v` (the entry `key` of its holder) that JSON writes as it writes `v` now, and that does not change
 * with it: plain data (arrays, plain objects) copied level by level, at the cost of a loop over its fields (the
 * detector's records are small and copied one by one); a value with a `toJSON` as the JSON it gives for that
 * key (undefined when JSON leaves it out); any other object (a typed array) through `structuredClone`.
 */
export function copyData(v: unknown, key = ''): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (hasToJson(v)) {
    const text = entryJson(key, v);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }
  if (Array.isArray(v)) return v.map((x, i) => copyData(x, String(i)));
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const x = copyData((v as Record<string, unknown>)[k], k);
    // As JSON.parse makes it: an own field, even one named __proto__.
    if (k === '__proto__')
      Object.defineProperty(out, k, { value: x, writable: true, enumerable: true, configurable: true });
    else out[k] = x;
  }
  return out;
}
