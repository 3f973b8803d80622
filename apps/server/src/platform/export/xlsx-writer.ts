import type { Writable } from 'node:stream';
import { DEFAULT_BUSINESS_TIME_ZONE, formatInZone, isCalendarDate } from '@merchant/contracts';
import ExcelJS from 'exceljs';
import type { ExportColumn } from './export-column.ts';

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
  /** The business time zone time cells are written in (default Asia/Shanghai). */
  timeZone?: string;
}

const CHINA_OFFSET_MS = 8 * 3600_000;
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Epoch ms → `yyyy-MM-dd HH:mm:ss` in China time (UTC+8, no daylight saving). Exports use `formatInZone` with the configured zone. */
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

/**
 * The cell value of one field, by the column's type. Times are written on the business time zone's
 * clock; a date column holds business dates ('YYYY-MM-DD', written as they are) or instants (their
 * calendar date in the zone).
 */
export function cellValue<R>(col: ExportColumn<R>, row: R, timeZone: string = DEFAULT_BUSINESS_TIME_ZONE): string | number | null {
  const raw = col.value ? col.value(row) : (row as Record<string, unknown>)[col.key];
  if (raw === null || raw === undefined || raw === '') return col.type === 'text' || !col.type ? '' : null;
  switch (col.type) {
    case 'number':
      return typeof raw === 'number' ? raw : Number.isFinite(Number(raw)) ? Number(raw) : safeText(raw);
    case 'money':
      return Number(raw) / 100;
    case 'time':
      return formatInZone(Number(raw), timeZone);
    case 'date':
      return isCalendarDate(raw)
        ? raw
        : typeof raw === 'string' && !/^\d+$/.test(raw)
          ? safeText(raw)
          : formatInZone(Number(raw), timeZone, false);
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
}

/**
 * Whether a stream asked for 'drain'. exceljs pipes the sheet into archiver's PassThrough from
 * readable-stream 2, which has no `writableNeedDrain` getter (Node ≥ 15 only): read its state.
 */
function needsDrain(s: Writable): boolean {
  return s.writableNeedDrain ?? (s as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ?? false;
}

/**
 * Resolves on 'drain' or 'close' or when the export is aborted (a client gone never drains), rejects
 * on 'error'; removes its listeners either way (no listener left behind per batch).
 */
function drained(s: Writable, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: unknown) => {
      s.off('drain', done);
      s.off('close', done);
      s.off('error', done);
      signal?.removeEventListener('abort', onAbort);
      if (err instanceof Error) reject(err);
      else resolve();
    };
    const onAbort = () => done();
    s.on('drain', done);
    s.on('close', done);
    s.on('error', done);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Waits while the zip entry or the output has more buffered than its high-water mark: the rows of
 * the next batch are not generated until the file (or the HTTP client) has taken the last ones.
 */
async function backPressure(sheet: ExcelJS.Worksheet, out: Writable, signal?: AbortSignal): Promise<void> {
  const buf = (sheet as unknown as { stream: StreamBufLike }).stream;
  let waited = false;
  for (const pipe of buf.pipes ?? []) {
    if (needsDrain(pipe) && !pipe.destroyed && !signal?.aborted) {
      await drained(pipe, signal);
      waited = true;
    }
  }
  if (needsDrain(out) && !out.destroyed && !signal?.aborted) {
    await drained(out, signal);
    waited = true;
  }
  // Batches from a cursor arrive as microtasks: give the event loop (other requests, the abort) a turn.
  if (!waited) await new Promise((r) => setImmediate(r));
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
  const timeZone = opts.timeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
  const baseName = (opts.sheetName || 'Sheet1').replace(/[\\/?*[\]:]/g, '').slice(0, 25) || 'Sheet1';
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const excelColumns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: columnWidth(c as ExportColumn<never>),
    style: { numFmt: NUM_FMT[c.type ?? 'text'] ?? '@' },
  }));
  const cellStyles = excelColumns.map((c) => ({ ...c.style }));
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
      for (let i = 0; i < columns.length; i++) values[i] = cellValue(columns[i], row, timeZone);
      const added = sheet.addRow(values);
      // One style object per column: exceljs caches a style's id by object identity (a WeakMap), while
      // the style it merges for each new cell is a fresh object rendered to XML to find its id.
      for (let i = 0; i < cellStyles.length; i++) added.getCell(i + 1).style = cellStyles[i];
      added.commit();
      inSheet++;
      rows++;
    }
    await opts.onProgress?.(rows);
    await backPressure(sheet, out, opts.signal);
  }
  if (opts.signal?.aborted) throw opts.signal.reason ?? new Error('export aborted');
  await wb.commit();
  return { rows, sheets };
}
