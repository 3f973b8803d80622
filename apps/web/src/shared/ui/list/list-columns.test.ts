import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  arrangeColumns,
  keyColumnOf,
  lastPage,
  pageLocally,
  rangeToMs,
  scrollWidthOf,
  searchFieldsOf,
  tableColumnsOf,
  toQueryParams,
  type ListColumn,
} from './list-columns.ts';

interface Row {
  id: number;
  name: string;
  status: number;
}

const columns: ListColumn<Row>[] = [
  { key: 'name', title: '名称', search: { type: 'text', inCompact: true } },
  { key: 'orgId', title: '组织', hideInTable: true, search: { type: 'treeSelect', treeData: [], order: 10 } },
  {
    key: 'status',
    title: '状态',
    hideInCompact: true,
    search: { type: 'select', options: [{ value: 1, label: '启用' }], inCompact: true },
  },
  { key: 'createdAt', title: '创建时间', sortable: true, search: { type: 'dateRange', name: 'timeRange', label: '时间' } },
  { key: 'actions', title: '操作' },
];

describe('searchFieldsOf', () => {
  it('lists the searchable columns in order, with names and labels resolved', () => {
    expect(searchFieldsOf(columns).map((f) => [f.name, f.label])).toEqual([
      ['name', '名称'],
      ['status', '状态'],
      ['timeRange', '时间'],
      ['orgId', '组织'],
    ]);
  });
  it('keeps only the fields marked for the compact mode', () => {
    expect(searchFieldsOf(columns, true).map((f) => f.name)).toEqual(['name', 'status']);
  });
});

describe('tableColumnsOf', () => {
  it('drops search-only columns and compact-hidden ones, keeps dataIndex = key', () => {
    expect(tableColumnsOf(columns).map((c) => c.key)).toEqual(['name', 'status', 'createdAt', 'actions']);
    expect(tableColumnsOf(columns, { compact: true }).map((c) => c.key)).toEqual(['name', 'createdAt', 'actions']);
    expect(tableColumnsOf(columns)[0]).toMatchObject({ dataIndex: 'name', title: '名称' });
    expect(tableColumnsOf(columns)[0]).not.toHaveProperty('search');
  });
  it('marks sortable columns for server sorting and reflects the current order', () => {
    const cols = tableColumnsOf(columns, { sort: { field: 'createdAt', order: 'ascend' } });
    expect(cols.find((c) => c.key === 'createdAt')).toMatchObject({ sorter: true, sortOrder: 'ascend' });
    expect(tableColumnsOf(columns).find((c) => c.key === 'createdAt')).toMatchObject({ sorter: true, sortOrder: null });
    expect(cols.find((c) => c.key === 'name')).not.toHaveProperty('sorter');
  });
});

describe('fixed columns and scroll width (every column reachable at 1366×768)', () => {
  const wide: ListColumn<Row>[] = [
    { key: 'code', title: '编号', width: 140 },
    { key: 'name', title: '名称', width: 200 },
    { key: 'address', title: '地址' },
    { key: 'phone', title: '电话', minWidth: 120 },
    { key: 'actions', title: '操作', width: 160 },
  ];
  it('fixes the first column on the left and the actions on the right', () => {
    const cols = tableColumnsOf(wide);
    expect(cols.map((c) => [c.key, c.fixed])).toEqual([
      ['code', 'left'],
      ['name', undefined],
      ['address', undefined],
      ['phone', undefined],
      ['actions', 'right'],
    ]);
  });
  it('a column marked keyColumn is the key column instead, moved first', () => {
    const cols = tableColumnsOf(wide.map((c) => (c.key === 'name' ? { ...c, keyColumn: true } : c)));
    expect(cols.map((c) => c.key)).toEqual(['name', 'code', 'address', 'phone', 'actions']);
    expect(cols[0].fixed).toBe('left');
    expect(cols.find((c) => c.key === 'code')?.fixed).toBeUndefined();
    expect(cols[0]).not.toHaveProperty('keyColumn');
  });
  it('a table without actions fixes only its key column; a column’s own fixed wins', () => {
    expect(tableColumnsOf(wide.slice(0, 3)).map((c) => c.fixed)).toEqual(['left', undefined, undefined]);
    expect(
      tableColumnsOf([
        { key: 'a', title: 'A', fixed: false as unknown as 'left' },
        { key: 'b', title: 'B' },
      ])[0].fixed,
    ).toBe(false);
  });
  it('the scroll width is the sum of the column widths (minWidth, else 150, for a column without one)', () => {
    expect(scrollWidthOf(wide)).toBe(140 + 200 + 150 + 120 + 160);
    expect(scrollWidthOf(wide, 48)).toBe(140 + 200 + 150 + 120 + 160 + 48);
    expect(scrollWidthOf([{ width: '90px' }, { width: 60 }])).toBe(150);
  });
});

