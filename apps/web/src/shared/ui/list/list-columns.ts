import type { ReactNode } from 'react';
import type { FormRule, TableColumnType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { pickerToDate, pickerToInstant } from '../../format/date.ts';

/** An option of a select / radio search field. */
export interface ListOption {
  label: ReactNode;
  value: string | number;
}

/** A tree option (organisation pickers and the like). */
export interface ListTreeOption {
  title: ReactNode;
  value: string | number;
  key?: string | number;
  children?: ListTreeOption[];
}

interface SearchBase {
  /** Request parameter (and form field) name; defaults to the column key. */
  name?: string;
  /** Label in the search form; defaults to the column title. */
  label?: string;
  placeholder?: string;
  rules?: FormRule[];
  /** Kept in the compact (read-oriented) mode of a list. */
  inCompact?: boolean;
  /** Order in the search form (lower first); defaults to the column order. */
  order?: number;
  /** Maps the form value to the request value (e.g. 'true' -> true). */
  toParam?: (value: unknown) => unknown;
}

/** How a column is searched (DESIGN §8: one definition drives the search form and the table). */
export type SearchField =
  | (SearchBase & { type: 'text'; maxLength?: number })
  | (SearchBase & { type: 'select'; options: ListOption[] })
  | (SearchBase & { type: 'treeSelect'; treeData: ListTreeOption[] })
  /**
   * A date range picker whose value is sent as [startMs, endMs] (epoch milliseconds, the days on the
   * business clock), or with `dates` as ['YYYY-MM-DD', 'YYYY-MM-DD'] (a business date column).
   */
  | (SearchBase & { type: 'dateRange'; showTime?: boolean; dates?: boolean })
  | (SearchBase & { type: 'custom'; render: () => ReactNode });

/** One column of a list page: table column and, optionally, its search field. */
export interface ListColumn<T> extends Omit<TableColumnType<T>, 'key' | 'dataIndex' | 'title' | 'render' | 'sorter'> {
  key: string;
  title: string;
  /** Field of the row; defaults to `key`. */
  dataIndex?: string | string[];
  render?: (value: unknown, record: T, index: number) => ReactNode;
  /** Server-side sorting: the request's sortField is the column key. */
  sortable?: boolean;
  /** Only a search field, no table column. */
  hideInTable?: boolean;
  /** Left out of the table in the compact mode. */
  hideInCompact?: boolean;
  /**
   * The column that names the row (编号, 名称): fixed on the left while the table scrolls sideways,
   * always shown. By default the first table column.
   */
  keyColumn?: boolean;
  search?: SearchField;
}

/** Key of the row-actions column: fixed on the right, always shown, always last. */
export const ACTIONS_KEY = 'actions';
/** Width counted for a column that states none (its share of the scroll width). */
export const DEFAULT_COLUMN_WIDTH = 150;

/** A search field with its resolved name and label. */
export type ResolvedSearchField = SearchField & { name: string; label: string };

/** The search fields of a column definition, in form order. */
export function searchFieldsOf<T>(columns: ListColumn<T>[], compact = false): ResolvedSearchField[] {
  return columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.search && (!compact || c.search.inCompact))
    .map(({ c, i }) => ({
      field: { ...c.search!, name: c.search!.name ?? c.key, label: c.search!.label ?? c.title },
      order: c.search!.order ?? i,
    }))
    .sort((a, b) => a.order - b.order)
    .map(({ field }) => field as ResolvedSearchField);
}

/** What a person chose in 列设置: the order of the columns and the ones hidden. */
export interface ColumnSettings {
  order: string[];
  hidden: string[];
}

/** The columns a table can show (search-only and compact-hidden ones left out). */
export function shownColumnsOf<T>(columns: ListColumn<T>[], compact = false): ListColumn<T>[] {
  return columns.filter((c) => !c.hideInTable && !(compact && c.hideInCompact));
}

/** The key column of a table's columns: the one marked, else the first that is not the actions. */
export function keyColumnOf<T>(columns: ListColumn<T>[]): string | undefined {
  return (columns.find((c) => c.keyColumn) ?? columns.find((c) => c.key !== ACTIONS_KEY))?.key;
}

/** Whether 列设置 may hide or move a column (the key column and the actions stay where they are). */
export function isPinned<T>(column: ListColumn<T>, keyColumn: string | undefined): boolean {
  return column.key === keyColumn || column.key === ACTIONS_KEY;
}

/**
 * The table's columns after 列设置: the key column first, then the others in the chosen order (a
 * column the settings do not know yet keeps its place after its predecessor), the actions last;
 * hidden columns left out (never the key column or the actions). Settings naming columns that no
 * longer exist are ignored.
 */
export function arrangeColumns<T>(columns: ListColumn<T>[], settings: ColumnSettings | null): ListColumn<T>[] {
  const keyColumn = keyColumnOf(columns);
  const head = columns.filter((c) => c.key === keyColumn);
  const tail = columns.filter((c) => c.key === ACTIONS_KEY && c.key !== keyColumn);
  const middle = columns.filter((c) => !isPinned(c, keyColumn));
  let ordered = middle;
  if (settings) {
    const rank = new Map(settings.order.map((k, i) => [k, i]));
    const known = middle.filter((c) => rank.has(c.key)).sort((a, b) => rank.get(a.key)! - rank.get(b.key)!);
    // New columns go right after the column that precedes them in the definition.
    ordered = [];
    const placed = new Set<string>();
    const queue = [...known];
    for (const c of middle) {
      if (rank.has(c.key)) {
        const next = queue.shift()!;
        ordered.push(next);
        placed.add(next.key);
      } else {
        ordered.push(c);
      }
    }
    const hidden = new Set(settings.hidden);
    ordered = ordered.filter((c) => !hidden.has(c.key));
  }
  return [...head, ...ordered, ...tail];
}

