import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportColumn } from './export-spec.ts';

/** Rows a worksheet can hold (Excel's limit), header included. */
export const EXCEL_MAX_ROWS = 1_048_576;

export interface XlsxWriteOptions {
  /** First sheet's name; later sheets add (2), (3)… */
  sheetName?: string;
  /** Rows per sheet including its header row (tests lower it). */
  maxRowsPerSheet?: number;
  /** Called after each batch with the rows written so far. */
  onProgress?: (rows: number) => void | Promise<void>;
  /** Stops the export between batches (the caller removes the partial file). */
  signal?: AbortSignal;
}

const CHINA_OFFSET_MS = 8 * 3600_000;
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Epoch ms → `yyyy-MM-dd HH:mm:ss` in China time (UTC+8, no daylight saving). */
export function formatChinaTime(ms: number, withTime = true): string {
  const d = new Date(ms + CHINA_OFFSET_MS);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return withTime ? `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : date;
}

// XML 1.0 cannot carry these; a NUL or other control character would corrupt the sheet.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * A string for a text cell. Text cells are written as inline strings in a column formatted as Text
 * (numFmt @), so a value beginning with = + - @ tab or NUL is shown as typed and never evaluated,
 * not even when someone edits the cell. NUL and other characters XML cannot hold are dropped.
 */
export function safeText(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : String(v);
  return s.replace(XML_INVALID, '');
}

/** The cell value of one field, by the column's type. */
export function cellValue<R>(col: ExportColumn<R>, row: R): string | number | null {
  const raw = col.value ? col.value(row) : (row as Record<string, unknown>)[col.key];
  if (raw === null || raw === undefined || raw === '') return col.type === 'text' || !col.type ? '' : null;
  switch (col.type) {
    case 'number':
      return typeof raw === 'number' ? raw : Number.isFinite(Number(raw)) ? Number(raw) : safeText(raw);
    case 'money':
      return Number(raw) / 100;
    case 'time':
      return formatChinaTime(Number(raw));
    case 'date':
      return formatChinaTime(Number(raw), false);
    case 'enum':
      return safeText(col.labels?.[raw as string | number] ?? raw);
    default:
      return safeText(raw);
  }
}

const NUM_FMT: Partial<Record<NonNullable<ExportColumn['type']>, string>> = { money: '#,##0.00', number: '0' };

function columnWidth(col: ExportColumn<never>): number {
  if (col.width) return col.width;
  const headerWidth = [...col.header].reduce((w, ch) => w + (ch.charCodeAt(0) > 255 ? 2 : 1), 0) + 2;
  const typical = col.type === 'time' ? 20 : col.type === 'money' || col.type === 'number' ? 12 : col.type === 'date' ? 12 : 16;
  return Math.max(headerWidth, typical);
}

interface StreamBufLike {
  pipes?: Writable[];
  buffers?: unknown[];
}

/**
 * Waits while the zip entry or the output has more buffered than its high-water mark: the rows of
 * the next batch are not generated until the file (or the HTTP client) has taken the last ones.
 */
async function backPressure(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const buf = (sheet as unknown as { stream: StreamBufLike }).stream;
  // A later sheet is buffered until the zip reaches its entry; let the zip catch up.
  for (let spins = 0; (buf.pipes?.length ?? 0) === 0 && (buf.buffers?.length ?? 0) > 16 && spins < 10_000; spins++) {
    await new Promise((r) => setTimeout(r, 2));
  }
  for (const pipe of buf.pipes ?? []) {
    if (pipe.writableNeedDrain && !pipe.destroyed) await Promise.race([once(pipe, 'drain'), once(pipe, 'close')]);
  }
  if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

/**
 * Streams rows into an .xlsx on `out` with exceljs's streaming writer (inline strings, shared strings
 * off): Chinese headers, typed cells, back-pressure respected between batches, a new sheet past
 * Excel's row limit. Memory stays flat whatever the row count. Resolves when the file is complete.
 */
export async function writeXlsx<R>(
  out: Writable,
  columns: readonly ExportColumn<R>[],
  batches: AsyncIterable<readonly R[]>,
  opts: XlsxWriteOptions = {},
): Promise<{ rows: number; sheets: number }> {
  const maxRows = Math.max(2, opts.maxRowsPerSheet ?? EXCEL_MAX_ROWS);
  const baseName = (opts.sheetName || 'Sheet1').replace(/[\\/?*[\]:]/g, '').slice(0, 25) || 'Sheet1';
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const excelColumns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: columnWidth(c as ExportColumn<never>),
    style: { numFmt: NUM_FMT[c.type ?? 'text'] ?? '@' },
  }));
  let sheets = 0;
  const addSheet = () => {
    sheets++;
    const ws = wb.addWorksheet(sheets === 1 ? baseName : `${baseName}(${sheets})`, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = excelColumns;
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    return ws;
  };
  let sheet = addSheet();
  let inSheet = 1;
  let rows = 0;
  const values: (string | number | null)[] = new Array(columns.length);
  for await (const batch of batches) {
    if (opts.signal?.aborted) throw opts.signal.reason ?? new Error('export aborted');
    for (const row of batch) {
      if (inSheet >= maxRows) {
        sheet.commit();
        sheet = addSheet();
        inSheet = 1;
      }
      for (let i = 0; i < columns.length; i++) values[i] = cellValue(columns[i], row);
      sheet.addRow(values).commit();
      inSheet++;
      rows++;
    }
    await opts.onProgress?.(rows);
    await backPressure(sheet, out);
  }
  if (opts.signal?.aborted) throw opts.signal.reason ?? new Error('export aborted');
  await wb.commit();
  return { rows, sheets };
}
