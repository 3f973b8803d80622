import {
  STOCK_ORDER_COUNTERPARTY,
  STOCK_ORDER_TYPES,
  type StockOrderRow,
  type StockSkuOption,
} from '@merchant/contracts/stock/stock-order';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { createdAtColumn, timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { confirmLabel, useStockOrderActions } from './stock-order-actions.tsx';
import { StockOrderBookProvider } from './stock-order-book.tsx';
import type { StockOrderBook } from './stock-order-paths.ts';
import { StockOrderStatusTag, StockOrderTypeTag, stockOrderStatusOptions, stockOrderTypeOptions, yuan } from './stock-order-parts.tsx';
import { FrontWarehouseSelect } from './front-warehouse-select.tsx';
import { StockOrderSkuSelect } from './stock-order-sku-select.tsx';

const NO_IDS: ReadonlySet<number> = new Set();

/** The SKU filter: one SKU searched by name, code or barcode (its label kept once picked). */
function SkuFilter(props: { id?: string; value?: number; onChange?: (v: number | undefined) => void }) {
  const [known, setKnown] = useState(() => new Map<number, StockSkuOption>());
  return (
    <StockOrderSkuSelect {...props} known={known} disabledIds={NO_IDS} onPicked={(s) => setKnown((m) => new Map(m).set(s.skuId, s))} />
  );
}

/** A book's 入库管理: its 入库单 and 退货单, newest first; actions by status. */
export function StockOrderListView({ book }: { book: StockOrderBook }) {
  return (
    <StockOrderBookProvider book={book}>
      <OrderList book={book} />
    </StockOrderBookProvider>
  );
}

function OrderList({ book }: { book: StockOrderBook }) {
  const navigate = useNavigate();
  const actions = useStockOrderActions();
  const columns: ListColumn<StockOrderRow>[] = [
    {
      key: 'orderCode',
      title: '单号',
      width: 150,
      render: (v) => <Link to={book.detail(String(v))}>{String(v)}</Link>,
      search: { type: 'text', maxLength: 20 },
    },
    ...(book.pickWarehouse
      ? ([
          { key: 'locationName', title: '前置仓', width: 160, ellipsis: true },
          {
            key: 'warehouseId',
            title: '前置仓',
            hideInTable: true,
            search: { type: 'custom', render: () => <FrontWarehouseSelect /> },
          },
        ] satisfies ListColumn<StockOrderRow>[])
      : []),
    {
      key: 'orderType',
      title: '单据类型',
      width: 100,
      render: (v, r) => <StockOrderTypeTag type={String(v)} name={r.orderTypeName} />,
      ...(book.orderType ? {} : { search: { type: 'select', options: stockOrderTypeOptions } as const }),
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v, r) => <StockOrderStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: stockOrderStatusOptions },
    },
    {
      key: 'counterparty',
      title: book.orderType ? STOCK_ORDER_COUNTERPARTY[book.orderType] : '供应商/退货去向',
      width: 180,
      ellipsis: true,
      search: { type: 'text', maxLength: 60 },
    },
    {
      key: 'skuId',
      title: 'SKU',
      hideInTable: true,
      search: { type: 'custom', render: () => <SkuFilter /> },
    },
    { key: 'lineCount', title: '商品数', width: 80, align: 'right' },
    { key: 'totalQuantity', title: '总数量', width: 90, align: 'right' },
    { key: 'totalAmount', title: '总金额（元）', width: 120, align: 'right', render: (v) => yuan(Number(v)) },
    { key: 'remark', title: '备注', width: 160, ellipsis: true },
    { key: 'creatorName', title: '创建人', width: 100 },
    createdAtColumn(),
    timeColumn('confirmedAt', '确认时间'),
    rowActionsColumn(220, (r) => [
      { key: 'view', label: '查看', onClick: () => navigate(book.detail(r.orderCode)) },
      { key: 'edit', label: '编辑', show: r.actions.includes('edit'), onClick: () => navigate(book.edit(r.orderCode)) },
      { key: 'confirm', label: confirmLabel(r), show: r.actions.includes('confirm'), onClick: () => actions.confirm(r) },
      { key: 'cancel', label: '取消', show: r.actions.includes('cancel'), onClick: () => actions.cancel(r), danger: true },
    ]),
  ];
  return (
    <>
      <QueryList<StockOrderRow>
        queryKey={['stock-order', `${book.key}-list`]}
        paging="keyset"
        request={listLoader(book.ops.list)}
        columns={columns}
        rowKey="orderCode"
        title={book.orderType ? STOCK_ORDER_TYPES[book.orderType] : '入库单 / 退货单'}
        testId="stock-order-list"
        exportable={{ operation: book.ops.list }}
        emptyText={`还没有${book.orderType ? STOCK_ORDER_TYPES[book.orderType] : '入库单'}`}
        toolbar={
          <Space>
            {(book.orderType ? [book.orderType] : (['inbound', 'return'] as const)).map((type, n) => (
              <Button key={type} type={n === 0 ? 'primary' : 'default'} icon={<PlusOutlined />} onClick={() => navigate(book.create(type))}>
                新建{STOCK_ORDER_TYPES[type]}
              </Button>
            ))}
          </Space>
        }
      />
      {actions.cancelModal}
    </>
  );
}