/** Width a column takes in the scroll width: its width, else its minWidth, else the default. */
export function columnWidthOf<T>(column: Pick<ListColumn<T>, 'width' | 'minWidth'>): number {
  if (typeof column.width === 'number') return column.width;
  if (typeof column.width === 'string' && /^\d+(px)?$/.test(column.width)) return parseInt(column.width, 10);
  if (typeof column.minWidth === 'number') return column.minWidth;
  return DEFAULT_COLUMN_WIDTH;
}

/** Horizontal scroll width of a table: the sum of its columns' widths (DESIGN §8, 1366×768 rule). */
export function scrollWidthOf<T>(columns: Pick<ListColumn<T>, 'width' | 'minWidth'>[], extra = 0): number {
  return columns.reduce((sum, c) => sum + columnWidthOf(c), extra);
}

/**
 * The antd table columns of a column definition. The key column is fixed on the left and the
 * actions on the right (unless a column says otherwise), so a table scrolled sideways keeps both.
 */
export function tableColumnsOf<T>(
  columns: ListColumn<T>[],
  opts: { compact?: boolean; sort?: { field?: string; order?: 'ascend' | 'descend' }; settings?: ColumnSettings | null } = {},
): TableColumnType<T>[] {
  const shown = shownColumnsOf(columns, opts.compact);
  const keyColumn = keyColumnOf(shown);
  return arrangeColumns(shown, opts.settings ?? null).map((c) => {
    const { key, title, dataIndex, render, sortable, hideInTable: _h, hideInCompact: _hc, keyColumn: _k, search: _s, ...rest } = c;
    const fixed = rest.fixed ?? (key === keyColumn ? 'left' : key === ACTIONS_KEY ? 'right' : undefined);
    return {
      ...rest,
      ...(fixed ? { fixed } : {}),
      key,
      title,
      dataIndex: dataIndex ?? key,
      ...(render ? { render: (v: unknown, r: T, i: number) => render(v, r, i) } : {}),
      ...(sortable
        ? {
            sorter: true,
            sortOrder: opts.sort?.field === key ? (opts.sort.order ?? null) : null,
            sortDirections: ['descend', 'ascend'] as const,
          }
        : {}),
    } as TableColumnType<T>;
  });
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function rangeOf(value: unknown): [Dayjs, Dayjs] | undefined {
  if (!Array.isArray(value) || value.length !== 2 || !value[0] || !value[1]) return undefined;
  const [a, b] = value.map((v) => dayjs(v as Dayjs | number | string)) as [Dayjs, Dayjs];
  return a.isValid() && b.isValid() ? [a, b] : undefined;
}

/**
 * A date range value as epoch milliseconds, the picked days and times read on the business clock
 * (not the browser's). Without time the range covers whole days (00:00:00.000 of the first day to
 * 23:59:59.999 of the last).
 */
export function rangeToMs(value: unknown, withTime = false): [number, number] | undefined {
  const r = rangeOf(value);
  if (!r) return undefined;
  const [a, b] = r;
  const start = withTime ? a.startOf('second') : a.startOf('day');
  const end = withTime ? b.endOf('second') : b.endOf('day');
  return [pickerToInstant(start), pickerToInstant(end)];
}

/** A date range value as business dates ['YYYY-MM-DD', 'YYYY-MM-DD'] (the days picked). */
export function rangeToDates(value: unknown): [string, string] | undefined {
  const r = rangeOf(value);
  return r ? [pickerToDate(r[0])!, pickerToDate(r[1])!] : undefined;
}

/**
 * Search form values as request parameters: strings trimmed, empty values left out, date ranges
 * as [startMs, endMs], each field's own `toParam` applied last.
 */
export function toQueryParams(values: Record<string, unknown>, fields: ResolvedSearchField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    let v = values[f.name];
    if (isEmpty(v)) continue;
    if (typeof v === 'string') v = v.trim();
    if (f.type === 'dateRange') v = f.dates ? rangeToDates(v) : rangeToMs(v, f.showTime);
    if (f.toParam) v = f.toParam(v);
    if (isEmpty(v)) continue;
    out[f.name] = v;
  }
  return out;
}

/** A page of rows as list operations return it. */
export interface PageResult<T> {
  list: T[];
  total: number;
}

/** A page of rows as keyset list operations return it (contracts core/keyset.ts keysetOf). */
export interface KeysetResult<T> {
  list: T[];
  /** Asks for the page after this one; null on the last page. */
  nextCursor: string | null;
  /** Asks for the page before this one; null on the first page. */
  prevCursor: string | null;
  /** Given with the first page only. */
  total?: number;
}

/** Paging and sorting parameters a keyset list request carries (cursor absent on the first page). */
export interface KeysetParams {
  pageSize: number;
  cursor?: string;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

/** Paging and sorting parameters every list request carries. */
export interface PageParams {
  pageNum: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

/** Client-side paging for operations that answer the whole (short) list. */
export function pageLocally<T>(rows: T[], params: Pick<PageParams, 'pageNum' | 'pageSize'>): PageResult<T> {
  const start = (params.pageNum - 1) * params.pageSize;
  return { list: rows.slice(start, start + params.pageSize), total: rows.length };
}

/** The last page that still has rows (after deletions shrink the list). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
