import { fnv1a } from '@dms/shared/domain/hash';
import { RecordMap, type Summariser } from './recordMap';
import { copyData, entryJson, hasToJson } from './jsonData';
import { Slicer, stringifySliced, type SliceOptions } from './slicedJson';

/**
 * The risk runner's stored snapshot, written and read back a piece at a time.
 *
 * A busy platform's detector state is hundreds of MB of JSON, most of it in one or two maps of records with
 * the same fields (every account of the window, every pair). As one JSON text it took seconds to write and a
 * `JSON.parse` of 5 s at a restart, during which the gateway answered nothing. Stored in pieces it is:
 *
 *     #pieces 3
 *     {"order":[…the top level's keys…],"maps":["accounts","pairs"],"rest":{…the other fields…}}
 *     ["accounts",[["provider","account",…],…]]
 *     [0,"1001:p1",1001,"p1",…]
 *     [1,"1001:p2",…]
 *     …
 *
 * the top level on one line; then for each top-level {@link RecordMap}, in the map's order, blocks of
 * {@link BLOCK_ROWS} entries: a line naming the map and the block's shapes (the fields of its records, in their
 * order; null for a value kept whole), then a line per entry: its shape, its key and its values (field names
 * once a block: about 40 % fewer bytes on bench-wall's tables). A map with a {@link RecordMap.summary} has its
 * records' summaries on the block's line too, after the shapes: the summary's id and its numbers, row by row
 * (`["accounts",[…],"lastSeen",[1764310000000,…]]`; a number JSON cannot write, as a string).
 *
 * After the last map, the last line is each map's index: by entry, where its line starts, and its key's hash
 * (FNV-1a) with the entries sorted by it; by block, where its line starts and its first entry
 * (`#index {"accounts":{"entries":…,"blocks":…,"starts":"<base64>",…},…}`: 16 bytes an entry).
 *
 * Reading it back gives a value whose `JSON.stringify` is that of the value written. Its maps come back as
 * {@link LazyRecordMap}s holding the text and its index, with no work per entry: a restart after 45 minutes
 * of bench-wall's load (600,000 accounts and pairs) read their keys a line at a time for 5.5 s before the
 * detector went on, while a key now is found by a binary search of the hashes. An entry asked for is read
 * then, and the rest is read in slices behind it ({@link whenLoaded}). Texts of `#pieces 2` (no index) have
 * their keys read a line at a time, as before; texts of `#pieces 1` (a block's rows on its line) are read
 * whole; a text that begins with no header is read as the whole JSON it is (snapshots stored before pieces).
 */
const HEADER = '#pieces 3\n';
const HEADER_V2 = '#pieces 2\n';
const HEADER_V1 = '#pieces 1\n';
/** What begins a `#pieces 3` text's last line: each map's {@link StoredIndex}. */
const INDEX = '#index ';
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

/**
 * `value` (JSON-serialisable, its large collections in top-level maps) as the stored text, as it is at the
 * call: it is written in slices, and may change between them (the detector goes on meanwhile). What is not
 * in a map is copied at the call, the maps are frozen ({@link RecordMap.freeze}: a record is copied before it
 * can change, kept as it was when it leaves the map) until the text is written.
 */
export function writeSnapshotPieces(value: unknown, options: SliceOptions): Promise<string | undefined> {
  if (!isRecord(value)) return stringifySliced(copyData(value), options);
  const order = Object.keys(value);
  const maps = order.filter((k) => value[k] instanceof RecordMap);
  const rest: Record<string, unknown> = {};
  for (const k of order) if (!maps.includes(k)) rest[k] = copyData(value[k], k);
  const frozen: RecordMap<unknown>[] = [];
  try {
    const entries = maps.map((name) => {
      const map = value[name] as RecordMap<unknown>;
      const it = map.freeze();
      frozen.push(map);
      return { name, map, entries: it };
    });
    return writePieces({ order, maps, rest }, entries, options).finally(() => {
      for (const map of frozen) map.thaw();
    });
  } catch (err) {
    for (const map of frozen) map.thaw();
    throw err;
  }
}

