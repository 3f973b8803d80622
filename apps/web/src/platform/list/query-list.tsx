import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, Form, Input, Row, Select, Space, Table, Tooltip, TreeSelect, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import {
  lastPage,
  searchFieldsOf,
  toQueryParams,
  type KeysetParams,
  type KeysetResult,
  type ListColumn,
  type PageParams,
  type PageResult,
  type ResolvedSearchField,
} from '../../shared/ui/list/list-columns.ts';
import { ExportButton, type ListExport } from './export-button.tsx';
import type { ListRowSelection } from './row-selection.ts';
import { KeysetPager, PAGE_SIZE_OPTIONS } from './keyset-pager.tsx';
import { LIST_TABLE_STICKY, useListLayout } from './column-settings.tsx';
import { currentTab, readTabState, signalLoading, writeTabState } from '../tab-state.ts';
import './query-list.css';

export type { ListExport };

/**
 * How the list pages. `offset` (default): page numbers, 共 N 条 and a quick jumper — bounded lists.
 * `keyset`: 上一页 / 下一页 from a cursor the server hands out — lists over tables that grow without
 * bound (docs/decisions.md); the request receives `cursor` (absent on the first page) instead of pageNum.
 */
export type QueryListPaging<T> =
  | {
      paging?: 'offset';
      /** Loads one page; receives the search values plus paging and sorting. */
      request: (params: PageParams & Record<string, unknown>) => Promise<PageResult<T>>;
    }
  | {
      paging: 'keyset';
      /** Loads one page; receives the search values plus pageSize, cursor (after the first page) and sorting. */
      request: (params: KeysetParams & Record<string, unknown>) => Promise<KeysetResult<T>>;
    };

export type QueryListProps<T> = QueryListOptions<T> & QueryListPaging<T>;

interface QueryListOptions<T> {
  /** Cache key of this list; filters and paging are appended. Invalidate it to reload. */
  queryKey: readonly unknown[];
  columns: ListColumn<T>[];
  rowKey: string | ((row: T) => Key);
  /** Title of the table card (left of the toolbar). */
  title?: ReactNode;
  /** Buttons on the right of the table card's head (新增 …). */
  toolbar?: ReactNode;
  /**
   * Offers 导出 in the toolbar: the list's operation re-run by the server with the filters (and
   * sorting) the table shows, without paging. Disabled while the list is empty.
   */
  exportable?: ListExport;
  /**
   * Reloads the shown page every so many milliseconds while this returns a number (e.g. while some
   * rows are still being worked on); false stops. Timed reloads do not cover the table with a spinner.
   * (An offset list's; a keyset page has no `total` unless it is the first.)
   */
  refetchInterval?: (data: PageResult<T> | undefined) => number | false;
  /** Read-oriented mode: only the fields and columns kept for it, a smaller table. */
  compact?: boolean;
  defaultPageSize?: number;
  /** Search form values applied on first load (and restored by 重置). */
  initialValues?: Record<string, unknown>;
  /** Shown when the list has no rows. */
  emptyText?: ReactNode;
  /**
   * Names this list's settings in the browser (列设置, widths, density, page size per account; filters, page and
   * sort per tab); by default the query key. Set it when two pages show one query differently, or a page has
   * two lists of one query.
   */
  settingsId?: string;
  expandable?: TableProps<T>['expandable'];
  /**
   * Tick boxes for a batch action (useRowSelection): the ticks stay while paging and searching; the head of the
   * table then says how many are ticked, with 取消选择.
   */
  rowSelection?: ListRowSelection<T>;
  /** Search fields shown before 展开 (the rest fold away); by default two rows' worth. */
  foldAfter?: number;
  testId?: string;
}

