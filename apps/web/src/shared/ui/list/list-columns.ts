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
  search?: SearchField;
}

/** A search field with its resolved name and label. */
export type ResolvedSearchField = SearchField & { name: string; label: string };

/** The search fields of a column definition, in form order. */
export function searchFieldsOf<T>(columns: ListColumn<T>[], compact = false): ResolvedSearchField[] {
  return columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.search && (!compact || c.search.inCompact))
    .map(({ c, i }) => ({ field: { ...c.search!, name: c.search!.name ?? c.key, label: c.search!.label ?? c.title }, order: c.search!.order ?? i }))
    .sort((a, b) => a.order - b.order)
    .map(({ field }) => field as ResolvedSearchField);
}

/** The antd table columns of a column definition. */
export function tableColumnsOf<T>(
  columns: ListColumn<T>[],
  opts: { compact?: boolean; sort?: { field?: string; order?: 'ascend' | 'descend' } } = {},
): TableColumnType<T>[] {
  return columns
    .filter((c) => !c.hideInTable && !(opts.compact && c.hideInCompact))
    .map((c) => {
      const { key, title, dataIndex, render, sortable, hideInTable: _h, hideInCompact: _hc, search: _s, ...rest } = c;
      return {
        ...rest,
        key,
        title,
        dataIndex: dataIndex ?? key,
        ...(render ? { render: (v: unknown, r: T, i: number) => render(v, r, i) } : {}),
        ...(sortable
          ? { sorter: true, sortOrder: opts.sort?.field === key ? (opts.sort.order ?? null) : null, sortDirections: ['descend', 'ascend'] as const }
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
