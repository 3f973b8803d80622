import type { StockMovementRow } from '@merchant/contracts/stock/stock-movement';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { currentTab, writeTabState } from '../../../platform/tab-state.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import type { StockBalanceBook } from './stock-balance-book.ts';
import { BeforeAfter, MovementTypeTag, movementTypeOptions, SignedQuantity } from './stock-balance-parts.tsx';
import { locationColumns, useBookLocations } from './stock-location-columns.tsx';

const positiveInt = (v: unknown) => (/^\d+$/.test(String(v).trim()) && Number(v) > 0 ? Number(v) : v);

/** A movement's columns after its location: the SKU, the change, before → after, the document, who (and the filters). */
export const movementColumns: ListColumn<StockMovementRow>[] = [
  { key: 'skuCode', title: 'SKU编码', width: 120 },
  { key: 'skuName', title: 'SKU名称', width: 200, ellipsis: true },
  { key: 'sku', title: 'SKU', hideInTable: true, search: { type: 'text', placeholder: 'SKU编码或条码', order: 0 } },
  {
    key: 'skuId',
    title: 'SKU ID',
    hideInTable: true,
    search: { type: 'text', placeholder: 'SKU ID（数字）', toParam: positiveInt, order: 1 },
  },
  {
    key: 'type',
    title: '流水类型',
    width: 100,
    render: (v, r) => <MovementTypeTag type={String(v)} name={r.typeName} />,
    search: { type: 'select', options: movementTypeOptions, order: 2 },
  },
  {
    key: 'quantity',
    title: '变动数量',
    width: 100,
    align: 'right',
    render: (v, r) =>
      r.lockDelta !== 0 && r.quantity === 0 ? (
        <span>
          锁定 <SignedQuantity value={r.lockDelta} />
        </span>
      ) : (
        <SignedQuantity value={Number(v)} />
      ),
  },
  { key: 'onHand', title: '现有（前 → 后）', width: 130, render: (_v, r) => <BeforeAfter before={r.onHandBefore} after={r.onHandAfter} /> },
  { key: 'locked', title: '锁定（前 → 后）', width: 130, render: (_v, r) => <BeforeAfter before={r.lockedBefore} after={r.lockedAfter} /> },
  { key: 'docTypeName', title: '单据类型', width: 100 },
  { key: 'docCode', title: '单据编号', width: 160, search: { type: 'text', maxLength: 30, order: 3 } },
  { key: 'reason', title: '原因', width: 180, ellipsis: true },
  { key: 'operatorName', title: '操作人', width: 100 },
  { key: 'barcode', title: '条码', width: 140 },
];

/** 变动时间: sortable, searched by a date-time range. */
export const movementTimeColumn: ListColumn<StockMovementRow> = {
  key: 'createdAt',
  title: '变动时间',
  width: 170,
  sortable: true,
  render: (v) => formatDateTime(v as number),
  search: { type: 'dateRange', name: 'createdRange', label: '变动时间', showTime: true, order: 4 },
};

/** The filters a link may carry (?skuId= / ?docCode= …; ?locationId= / ?deviceCode= on a book with many locations). */
const LINKED = ['skuId', 'docCode', 'sku', 'type', 'locationId', 'deviceCode'] as const;

/**
 * 库存流水 of a book: its movements, newest first, keyset paged (上一页 / 下一页): each change of on hand or locked with
 * before → after, the document, the reason and who; the location column and filter where the kind has many.
 */
export function StockMovementListView({ book }: { book: StockBalanceBook }) {
  const settingsId = `stock.${book.key}.movements`;
  const [search] = useSearchParams();
  const locations = useBookLocations(book);
  const linked = search.toString();
  useMemo(() => {
    if (linked) writeTabState(currentTab(), `list:${settingsId}`, null);
  }, [linked, settingsId]);
  const initialValues = useMemo(() => {
    const v: Record<string, unknown> = {};
    for (const k of LINKED) if (search.get(k)) v[k] = k === 'locationId' ? Number(search.get(k)) : search.get(k);
    return v;
  }, [search]);
  const columns: ListColumn<StockMovementRow>[] = [
    movementTimeColumn,
    ...locationColumns<StockMovementRow>(book, locations.data),
    ...movementColumns,
  ];
  return (
    <QueryList<StockMovementRow>
      key={linked}
      queryKey={['stock', `${book.key}-movements`]}
      settingsId={settingsId}
      paging="keyset"
      request={listLoader(book.movements.list)}
      columns={columns}
      rowKey="id"
      title={`库存流水（${book.stockName}）`}
      testId="stock-movements"
      initialValues={initialValues}
      exportable={{ operation: book.movements.list }}
      emptyText="没有库存流水"
    />
  );
}
