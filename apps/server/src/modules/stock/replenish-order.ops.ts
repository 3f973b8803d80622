import {
  REPLENISH_COMPLETED,
  REPLENISH_ORDER_STATUS,
  replenishOrderListInput,
  replenishOrderOps,
} from '@merchant/contracts/stock/replenish-order';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './replenish-order.service.ts';

export const replenishOrderList = implement(replenishOrderOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(replenishOrderListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { orderCode: '单号', deviceCode: '设备', status: '状态', createdRange: '创建时间' },
    columns: [
      { header: '单号', key: 'orderCode', width: 16 },
      { header: '设备', key: 'deviceCode', width: 14 },
      { header: '补货规则', key: 'ruleName', width: 16 },
      { header: '货源', key: 'sourceName', width: 16 },
      { header: '状态', key: 'status', type: 'enum', labels: REPLENISH_ORDER_STATUS },
      { header: '货道数', key: 'lineCount', type: 'number' },
      { header: '补货数量', key: 'totalSent', type: 'number' },
      { header: '实装数量', key: 'totalLoaded', type: 'number', value: (r) => (r.status === REPLENISH_COMPLETED ? r.totalLoaded : null) },
      { header: '创建人', key: 'creatorName' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '派送时间', key: 'dispatchedAt', type: 'time' },
      { header: '完成时间', key: 'completedAt', type: 'time' },
      { header: '取消原因', key: 'cancelReason', width: 24 },
    ],
  }),
});
export const replenishOrderDetail = implement(replenishOrderOps.detail, (ctx, i) => s.detail(ctx, i.orderCode));
export const replenishOrderGenerate = implement(replenishOrderOps.generate, (ctx, i) => s.generate(ctx, i.ruleId));
export const replenishOrderCreate = implement(replenishOrderOps.create, (ctx, i) => s.create(ctx, i));
export const replenishOrderDispatch = implement(replenishOrderOps.dispatch, (ctx, i) => s.dispatch(ctx, i));
export const replenishOrderComplete = implement(replenishOrderOps.complete, (ctx, i) => s.complete(ctx, i));
export const replenishOrderCancel = implement(replenishOrderOps.cancel, (ctx, i) => s.cancel(ctx, i));
export const replenishOrderHistory = implement(replenishOrderOps.history, (ctx, i) => s.history(ctx, i));
