import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportColumn } from './export-column.ts';
import { exportFileName } from './export-tasks.ts';
import { filterSummary } from './filter-summary.ts';
import { cellValue, formatChinaTime, safeText, writeXlsx } from './xlsx-writer.ts';

type Row = { name: string; amount: number; at: number; status: number; n: number };
const columns: ExportColumn<Row>[] = [
  { header: '名称', key: 'name' },
  { header: '金额（元）', key: 'amount', type: 'money' },
  { header: '时间', key: 'at', type: 'time' },
  { header: '状态', key: 'status', type: 'enum', labels: { 0: '停用', 1: '启用' } },
  { header: '数量', key: 'n', type: 'number' },
];

async function toBuffer(rows: Row[], opts: Parameters<typeof writeXlsx>[3] = {}, batch = 3) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* batches() {
    for (let i = 0; i < rows.length; i += batch) yield rows.slice(i, i + batch);
  }
  const result = await writeXlsx(out, columns, batches(), opts);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return { result, wb };
}

const at = Date.UTC(2026, 10, 21, 2, 3, 4);

describe('writeXlsx', () => {
  it('writes Chinese headers, yuan, China time and labels; the file opens', async () => {
    const { result, wb } = await toBuffer([{ name: '总部', amount: 123456, at, status: 1, n: 7 }]);
    expect(result).toEqual({ rows: 1, sheets: 1 });
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['名称', '金额（元）', '时间', '状态', '数量']);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['总部', 1234.56, '2026-11-21 10:03:04', '启用', 7]);
    expect(ws.getCell('B2').numFmt).toBe('#,##0.00');
  });

  it('writes formula-looking values as text cells, never formulas', async () => {
    const evil = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=x', '\u0000=HYPERLINK("http://x")'];
    const { wb } = await toBuffer(evil.map((name) => ({ name, amount: 0, at, status: 0, n: 1 })));
    const ws = wb.worksheets[0];
    evil.forEach((v, i) => {
      const cell = ws.getCell(i + 2, 1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
      expect(cell.value).toBe(v.replace('\u0000', ''));
    });
  });

  it('continues on a new sheet past the row limit, each with its header', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ name: `r${i}`, amount: i, at, status: 1, n: i }));
    const { result, wb } = await toBuffer(rows, { maxRowsPerSheet: 4, sheetName: '账号列表' });
    expect(result).toEqual({ rows: 10, sheets: 4 });
    expect(wb.worksheets.map((w) => w.name)).toEqual(['账号列表', '账号列表(2)', '账号列表(3)', '账号列表(4)']);
    expect(wb.worksheets.map((w) => w.rowCount)).toEqual([4, 4, 4, 2]);
    expect(wb.worksheets[1].getCell('A1').value).toBe('名称');
    expect(wb.worksheets[3].getCell('A2').value).toBe('r9');
  });

  it('writes times on the business time zone’s clock', async () => {
    const { wb } = await toBuffer([{ name: 'utc', amount: 0, at, status: 1, n: 1 }], { timeZone: 'UTC' });
    expect(wb.worksheets[0].getCell('C2').value).toBe('2026-11-21 02:03:04');
  });

  it('stops between batches when aborted', async () => {
    const ac = new AbortController();
    ac.abort(new Error('stop'));
    await expect(toBuffer([{ name: 'a', amount: 1, at, status: 1, n: 1 }], { signal: ac.signal })).rejects.toThrow('stop');
  });
});

describe('cell helpers', () => {
  it('formats China time and drops XML-invalid characters', () => {
    expect(formatChinaTime(Date.UTC(2026, 0, 1, 16, 0, 0))).toBe('2026-01-02 00:00:00');
    expect(formatChinaTime(Date.UTC(2026, 0, 1, 16, 0, 0), false)).toBe('2026-01-02');
    expect(safeText('a\u0000b\u0007c\td')).toBe('abc\td');
    expect(cellValue({ header: 'x', key: 'x', type: 'enum', labels: { 1: '是' } }, { x: 9 })).toBe('9');
    expect(cellValue({ header: 'x', key: 'x', type: 'money' }, { x: null })).toBeNull();
  });
});

describe('the business time zone in exports', () => {
  const night = Date.UTC(2025, 11, 7, 16, 30, 5); // 2025-12-08 00:30:05 in Shanghai, still the 7th in UTC
  it('writes business dates as they are and instants on the zone’s calendar', () => {
    const date: ExportColumn<{ d: unknown }> = { header: '签订日期', key: 'd', type: 'date' };
    expect(cellValue(date, { d: '2025-12-08' }, 'UTC')).toBe('2025-12-08');
    expect(cellValue(date, { d: '2025-12-08' }, 'Asia/Shanghai')).toBe('2025-12-08');
    expect(cellValue(date, { d: night }, 'Asia/Shanghai')).toBe('2025-12-08');
    expect(cellValue(date, { d: night }, 'UTC')).toBe('2025-12-07');
    expect(cellValue({ header: 't', key: 't', type: 'time' }, { t: night }, 'Asia/Shanghai')).toBe('2025-12-08 00:30:05');
    expect(cellValue({ header: 't', key: 't', type: 'time' }, { t: night }, 'UTC')).toBe('2025-12-07 16:30:05');
  });
  it('names files and words time filters on the same clock', () => {
    expect(exportFileName('合同列表', night, 'Asia/Shanghai')).toBe('合同列表_20251208003005.xlsx');
    expect(exportFileName('合同列表', night, 'UTC')).toBe('合同列表_20251207163005.xlsx');
    const source = {
      columns: [],
      filterLabels: { createdRange: '创建时间', endRange: '到期日期' },
      rows: async function* () {},
      count: async () => 0,
    };
    expect(filterSummary({ createdRange: [night, night + 1000] }, source, 'UTC')).toBe(
      '创建时间：2025-12-07 16:30:05 至 2025-12-07 16:30:06',
    );
    expect(filterSummary({ endRange: ['2025-12-01', '2025-12-31'] }, source, 'UTC')).toBe('到期日期：2025-12-01 至 2025-12-31');
  });
});
