import { EXCEPTION_HANDLING, exceptionOrderListInput, exceptionOrderOps } from '@merchant/contracts/order/exception-order';
import { EXCEPTION_TYPES, ORDER_STATUS, PAY_STATUS } from '@merchant/contracts/order/order-fields';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './exception-order.service.ts';

export const exceptionOrderList = implement(exceptionOrderOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(exceptionOrderListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { orderNoSub: '订单号', deviceCode: '设备', excepType: '异常类型', handling: '处理状态', createdRange: '下单时间' },
    columns: [
      { header: '订单号', key: 'orderNoSub', width: 20 },
      { header: '开门单号', key: 'applyCode', width: 20 },
      { header: '设备编号', key: 'deviceCode', width: 14 },
      { header: '设备名称', key: 'deviceName', width: 18 },
      { header: '用户', key: 'userId', width: 18 },
      { header: '异常类型', key: 'excepType', type: 'enum', labels: EXCEPTION_TYPES },
      { header: '异常原因', key: 'excepReason', width: 40 },
      { header: '处理状态', key: 'handling', type: 'enum', labels: EXCEPTION_HANDLING },
      { header: '订单状态', key: 'status', type: 'enum', labels: ORDER_STATUS },
      { header: '支付状态', key: 'payStatus', type: 'enum', labels: PAY_STATUS },
      { header: '商品件数', key: 'itemCount', type: 'number' },
      { header: '应付金额（元）', key: 'payAmount', type: 'money' },
      { header: '实付金额（元）', key: 'paidAmount', type: 'money' },
      { header: '下单时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const exceptionOrderPicking = implement(exceptionOrderOps.picking, (ctx, i) => s.picking(ctx, i.orderNoSub));
export const exceptionOrderCorrect = implement(exceptionOrderOps.correct, (ctx, i) => s.correct(ctx, i));
export const exceptionOrderClose = implement(exceptionOrderOps.close, (ctx, i) => s.close(ctx, i));
