import { type StockOrderDetail, type StockOrderLine } from '@merchant/contracts/stock/stock-order';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentDetail, DocumentLines, DocumentLoading, DocumentNotFound } from '../../../platform/document-detail.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { confirmLabel, useStockOrderActions } from './stock-order-actions.tsx';
import { StockOrderBookProvider } from './stock-order-book.tsx';
import type { StockOrderBook } from './stock-order-paths.ts';
import { StockOrderStatusTag, StockOrderTypeTag, yuan } from './stock-order-parts.tsx';

function OrderView({ order, book }: { order: StockOrderDetail; book: StockOrderBook }) {
  const navigate = useNavigate();
  const actions = useStockOrderActions();
  const can = (a: (typeof order.actions)[number]) => order.actions.includes(a);
  const confirmed = order.status === 1;
  return (
    <DocumentDetail
      title={`${order.orderTypeName} ${order.orderCode}`}
      titleTestId="stock-order-title"
      status={<StockOrderStatusTag status={order.status} name={order.statusName} />}
      actions={[
        { key: 'edit', label: '编辑', show: can('edit'), onClick: () => navigate(book.edit(order.orderCode)) },
        { key: 'confirm', label: confirmLabel(order), show: can('confirm'), onClick: () => actions.confirm(order), type: 'primary' },
        { key: 'cancel', label: '取消', show: can('cancel'), onClick: () => actions.cancel(order), danger: true },
      ]}
      notices={
        confirmed && order.orderType === 'inbound' ? (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title="已确认的入库单不能取消，如需冲回请新建退货单" />
        ) : null
      }
      items={[
        { key: 'orderCode', label: '单号', children: order.orderCode },
        { key: 'type', label: '单据类型', children: <StockOrderTypeTag type={order.orderType} name={order.orderTypeName} /> },
        { key: 'status', label: '状态', children: order.statusName },
        { key: 'location', label: book.pickWarehouse ? '前置仓' : '仓库', children: order.locationName },
        { key: 'counterparty', label: order.orderType === 'return' ? '退货去向' : '供应商', children: order.counterparty || '--' },
        {
          key: 'totals',
          label: '合计',
          children: `${order.lineCount} 个商品，${order.totalQuantity} 件，${yuan(order.totalAmount)} 元`,
        },
        { key: 'creator', label: '创建', children: `${order.creatorName} ${formatDateTime(order.createdAt)}` },
        !!order.confirmedAt && { key: 'confirmer', label: '确认', children: `${order.confirmerName} ${formatDateTime(order.confirmedAt)}` },
        order.status === 2 && { key: 'cancelReason', label: '取消原因', children: order.cancelReason },
        { key: 'remark', label: '备注', children: order.remark || '--' },
      ]}
      history={{
        operation: book.ops.history,
        input: { orderCode: order.orderCode },
        queryKey: ['stock-order', 'detail', order.orderCode],
      }}
      modals={actions.cancelModal}
    >
      <DocumentLines<StockOrderLine>
        title="商品明细"
        testId="stock-order-line-table"
        rows={order.lines}
        rowKey="skuId"
        columns={[
          { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 130 },
          { key: 'skuName', title: 'SKU名称', dataIndex: 'skuName' },
          { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150 },
          { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 90, align: 'right' },
          { key: 'unitCost', title: '单价（元）', width: 110, align: 'right', render: (_v, l) => yuan(l.unitCost) },
          { key: 'amount', title: '金额（元）', width: 120, align: 'right', render: (_v, l) => yuan(l.amount) },
          ...(confirmed
            ? [
                {
                  key: 'stock',
                  title: '库存变化',
                  width: 140,
                  align: 'right' as const,
                  render: (_v: unknown, l: StockOrderLine) => (l.onHandBefore === null ? '--' : `${l.onHandBefore} → ${l.onHandAfter}`),
                },
              ]
            : []),
        ]}
      />
    </DocumentDetail>
  );
}

/** <book>-detail/:orderCode — an order's header, lines (with the stock before → after once confirmed), history, and the actions its state allows. */
export function StockOrderDetailView({ book }: { book: StockOrderBook }) {
  const { orderCode = '' } = useParams();
  const q = useQuery({
    queryKey: ['stock-order', 'detail', orderCode],
    queryFn: () => call(book.ops.detail, { orderCode }),
    enabled: !!orderCode,
    retry: false,
  });
  if (q.isLoading) return <DocumentLoading />;
  if (!q.data) return <DocumentNotFound title="找不到该单据" back={{ to: book.list, label: `返回${book.pageName}` }} />;
  return (
    <StockOrderBookProvider book={book}>
      <OrderView order={q.data} book={book} />
    </StockOrderBookProvider>
  );
}
