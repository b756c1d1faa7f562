import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { wallTime } from '@dms/shared/format/date';
import { OP_LABELS, type ExportLang, type StatsColumn } from '@dms/shared/contracts/http/stats';

/** The openxml content type of an .xlsx download (spec section 7: the client saves it as a file). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `content-disposition` of a download: an ASCII `filename` and the UTF-8 `filename*` (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const QUARTER_HOUR = 900_000;
const MINUTE = 60_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
const p2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * Formats epoch ms as `YYYY-MM-DD HH:mm:ss` in a time zone, fast: the zone's offset is looked up once per
 * quarter hour (offsets change on quarter-hour boundaries at most) instead of once per row, and the text up
 * to the minute is reused while rows stay in the same minute (exports come in time order).
 */
export function timeFormatter(timeZone: string): (ms: number) => string {
  const offsets = new Map<number, number>();
  let lastBucket = Number.NaN;
  let lastOffset = 0;
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / QUARTER_HOUR);
    if (bucket === lastBucket) return lastOffset;
    let off = offsets.get(bucket);
    if (off === undefined) {
      const start = bucket * QUARTER_HOUR;
      const t = wallTime(start, timeZone);
      off = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - start;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, off);
    }
    lastBucket = bucket;
    lastOffset = off;
    return off;
  };
  let lastMinute = Number.NaN;
  let minuteText = '';
  return (ms) => {
    const local = ms + offsetAt(ms);
    const minute = Math.floor(local / MINUTE);
    if (minute !== lastMinute) {
      const d = new Date(minute * MINUTE);
      minuteText = `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:`;
      lastMinute = minute;
    }
    return minuteText + (TWO_DIGITS[Math.floor((local - minute * MINUTE) / 1000)] as string);
  };
}

/** Waits until `out` drains; throws if it closes first (the client went away). */
async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('export stream closed');
  const ac = new AbortController();
  try {
    await Promise.race([
      once(out, 'drain', { signal: ac.signal }),
      once(out, 'close', { signal: ac.signal }).then(() => {
        throw new Error('export stream closed');
      }),
    ]);
  } finally {
    ac.abort();
  }
}

/** Bytes written to the sheet but not yet taken by the zip (exceljs' sheet buffer and the zip's input). */
function pendingBytes(sheet: SheetInternals): number {
  const stream = sheet.stream as unknown as { buffers?: unknown[]; pipes?: ZipInput[] };
  const input = stream.pipes?.[0];
  // The zip's input is a readable-stream 2 PassThrough: no `writableLength`, but the same state object.
  const queued =
    (input?.writableLength ?? input?._writableState?.length ?? 0) + (input?._readableState?.length ?? 0);
  return (stream.buffers?.length ?? 0) * 65_536 + queued;
}

interface ZipInput {
  writableLength?: number;
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}

const HIGH_WATER = 4 * 1024 * 1024;
const LOW_WATER = 1024 * 1024;
/**
 * Rows between two visits of the event loop (a power of two, minus one). The zip deflates in libuv's thread
 * pool but starts its next chunk only when its callback runs on this thread: visits every 256 rows (about
 * two 64 KB chunks of sheet XML) keep it working beside the rendering instead of catching up afterwards.
 */
const YIELD_MASK = 255;

/**
 * Backpressure. exceljs' sheet stream hands data to the zip without waiting, so the producer must: it yields
 * to the event loop (the zip and the socket progress only there; a synchronous database driver would
 * otherwise starve them) and, while more than {@link HIGH_WATER} bytes wait or `out` is full, waits.
 */
async function relieve(out: Writable, sheet: SheetInternals): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (out.destroyed) throw new Error('export stream closed');
  if (pendingBytes(sheet) < HIGH_WATER && !out.writableNeedDrain) return;
  while (pendingBytes(sheet) > LOW_WATER || out.writableNeedDrain) {
    if (out.destroyed) throw new Error('export stream closed');
    if (out.writableNeedDrain) await drained(out);
    else await new Promise<void>((resolve) => setTimeout(resolve, 1));
  }
}

/** How one cell is written. */
type CellWriter = (row: Record<string, unknown>) => string | number | null;

function cellWriter(col: StatsColumn, lang: ExportLang, formatTime: (ms: number) => string): CellWriter {
  const key = col.key;
  switch (col.kind) {
    case 'money':
      return (r) => {
        const v = r[key];
        return v === null || v === undefined ? null : Number(v) / 100;
      };
    case 'int':
    case 'ratio':
      return (r) => {
        const v = r[key];
        return v === null || v === undefined ? null : Number(v);
      };
    case 'time':
      return (r) => {
        const v = r[key];
        return v === null || v === undefined ? null : formatTime(Number(v));
      };
    case 'op':
      return (r) => {
        const op = r.op === 'transfer' ? 'transfer' : 'bet';
        return OP_LABELS[op][Number(r.direction) === 0 ? 0 : 1][lang];
      };
    case 'text':
      return (r) => {
        const v = r[key];
        return v === null || v === undefined ? '' : String(v);
      };
  }
}

const NUM_FMT: Partial<Record<StatsColumn['kind'], string>> = { money: '#,##0.00', ratio: '0.00%', int: '0' };

/** How data rows reach the sheet: rendered here (fast) or through exceljs' `addRow(...).commit()`. */
export type RowPath = 'fast' | 'exceljs';

/** Options of {@link writeXlsx}. */
export interface WriteXlsxOptions {
  columns: readonly StatsColumn[];
  lang: ExportLang;
  timeZone: string;
  sheetName: string;
  /** `fast` (default) renders each committed row's XML here; `exceljs` uses its row model (about 2× slower). */
  rowPath?: RowPath;
}

