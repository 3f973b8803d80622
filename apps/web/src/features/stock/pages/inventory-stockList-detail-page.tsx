import { replenishOrderOps, type ReplenishOrderDetail, type ReplenishOrderLine } from '@merchant/contracts/stock/replenish-order';
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { Link, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentDetail, DocumentLines, DocumentLoading, DocumentNotFound } from '../../../platform/document-detail.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { useReplenishOrderActions } from '../components/replenish-order-actions.tsx';
import { REPLENISH_LIST_PATH, ReplenishOrderStatusTag } from '../components/replenish-parts.tsx';

/** The 库存流水 pages that show an order's movements, filtered by its code: its source's and the cabinet's. */
const SOURCE_WATER = { hub: '/website/inventory/inventory-water-list', front: '/website/entrepot/entrepot-inventory-water' } as const;
const CABINET_WATER = '/website/container-stock/container-inventory-water-list';

function OrderView({ order }: { order: ReplenishOrderDetail }) {
  const actions = useReplenishOrderActions();
  const can = (a: (typeof order.actions)[number]) => order.actions.includes(a);
  const done = order.status === 2;
  return (
    <DocumentDetail
      title={`补货单 ${order.orderCode}`}
      titleTestId="replenish-order-title"
      status={<ReplenishOrderStatusTag status={order.status} name={order.statusName} />}
      actions={[
        { key: 'dispatch', label: '派送', show: can('dispatch'), onClick: () => actions.dispatch(order), type: 'primary' },
        { key: 'complete', label: '完成补货', show: can('complete'), onClick: () => actions.complete(order), type: 'primary' },
        { key: 'cancel', label: '取消', show: can('cancel'), onClick: () => actions.cancel(order), danger: true },
      ]}
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
        { key: 'creator', label: '创建', children: `${order.creatorName} ${formatDateTime(order.createdAt)}` },
        { key: 'dispatched', label: '派送时间', children: formatDateTime(order.dispatchedAt) },
        !!order.dispatchedAt && {
          key: 'restockCommand',
          label: '设备指令',
          children: order.restockCommand
            ? `补货指令 ${order.restockCommand.commandNo}：${order.restockCommand.statusName}`
            : '未发送到设备（请手工完成）',
        },
        { key: 'completed', label: '完成时间', children: formatDateTime(order.completedAt) },
        order.status === 3 && { key: 'cancelReason', label: '取消原因', children: order.cancelReason },
      ]}
      history={{
        operation: replenishOrderOps.history,
        input: { orderCode: order.orderCode },
        queryKey: ['stock', 'replenish-order', 'detail', order.orderCode],
      }}
      modals={actions.modals}
    >
      <DocumentLines<ReplenishOrderLine>
        title="补货明细"
        extra={
          <Space size="middle">
            <Link to={`${SOURCE_WATER[order.sourceKind]}?docCode=${order.orderCode}`}>
              {order.sourceKind === 'hub' ? '库存中心流水' : '前置仓流水'}
            </Link>
            {done ? <Link to={`${CABINET_WATER}?docCode=${order.orderCode}`}>智能柜流水</Link> : null}
          </Space>
        }
        testId="replenish-line-table"
        rows={order.lines}
        rowKey="slotNo"
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
            render: (_v, l) => (l.variance === null ? '--' : l.variance > 0 ? <span style={{ color: '#cf1322' }}>-{l.variance}</span> : 0),
          },
        ]}
      />
    </DocumentDetail>
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
  if (q.isLoading) return <DocumentLoading />;
  if (!q.data) return <DocumentNotFound title="找不到该补货单" back={{ to: REPLENISH_LIST_PATH, label: '返回补货单' }} />;
  return <OrderView order={q.data} />;
}