/** {@link writeSnapshotPieces}'s text: the top level, then each map's entries. */
async function writePieces(
  top: Head,
  maps: { name: string; map: RecordMap<unknown>; entries: Iterable<[string, unknown]> }[],
  options: SliceOptions,
): Promise<string> {
  const head = await stringifySliced(top, options);
  const out: string[] = [HEADER, head!, '\n'];
  // Where the next line starts (in UTF-16 code units, as the text read back is indexed).
  let length = HEADER.length + head!.length + 1;
  const line = (text: string) => {
    out.push(text, '\n');
    length += text.length + 1;
  };
  const indexes: Record<string, StoredIndexJson> = {};
  const slice = new Slicer(options);
  for (const { name, map, entries } of maps) {
    // A block's shapes: the fields of its records (null: a value that is not a plain record, kept whole).
    let shapes: (string[] | null)[] = [];
    let rows: unknown[][] = [];
    const summary = map.summary;
    const numbers = new Float64Array(summary?.width ?? 0);
    let summaries: (number | string)[] = [];
    const index = new IndexBuilder(false);
    const flush = async () => {
      index.block(length);
      line(JSON.stringify(summary ? [name, shapes, summary.id, summaries] : [name, shapes]));
      for (const row of rows) {
        index.entry(row[1] as string, length);
        line(JSON.stringify(row));
      }
      shapes = [];
      rows = [];
      summaries = [];
      if (slice.due) await slice.pause();
    };
    for (const [key, v] of entries) {
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
      if (summary) {
        summary.of(v, numbers);
        for (const x of numbers) summaries.push(Number.isFinite(x) ? x : String(x));
      }
      if (rows.length >= BLOCK_ROWS) await flush();
    }
    if (rows.length > 0) await flush();
    indexes[name] = indexToJson(index.finish());
    if (slice.due) await slice.pause();
  }
  out.push(INDEX, JSON.stringify(indexes), '\n');
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

/** A block of a map's entries: the maker of each shape's record (null: a value kept whole). */
type Block = (Builder | null)[];

const buildersOf = (shapes: (string[] | null)[]): Block =>
  shapes.map((fields) => (fields === null ? null : builderOf(fields)));

/** The value of a row (`[shape, key, …values]`) of a block. */
function valueOf(row: unknown[], block: Block, name: string): unknown {
  const b = block[row[0] as number];
  if (b === undefined) throw new Error(`stored snapshot: a row of "${name}" of no shape`);
  return b === null ? row[2] : b(row);
}

/**
 * The hash a stored index sorts its entries by (part of the `#pieces 3` format: the writer and the reader must
 * agree on it): FNV-1a of the key's UTF-16 code units.
 */
export const hashKey = fnv1a;

/**
 * Where a map's stored entries are, by position (their order in the text). A `#pieces 3` text stores it on its
 * last line, read back whole with no work per entry; for an older text it is built a line at a time.
 */
interface StoredIndex {
  /** By position: where its line starts. */
  starts: Uint32Array;
  /** The keys' hashes ({@link hashKey}) in ascending order, and the position of each. */
  hashes: Uint32Array;
  order: Uint32Array;
  /** By block: where its line starts, and its first position. */
  blockStarts: Uint32Array;
  blockFirst: Uint32Array;
  /**
   * By position, its block and its row in it, where they are not what its position says: an older text with a
   * key stored twice (its first place, its last line).
   */
  blockAt?: Uint32Array;
  rowAt?: Uint32Array;
}

/** The arrays of an index as stored: the base64 of their bytes (little-endian, as on every platform Node runs on). */
const STORED_ARRAYS = ['starts', 'hashes', 'order', 'blockStarts', 'blockFirst'] as const;
type StoredIndexJson = Record<(typeof STORED_ARRAYS)[number], string> & { entries: number; blocks: number };

/** `hashes` in ascending order and the position of each (a radix sort of two 16-bit passes: no comparisons). */
function sortByHash(hashes: Uint32Array): { hashes: Uint32Array; order: Uint32Array } {
  const n = hashes.length;
  let keys = Uint32Array.from(hashes);
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let toKeys = new Uint32Array(n);
  let toOrder = new Uint32Array(n);
  const counts = new Uint32Array(65537);
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[((keys[i]! >>> shift) & 0xffff) + 1]! += 1;
    for (let d = 1; d <= 65536; d++) counts[d]! += counts[d - 1]!;
    for (let i = 0; i < n; i++) {
      const to = counts[(keys[i]! >>> shift) & 0xffff]!++;
      toKeys[to] = keys[i]!;
      toOrder[to] = order[i]!;
    }
    [keys, toKeys] = [toKeys, keys];
    [order, toOrder] = [toOrder, order];
  }
  return { hashes: keys, order };
}

