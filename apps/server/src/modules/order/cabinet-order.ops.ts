import { cabinetOrderListInput, cabinetOrderOps } from '@merchant/contracts/order/cabinet-order';
import { EXCEPTION_TYPES, ORDER_STATUS, PAY_STATUS } from '@merchant/contracts/order/order-fields';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './cabinet-order.service.ts';

export const cabinetOrderList = implement(cabinetOrderOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(cabinetOrderListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: {
      orderNoSub: '订单号',
      applyCode: '开门单号',
      deviceCode: '设备',
      status: '订单状态',
      payStatus: '支付状态',
      excepType: '异常类型',
      userId: '用户',
      createdRange: '下单时间',
    },
    columns: [
      { header: '订单号', key: 'orderNoSub', width: 20 },
      { header: '开门单号', key: 'applyCode', width: 20 },
      { header: '设备编号', key: 'deviceCode', width: 14 },
      { header: '设备名称', key: 'deviceName', width: 18 },
      { header: '点位', key: 'pointName', width: 18 },
      { header: '用户', key: 'userId', width: 18 },
      { header: '手机号', key: 'userPhone', width: 14 },
      { header: '订单状态', key: 'status', type: 'enum', labels: ORDER_STATUS },
      { header: '支付状态', key: 'payStatus', type: 'enum', labels: PAY_STATUS },
      { header: '异常类型', key: 'excepType', type: 'enum', labels: EXCEPTION_TYPES },
      { header: '商品件数', key: 'itemCount', type: 'number' },
      { header: '商品金额（元）', key: 'goodsAmount', type: 'money' },
      { header: '应付金额（元）', key: 'payAmount', type: 'money' },
      { header: '实付金额（元）', key: 'paidAmount', type: 'money' },
      { header: '退款金额（元）', key: 'refundedAmount', type: 'money' },
      { header: '下单时间', key: 'createdAt', type: 'time' },
      { header: '支付时间', key: 'paidAt', type: 'time' },
    ],
  }),
});
export const cabinetOrderDetail = implement(cabinetOrderOps.detail, (ctx, i) => s.detail(ctx, i.orderNoSub));
export const cabinetOrderHistory = implement(cabinetOrderOps.history, (ctx, i) => s.history(ctx, i));
export const cabinetOrderByUser = implement(cabinetOrderOps.byUser, (ctx, i) => s.byUser(ctx, i));