describe('arrangeColumns (列设置)', () => {
  const cols: ListColumn<Row>[] = ['code', 'a', 'b', 'c', 'actions'].map((key) => ({ key, title: key.toUpperCase() }));
  const keys = (c: ListColumn<Row>[]) => c.map((x) => x.key);
  it('without settings keeps the definition', () => {
    expect(keys(arrangeColumns(cols, null))).toEqual(['code', 'a', 'b', 'c', 'actions']);
    expect(keyColumnOf(cols)).toBe('code');
  });
  it('orders and hides the middle columns; the key column stays first and the actions last', () => {
    expect(keys(arrangeColumns(cols, { order: ['c', 'a', 'b'], hidden: ['a'] }))).toEqual(['code', 'c', 'b', 'actions']);
    // Pinned columns cannot be hidden or moved by stored settings.
    expect(keys(arrangeColumns(cols, { order: ['actions', 'b', 'code', 'a', 'c'], hidden: ['code', 'actions'] }))).toEqual([
      'code',
      'b',
      'a',
      'c',
      'actions',
    ]);
  });
  it('a column added since the settings were saved keeps its place; removed ones are ignored', () => {
    expect(keys(arrangeColumns(cols, { order: ['b', 'gone', 'a'], hidden: ['gone'] }))).toEqual(['code', 'b', 'a', 'c', 'actions']);
    expect(keys(arrangeColumns(cols, { order: ['c', 'b'], hidden: [] }))).toEqual(['code', 'a', 'c', 'b', 'actions']);
  });
  it('tableColumnsOf applies the settings', () => {
    expect(tableColumnsOf(cols, { settings: { order: ['b', 'a', 'c'], hidden: ['c'] } }).map((c) => c.key)).toEqual([
      'code',
      'b',
      'a',
      'actions',
    ]);
  });
});

describe('toQueryParams', () => {
  const fields = searchFieldsOf(columns);
  it('trims strings and leaves empty values out', () => {
    expect(toQueryParams({ name: '  admin ', status: undefined, orgId: null, timeRange: [] }, fields)).toEqual({ name: 'admin' });
    expect(toQueryParams({ name: '   ' }, fields)).toEqual({});
  });
  it('keeps 0 (a real select value)', () => {
    expect(toQueryParams({ status: 0 }, fields)).toEqual({ status: 0 });
  });
  it('sends a date range as whole days in epoch ms, the days of the business time zone (Asia/Shanghai)', () => {
    const out = toQueryParams({ timeRange: [dayjs('2026-03-01 10:00'), dayjs('2026-03-03 09:00')] }, fields);
    expect(out.timeRange).toEqual([Date.UTC(2026, 1, 28, 16), Date.UTC(2026, 2, 3, 16) - 1]);
  });
  it('sends a business-date range as the days picked', () => {
    const f = searchFieldsOf<Row>([{ key: 'endRange', title: '到期日期', search: { type: 'dateRange', dates: true } }]);
    expect(toQueryParams({ endRange: [dayjs('2026-03-01 10:00'), dayjs('2026-03-03 09:00')] }, f)).toEqual({
      endRange: ['2026-03-01', '2026-03-03'],
    });
  });
  it('applies the field’s own conversion', () => {
    const f = searchFieldsOf<Row>([
      { key: 'success', title: '结果', search: { type: 'select', options: [], toParam: (v) => v === 'true' } },
    ]);
    expect(toQueryParams({ success: 'false' }, f)).toEqual({ success: false });
  });
});

describe('rangeToMs', () => {
  it('keeps the picked minutes when the picker shows time, read on the business clock', () => {
    const a = dayjs('2026-03-01 10:15:30');
    const b = dayjs('2026-03-01 18:45:10');
    expect(rangeToMs([a, b], true)).toEqual([Date.UTC(2026, 2, 1, 2, 15, 30), Date.UTC(2026, 2, 1, 10, 45, 10, 999)]);
  });
  it('ignores incomplete ranges', () => {
    expect(rangeToMs([dayjs(), null])).toBeUndefined();
    expect(rangeToMs('x')).toBeUndefined();
  });
});

describe('paging helpers', () => {
  it('pages a whole list locally', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageLocally(rows, { pageNum: 3, pageSize: 10 })).toEqual({ list: [20, 21, 22], total: 23 });
  });
  it('finds the last page that still has rows', () => {
    expect(lastPage(21, 10)).toBe(3);
    expect(lastPage(0, 10)).toBe(1);
  });
});