const toBase64 = (a: Uint32Array): string =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

function fromBase64(text: unknown, length: number, what: string): Uint32Array {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'base64') : undefined;
  if (!bytes || bytes.byteLength !== length * 4)
    throw new Error(`stored snapshot: an index whose ${what} do not fit its entries`);
  // Copied to a buffer of its own: a small decode may sit at any offset of Node's shared pool.
  const words = new Uint32Array(length);
  new Uint8Array(words.buffer).set(bytes);
  return words;
}

function indexToJson(index: StoredIndex): StoredIndexJson {
  const json = { entries: index.starts.length, blocks: index.blockStarts.length } as StoredIndexJson;
  for (const name of STORED_ARRAYS) json[name] = toBase64(index[name]);
  return json;
}

function indexFromJson(json: unknown, map: string): StoredIndex {
  const j = json as Partial<StoredIndexJson> | undefined;
  if (!j || !Number.isInteger(j.entries) || !Number.isInteger(j.blocks))
    throw new Error(`stored snapshot: no index of "${map}"`);
  const of = (name: (typeof STORED_ARRAYS)[number], length: number) =>
    fromBase64(j[name], length, `${name} of "${map}"`);
  return {
    starts: of('starts', j.entries!),
    hashes: of('hashes', j.entries!),
    order: of('order', j.entries!),
    blockStarts: of('blockStarts', j.blocks!),
    blockFirst: of('blockFirst', j.blocks!),
  };
}

/** Collects a map's index as its entries are written, or read from an older text (where a key may come twice). */
class IndexBuilder {
  private readonly starts: number[] = [];
  private readonly hashes: number[] = [];
  private readonly blockStarts: number[] = [];
  private readonly blockFirst: number[] = [];
  /** For an older text: each key's position, and by position its block and row; by block, its rows. */
  private readonly seen: Map<string, number> | undefined;
  private readonly blockAt: number[] = [];
  private readonly rowAt: number[] = [];
  private readonly blockRows: number[] = [];

  constructor(mayRepeat: boolean) {
    if (mayRepeat) this.seen = new Map();
  }

  /** A block's line starts at `start`. */
  block(start: number): void {
    this.blockStarts.push(start);
    this.blockFirst.push(this.starts.length);
    this.blockRows.push(0);
  }

  /** An entry's line starts at `start`, in the last block. */
  entry(key: string, start: number): void {
    if (this.seen) {
      const block = this.blockStarts.length - 1;
      const row = this.blockRows[block]!;
      this.blockRows[block] = row + 1;
      const at = this.seen.get(key);
      if (at !== undefined) {
        this.starts[at] = start;
        this.blockAt[at] = block;
        this.rowAt[at] = row;
        return;
      }
      this.seen.set(key, this.starts.length);
      this.blockAt.push(block);
      this.rowAt.push(row);
    }
    this.starts.push(start);
    this.hashes.push(hashKey(key));
  }

