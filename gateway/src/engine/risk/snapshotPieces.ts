import { RecordMap } from './recordMap';
import { Slicer, entryJson, hasToJson, stringifySliced, type SliceOptions } from './slicedJson';

/**
 * The risk runner's stored snapshot, written and read back a piece at a time.
 *
 * A busy platform's detector state is hundreds of MB of JSON, most of it in one or two maps of records with
 * the same fields (every account of the window, every pair). As one JSON text it took seconds to write and a
 * `JSON.parse` of 5 s at a restart, during which the gateway answered nothing. Stored in pieces it is:
 *
 *     #pieces 1
 *     {"order":[…the top level's keys…],"maps":["accounts","pairs"],"rest":{…the other fields…}}
 *     ["accounts",[["provider","account",…],…],[[0,"1001:p1",1001,"p1",…],[1,…],…]]
 *     …
 *
 * one line per block of {@link BLOCK_ROWS} entries of a top-level {@link RecordMap}, in the map's order: the
 * block's shapes (the fields of its records, in their order; null for a value kept whole), then a row of values
 * per entry after its shape and key (field names once a block: about 40 % fewer bytes on bench-wall's tables).
 * Each line is parsed on its own, with a pause whenever a slice is used up. Reading it back gives a
 * value whose `JSON.stringify` is that of the value written, its maps as {@link RecordMap}s; a text that
 * does not begin with the header line is read as the whole JSON it is (snapshots stored before).
 */
const HEADER = '#pieces 1\n';
const BLOCK_ROWS = 1000;

interface Head {
  order: string[];
  maps: string[];
  rest: Record<string, unknown>;
}

/**
 * The value JSON writes for the entry `key` of an object, kept in a row (where its key would be an index):
 * `skip` when JSON leaves it out; a value with a `toJSON` as the JSON it gives for that key.
 */
const skip = Symbol('left out');
function asJson(v: unknown, key: string): unknown {
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return skip;
  if (!hasToJson(v)) return v;
  const text = entryJson(key, v);
  return text === undefined ? skip : (JSON.parse(text) as unknown);
}

/** A value written field by field: a plain object with no `toJSON`. */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !hasToJson(v);

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
  const slice = new Slicer(options);
  for (const name of maps) {
    // A block's shapes: the fields of its records (null: a value that is not a plain record, kept whole).
    let shapes: (string[] | null)[] = [];
    let rows: unknown[][] = [];
    const flush = async () => {
      out.push(JSON.stringify([name, shapes, rows]), '\n');
      shapes = [];
      rows = [];
      if (slice.due) await slice.pause();
    };
    for (const [key, v] of value[name] as RecordMap<unknown>) {
      const row: unknown[] = [0, key];
      let f: string[] | null = null;
      if (isRecord(v)) {
        // Its fields as JSON writes them: those it leaves out are not fields.
        f = [];
        for (const field of Object.keys(v)) {
          const json = asJson(v[field], field);
          if (json === skip) continue;
          f.push(field);
          row.push(json);
        }
      } else {
        const json = asJson(v, key);
        if (json === skip) continue;
        row.push(json);
      }
      let shape = shapes.findIndex((s) => sameFields(s, f));
      if (shape < 0) shape = shapes.push(f) - 1;
      row[0] = shape;
      rows.push(row);
      if (rows.length >= BLOCK_ROWS) await flush();
    }
    if (rows.length > 0) await flush();
  }
  return out.join('');
}

type Builder = (row: unknown[]) => Record<string, unknown>;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const builders = new Map<string, Builder>();

/**
 * Makes the record of a row of these fields. Fields that are plain names get a function whose object literal
 * lists them, compiled once a shape: a restore of bench-wall's 97 MB after 5 minutes took 1.7 s so, 2.0–2.4 s
 * setting each field by its name. The names are checked and written as JSON string literals: nothing read is
 * run as code.
 */
function builderOf(fields: string[]): Builder {
  const shape = JSON.stringify(fields);
  let build = builders.get(shape);
  if (build) return build;
  const plain = fields.every((f) => IDENTIFIER.test(f) && f !== '__proto__');
  if (plain && new Set(fields).size === fields.length) {
    const literal = fields.map((f, i) => `${JSON.stringify(f)}: row[${i + 2}]`).join(', ');
    build = new Function('row', `return { ${literal} };`) as Builder;
  } else {
    build = (row) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i]!;
        // As JSON.parse makes it: an own field, even one named __proto__.
        if (f === '__proto__')
          Object.defineProperty(record, f, {
            value: row[i + 2],
            writable: true,
            enumerable: true,
            configurable: true,
          });
        else record[f] = row[i + 2];
      }
      return record;
    };
  }
  if (builders.size < 1000) builders.set(shape, build);
  return build;
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
  const slice = new Slicer(options);
  while (at < text.length) {
    const [name, shapes, rows] = JSON.parse(line()) as [string, (string[] | null)[], unknown[][]];
    const map = maps.get(name);
    if (!map) throw new Error(`stored snapshot: a block of "${name}", which its header does not name`);
    const build = shapes.map((fields) => (fields === null ? null : builderOf(fields)));
    for (const row of rows) {
      const b = build[row[0] as number];
      if (b === undefined) throw new Error(`stored snapshot: a row of "${name}" of no shape`);
      map.set(row[1] as string, b === null ? row[2] : b(row));
    }
    if (slice.due) await slice.pause();
  }
  const value: Record<string, unknown> = {};
  for (const k of head.order) value[k] = maps.get(k) ?? head.rest[k];
  return value;
}
