import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { StatsColumn } from '@dms/shared/contracts/http/stats';
import { attachmentDisposition, timeFormatter, writeXlsx, type RowPath } from './stats.xlsx';

const columns: StatsColumn[] = [
  { key: 'id', kind: 'text', label: { zh: '单号', en: 'ID', es: 'ID', ja: 'ID' } },
  { key: 'amount', kind: 'money', label: { zh: '金额', en: 'Amount', es: 'Importe', ja: '金額' } },
  { key: 'bets', kind: 'int', label: { zh: '注单数', en: 'Bets', es: 'Apuestas', ja: 'ベット数' } },
  { key: 'margin', kind: 'ratio', label: { zh: '利润率', en: 'Margin', es: 'Margen', ja: '利益率' } },
  { key: 'op', kind: 'op', label: { zh: '操作', en: 'Operation', es: 'Operación', ja: '操作' } },
  { key: 'ts', kind: 'time', label: { zh: '时间', en: 'Time', es: 'Hora', ja: '時間' } },
  {
    key: 'provider',
    kind: 'provider',
    label: { zh: '平台商', en: 'Provider', es: 'Proveedor', ja: 'プロバイダー' },
  },
  { key: 'kind', kind: 'enum', enum: 'bonusKind', label: { zh: '类型', en: 'Type', es: 'Tipo', ja: '種類' } },
  { key: 'day', kind: 'day', label: { zh: '日期', en: 'Date', es: 'Fecha', ja: '日付' } },
];

/** An Excel date-time as exceljs reads it back: the wall clock as a UTC Date. */
const wall = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  new Date(Date.UTC(y, mo - 1, d, h, mi, s));

const rows = [
  {
    id: 'a<b>&"c"\u0001',
    amount: 123456,
    bets: 3,
    margin: 0.125,
    op: 'transfer',
    direction: 0,
    ts: Date.UTC(2026, 0, 1, 16, 0, 5, 900),
    provider: 1001,
    kind: 'deposit_bonus',
    day: '2026-01-02',
  },
  {
    id: '第二',
    amount: -5,
    bets: 0,
    margin: null,
    op: 'bet',
    direction: 1,
    ts: Date.UTC(2026, 0, 2, 3, 4, 5),
    provider: 9999,
    kind: 'vip_gold',
    day: '2026-01-03',
  },
];

const providerNames = new Map([[1001, 'Lucky Star']]);

async function render(rowPath: RowPath): Promise<ExcelJS.Worksheet> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(c: Buffer, _e, cb) {
      chunks.push(c);
      cb();
    },
  });
  const n = await writeXlsx(out, rows, {
    columns,
    lang: 'es',
    timeZone: 'Asia/Shanghai',
    sheetName: 'test',
    rowPath,
    providerNames,
  });
  expect(n).toBe(2);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb.worksheets[0] as ExcelJS.Worksheet;
}

describe('writeXlsx', () => {
  for (const path of ['fast', 'exceljs'] as const) {
    it(`writes what the screen shows, typed for a pivot table (${path} rows)`, async () => {
      const sheet = await render(path);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
        'ID',
        'Importe',
        'Apuestas',
        'Margen',
        'Operación',
        'Hora',
        'Proveedor',
        'Tipo',
        'Fecha',
      ]);
      const r2 = sheet.getRow(2);
      expect(r2.getCell(1).value).toBe('a<b>&"c"');
      expect(r2.getCell(2).value).toBe(1234.56);
      expect(r2.getCell(2).numFmt).toBe('#,##0.00');
      expect(r2.getCell(3).value).toBe(3);
      expect(r2.getCell(3).numFmt).toBe('#,##0');
      expect(r2.getCell(4).value).toBe(0.125);
      expect(r2.getCell(4).numFmt).toBe('0.00%');
      expect(r2.getCell(5).value).toBe('transferencia saliente');
      // A real date, cut to the second as the screen shows it (16:00:05.900 UTC is 00:00:05 in Shanghai).
      expect(r2.getCell(6).value).toEqual(wall(2026, 1, 2, 0, 0, 5));
      expect(r2.getCell(6).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect(r2.getCell(7).value).toBe('Lucky Star');
      expect(r2.getCell(8).value).toBe('Bono de depósito');
      expect(r2.getCell(9).value).toEqual(wall(2026, 1, 2));
      expect(r2.getCell(9).numFmt).toBe('yyyy-mm-dd');
      const r3 = sheet.getRow(3);
      expect(r3.getCell(1).value).toBe('第二');
      expect(r3.getCell(2).value).toBe(-0.05);
      expect(r3.getCell(4).value).toBeNull();
      expect(r3.getCell(5).value).toBe('resultado de apuesta');
      expect(r3.getCell(7).value).toBe('#9999');
      expect(r3.getCell(8).value).toBe('vip_gold (desconocido)');
    });
  }

  it('cuts a margin like the screen (2.4999 % reads 2.49 %, not 2.50 %)', async () => {
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(c: Buffer, _e, cb) {
        chunks.push(c);
        cb();
      },
    });
    await writeXlsx(out, [{ ...rows[0], margin: 0.024999 }], {
      columns,
      lang: 'en',
      timeZone: 'Asia/Shanghai',
      sheetName: 'test',
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.getRow(2).getCell(4).value).toBe(0.0249);
  });

  it('puts the title and the filters above the header row, which stays in view', async () => {
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(c: Buffer, _e, cb) {
        chunks.push(c);
        cb();
      },
    });
    await writeXlsx(out, rows, {
      columns,
      lang: 'zh',
      timeZone: 'Asia/Shanghai',
      sheetName: '红利明细',
      providerNames,
      heading: {
        title: '红利明细',
        lines: [
          ['平台商', 'Lucky Star'],
          ['币种', 'CNY, USD'],
        ],
      },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('红利明细');
    expect(sheet.getRow(1).getCell(1).value).toBe('红利明细');
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['平台商', 'Lucky Star']);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual(['币种', 'CNY, USD']);
    expect(sheet.getRow(4).cellCount).toBe(0);
    expect(sheet.getRow(5).getCell(1).value).toBe('单号');
    expect(sheet.getRow(6).getCell(8).value).toBe('存款红利');
    expect(sheet.getRow(7).getCell(8).value).toBe('vip_gold（未知）');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
  });
});

