import {
  AFTER_SALE_REFUND_STATUS,
  AFTER_SALE_STATUS,
  AFTER_SALE_TYPES,
  afterSaleListInput,
  afterSaleOps,
} from '@merchant/contracts/order/after-sale';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './after-sale.service.ts';

export const afterSaleList = implement(afterSaleOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(afterSaleListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { workNumber: '工单号', orderNoSub: '订单号', type: '售后类型', status: '工单状态', createdRange: '创建时间' },
    columns: [
      { header: '工单号', key: 'workNumber', width: 20 },
      { header: '订单号', key: 'orderNoSub', width: 20 },
      { header: '渠道', key: 'channelName', width: 10 },
      { header: '售后类型', key: 'type', type: 'enum', labels: AFTER_SALE_TYPES },
      { header: '工单状态', key: 'status', type: 'enum', labels: AFTER_SALE_STATUS },
      { header: '申请原因', key: 'reason', width: 30 },
      { header: '用户', key: 'userId', width: 18 },
      { header: '商品件数', key: 'itemCount', type: 'number' },
      { header: '退款金额（元）', key: 'refundAmount', type: 'money' },
      { header: '退款状态', key: 'refundStatus', type: 'enum', labels: AFTER_SALE_REFUND_STATUS },
      { header: '创建人', key: 'creatorName', width: 12 },
      { header: '处理人', key: 'handlerName', width: 12 },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '完成时间', key: 'completedAt', type: 'time' },
    ],
  }),
});
export const afterSaleDetail = implement(afterSaleOps.detail, (ctx, i) => s.detail(ctx, i.workNumber));
export const afterSaleHistory = implement(afterSaleOps.history, (ctx, i) => s.history(ctx, i));
export const afterSaleOrderLines = implement(afterSaleOps.orderLines, (ctx, i) => s.orderLines(ctx, i.orderNoSub));
export const afterSaleCreate = implement(afterSaleOps.create, (ctx, i) => s.create(ctx, i));
export const afterSaleAccept = implement(afterSaleOps.accept, (ctx, i) => s.accept(ctx, i));
export const afterSaleComplete = implement(afterSaleOps.complete, (ctx, i) => s.complete(ctx, i));
export const afterSaleReject = implement(afterSaleOps.reject, (ctx, i) => s.reject(ctx, i));