  finish(): StoredIndex {
    return {
      starts: Uint32Array.from(this.starts),
      ...sortByHash(Uint32Array.from(this.hashes)),
      blockStarts: Uint32Array.from(this.blockStarts),
      blockFirst: Uint32Array.from(this.blockFirst),
      ...(this.seen ? { blockAt: Uint32Array.from(this.blockAt), rowAt: Uint32Array.from(this.rowAt) } : {}),
    };
  }
}

/**
 * The key of the entry whose line (`[shape,"key",…]`) starts at `start` (and ends at `end`, when known: the
 * line is checked against it). A key with no escapes is its text; others are read as JSON.
 */
function keyOfRow(text: string, start: number, end: number, map: string): string {
  const comma = text.indexOf(',', start);
  const close = comma < 0 ? -1 : text.indexOf('"', comma + 2);
  let key: unknown = text.slice(comma + 2, close);
  if (
    comma < 0 ||
    close < 0 ||
    close > end ||
    text.charCodeAt(comma + 1) !== 0x22 ||
    (key as string).includes('\\')
  ) {
    if (end === Infinity) end = text.indexOf('\n', start);
    key = (JSON.parse(text.slice(start, end < 0 ? text.length : end)) as unknown[])[1];
  }
  if (typeof key !== 'string') throw new Error(`stored snapshot: a row of "${map}" with no key`);
  return key;
}

/** The bits of a key's hash that pick its bucket in a {@link LazyRecordMap}'s lookup (2 entries a bucket at 600,000). */
const BUCKET_BITS = 18;
/** What a key's JSON string literal writes otherwise than as the key's own characters. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON writes escaped
const WRITTEN_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A {@link RecordMap} read back from a stored snapshot a piece at a time. At first it holds the stored text
 * and its index ({@link StoredIndex}: where each entry's line is, and its key's hash); an entry is read
 * (parsed and made a record) when it is first asked for, and {@link LazyRecordMap.load} reads the others in
 * slices behind. It answers as the map read back whole would, in the same order: the stored entries in their
 * stored order, then those added since in the order they came (an entry deleted and set again is one of
 * those). A walk of it (its iterators, `forEach`, `toJSON`) first reads what is left, at once; a walk by views
 * ({@link LazyRecordMap.forEachView}) reads nothing when they were stored.
 */
export class LazyRecordMap<V extends S, S = V> extends RecordMap<V, S> {
  /** The stored text and its index; dropped once all is read. */
  private text: string | undefined;
  private index: StoredIndex | undefined;
  /** By stored position: 1 once it is no longer waiting to be read (read early, deleted, or taken in). */
  private gone = new Uint8Array(0);
  /** Stored entries not read yet, not deleted. */
  private pendingCount = 0;
  /** By block, once its line is read: the maker of each of its shapes' records, and its stored summaries. */
  private blocks: (Block | undefined)[] = [];
  private blockSummaries: ({ id: unknown; numbers: unknown[] } | undefined)[] = [];
  /** Stored entries read (or set) before the load reached their position. */
  private early = new Map<string, V>();
  /** Entries not in the stored order (new, or deleted and set again), in the order they came. */
  private added = new Map<string, V>();
  /** The next stored position the load takes into the map itself. */
  private next = 0;
  /** Stored entries read when first asked for, and read at once by a walk before the load was done. */
  readAsked = 0;
  readAtOnce = 0;

  constructor(
    private readonly mapName: string,
    text?: string,
    index?: StoredIndex,
  ) {
    super();
    if (text === undefined || !index || index.starts.length === 0) return;
    this.text = text;
    this.index = index;
    this.gone = new Uint8Array(index.starts.length);
    this.pendingCount = index.starts.length;
    const buckets = new Uint32Array((1 << BUCKET_BITS) + 1);
    for (const h of index.hashes) buckets[(h >>> (32 - BUCKET_BITS)) + 1]! += 1;
    for (let b = 1; b < buckets.length; b++) buckets[b]! += buckets[b - 1]!;
    this.buckets = buckets;
  }

  /** Whether every stored entry is in the map itself (nothing left to read). */
  get loaded(): boolean {
    return this.text === undefined;
  }

