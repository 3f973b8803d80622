import { STOCKTAKE_STATUS, stocktakeListInput, stocktakeOps as ops } from '@merchant/contracts/stock/stocktake';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './stocktake.service.ts';

// 智能柜库存 · 盘点单 (check-stockList-list, docs/stock.md).

export const stocktakeList = implement(ops.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(stocktakeListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { stocktakeCode: '盘点单号', deviceCode: '设备', status: '状态', createdRange: '创建时间' },
    columns: [
      { header: '盘点单号', key: 'stocktakeCode' },
      { header: '设备编号', key: 'deviceCode' },
      { header: '设备名称', key: 'deviceName' },
      { header: '状态', key: 'status', type: 'enum', labels: STOCKTAKE_STATUS },
      { header: '货道数', key: 'lineCount', type: 'number' },
      { header: '已盘', key: 'countedCount', type: 'number' },
      { header: '差异行数', key: 'varianceLines', type: 'number' },
      { header: '差异合计', key: 'varianceTotal', type: 'number' },
      { header: '备注', key: 'remark', width: 30 },
      { header: '创建人', key: 'creatorName' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '审核人', key: 'reviewerName' },
      { header: '审核时间', key: 'reviewedAt', type: 'time' },
      { header: '退回/作废原因', key: 'reason', width: 30 },
    ],
  }),
});
export const stocktakeDetail = implement(ops.detail, (ctx, i) => s.detail(ctx, i.stocktakeCode));
export const stocktakeDeviceOptions = implement(ops.deviceOptions, (ctx) => s.deviceOptions(ctx));
export const stocktakeCreate = implement(ops.create, (ctx, i) => s.create(ctx, i));
export const stocktakeCount = implement(ops.count, (ctx, i) => s.count(ctx, i));
export const stocktakeSubmit = implement(ops.submit, (ctx, i) => s.submit(ctx, i));
export const stocktakeApprove = implement(ops.approve, (ctx, i) => s.approve(ctx, i));
export const stocktakeReject = implement(ops.reject, (ctx, i) => s.reject(ctx, i));
export const stocktakeVoid = implement(ops.void, (ctx, i) => s.voidStocktake(ctx, i));
export const stocktakeHistory = implement(ops.history, (ctx, i) => s.history(ctx, i));
