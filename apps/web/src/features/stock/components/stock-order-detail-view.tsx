import { type StockOrderDetail, type StockOrderLine } from '@merchant/contracts/stock/stock-order';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Table } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { confirmLabel, useStockOrderActions } from './stock-order-actions.tsx';
import { StockOrderBookProvider } from './stock-order-book.tsx';
import type { StockOrderBook } from './stock-order-paths.ts';
import { StockOrderStatusTag, StockOrderTypeTag, yuan } from './stock-order-parts.tsx';

const time = (v: number | null) => (v ? formatDateTime(v) : '--');

function OrderView({ order, book }: { order: StockOrderDetail; book: StockOrderBook }) {
  const navigate = useNavigate();
  const actions = useStockOrderActions();
  const can = (a: (typeof order.actions)[number]) => order.actions.includes(a);
  const confirmed = order.status === 1;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span data-testid="stock-order-title">
              {order.orderTypeName} {order.orderCode}
            </span>
            <StockOrderStatusTag status={order.status} name={order.statusName} />
          </Space>
        }
        extra={
          <Space>
            {can('edit') ? <Button onClick={() => navigate(book.edit(order.orderCode))}>编辑</Button> : null}
            {can('confirm') ? (
              <Button type="primary" onClick={() => actions.confirm(order)}>
                {confirmLabel(order)}
              </Button>
            ) : null}
            {can('cancel') ? (
              <Button danger onClick={() => actions.cancel(order)}>
                取消
              </Button>
            ) : null}
          </Space>
        }
      >
        {confirmed && order.orderType === 'inbound' ? (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title="已确认的入库单不能取消，如需冲回请新建退货单" />
        ) : null}
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
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
            { key: 'creator', label: '创建', children: `${order.creatorName} ${time(order.createdAt)}` },
            ...(order.confirmedAt
              ? [{ key: 'confirmer', label: '确认', children: `${order.confirmerName} ${time(order.confirmedAt)}` }]
              : []),
            ...(order.status === 2 ? [{ key: 'cancelReason', label: '取消原因', children: order.cancelReason }] : []),
            { key: 'remark', label: '备注', children: order.remark || '--' },
          ]}
        />
      </Card>
      <Card variant="borderless" title="商品明细">
        <Table<StockOrderLine>
          rowKey="skuId"
          size="small"
          dataSource={order.lines}
          pagination={order.lines.length > 20 ? { pageSize: 20, showTotal: (n) => `共 ${n} 行` } : false}
          data-testid="stock-order-line-table"
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
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory
          operation={book.ops.history}
          input={{ orderCode: order.orderCode }}
          queryKey={['stock-order', 'detail', order.orderCode]}
        />
      </Card>
      {actions.cancelModal}
    </Space>
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
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!q.data) return <Result status="warning" title="找不到该单据" extra={<Link to={book.list}>{`返回${book.pageName}`}</Link>} />;
  return (
    <StockOrderBookProvider book={book}>
      <OrderView order={q.data} book={book} />
    </StockOrderBookProvider>
  );
}
