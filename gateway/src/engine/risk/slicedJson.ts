import { RecordMap } from './recordMap';

/**
 * `JSON.stringify` of a large state without holding the event loop: the outer levels (the state and its
 * records) are walked entry by entry, each entry stringified whole, and the work pauses whenever a slice of
 * `sliceMs` is used up, so ingest, sockets and the API answer between slices. The result is the string
 * `JSON.stringify(value)` gives (same key order, `undefined` and functions left out of objects and `null` in
 * arrays, `toJSON` honoured; a {@link RecordMap} is walked entry by entry, as the object its `toJSON` gives). The value must not change while it is written (the risk runner writes its
 * detector's snapshot between two chunks, when nothing else touches the detector).
 */
export async function stringifySliced(
  value: unknown,
  options: { sliceMs?: number; depth?: number; pause?: () => Promise<void> } = {},
): Promise<string | undefined> {
  const sliceMs = options.sliceMs ?? 50;
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const out: string[] = [];
  let sliceEnd = performance.now() + sliceMs;

  const due = () => performance.now() >= sliceEnd;
  const rest = async () => {
    await pause();
    sliceEnd = performance.now() + sliceMs;
  };

  /** Appends `v`; answers false (appending nothing) when JSON leaves it out (undefined, a function…). */
  const write = async (v: unknown, depth: number): Promise<boolean> => {
    if (depth > 0 && v instanceof RecordMap) return writeObject(v.entries(), depth);
    if (
      depth <= 0 ||
      v === null ||
      typeof v !== 'object' ||
      typeof (v as { toJSON?: unknown }).toJSON === 'function'
    ) {
      const s = JSON.stringify(v);
      if (s === undefined) return false;
      out.push(s);
      if (due()) await rest();
      return true;
    }
    if (Array.isArray(v)) {
      out.push('[');
      for (let i = 0; i < v.length; i++) {
        if (i > 0) out.push(',');
        if (!(await write(v[i], depth - 1))) out.push('null');
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
      if (await write(entry, depth - 1)) first = false;
      else out.length = mark;
    }
    out.push('}');
    return true;
  };

  if (!(await write(value, options.depth ?? 2))) return undefined;
  return out.join('');
}