/** The internals of exceljs 4's streaming worksheet that the fast row path relies on (checked at run time). */
interface SheetInternals {
  stream: { write(data: string): unknown };
  _rowZero: number;
  _rows: unknown[] | null;
  startedData: boolean;
}

function hasInternals(sheet: unknown): sheet is SheetInternals {
  const s = sheet as Partial<SheetInternals>;
  return (
    typeof s._rowZero === 'number' &&
    Array.isArray(s._rows) &&
    s._rows.length === 0 &&
    s.startedData === true &&
    typeof s.stream?.write === 'function'
  );
}

// Characters XML 1.0 does not allow, and the ones to escape.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be removed
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ESCAPE = /[&<>"]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

// eslint-disable-next-line no-control-regex -- control characters are exactly what must be found
const NEEDS_WORK = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff&<>"]/;

function xmlText(s: string): string {
  // Most cells are plain ids, accounts and codes: one test, no copies.
  if (!NEEDS_WORK.test(s)) return s;
  return s.replace(INVALID_XML, '').replace(ESCAPE, (c) => ENTITIES[c] as string);
}

/** Spreadsheet column letters of a 0-based index: 0 → A, 26 → AA. */
function columnLetters(i: number): string {
  let n = i + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Renders one cell of the fast row path for row number `r`: `<c …>…</c>`, or '' when it has no value. */
type CellXml = (row: Record<string, unknown>, r: number) => string;

const CELL_END = '</v></c>';

/**
 * A cell renderer: numbers as `<v>` with the column's style, text as `t="str"` (what exceljs' own row model
 * writes for a string without shared strings: the shortest form every reader takes).
 */
function cellXml(write: CellWriter, index: number, styleId: number): CellXml {
  const open = `<c r="${columnLetters(index)}`;
  const num = styleId ? `" s="${styleId}"><v>` : '"><v>';
  const str = '" t="str"><v>';
  return (row, r) => {
    const v = write(row);
    if (v === null) return '';
    if (typeof v === 'number') return Number.isFinite(v) ? open + r + num + v + CELL_END : '';
    return open + r + str + xmlText(v) + CELL_END;
  };
}

/**
 * Writes rows as one .xlsx sheet to `out`, streamed with exceljs' streaming `WorkbookWriter`: each row is
 * committed to the sheet's stream as it comes and zipped on the fly, and the writer waits for `out` to
 * drain when it is full, so memory stays bounded whatever the number of rows. The header row is localised;
 * money is a decimal number with 2 places (minor units / 100, format `#,##0.00`), margins percentages,
 * times text in the business zone.
 *
 * The default row path renders each data row's `<row>` XML here, with the cell forms exceljs' own row model
 * writes (numbers with the style ids exceljs registered for the columns, text as `t="str"`), and appends it
 * to the sheet stream exceljs opened: exceljs' row model allocates a Row, a Cell and a style object per cell
 * and runs at about a third of the speed. The package, workbook, styles and sheet framing stay exceljs'. If
 * the exceljs internals it needs are absent (another exceljs version), it falls back to `addRow(...).commit()`.
 *
 * Resolves with the number of data rows once the file is complete.
 */
export async function writeXlsx(
  out: Writable,
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  options: WriteXlsxOptions,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    // Level 1: most of the size gain of deflate at a fraction of its CPU; exports are CPU bound.
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const cols = options.columns;
  sheet.columns = cols.map((c) => ({
    key: c.key,
    width: c.kind === 'time' ? 20 : c.kind === 'text' ? 18 : 14,
  }));
  const header = sheet.addRow(cols.map((c) => c.label[options.lang]));
  header.font = { bold: true };
  header.commit();

  const formatTime = timeFormatter(options.timeZone);
  const writers = cols.map((c) => cellWriter(c, options.lang, formatTime));
  // One shared style object per column: exceljs caches style ids by object identity.
  const styles = cols.map((c) => {
    const numFmt = NUM_FMT[c.kind];
    return numFmt ? { numFmt } : {};
  });
  const styleIds = styles.map((st) =>
    Object.keys(st).length ? (workbook as unknown as StylesOwner).styles.addStyleModel(st, 2) : 0,
  );
  const fast = (options.rowPath ?? 'fast') === 'fast' && hasInternals(sheet);
  const cells = writers.map((w, i) => cellXml(w, i, styleIds[i] as number));

  let n = 0;
  let buffer = '';
  const internals = sheet as unknown as SheetInternals;
  for await (const row of rows) {
    if (fast) {
      const r = internals._rowZero + n;
      let xml = `<row r="${r}">`;
      for (let i = 0; i < cells.length; i += 1) xml += (cells[i] as CellXml)(row, r);
      buffer += `${xml}</row>`;
      n += 1;
      if ((n & 255) === 0) {
        internals.stream.write(buffer);
        buffer = '';
      }
    } else {
      const added = sheet.addRow(writers.map((w) => w(row)));
      const rowCells = (added as unknown as { _cells?: ({ style: object } | undefined)[] })._cells;
      if (rowCells)
        for (let i = 0; i < rowCells.length; i += 1)
          if (rowCells[i]) (rowCells[i] as { style: object }).style = styles[i] as object;
      added.commit();
      n += 1;
    }
    if ((n & YIELD_MASK) === 0) await relieve(out, internals);
  }
  if (fast) {
    if (buffer) internals.stream.write(buffer);
    internals._rowZero += n;
  }
  sheet.commit();
  await workbook.commit();
  return n;
}

interface StylesOwner {
  styles: { addStyleModel(model: object, cellType: number): number };
}
