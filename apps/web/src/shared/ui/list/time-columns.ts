import { formatDateTime } from '../../format/date.ts';
import type { ListColumn } from './list-columns.ts';

/** A time column: the instant on the business clock, '--' when there is none. */
export function timeColumn<T>(key: string, title: string, over?: Partial<ListColumn<T>>): ListColumn<T> {
  return { key, title, width: 170, render: (v) => (v ? formatDateTime(v) : '--'), ...over };
}

/** 创建时间: sortable, and searched by a day range sent as createdRange ([startMs, endMs]). */
export function createdAtColumn<T>(searchOrder?: number): ListColumn<T> {
  return timeColumn<T>('createdAt', '创建时间', {
    sortable: true,
    search: { type: 'dateRange', name: 'createdRange', label: '创建时间', ...(searchOrder === undefined ? {} : { order: searchOrder }) },
  });
}
