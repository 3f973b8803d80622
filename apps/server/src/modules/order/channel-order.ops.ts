import { CHANNEL_ORDER_OPS, channelOrderListInput, CARRIERS, type ChannelOrderKind } from '@merchant/contracts/order/channel-order';
import { ORDER_STATUS, PAY_STATUS } from '@merchant/contracts/order/order-fields';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './channel-order.service.ts';

// The three channels' order pages run the same service, each under its own anchor and operation names.
function implementChannel(channel: ChannelOrderKind) {
  const ops = CHANNEL_ORDER_OPS[channel];
  return {
    list: implement(ops.list, {
      handler: (ctx, i) => s.list(ctx, channel, i),
      export: queryExport(channelOrderListInput, {
        query: (ctx, i) => s.exportQuery(ctx, channel, i),
        mapBatch: s.exportRows,
        filterLabels: {
          orderNoSub: '订单号',
          channelOrderNo: '渠道订单号',
          status: '订单状态',
          payStatus: '支付状态',
          userId: '用户',
          createdRange: '下单时间',
        },
        columns: [
          { header: '订单号', key: 'orderNoSub', width: 20 },
          { header: '渠道订单号', key: 'channelOrderNo', width: 22 },
          { header: '开放应用', key: 'appName', width: 18 },
          { header: '用户', key: 'userId', width: 18 },
          { header: '收货人', key: 'receiverName', width: 12 },
          { header: '手机号', key: 'receiverPhone', width: 14 },
          ...(channel === 'locallife' ? [{ header: '门店', key: 'storeName', width: 18 }] : []),
          { header: '订单状态', key: 'status', type: 'enum', labels: ORDER_STATUS },
          { header: '支付状态', key: 'payStatus', type: 'enum', labels: PAY_STATUS },
          { header: '商品件数', key: 'itemCount', type: 'number' },
          { header: '商品金额（元）', key: 'goodsAmount', type: 'money' },
          { header: '应付金额（元）', key: 'payAmount', type: 'money' },
          { header: '实付金额（元）', key: 'paidAmount', type: 'money' },
          { header: '退款金额（元）', key: 'refundedAmount', type: 'money' },
          { header: '物流公司', key: 'carrier', type: 'enum', labels: CARRIERS },
          { header: '物流单号', key: 'trackingNo', width: 20 },
          { header: '下单时间', key: 'createdAt', type: 'time' },
          { header: '支付时间', key: 'paidAt', type: 'time' },
          { header: '发货时间', key: 'shippedAt', type: 'time' },
        ],
      }),
    }),
    detail: implement(ops.detail, (ctx, i) => s.detail(ctx, channel, i.orderNoSub)),
    history: implement(ops.history, (ctx, i) => s.history(ctx, channel, i)),
    ship: implement(ops.ship, (ctx, i) => s.ship(ctx, channel, i)),
    updateLogistics: implement(ops.updateLogistics, (ctx, i) => s.updateLogistics(ctx, channel, i)),
    cancelShipment: implement(ops.cancelShipment, (ctx, i) => s.cancelShipment(ctx, channel, i)),
    receive: implement(ops.receive, (ctx, i) => s.receive(ctx, channel, i)),
    cancel: implement(ops.cancel, (ctx, i) => s.cancel(ctx, channel, i)),
    refund: implement(ops.refund, (ctx, i) => s.retryRefund(ctx, channel, i)),
  };
}

export const {
  list: onlineOrderList,
  detail: onlineOrderDetail,
  history: onlineOrderHistory,
  ship: onlineOrderShip,
  updateLogistics: onlineOrderUpdateLogistics,
  cancelShipment: onlineOrderCancelShipment,
  receive: onlineOrderReceive,
  cancel: onlineOrderCancel,
  refund: onlineOrderRefund,
} = implementChannel('online');
export const {
  list: mallOrderList,
  detail: mallOrderDetail,
  history: mallOrderHistory,
  ship: mallOrderShip,
  updateLogistics: mallOrderUpdateLogistics,
  cancelShipment: mallOrderCancelShipment,
  receive: mallOrderReceive,
  cancel: mallOrderCancel,
  refund: mallOrderRefund,
} = implementChannel('mall');
export const {
  list: localLifeOrderList,
  detail: localLifeOrderDetail,
  history: localLifeOrderHistory,
  ship: localLifeOrderShip,
  updateLogistics: localLifeOrderUpdateLogistics,
  cancelShipment: localLifeOrderCancelShipment,
  receive: localLifeOrderReceive,
  cancel: localLifeOrderCancel,
  refund: localLifeOrderRefund,
} = implementChannel('locallife');