  /** Sets a block's shapes and summaries already read (an older text, read a line at a time). */
  blockRead(block: number, shapes: (string[] | null)[], summaryId?: unknown, summaries?: unknown): void {
    this.blocks[block] = buildersOf(shapes);
    this.blockSummaries[block] = { id: summaryId, numbers: Array.isArray(summaries) ? summaries : [] };
  }

  /** Reads block `b`'s line (its shapes and summaries) the first time it is needed. */
  private blockOf(b: number): Block {
    const known = this.blocks[b];
    if (known) return known;
    const text = this.text!;
    const start = this.index!.blockStarts[b]!;
    const end = text.indexOf('\n', start);
    const [name, shapes, summaryId, summaries] = JSON.parse(
      text.slice(start, end < 0 ? text.length : end),
    ) as [unknown, unknown, unknown, unknown];
    if (name !== this.mapName || !Array.isArray(shapes))
      throw new Error(`stored snapshot: a block of "${String(name)}" indexed as one of "${this.mapName}"`);
    this.blockRead(b, shapes as (string[] | null)[], summaryId, summaries);
    return this.blocks[b]!;
  }

  /** Stored position `at`'s block: as its position says (the last block whose first position is not after it). */
  private blockAt(at: number): number {
    const index = this.index!;
    if (index.blockAt) return index.blockAt[at]!;
    const first = index.blockFirst;
    let lo = 0;
    let hi = first.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (first[mid]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  private rowAt(at: number, block: number): number {
    const index = this.index!;
    return index.rowAt ? index.rowAt[at]! : at - index.blockFirst[block]!;
  }

  private rowsOf(block: number): number {
    const first = this.index!.blockFirst;
    return (block + 1 < first.length ? first[block + 1]! : this.index!.starts.length) - first[block]!;
  }

  /** The key stored at position `at`. */
  private keyAt(at: number): string {
    return keyOfRow(this.text!, this.index!.starts[at]!, Infinity, this.mapName);
  }

  /** Whether the entry stored at `at` has the key `key` (compared in the text, with no copy of the stored key). */
  private isKeyAt(at: number, key: string): boolean {
    const text = this.text!;
    const start = this.index!.starts[at]!;
    // Where its key's text begins: after `[shape,"`.
    const from = text.indexOf(',', start) + 2;
    if (!WRITTEN_ESCAPED.test(key))
      return text.startsWith(key, from) && text.charCodeAt(from + key.length) === 0x22; /* " */
    return keyOfRow(text, start, Infinity, this.mapName) === key;
  }

  /**
   * By the top {@link BUCKET_BITS} bits of a hash: where its entries begin in the index's sorted hashes (one
   * pass over them when read back; a lookup then scans the few of its bucket).
   */
  private buckets = new Uint32Array(0);

  /** The stored position of `key`, when it is still waiting to be read; else -1. */
  private pendingAt(key: string): number {
    if (this.pendingCount === 0) return -1;
    const { hashes, order } = this.index!;
    const h = hashKey(key);
    const bucket = h >>> (32 - BUCKET_BITS);
    const end = this.buckets[bucket + 1]!;
    for (let i = this.buckets[bucket]!; i < end; i++) {
      const x = hashes[i]!;
      if (x < h) continue;
      if (x > h) break;
      const at = order[i]!;
      if (this.isKeyAt(at, key)) return this.gone[at] === 0 ? at : -1;
    }
    return -1;
  }

  /** Notes that the stored entry at `at` no longer waits to be read. */
  private take(at: number): void {
    this.gone[at] = 1;
    this.pendingCount -= 1;
  }

  /**
   * Whether every block stored its summary's numbers for each of its rows (decided once, on the first walk by
   * views: they do not change after).
   */
  #storedSummaries: boolean | undefined;

  protected override summarisedBy(summary: Summariser<V, S>): void {
    super.summarisedBy(summary);
    this.#storedSummaries = undefined;
  }

  private storedSummaries(): boolean {
    const summary = this.summary;
    if (this.#storedSummaries !== undefined) return this.#storedSummaries;
    let stored = summary !== undefined;
    const blocks = this.index?.blockStarts.length ?? 0;
    for (let b = 0; stored && b < blocks; b++) {
      this.blockOf(b);
      const s = this.blockSummaries[b]!;
      stored = s.id === summary!.id && s.numbers.length === this.rowsOf(b) * summary!.width;
    }
    this.#storedSummaries = stored;
    return stored;
  }

  override get inMemory(): boolean {
    return this.text === undefined;
  }

  override get walksWithoutReading(): boolean {
    return this.text === undefined || this.storedSummaries();
  }

  override forEachView(fn: (key: string, view: S) => void): void {
    const summary = this.summary;
    if (this.text === undefined || !summary || !this.storedSummaries()) {
      this.loadNow();
      super.forEachView(fn);
      return;
    }
    // In the map's order: the entries taken into the map itself, the stored ones after them (by their stored
    // summaries when not read yet), then those added since.
    for (const [k, v] of super.entries()) fn(k, v);
    const width = summary.width;
    const out = new Float64Array(width);
    const { gone, early, blockSummaries } = this;
    const entries = this.index!.starts.length;
    for (let at = this.next; at < entries; at++) {
      // A walk's `fn` may delete what it has not reached: ask again for each entry.
      if (this.text === undefined) break;
      if (gone[at] === 0) {
        const block = this.blockAt(at);
        const numbers = blockSummaries[block]!.numbers;
        const from = this.rowAt(at, block) * width;
        for (let i = 0; i < width; i++) {
          const x = numbers[from + i];
          out[i] = typeof x === 'number' ? x : Number(x);
        }
        const key = this.keyAt(at);
        fn(key, summary.view(out, key));
      } else if (early.size > 0) {
        const key = this.keyAt(at);
        if (early.has(key)) fn(key, early.get(key)!);
      }
    }
    for (const [k, v] of this.added) fn(k, v);
  }

  /** The stored row at `at` (`[shape, key, …values]`). */
  private row(at: number): unknown[] {
    const text = this.text!;
    const start = this.index!.starts[at]!;
    const end = text.indexOf('\n', start);
    return JSON.parse(text.slice(start, end < 0 ? text.length : end)) as unknown[];
  }

  private read(at: number, row = this.row(at)): V {
    return valueOf(row, this.blockOf(this.blockAt(at)), this.mapName) as V;
  }

  /** Takes the next stored position into the map itself; false once none is left (then it is whole). */
  private takeNext(): boolean {
    const entries = this.index?.starts.length ?? 0;
    if (this.next >= entries) {
      for (const [k, v] of this.added) super.set(k, v);
      this.text = undefined;
      this.index = undefined;
      this.gone = new Uint8Array(0);
      this.pendingCount = 0;
      this.blocks = [];
      this.blockSummaries = [];
      this.early = new Map();
      this.added = new Map();
      return false;
    }
    const at = this.next++;
    if (this.gone[at] === 0) {
      const row = this.row(at);
      if (typeof row[1] !== 'string')
        throw new Error(`stored snapshot: a row of "${this.mapName}" with no key`);
      super.set(row[1], this.read(at, row));
      this.take(at);
    } else if (this.early.size > 0) {
      const key = this.keyAt(at);
      const v = this.early.get(key);
      if (v !== undefined || this.early.has(key)) {
        super.set(key, v!);
        this.early.delete(key);
      }
    }
    return true;
  }

  /** Reads what is left in slices, with a pause between them; resolves once the map is whole. */
  async load(options: SliceOptions): Promise<void> {
    const slice = new Slicer(options);
    let n = 0;
    while (this.text !== undefined) {
      this.takeNext();
      if ((++n & 255) === 0 && slice.due) await slice.pause();
    }
  }

  /** Reads what is left at once. */
  private loadNow(): void {
    if (this.text === undefined) return;
    this.readAtOnce += this.pendingCount;
    while (this.text !== undefined) this.takeNext();
  }

  override get(key: string): V | undefined {
    const v = super.get(key);
    if (v !== undefined || this.text === undefined) return v;
    if (super.has(key)) return v;
    const early = this.early.get(key);
    if (early !== undefined || this.early.has(key)) return early;
    const at = this.pendingAt(key);
    if (at >= 0) {
      const read = this.read(at);
      this.take(at);
      this.early.set(key, read);
      this.readAsked += 1;
      return read;
    }
    return this.added.get(key);
  }

  override has(key: string): boolean {
    if (super.has(key)) return true;
    if (this.text === undefined) return false;
    return this.early.has(key) || this.added.has(key) || this.pendingAt(key) >= 0;
  }

  override set(key: string, value: V): this {
    if (this.text === undefined || super.has(key)) return super.set(key, value);
    if (this.early.has(key)) this.early.set(key, value);
    else if (this.added.has(key)) this.added.set(key, value);
    else {
      const at = this.pendingAt(key);
      if (at >= 0) {
        this.take(at);
        this.early.set(key, value);
      } else this.added.set(key, value);
    }
    return this;
  }

  override delete(key: string): boolean {
    if (super.delete(key)) return true;
    if (this.text === undefined) return false;
    if (this.early.delete(key) || this.added.delete(key)) return true;
    const at = this.pendingAt(key);
    if (at < 0) return false;
    this.take(at);
    return true;
  }

  override clear(): void {
    this.loadNow();
    super.clear();
  }

  override freeze(): Iterable<[string, V]> {
    this.loadNow();
    return super.freeze();
  }

  override get size(): number {
    return super.size + (this.text === undefined ? 0 : this.early.size + this.pendingCount + this.added.size);
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    this.loadNow();
    return super[Symbol.iterator]();
  }

  override entries(): MapIterator<[string, V]> {
    this.loadNow();
    return super.entries();
  }

  override keys(): MapIterator<string> {
    this.loadNow();
    return super.keys();
  }

  override values(): MapIterator<V> {
    this.loadNow();
    return super.values();
  }

  override forEach(fn: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    this.loadNow();
    super.forEach(fn, thisArg);
  }
}

/**
 * Resolves once every {@link LazyRecordMap} at the top of a value read back is whole, reading what is left in
 * slices (rejects on a stored line that cannot be read), with how its entries were read: when asked for, at
 * once by a walk, and in all.
 */
export async function whenLoaded(
  value: unknown,
  options: SliceOptions,
): Promise<{ asked: number; atOnce: number; entries: number }> {
  const read = { asked: 0, atOnce: 0, entries: 0 };
  if (!isRecord(value)) return read;
  for (const v of Object.values(value))
    if (v instanceof LazyRecordMap) {
      await v.load(options);
      read.asked += v.readAsked;
      read.atOnce += v.readAtOnce;
      read.entries += v.size;
    }
  return read;
}

/** The lines of a stored text from a position on, each in turn as [start, end): up to its newline or the end. */
class Lines {
  start = 0;
  end = 0;
  constructor(
    private readonly text: string,
    private at: number,
  ) {}

  /** Moves to the next line; false after the last. */
  next(): boolean {
    if (this.at >= this.text.length) return false;
    this.start = this.at;
    const newline = this.text.indexOf('\n', this.at);
    this.end = newline < 0 ? this.text.length : newline;
    this.at = this.end + 1;
    return true;
  }

  get line(): string {
    return this.text.slice(this.start, this.end);
  }
}

/** Reads a `#pieces 1` text (each block's rows on its line) whole. */
async function readV1(text: string, options: SliceOptions): Promise<unknown> {
  const lines = new Lines(text, HEADER_V1.length);
  lines.next();
  const head = JSON.parse(lines.line) as Head;
  const maps = new Map(head.maps.map((name) => [name, new RecordMap<unknown>()]));
  const slice = new Slicer(options);
  while (lines.next()) {
    const [name, shapes, rows] = JSON.parse(lines.line) as [string, (string[] | null)[], unknown[][]];
    const map = maps.get(name);
    if (!map) throw new Error(`stored snapshot: a block of "${name}", which its header does not name`);
    const block = buildersOf(shapes);
    for (const row of rows) map.set(row[1] as string, valueOf(row, block, name));
    if (slice.due) await slice.pause();
  }
  const value: Record<string, unknown> = {};
  for (const k of head.order) value[k] = maps.get(k) ?? head.rest[k];
  return value;
}

/**
 * The value of a stored text: from pieces (its maps {@link LazyRecordMap}s, of which nothing is read here but
 * the index on the last line; an older text's keys read a line at a time, with a pause between slices) or from
 * one JSON text.
 */
export async function readSnapshotPieces(text: string, options: SliceOptions): Promise<unknown> {
  if (text.startsWith(HEADER_V1)) return readV1(text, options);
  if (text.startsWith(HEADER_V2)) return readV2(text, options);
  if (!text.startsWith(HEADER)) return JSON.parse(text) as unknown;
  const lines = new Lines(text, HEADER.length);
  lines.next();
  const head = JSON.parse(lines.line) as Head;
  const last = text.lastIndexOf(`\n${INDEX}`);
  if (last < 0) throw new Error('stored snapshot: no index on its last line');
  const indexes = JSON.parse(text.slice(last + 1 + INDEX.length)) as Record<string, unknown>;
  const value: Record<string, unknown> = {};
  for (const k of head.order)
    value[k] = head.maps.includes(k)
      ? new LazyRecordMap<unknown>(k, text, indexFromJson(indexes[k], k))
      : head.rest[k];
  return value;
}

/** Reads a `#pieces 2` text (a line an entry, no index): the keys of its entries a line at a time. */
async function readV2(text: string, options: SliceOptions): Promise<unknown> {
  const lines = new Lines(text, HEADER_V2.length);
  lines.next();
  const head = JSON.parse(lines.line) as Head;
  const indexes = new Map(head.maps.map((name) => [name, new IndexBuilder(true)]));
  /** Each map's blocks, read here: by block, its shapes and summaries. */
  const blocks = new Map(head.maps.map((name) => [name, [] as unknown[][]]));
  let index: IndexBuilder | undefined;
  let shapes = 0;
  let name = '';
  const slice = new Slicer(options);
  let n = 0;
  while (lines.next()) {
    const { start: at, end: stop } = lines;
    if (text.charCodeAt(at + 1) === 0x22 /* " */) {
      // A block: its map's name and shapes.
      const block = JSON.parse(text.slice(at, stop)) as [string, (string[] | null)[], unknown, unknown];
      name = block[0];
      index = indexes.get(name);
      if (!index) throw new Error(`stored snapshot: a block of "${name}", which its header does not name`);
      index.block(at);
      blocks.get(name)!.push(block);
      shapes = block[1].length;
    } else {
      // An entry: `[shape,"key",…]`; its key read here, the rest when it is asked for.
      const comma = text.indexOf(',', at);
      const shape = Number(text.slice(at + 1, comma));
      if (!index || !(shape >= 0 && shape < shapes) || comma < 0 || comma > stop)
        throw new Error(`stored snapshot: a row of "${name}" of no shape`);
      index.entry(keyOfRow(text, at, stop, name), at);
    }
    if ((++n & 1023) === 0 && slice.due) await slice.pause();
  }
  const value: Record<string, unknown> = {};
  for (const k of head.order) {
    if (!head.maps.includes(k)) {
      value[k] = head.rest[k];
      continue;
    }
    const map = new LazyRecordMap<unknown>(k, text, indexes.get(k)!.finish());
    blocks
      .get(k)!
      .forEach(([, s, id, summaries], b) => map.blockRead(b, s as (string[] | null)[], id, summaries));
    value[k] = map;
  }
  return value;
}