describe('markup and formulas in exported text', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '=HYPERLINK("http://evil.example","click")',
    "=cmd|' /C calc'!A0",
    '+SUM(1,1)',
    '-1+2',
    '@SUM(A1)',
  ];
  for (const path of ['fast', 'exceljs'] as const) {
    it(`writes them as plain text cells, never as formulas or markup (${path} rows)`, async () => {
      const chunks: Buffer[] = [];
      const out = new Writable({
        write(c: Buffer, _e, cb) {
          chunks.push(c);
          cb();
        },
      });
      const textRows = hostile.map((id) => ({
        id,
        amount: 1,
        bets: 1,
        margin: null,
        op: 'bet',
        direction: 0,
        ts: 0,
      }));
      await writeXlsx(out, textRows, { columns, lang: 'en', timeZone: 'UTC', sheetName: 't', rowPath: path });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
      hostile.forEach((text, i) => {
        const cell = sheet.getRow(i + 2).getCell(1);
        expect(cell.type).toBe(ExcelJS.ValueType.String);
        expect(cell.value).toBe(text);
        expect(cell.formula).toBeUndefined();
      });
    });
  }
});

describe('helpers', () => {
  it('names the download in ASCII and UTF-8', () => {
    expect(attachmentDisposition('daily-2026-01-01-2026-01-31.xlsx')).toBe(
      `attachment; filename="daily-2026-01-01-2026-01-31.xlsx"; filename*=UTF-8''daily-2026-01-01-2026-01-31.xlsx`,
    );
    expect(attachmentDisposition('日报.xlsx')).toBe(
      `attachment; filename="__.xlsx"; filename*=UTF-8''%E6%97%A5%E6%8A%A5.xlsx`,
    );
  });

  it('formats times in the business zone across a daylight-saving change', () => {
    const ny = timeFormatter('America/New_York');
    expect(ny(Date.UTC(2026, 2, 8, 6, 59, 59))).toBe('2026-03-08 01:59:59');
    expect(ny(Date.UTC(2026, 2, 8, 7, 0, 0))).toBe('2026-03-08 03:00:00');
    expect(timeFormatter('Asia/Shanghai')(Date.UTC(2025, 11, 31, 16, 0, 0))).toBe('2026-01-01 00:00:00');
  });
});

describe('writeXlsx streaming', () => {
  function* endless(): Generator<Record<string, unknown>> {
    const row = rows[1] as Record<string, unknown>;
    for (let i = 0; ; i += 1) yield { ...row, id: `r${i}`, ts: (row.ts as number) + i * 1000 };
  }

  it('stops reading rows soon after the client goes away', async () => {
    let taken = 0;
    const counted = function* (): Generator<Record<string, unknown>> {
      for (const r of endless()) {
        taken += 1;
        yield r;
      }
    };
    let received = 0;
    const out = new Writable({
      write(c: Buffer, _e, cb) {
        received += c.length;
        // The client disconnects after the first 256 kB of the download.
        if (received > 256 * 1024) this.destroy();
        cb();
      },
    });
    await expect(
      writeXlsx(out, counted(), { columns, lang: 'en', timeZone: 'Asia/Shanghai', sheetName: 'test' }),
    ).rejects.toThrow('export stream closed');
    // A quarter of a megabyte compressed is some 10,000 rows; the writer notices within a few thousand more.
    expect(taken).toBeGreaterThan(1_000);
    expect(taken).toBeLessThan(100_000);
  });

  it('writes thousands of rows in order with their values and formats', async () => {
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(c: Buffer, _e, cb) {
        chunks.push(c);
        cb();
      },
    });
    function* some(): Generator<Record<string, unknown>> {
      let i = 0;
      for (const r of endless()) {
        if (i === 3_000) return;
        i += 1;
        yield r;
      }
    }
    const n = await writeXlsx(out, some(), {
      columns,
      lang: 'zh',
      timeZone: 'Asia/Shanghai',
      sheetName: 'test',
    });
    expect(n).toBe(3_000);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(3_001);
    expect(sheet.getRow(1).getCell(5).value).toBe('操作');
    for (const r of [2, 1_000, 3_001]) {
      const row = sheet.getRow(r);
      expect(row.getCell(1).value).toBe(`r${r - 2}`);
      expect(row.getCell(2).value).toBe(-0.05);
      expect(row.getCell(2).numFmt).toBe('#,##0.00');
      expect(row.getCell(5).value).toBe('投注结果');
      expect(row.getCell(6).value).toEqual(new Date(Date.UTC(2026, 0, 2, 11, 4, 5) + (r - 2) * 1000));
    }
    expect(sheet.getRow(1_000).getCell(6).value).toEqual(wall(2026, 1, 2, 11, 20, 43));
  });
});
