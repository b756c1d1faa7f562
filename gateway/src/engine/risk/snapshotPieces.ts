import { RecordMap, type Summariser } from './recordMap';
import { Slicer, entryJson, hasToJson, stringifySliced, type SliceOptions } from './slicedJson';

/**
 * The risk runner's stored snapshot, written and read back a piece at a time.
 *
 * A busy platform's detector state is hundreds of MB of JSON, most of it in one or two maps of records with
 * the same fields (every account of the window, every pair). As one JSON text it took seconds to write and a
 * `JSON.parse` of 5 s at a restart, during which the gateway answered nothing. Stored in pieces it is:
 *
 *     #pieces 2
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
 * Reading it back gives a value whose `JSON.stringify` is that of the value written. Its maps come back as
 * {@link LazyRecordMap}s: only each entry's key and line are read first (a restart of 436,000 accounts and
 * 200,000 pairs does not wait seconds for every record before the detector goes on); an entry asked for is
 * read then, and the rest is read in slices behind it ({@link whenLoaded}). Texts of `#pieces 1` (a block's
 * rows on its line) are read whole, as before; a text that begins with no header is read as the whole JSON it
 * is (snapshots stored before pieces).
 */
const HEADER = '#pieces 2\n';
const HEADER_V1 = '#pieces 1\n';
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
    const map = value[name] as RecordMap<unknown>;
    const summary = map.summary;
    const numbers = new Float64Array(summary?.width ?? 0);
    let summaries: (number | string)[] = [];
    const flush = async () => {
      out.push(JSON.stringify(summary ? [name, shapes, summary.id, summaries] : [name, shapes]), '\n');
      for (const row of rows) out.push(JSON.stringify(row), '\n');
      shapes = [];
      rows = [];
      summaries = [];
      if (slice.due) await slice.pause();
    };
    for (const [key, v] of map) {
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
 * A {@link RecordMap} read back from a stored snapshot a piece at a time. At first it holds each stored
 * entry's key and where its line is; an entry is read (parsed and made a record) when it is first asked for,
 * and {@link LazyRecordMap.load} reads the others in slices behind. It answers as the map read back whole
 * would, in the same order: the stored entries in their stored order, then those added since in the order
 * they came (an entry deleted and set again is one of those). A walk of it (its iterators, `forEach`,
 * `toJSON`) first reads what is left, at once; a walk by views ({@link LazyRecordMap.forEachView})
 * reads nothing when they were stored.
 */
export class LazyRecordMap<V extends S, S = V> extends RecordMap<V, S> {
  /**
   * The stored text and, by stored position, each entry's key, where its line starts and its block; dropped
   * once all is read.
   */
  private text: string | undefined;
  private keysAt: string[] = [];
  private starts: number[] = [];
  private blockAt: number[] = [];
  /** By stored position, its row in its block (where its summary is). */
  private rowAt: number[] = [];
  private blocks: Block[] = [];
  /** By block: its rows, and its summaries' id and numbers (none: stored without). */
  private blockRows: number[] = [];
  private blockSummaries: { id: unknown; numbers: unknown[] }[] = [];
  /** Stored entries not read yet, not deleted: their position. */
  private pending = new Map<string, number>();
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
  ) {
    super();
    this.text = text;
  }

  /** Whether every stored entry is in the map itself (nothing left to read). */
  get loaded(): boolean {
    return this.text === undefined;
  }

  /** Notes the stored entry `key` on `text`'s line that begins at `start`, of the last block named. */
  note(key: string, start: number): void {
    const block = this.blocks.length - 1;
    const row = this.blockRows[block]!;
    this.blockRows[block] = row + 1;
    const at = this.pending.get(key);
    if (at !== undefined) {
      // A key stored twice: its first place, its last value (as Map.set of each in turn).
      this.starts[at] = start;
      this.blockAt[at] = block;
      this.rowAt[at] = row;
      return;
    }
    this.pending.set(key, this.keysAt.length);
    this.keysAt.push(key);
    this.starts.push(start);
    this.blockAt.push(block);
    this.rowAt.push(row);
  }

  /** Starts a block of entries of these shapes (and their summaries, when stored). */
  block(shapes: (string[] | null)[], summaryId?: unknown, summaries?: unknown): void {
    this.blocks.push(buildersOf(shapes));
    this.blockRows.push(0);
    this.blockSummaries.push({ id: summaryId, numbers: Array.isArray(summaries) ? summaries : [] });
    this.#storedSummaries = undefined;
  }

  /**
   * Whether every block stored its summary's numbers for each of its rows (decided once for the blocks read:
   * they do not change after).
   */
  #storedSummaries: boolean | undefined;

  protected override summarisedBy(summary: Summariser<V, S>): void {
    super.summarisedBy(summary);
    this.#storedSummaries = undefined;
  }

  private storedSummaries(): boolean {
    const summary = this.summary;
    this.#storedSummaries ??=
      summary !== undefined &&
      this.blockSummaries.every(
        (b, i) => b.id === summary.id && b.numbers.length === this.blockRows[i]! * summary.width,
      );
    return this.#storedSummaries;
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
    const { keysAt, pending, early, blockAt, rowAt, blockSummaries } = this;
    for (let at = this.next; at < keysAt.length; at++) {
      const key = keysAt[at]!;
      if (pending.get(key) === at) {
        const numbers = blockSummaries[blockAt[at]!]!.numbers;
        const from = rowAt[at]! * width;
        for (let i = 0; i < width; i++) {
          const x = numbers[from + i];
          out[i] = typeof x === 'number' ? x : Number(x);
        }
        fn(key, summary.view(out, key));
      } else if (early.has(key)) fn(key, early.get(key)!);
    }
    for (const [k, v] of this.added) fn(k, v);
  }

  private read(at: number): V {
    const text = this.text!;
    const start = this.starts[at]!;
    const end = text.indexOf('\n', start);
    const row = JSON.parse(text.slice(start, end < 0 ? text.length : end)) as unknown[];
    return valueOf(row, this.blocks[this.blockAt[at]!]!, this.mapName) as V;
  }

  /** Takes the next stored position into the map itself; false once none is left (then it is whole). */
  private takeNext(): boolean {
    if (this.next >= this.keysAt.length) {
      for (const [k, v] of this.added) super.set(k, v);
      this.text = undefined;
      this.keysAt = [];
      this.starts = [];
      this.blockAt = [];
      this.rowAt = [];
      this.blocks = [];
      this.blockRows = [];
      this.blockSummaries = [];
      this.pending = new Map();
      this.early = new Map();
      this.added = new Map();
      return false;
    }
    const at = this.next++;
    const key = this.keysAt[at]!;
    if (this.pending.get(key) === at) {
      super.set(key, this.read(at));
      this.pending.delete(key);
    } else if (this.early.has(key)) {
      super.set(key, this.early.get(key)!);
      this.early.delete(key);
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
    this.readAtOnce += this.pending.size;
    while (this.text !== undefined) this.takeNext();
  }

  override get(key: string): V | undefined {
    const v = super.get(key);
    if (v !== undefined || this.text === undefined) return v;
    if (super.has(key)) return v;
    const early = this.early.get(key);
    if (early !== undefined || this.early.has(key)) return early;
    const at = this.pending.get(key);
    if (at !== undefined) {
      const read = this.read(at);
      this.pending.delete(key);
      this.early.set(key, read);
      this.readAsked += 1;
      return read;
    }
    return this.added.get(key);
  }

  override has(key: string): boolean {
    if (super.has(key)) return true;
    if (this.text === undefined) return false;
    return this.early.has(key) || this.pending.has(key) || this.added.has(key);
  }

  override set(key: string, value: V): this {
    if (this.text === undefined || super.has(key)) return super.set(key, value);
    if (this.early.has(key) || this.pending.delete(key)) this.early.set(key, value);
    else this.added.set(key, value);
    return this;
  }

  override delete(key: string): boolean {
    if (super.delete(key)) return true;
    if (this.text === undefined) return false;
    return this.early.delete(key) || this.pending.delete(key) || this.added.delete(key);
  }

  override clear(): void {
    this.loadNow();
    super.clear();
  }

  override get size(): number {
    return super.size + (this.text === undefined ? 0 : this.early.size + this.pending.size + this.added.size);
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
 * The value of a stored text: from pieces (with a pause between slices; its maps {@link LazyRecordMap}s, of
 * which only the keys are read here) or from one JSON text.
 */
export async function readSnapshotPieces(text: string, options: SliceOptions): Promise<unknown> {
  if (text.startsWith(HEADER_V1)) return readV1(text, options);
  if (!text.startsWith(HEADER)) return JSON.parse(text) as unknown;
  const lines = new Lines(text, HEADER.length);
  lines.next();
  const head = JSON.parse(lines.line) as Head;
  const maps = new Map(head.maps.map((name) => [name, new LazyRecordMap<unknown>(name, text)]));
  let map: LazyRecordMap<unknown> | undefined;
  let shapes = 0;
  let name = '';
  const slice = new Slicer(options);
  let n = 0;
  while (lines.next()) {
    const { start: at, end: stop } = lines;
    if (text.charCodeAt(at + 1) === 0x22 /* " */) {
      // A block: its map's name and shapes.
      const [blockName, blockShapes, summaryId, summaries] = JSON.parse(text.slice(at, stop)) as [
        string,
        (string[] | null)[],
        unknown,
        unknown,
      ];
      name = blockName;
      map = maps.get(name);
      if (!map) throw new Error(`stored snapshot: a block of "${name}", which its header does not name`);
      map.block(blockShapes, summaryId, summaries);
      shapes = blockShapes.length;
    } else {
      // An entry: `[shape,"key",…]`; its key read here, the rest when it is asked for.
      const comma = text.indexOf(',', at);
      const shape = Number(text.slice(at + 1, comma));
      if (!map || !(shape >= 0 && shape < shapes) || comma < 0 || comma > stop)
        throw new Error(`stored snapshot: a row of "${name}" of no shape`);
      const close = text.indexOf('"', comma + 2);
      let key = text.slice(comma + 2, close);
      if (text.charCodeAt(comma + 1) !== 0x22 || close < 0 || close > stop || key.includes('\\'))
        key = (JSON.parse(text.slice(at, stop)) as unknown[])[1] as string;
      if (typeof key !== 'string') throw new Error(`stored snapshot: a row of "${name}" with no key`);
      map.note(key, at);
    }
    if ((++n & 1023) === 0 && slice.due) await slice.pause();
  }
  const value: Record<string, unknown> = {};
  for (const k of head.order) value[k] = maps.get(k) ?? head.rest[k];
  return value;
}
