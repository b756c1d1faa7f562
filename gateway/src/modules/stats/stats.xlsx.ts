import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { wallTime } from '@dms/shared/format/date';
import { floor2 } from '@dms/shared/format/number';
import { opEnum, type ExportLang, type StatsColumn } from '@dms/shared/contracts/http/stats';
import { enumTexts, unknownValueText, type EnumName } from '@dms/shared/domain/labels';

/** The openxml content type of an .xlsx download (spec section 7: the client saves it as a file). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `content-disposition` of a download: an ASCII `filename` and the UTF-8 `filename*` (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const QUARTER_HOUR = 900_000;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** Days from Excel's epoch (1899-12-30) to 1970-01-01: an Excel date is a number of days since then. */
const EXCEL_EPOCH_DAYS = 25_569;
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
const p2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * The offset of a time zone at an instant, fast: looked up once per quarter hour (offsets change on
 * quarter-hour boundaries at most) instead of once per row.
 */
function zoneOffsets(timeZone: string): (ms: number) => number {
  const offsets = new Map<number, number>();
  let lastBucket = Number.NaN;
  let lastOffset = 0;
  return (ms) => {
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
}

/**
 * Formats epoch ms as `YYYY-MM-DD HH:mm:ss` in a time zone, fast: the zone's offset is looked up once per
 * quarter hour, and the text up to the minute is reused while rows stay in the same minute (exports come
 * in time order).
 */
export function timeFormatter(timeZone: string): (ms: number) => string {
  const offsetAt = zoneOffsets(timeZone);
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

/**
 * Epoch ms as an Excel date-time serial (days since 1899-12-30, the day's fraction the time) of the wall
 * clock in a time zone, cut to the whole second: the screen shows seconds cut, and Excel would round.
 */
export function excelTime(timeZone: string): (ms: number) => number {
  const offsetAt = zoneOffsets(timeZone);
  return (ms) => Math.floor((ms + offsetAt(ms)) / 1000) / 86_400 + EXCEL_EPOCH_DAYS;
}

/** A business day `YYYY-MM-DD` as an Excel date serial, or null when it is not one. */
export function excelDay(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY + EXCEL_EPOCH_DAYS;
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

/** What the cell writers need besides the column: the language, the zone and the providers' names. */
interface CellContext {
  lang: ExportLang;
  time: (ms: number) => number;
  providerNames: ReadonlyMap<number, string>;
}

/** A label lookup of an enumeration in a language: known values by table, unknown ones written marked. */
function labelWriter(name: EnumName, lang: ExportLang): (value: unknown) => string {
  const texts = enumTexts(name, lang);
  return (value) => {
    if (value === null || value === undefined || value === '') return '';
    const key = String(value);
    return texts.get(key) ?? unknownValueText(key, lang);
  };
}

/**
 * The writer of a column's cells, by the column's kind (the same kinds the screen shows, see
 * `StatsColumn`): money and counts as numbers, margins as ratios cut like the screen's, times and days as
 * Excel dates, providers by name, enumerated values and operations by their labels in the export's
 * language, text as it is.
 */
function cellWriter(col: StatsColumn, ctx: CellContext): CellWriter {
  const key = col.key;
  switch (col.kind) {
    case 'money':
      return (r) => {
        const v = r[key];
        return v === null || v === undefined ? null : Number(v) / 100;
      };
    case 'int':
    case 'id':
      return (r) => {
        const v = r[key];
        return v === null || v === undefined ? null : Number(v);
      };
    case 'ratio':
      // The screen shows a margin as a percentage cut to 2 decimals; Excel would round the full ratio.
      return (r) => {
        const v = r[key];
        return v === null || v === undefined ? null : Math.round(floor2(Number(v) * 100) * 100) / 10_000;
      };
    case 'time':
      return (r) => {
        const v = r[key];
        return v === null || v === undefined ? null : ctx.time(Number(v));
      };
    case 'day':
      return (r) => {
        const v = r[key];
        return typeof v === 'string' ? (excelDay(v) ?? v) : null;
      };
    case 'provider':
      return (r) => {
        const v = r[key];
        if (v === null || v === undefined) return '';
        return ctx.providerNames.get(Number(v)) ?? `#${String(v)}`;
      };
    case 'enum': {
      if (!col.enum) return (r) => String(r[key] ?? '');
      const label = labelWriter(col.enum, ctx.lang);
      return (r) => label(r[key]);
    }
    case 'op': {
      const bet = labelWriter('betDirection', ctx.lang);
      const transfer = labelWriter('transferDirection', ctx.lang);
      return (r) =>
        (opEnum(r.op) === 'transferDirection' ? transfer : bet)(Number(r.direction) === 0 ? 0 : 1);
    }
    case 'text':
      return (r) => {
        const v = r[key];
        return v === null || v === undefined ? '' : String(v);
      };
  }
}

/** The number format of each kind of numeric column: the screen's, so a cell reads as it does there. */
const NUM_FMT: Partial<Record<StatsColumn['kind'], string>> = {
  money: '#,##0.00',
  ratio: '0.00%',
  int: '#,##0',
  id: '0',
  time: 'yyyy-mm-dd hh:mm:ss',
  day: 'yyyy-mm-dd',
};

/** How data rows reach the sheet: rendered here (fast) or through exceljs' `addRow(...).commit()`. */
export type RowPath = 'fast' | 'exceljs';

/** Options of {@link writeXlsx}. */
export interface WriteXlsxOptions {
  columns: readonly StatsColumn[];
  lang: ExportLang;
  timeZone: string;
  sheetName: string;
  /** Provider names by id, for `provider` columns (an id without a name is written `#id`). */
  providerNames?: ReadonlyMap<number, string>;
  /**
   * The block above the table: a title line, then one line per filter (`[label, value]`), then an empty
   * line. Without it the header row is the first row.
   */
  heading?: { title: string; lines: readonly (readonly [string, string])[] };
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

/** A worksheet name Excel takes: at most 31 characters, none of : \\ / ? * [ ]. */
function sheetTitle(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
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
 * drain when it is full, so memory stays bounded whatever the number of rows. An optional heading (title and
 * the filters that produced the rows) comes first, then the localised header row, kept in view. Cells are
 * what the screen shows, typed so that a pivot table works: money a number with 2 places (minor units /
 * 100, `#,##0.00`), counts numbers, margins ratios (`0.00%`), times and days Excel dates in the business
 * zone, providers by name, enumerated values by their label (an unknown one marked).
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
  const heading = options.heading;
  // Title, filter lines and an empty line above the header row, which stays in view when scrolling.
  const headerRow = heading ? heading.lines.length + 3 : 1;
  const sheet = workbook.addWorksheet(sheetTitle(options.sheetName), {
    views: [{ state: 'frozen', ySplit: headerRow }],
  });
  const cols = options.columns;
  sheet.columns = cols.map((c) => ({
    key: c.key,
    width: c.kind === 'time' ? 20 : c.kind === 'text' || c.kind === 'provider' || c.kind === 'enum' ? 18 : 14,
  }));
  if (heading) {
    const title = sheet.addRow([heading.title]);
    title.font = { bold: true, size: 13 };
    title.commit();
    for (const [label, value] of heading.lines) {
      const line = sheet.addRow([label, value]);
      line.getCell(1).font = { bold: true };
      line.commit();
    }
    sheet.addRow([]).commit();
  }
  const header = sheet.addRow(cols.map((c) => c.label[options.lang]));
  header.font = { bold: true };
  header.commit();

  const ctx: CellContext = {
    lang: options.lang,
    time: excelTime(options.timeZone),
    providerNames: options.providerNames ?? new Map(),
  };
  const writers = cols.map((c) => cellWriter(c, ctx));
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
