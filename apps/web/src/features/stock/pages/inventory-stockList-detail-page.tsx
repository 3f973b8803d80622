import { replenishOrderOps, type ReplenishOrderDetail, type ReplenishOrderLine } from '@merchant/contracts/stock/replenish-order';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table } from 'antd';
import { Link, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { useReplenishOrderActions } from '../components/replenish-order-actions.tsx';
import { REPLENISH_LIST_PATH, ReplenishOrderStatusTag } from '../components/replenish-parts.tsx';

const time = (v: number | null) => (v ? formatDateTime(v) : '--');
/** The hub's 库存流水 filtered by the order's code (the slots' movements show on 105's own 库存流水). */
const HUB_WATER = '/website/inventory/inventory-water-list';

function OrderView({ order }: { order: ReplenishOrderDetail }) {
  const actions = useReplenishOrderActions();
  const can = (a: (typeof order.actions)[number]) => order.actions.includes(a);
  const done = order.status === 2;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span data-testid="replenish-order-title">补货单 {order.orderCode}</span>
            <ReplenishOrderStatusTag status={order.status} name={order.statusName} />
          </Space>
        }
        extra={
          <Space>
            {can('dispatch') ? (
              <Button type="primary" onClick={() => actions.dispatch(order)}>
                派送
              </Button>
            ) : null}
            {can('complete') ? (
              <Button type="primary" onClick={() => void actions.complete(order)}>
                完成补货
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
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'orderCode', label: '单号', children: order.orderCode },
            { key: 'device', label: '设备', children: order.deviceCode },
            { key: 'status', label: '状态', children: order.statusName },
            { key: 'rule', label: '补货规则', children: order.ruleName },
            { key: 'source', label: '货源', children: order.sourceName },
            {
              key: 'totals',
              label: '合计',
              children: `${order.lineCount} 个货道，补货 ${order.totalSent} 件${done ? `，实装 ${order.totalLoaded} 件` : ''}`,
            },
            { key: 'creator', label: '创建', children: `${order.creatorName} ${time(order.createdAt)}` },
            { key: 'dispatched', label: '派送时间', children: time(order.dispatchedAt) },
            ...(order.dispatchedAt
              ? [
                  {
                    key: 'restockCommand',
                    label: '设备指令',
                    children: order.restockCommand
                      ? `补货指令 ${order.restockCommand.commandNo}：${order.restockCommand.statusName}`
                      : '未发送到设备（请手工完成）',
                  },
                ]
              : []),
            { key: 'completed', label: '完成时间', children: time(order.completedAt) },
            ...(order.status === 3 ? [{ key: 'cancelReason', label: '取消原因', children: order.cancelReason }] : []),
          ]}
        />
      </Card>
      <Card
        variant="borderless"
        title="补货明细"
        extra={
          (order.status === 1 || done) && order.sourceName === '库存中心' ? (
            <Link to={`${HUB_WATER}?docCode=${order.orderCode}`}>库存中心流水</Link>
          ) : null
        }
      >
        <Table<ReplenishOrderLine>
          rowKey="slotNo"
          size="small"
          dataSource={order.lines}
          pagination={order.lines.length > 20 ? { pageSize: 20, showTotal: (n) => `共 ${n} 行` } : false}
          data-testid="replenish-line-table"
          columns={[
            { key: 'slotNo', title: '货道', dataIndex: 'slotNo', width: 80 },
            { key: 'skuCode', title: 'SKU编码', dataIndex: 'skuCode', width: 130 },
            { key: 'skuName', title: 'SKU名称', dataIndex: 'skuName' },
            { key: 'onHand', title: '生成时现有', dataIndex: 'onHand', width: 110, align: 'right' },
            { key: 'quantity', title: '补货数量', dataIndex: 'quantity', width: 100, align: 'right' },
            { key: 'loaded', title: '实装数量', width: 100, align: 'right', render: (_v, l) => l.loaded ?? '--' },
            {
              key: 'variance',
              title: '差异（盘点差异）',
              width: 140,
              align: 'right',
              render: (_v, l) =>
                l.variance === null ? '--' : l.variance > 0 ? <span style={{ color: '#cf1322' }}>-{l.variance}</span> : 0,
            },
          ]}
        />
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory
          operation={replenishOrderOps.history}
          input={{ orderCode: order.orderCode }}
          queryKey={['stock', 'replenish-order', 'detail', order.orderCode]}
        />
      </Card>
      {actions.modals}
    </Space>
  );
}

/** inventory-stockList-detail/:orderCode — a 补货单's header, lines (sent, loaded, variance), history and the actions its state allows. */
export default function InventoryStockListDetailPage() {
  const { orderCode = '' } = useParams();
  const q = useQuery({
    queryKey: ['stock', 'replenish-order', 'detail', orderCode],
    queryFn: () => call(replenishOrderOps.detail, { orderCode }),
    enabled: !!orderCode,
    retry: false,
  });
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!q.data) return <Result status="warning" title="找不到该补货单" extra={<Link to={REPLENISH_LIST_PATH}>返回补货单</Link>} />;
  return <OrderView order={q.data} />;
}
