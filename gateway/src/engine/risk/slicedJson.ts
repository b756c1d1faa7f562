import { entryJson, hasToJson } from './jsonData';
import { RecordMap } from './recordMap';

/** How long work may hold the thread, and how it lets I/O in. */
export interface SliceOptions {
  /** Work for at most this long (ms) before pausing. */
  sliceMs: number;
  pause: () => Promise<void>;
}

/** A pause that lets the event loop's I/O in (sockets, HTTP, timers due). */
export const yieldToIo = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Long work cut into slices: `if (slice.due) await slice.pause();` between two pieces of it pauses once the
 * slice is used up and starts the next one.
 */
export class Slicer {
  private end: number;

  constructor(private readonly options: SliceOptions) {
    this.end = performance.now() + options.sliceMs;
  }

  /** Whether this slice is used up. */
  get due(): boolean {
    return performance.now() >= this.end;
  }

  async pause(): Promise<void> {
    await this.options.pause();
    this.end = performance.now() + this.options.sliceMs;
  }
}

/**
 * `JSON.stringify` of a large state without holding the event loop: the outer levels (the state and its
 * records) are walked entry by entry, each entry stringified whole, and the work pauses whenever a slice of
 * `sliceMs` is used up, so ingest, sockets and the API answer between slices. The result is the string
 * `JSON.stringify(value)` gives (same key order, `undefined` and functions left out of objects and `null` in
 * arrays, `toJSON` honoured; a {@link RecordMap} is walked entry by entry, as the object its `toJSON` gives).
 * The value must not change while it is written: the risk runner's snapshot gives it a copy of what is not in
 * the detector's maps (`writeSnapshotPieces`), made before the detector goes on.
 */
export async function stringifySliced(
  value: unknown,
  options: Partial<SliceOptions> & { depth?: number } = {},
): Promise<string | undefined> {
  const slice = new Slicer({ sliceMs: options.sliceMs ?? 50, pause: options.pause ?? yieldToIo });
  const out: string[] = [];

  /** Appends `v`, the entry `key` of its holder; answers false (appending nothing) when JSON leaves it out. */
  const write = async (v: unknown, depth: number, key: string): Promise<boolean> => {
    if (depth > 0 && v instanceof RecordMap) return writeObject(v.entries(), depth);
    if (depth <= 0 || v === null || typeof v !== 'object' || hasToJson(v)) {
      const s = entryJson(key, v);
      if (s === undefined) return false;
      out.push(s);
      if (slice.due) await slice.pause();
      return true;
    }
    if (Array.isArray(v)) {
      out.push('[');
      for (let i = 0; i < v.length; i++) {
        if (i > 0) out.push(',');
        if (!(await write(v[i], depth - 1, String(i)))) out.push('null');
      }
      out.push(']');
      return true;
    }
    const record = v as Record<string, unknown>;
    return writeObject(
      Object.keys(record).map((key): [string, unknown] => [key, record[key]]),
      depth,
    );
  };

  /** Appends an object of these entries (an entry JSON leaves out is left out, its comma too). */
  const writeObject = async (entries: Iterable<[string, unknown]>, depth: number): Promise<true> => {
    out.push('{');
    let first = true;
    for (const [key, entry] of entries) {
      const mark = out.length;
      out.push(first ? '' : ',', JSON.stringify(key), ':');
      if (await write(entry, depth - 1, key)) first = false;
      else out.length = mark;
    }
    out.push('}');
    return true;
  };

  if (!(await write(value, options.depth ?? 2, ''))) return undefined;
  return out.join('');
}
