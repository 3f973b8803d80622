import type { OrderLine, OrderPayment } from '@merchant/contracts/order/cabinet-order';
import {
  CHANNEL_ORDER_KINDS,
  CHANNEL_ORDER_OPS,
  type ChannelOrderDetail,
  type ChannelOrderKind,
} from '@merchant/contracts/order/channel-order';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Space, Typography } from 'antd';
import { useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentDetail, DocumentLines, DocumentLoading, DocumentNotFound } from '../../../platform/document-detail.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { useChannelOrderActions } from './channel-order-actions.tsx';
import {
  channelOrderListPath,
  orderLineColumns,
  orderLineRefundColumns,
  orderPaymentColumns,
  OrderStatusTag,
  PayStatusTag,
  useAfterSaleAction,
  yuan,
} from './order-parts.tsx';

const dash = (s: string) => s || '--';
/** The cabinets' line columns less 货道: a channel order's goods come from a warehouse, not a slot. */
const lineColumns = orderLineColumns.filter((c) => c.key !== 'slotNo');

function OrderView({ kind, order }: { kind: ChannelOrderKind; order: ChannelOrderDetail }) {
  const ops = CHANNEL_ORDER_OPS[kind];
  const { buttonsOf, modals } = useChannelOrderActions(kind);
  // opened from a 售后工单 by one who does not hold the channel's list: the order to read, not to work on
  const mayAct = useHasAnchor(CHANNEL_ORDER_KINDS[kind].anchor);
  const afterSale = useAfterSaleAction(order);
  const shipped = Boolean(order.trackingNo);
  return (
    <DocumentDetail
      title={`订单 ${order.orderNoSub}`}
      titleTestId="channel-order-title"
      status={
        <Space size={0}>
          <OrderStatusTag status={order.status} name={order.statusName} />
          <PayStatusTag status={order.payStatus} name={order.payStatusName} />
        </Space>
      }
      actions={[...(mayAct ? buttonsOf(order) : []), afterSale]}
      items={[
        { key: 'orderNoSub', label: '订单号', children: order.orderNoSub },
        { key: 'channelOrderNo', label: '渠道订单号', children: dash(order.channelOrderNo) },
        { key: 'appName', label: '渠道应用', children: dash(order.appName) },
        { key: 'userId', label: '用户', children: dash(order.userId) },
        { key: 'receiverName', label: '收货人', children: dash(order.receiverName) },
        { key: 'receiverPhone', label: '手机号', children: dash(order.receiverPhone) },
        { key: 'receiverAddress', label: '收货地址', span: 2, children: dash(order.receiverAddress) },
        (kind === 'locallife' || !!order.storeName) && { key: 'storeName', label: '门店', children: dash(order.storeName) },
        { key: 'locationName', label: '发货仓', children: dash(order.locationName) },
        { key: 'itemCount', label: '商品件数', children: `${order.itemCount} 件` },
        { key: 'goodsAmount', label: '商品金额', children: `${yuan(order.goodsAmount)} 元` },
        { key: 'payAmount', label: '应付金额', children: `${yuan(order.payAmount)} 元` },
        { key: 'paidAmount', label: '实付金额', children: `${yuan(order.paidAmount)} 元` },
        { key: 'refundedAmount', label: '退款金额', children: `${yuan(order.refundedAmount)} 元` },
        { key: 'remark', label: '备注', children: dash(order.remark) },
        !!order.cancelReason && { key: 'cancelReason', label: '取消原因', children: order.cancelReason },
        { key: 'createdAt', label: '下单时间', children: formatDateTime(order.createdAt) },
        order.payDeadline !== null && { key: 'payDeadline', label: '支付截止', children: formatDateTime(order.payDeadline) },
        { key: 'paidAt', label: '支付时间', children: formatDateTime(order.paidAt) },
        { key: 'shippedAt', label: '发货时间', children: formatDateTime(order.shippedAt) },
        { key: 'completedAt', label: '完成时间', children: formatDateTime(order.completedAt) },
      ]}
      history={{
        operation: ops.history,
        input: { orderNoSub: order.orderNoSub },
        queryKey: ['order', 'channel', kind, 'detail', order.orderNoSub],
      }}
      modals={modals}
    >
      <Card variant="borderless" title="物流信息" data-testid="channel-order-logistics">
        {shipped ? (
          <Descriptions
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'carrier', label: '物流公司', children: dash(order.carrierName) },
              { key: 'trackingNo', label: '物流单号', children: <Typography.Text copyable>{order.trackingNo}</Typography.Text> },
              { key: 'shippedAt', label: '发货时间', children: formatDateTime(order.shippedAt) },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">尚未发货</Typography.Text>
        )}
      </Card>
      <DocumentLines<OrderLine>
        title="商品明细"
        testId="channel-order-lines"
        rows={order.lines}
        rowKey="lineNo"
        columns={[...lineColumns, ...orderLineRefundColumns]}
      />
      <DocumentLines<OrderPayment>
        title="支付记录"
        testId="channel-order-payments"
        rows={order.payments}
        rowKey="payNo"
        columns={orderPaymentColumns}
      />
    </DocumentDetail>
  );
}

/**
 * …-detail/:orderNoSub of a channel (线上零售, 批发, 本地生活): the order's header with the buttons its `actions` allow,
 * its 物流信息, goods, payments and 操作记录.
 */
export function ChannelOrderDetailView({ kind }: { kind: ChannelOrderKind }) {
  const { orderNoSub = '' } = useParams();
  const q = useQuery({
    queryKey: ['order', 'channel', kind, 'detail', orderNoSub],
    queryFn: () => call(CHANNEL_ORDER_OPS[kind].detail, { orderNoSub }),
    enabled: !!orderNoSub,
    retry: false,
  });
  if (q.isLoading) return <DocumentLoading />;
  if (!q.data)
    return (
      <DocumentNotFound title="找不到该订单" back={{ to: channelOrderListPath(kind), label: `返回${CHANNEL_ORDER_KINDS[kind].title}` }} />
    );
  return <OrderView kind={kind} order={q.data} />;
}
