import { RecordMap } from './recordMap';
import { stringifySliced } from './slicedJson';

/**
 * The risk runner's stored snapshot, written and read back a piece at a time.
 *
 * A busy platform's detector state is hundreds of MB of JSON, most of it in one or two maps of records with
 * the same fields (every account of the window, every pair). As one JSON text it took seconds to write and a
 * `JSON.parse` of 5 s at a restart, during which the gateway answered nothing. Stored in pieces it is:
 *
 *     #pieces 1
 *     {"order":[…the top level's keys…],"maps":["accounts","pairs"],"rest":{…the other fields…}}
 *     ["accounts",["provider","account",…],[["1001:p1",1001,"p1",…],…]]
 *     …
 *
 * one line per block of at most {@link BLOCK_ROWS} records of a top-level {@link RecordMap} that share their fields
 * (names written once per block, each record a row of values: about 40 % fewer bytes on bench-wall's tables),
 * and each line is parsed on its own, with a pause whenever a slice is used up. Reading it back gives a
 * value whose `JSON.stringify` is that of the value written, its maps as {@link RecordMap}s; a text that
 * does not begin with the header line is read as the whole JSON it is (snapshots stored before).
 */
const HEADER = '#pieces 1\n';
const BLOCK_ROWS = 1000;

export interface SliceOptions {
  /** Work for at most this long (ms) before pausing. */
  sliceMs: number;
  pause: () => Promise<void>;
}

interface Head {
  order: string[];
  maps: string[];
  rest: Record<string, unknown>;
}

/** The fields of a record as JSON writes them (values it leaves out are not fields). */
function fieldsOf(record: Record<string, unknown>): string[] {
  const fields: string[] = [];
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (v !== undefined && typeof v !== 'function' && typeof v !== 'symbol') fields.push(key);
  }
  return fields;
}

/** A value written field by field: a plain object with no `toJSON`. */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  typeof (v as { toJSON?: unknown }).toJSON !== 'function';

const sameFields = (a: string[] | null, b: string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((f, i) => f === b[i]));

/** `value` (JSON-serialisable, its large collections in top-level maps) as the stored text. */
export async function writeSnapshotPieces(
  value: unknown,
  options: SliceOptions,
): Promise<string | undefined> {
  if (!isRecord(value)) return stringifySliced(value, options);
  const order = Object.keys(value);
  const maps = order.filter((k) => value[k] instanceof RecordMap);
  const rest: Record<string, unknown> = {};
  for (const k of order) if (!maps.includes(k)) rest[k] = value[k];
  const head = await stringifySliced({ order, maps, rest } satisfies Head, options);
  const out: string[] = [HEADER, head!, '\n'];
  let sliceEnd = performance.now() + options.sliceMs;
  for (const name of maps) {
    // Rows of one block share `fields`; null: each row is [key, the value whole] (not a plain record).
    let fields: string[] | null = null;
    let rows: unknown[][] = [];
    const flush = async () => {
      if (rows.length === 0) return;
      out.push(JSON.stringify([name, fields, rows]), '\n');
      rows = [];
      if (performance.now() >= sliceEnd) {
        await options.pause();
        sliceEnd = performance.now() + options.sliceMs;
      }
    };
    for (const [key, v] of value[name] as RecordMap<unknown>) {
      const f = isRecord(v) ? fieldsOf(v) : null;
      if (rows.length >= BLOCK_ROWS || !sameFields(f, fields)) {
        await flush();
        fields = f;
      }
      if (f === null) {
        // As JSON writes an object's entry: left out when it would be (undefined, a function…).
        if (JSON.stringify(v) !== undefined) rows.push([key, v]);
        continue;
      }
      const row: unknown[] = [key];
      for (const field of f) row.push((v as Record<string, unknown>)[field]);
      rows.push(row);
    }
    await flush();
  }
  return out.join('');
}

/** The value of a stored text, from pieces (with a pause between slices) or from one JSON text. */
export async function readSnapshotPieces(text: string, options: SliceOptions): Promise<unknown> {
  if (!text.startsWith(HEADER)) return JSON.parse(text) as unknown;
  let at = HEADER.length;
  const line = () => {
    const end = text.indexOf('\n', at);
    const s = text.slice(at, end < 0 ? text.length : end);
    at = end < 0 ? text.length : end + 1;
    return s;
  };
  const head = JSON.parse(line()) as Head;
  const maps = new Map(head.maps.map((name) => [name, new RecordMap<unknown>()]));
  let sliceEnd = performance.now() + options.sliceMs;
  while (at < text.length) {
    const [name, fields, rows] = JSON.parse(line()) as [string, string[] | null, unknown[][]];
    const map = maps.get(name);
    if (!map) throw new Error(`stored snapshot: a block of "${name}", which its header does not name`);
    for (const row of rows) {
      if (fields === null) {
        map.set(row[0] as string, row[1]);
        continue;
      }
      const record: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) record[fields[i]!] = row[i + 1];
      map.set(row[0] as string, record);
    }
    if (performance.now() >= sliceEnd) {
      await options.pause();
      sliceEnd = performance.now() + options.sliceMs;
    }
  }
  const value: Record<string, unknown> = {};
  for (const k of head.order) value[k] = maps.get(k) ?? head.rest[k];
  return value;
}