function searchInput(field: ResolvedSearchField): ReactNode {
  const placeholder = field.placeholder;
  switch (field.type) {
    case 'text':
      return <Input allowClear maxLength={field.maxLength ?? 64} placeholder={placeholder ?? `请输入${field.label}`} />;
    case 'select':
      return (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={placeholder ?? `请选择${field.label}`}
          options={field.options}
        />
      );
    case 'treeSelect':
      return (
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          placeholder={placeholder ?? `请选择${field.label}`}
          treeData={field.treeData}
          styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          style={{ width: '100%' }}
          showTime={field.showTime ? { format: 'HH:mm' } : undefined}
          format={field.showTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'}
          placeholder={['开始时间', '结束时间']}
        />
      );
    case 'custom':
      return field.render();
  }
}

/**
 * What a list keeps per tab (platform/tab-state.ts) so a tab shown again, or reloaded, has the list as it was
 * left: the search form as typed, the search applied, the page (keyset: the cursor it starts from, 第 N 页 and
 * the count of the first page), page size, sort and whether the form was unfolded.
 */
interface ListTabState {
  values?: Record<string, unknown>;
  filters: Record<string, unknown>;
  pageNum: number;
  pageSize: number;
  cursor?: string;
  sort?: { field?: string; order?: 'ascend' | 'descend' };
  counted?: { searchKey: string; total: number };
  expanded?: boolean;
}

function validTabState(v: ListTabState | null): ListTabState | null {
  if (!v || typeof v !== 'object') return null;
  if (!v.filters || typeof v.filters !== 'object' || !Number.isInteger(v.pageNum) || v.pageNum < 1) return null;
  if (!Number.isInteger(v.pageSize) || v.pageSize < 1 || v.pageSize > 200) return null;
  return v;
}

/** Form values read back from storage: the date ranges as dayjs again. */
function reviveValues(values: Record<string, unknown>, fields: ResolvedSearchField[]): Record<string, unknown> {
  const out = { ...values };
  for (const f of fields) {
    const v = out[f.name];
    if (f.type === 'dateRange' && Array.isArray(v) && v.length === 2) out[f.name] = v.map((x) => (x ? dayjs(x as string) : x));
  }
  return out;
}

/** A page as either kind of list answers it. */
type ListData<T> = { list: T[]; total?: number; nextCursor?: string | null; prevCursor?: string | null };

/**
 * A list page body (DESIGN §8): search form and table driven by one column definition,
 * server-side paging (by offset, or by keyset with `paging="keyset"`) and sorting, loading, empty and
 * error states, a refresh button.
 */
export function QueryList<T extends object>(props: QueryListProps<T>) {
  const {
    queryKey,
    columns,
    rowKey,
    title,
    toolbar,
    compact = false,
    defaultPageSize = 10,
    initialValues,
    emptyText,
    settingsId,
    expandable,
    foldAfter = 7,
    testId,
    exportable,
    refetchInterval,
    rowSelection,
  } = props;
  const keyset = props.paging === 'keyset';
  const request = props.request as (params: Record<string, unknown>) => Promise<ListData<T>>;
  const [form] = Form.useForm();
  const fields = useMemo(() => searchFieldsOf(columns, compact), [columns, compact]);
  const listId = settingsId ?? `${queryKey.filter((k) => typeof k === 'string').join('.')}${compact ? ':compact' : ''}`;

  // Per tab (sessionStorage): the list as it was left in this tab, read once when the page mounts.
  const [tab] = useState(currentTab);
  const part = `list:${listId}`;
  const [restored] = useState(() => validTabState(readTabState<ListTabState>(tab, part)));
  const [sort, setSort] = useState<{ field?: string; order?: 'ascend' | 'descend' }>(() => restored?.sort ?? {});
  const initialFilters = useMemo(() => toQueryParams(initialValues ?? {}, fields), [initialValues, fields]);

  // Per account (localStorage): 列设置, column widths, density and page size. Every column stays reachable on a
  // small screen (1366×768): the table scrolls sideways by the sum of its column widths, with the key column and
  // the actions fixed; 列设置 hides and moves columns.
  const layout = useListLayout(listId, columns, {
    compact,
    sort,
    extraWidth: (expandable ? 48 : 0) + (rowSelection ? 48 : 0),
    onReset: () => {
      setPaging({ pageNum: 1, pageSize: defaultPageSize });
      setCursor(undefined);
    },
  });
  const accountPageSize = layout.pageSize ?? defaultPageSize;

  const [filters, setFilters] = useState<Record<string, unknown>>(() => restored?.filters ?? initialFilters);
  const [paging, setPaging] = useState(() =>
    restored ? { pageNum: restored.pageNum, pageSize: restored.pageSize } : { pageNum: 1, pageSize: accountPageSize },
  );
  // Keyset: where the shown page starts (absent on the first page); pageNum only counts for 第 N 页.
  const [cursor, setCursor] = useState<string | undefined>(() => (keyset ? restored?.cursor : undefined));
  const [expanded, setExpanded] = useState(() => restored?.expanded ?? false);
  // The form as typed (not yet applied), kept with the rest.
  const typed = useRef<Record<string, unknown> | undefined>(restored?.values);
  const [formInitial] = useState(() => (restored?.values ? reviveValues(restored.values, fields) : initialValues));

  // Another list behind the same table (the page's own controls changed the query key, e.g. 相似商品's goods and
  // basis): back to its first page, as a new search would.
  const listKey = JSON.stringify(queryKey);
  const [shownKey, setShownKey] = useState(listKey);
  if (shownKey !== listKey) {
    setShownKey(listKey);
    setPaging((p) => ({ ...p, pageNum: 1 }));
    setCursor(undefined);
  }

  const sorting = sort.field && sort.order ? { sortField: sort.field, sortOrder: sort.order } : {};
  const params = keyset
    ? { ...filters, pageSize: paging.pageSize, ...(cursor ? { cursor } : {}), ...sorting }
    : { ...filters, ...paging, ...sorting };
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: () => request(params),
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data as PageResult<T> | undefined) : undefined,
  });

  const data = query.data;
  const polling = refetchInterval ? refetchInterval(data as PageResult<T> | undefined) !== false : false;
  // A new page or filter shows the spinner; the timed reloads of a polled list do not.
  const tableLoading = query.isFetching && (!polling || query.isLoading || query.isPlaceholderData);
  const firstPage = () => {
    setPaging((p) => ({ ...p, pageNum: 1 }));
    setCursor(undefined);
  };
  if (keyset) {
    // Rows removed elsewhere left this page empty: back to the first page.
    if (data && !query.isPlaceholderData && data.list.length === 0 && cursor) firstPage();
  } else if (data && data.total !== undefined) {
    // Rows removed elsewhere (delete on the last page): step back to the last page that has rows.
    if (data.list.length === 0 && data.total > 0 && paging.pageNum > lastPage(data.total, paging.pageSize)) {
      setPaging({ ...paging, pageNum: lastPage(data.total, paging.pageSize) });
    }
  }
  // Keyset: the server counts with the first page only; the count stays while the same search is paged.
  const searchKey = JSON.stringify([filters, paging.pageSize, sorting]);
  const [counted, setCounted] = useState<{ searchKey: string; total: number } | null>(() => restored?.counted ?? null);
  if (
    keyset &&
    data?.total !== undefined &&
    !query.isPlaceholderData &&
    (counted?.searchKey !== searchKey || counted.total !== data.total)
  ) {
    setCounted({ searchKey, total: data.total });
  }
  const total = keyset ? (counted?.searchKey === searchKey ? counted.total : undefined) : data?.total;
  const listEmpty = !data || (data.total ?? data.list.length) === 0;

  // A kept cursor the server no longer takes (a failed restored page): back to the first page.
  const [checkCursor, setCheckCursor] = useState(() => !!restored?.cursor && keyset);
  if (checkCursor && (data || query.isError) && !query.isPlaceholderData) {
    setCheckCursor(false);
    if (query.isError && cursor) firstPage();
  }

  // Kept per tab whenever it changes; the list's own defaults keep nothing (a 重置 forgets the tab's list).
  const keep = () => {
    const atDefault =
      typed.current === undefined &&
      JSON.stringify(filters) === JSON.stringify(initialFilters) &&
      paging.pageNum === 1 &&
      !cursor &&
      paging.pageSize === accountPageSize &&
      !sort.field &&
      !expanded;
    const state: ListTabState = {
      values: typed.current,
      filters,
      pageNum: paging.pageNum,
      pageSize: paging.pageSize,
      ...(cursor ? { cursor } : {}),
      ...(sort.field ? { sort } : {}),
      ...(keyset && counted ? { counted } : {}),
      ...(expanded ? { expanded } : {}),
    };
    writeTabState(tab, part, atDefault ? null : state);
  };
  const keepRef = useRef(keep);
  useEffect(() => {
    keepRef.current = keep;
    keep();
  });

  // The tab bar puts the window's scroll back once the page's lists have loaded.
  const [loadingToken] = useState(() => Symbol(listId));
  useEffect(() => signalLoading(loadingToken, query.isLoading), [loadingToken, query.isLoading]);
  useEffect(() => () => signalLoading(loadingToken, false), [loadingToken]);

  const foldable = fields.length > foldAfter;
  const shown = foldable && !expanded ? fields.slice(0, foldAfter) : fields;

  const submit = (values: Record<string, unknown>) => {
    const next = toQueryParams(values, fields);
    // 查询 with the same conditions still asks the server again (fresh data, not the cache).
    if (paging.pageNum === 1 && !cursor && JSON.stringify(next) === JSON.stringify(filters)) {
      void query.refetch();
      return;
    }
    setFilters(next);
    firstPage();
  };
  // 重置: the list's own search, first page, page size and order (and the tab forgets its list).
  const reset = () => {
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, initialValues?.[f.name]])));
    typed.current = undefined;
    const unchanged =
      paging.pageNum === 1 &&
      !cursor &&
      paging.pageSize === accountPageSize &&
      !sort.field &&
      JSON.stringify(initialFilters) === JSON.stringify(filters);
    if (unchanged) {
      keep();
      void query.refetch();
      return;
    }
    setFilters(initialFilters);
    setSort({});
    setPaging({ pageNum: 1, pageSize: accountPageSize });
    setCursor(undefined);
  };

  const onTableChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      setSort(s?.order ? { field: String(s.columnKey ?? s.field), order: s.order } : {});
      firstPage();
      return;
    }
    if (keyset) return;
    const pageSize = pagination.pageSize ?? paging.pageSize;
    if (pageSize !== paging.pageSize) layout.setPageSize(pageSize);
    setPaging({ pageNum: pagination.current ?? 1, pageSize });
  };

  const empty = query.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="数据加载失败">
      <Button size="small" onClick={() => void query.refetch()}>
        重新加载
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? '暂无数据'} />
  );

  return (
    <div className={compact ? 'query-list query-list-compact' : 'query-list'} data-testid={testId}>
      {fields.length > 0 ? (
        <Card className="query-list-search" variant="borderless" size={compact ? 'small' : undefined}>
          <Form
            form={form}
            initialValues={formInitial}
            onFinish={submit}
            onValuesChange={(_, all: Record<string, unknown>) => {
              typed.current = all;
              keepRef.current();
            }}
            labelCol={{ flex: '80px' }}
            wrapperCol={{ flex: '1 1 0' }}
            className="query-list-form"
          >
            <Row gutter={[24, 16]}>
              {shown.map((f) => (
                // a date range needs room for both dates (a quarter row cut them off)
                <Col key={f.name} xs={24} sm={12} {...(f.type === 'dateRange' ? { lg: 12, xl: 8 } : { lg: 8, xl: 6 })}>
                  <Form.Item name={f.name} label={f.label} rules={f.rules} style={{ marginBottom: 0 }}>
                    {searchInput(f)}
                  </Form.Item>
                </Col>
              ))}
              <Col flex="auto" className="query-list-actions">
                <Space>
                  <Button onClick={reset}>重置</Button>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={tableLoading && !query.isLoading}>
                    查询
                  </Button>
                  {foldable ? (
                    <Button type="link" onClick={() => setExpanded(!expanded)} style={{ paddingInline: 4 }}>
                      {expanded ? '收起' : '展开'}
                      {expanded ? <UpOutlined /> : <DownOutlined />}
                    </Button>
                  ) : null}
                </Space>
              </Col>
            </Row>
          </Form>
        </Card>
      ) : null}
      <Card className="query-list-table" variant="borderless" size={compact ? 'small' : undefined}>
        <div className="query-list-head">
          <div className="query-list-title">
            {title}
            {rowSelection && rowSelection.selectedRowKeys.length > 0 ? (
              <span className="query-list-selected" data-testid="query-list-selected">
                已选择 {rowSelection.selectedRowKeys.length} 项
                <Button type="link" size="small" onClick={() => rowSelection.onChange([], [])}>
                  取消选择
                </Button>
              </span>
            ) : null}
          </div>
          <Space size={8} wrap>
            {toolbar}
            {exportable ? (
              <ExportButton
                operation={exportable.operation}
                exportName={exportable.exportName}
                body={() => (exportable.body ?? ((f) => f))({ ...filters, ...sorting })}
                disabled={listEmpty || query.isError}
                disabledReason={query.isError ? '列表加载失败，无法导出' : data ? '列表为空，没有可导出的数据' : undefined}
              />
            ) : null}
            <Tooltip title="刷新">
              <Button aria-label="刷新" icon={<ReloadOutlined />} onClick={() => void query.refetch()} />
            </Tooltip>
            {layout.densityButton}
            {layout.settingsButton}
          </Space>
        </div>
        <Table<T>
          rowKey={rowKey}
          size={layout.size}
          components={layout.components}
          columns={layout.tableColumns}
          dataSource={data?.list ?? []}
          loading={tableLoading}
          onChange={onTableChange}
          expandable={expandable}
          rowSelection={
            rowSelection
              ? {
                  selectedRowKeys: rowSelection.selectedRowKeys,
                  onChange: (keys, rows) => rowSelection.onChange(keys, rows),
                  getCheckboxProps: rowSelection.getCheckboxProps,
                  preserveSelectedRowKeys: true,
                  fixed: true,
                }
              : undefined
          }
          scroll={{ x: layout.scrollX }}
          sticky={LIST_TABLE_STICKY}
          locale={{ emptyText: query.isLoading ? <div style={{ height: 120 }} /> : empty }}
          pagination={
            keyset
              ? false
              : {
                  current: paging.pageNum,
                  pageSize: paging.pageSize,
                  total: total ?? 0,
                  showSizeChanger: true,
                  showQuickJumper: !compact,
                  pageSizeOptions: [...PAGE_SIZE_OPTIONS],
                  showTotal: (n) => `共 ${n} 条`,
                  size: compact ? 'small' : undefined,
                }
          }
        />
        {keyset && data && !listEmpty ? (
          <KeysetPager
            pageNum={paging.pageNum}
            pageSize={paging.pageSize}
            total={total}
            hasPrev={!!data.prevCursor}
            hasNext={!!data.nextCursor}
            busy={query.isFetching}
            compact={compact}
            onPrev={() => {
              // Back to page 1: the first page itself (fresh, counted), not a page read backwards.
              if (paging.pageNum <= 2) firstPage();
              else {
                setCursor(data.prevCursor ?? undefined);
                setPaging((p) => ({ ...p, pageNum: p.pageNum - 1 }));
              }
            }}
            onNext={() => {
              setCursor(data.nextCursor ?? undefined);
              setPaging((p) => ({ ...p, pageNum: p.pageNum + 1 }));
            }}
            onPageSize={(pageSize) => {
              layout.setPageSize(pageSize);
              setPaging({ pageNum: 1, pageSize });
              setCursor(undefined);
            }}
          />
        ) : null}
      </Card>
    </div>
  );
}
