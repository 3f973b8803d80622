import { ADJUSTMENT_STATUS, adjustmentListInput, adjustmentOps, type AdjustmentRow } from '@merchant/contracts/price/price-adjustment';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './price-adjustment.service.ts';

export const adjustmentList = implement(adjustmentOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(adjustmentListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { orderNo: '调价单号', status: '状态', scopeType: '调价范围', createdRange: '创建时间', skuId: 'SKU' },
    columns: [
      { header: '调价单号', key: 'orderNo' },
      { header: '调价范围', key: 'scopeTypeName' },
      { header: '调价对象', key: 'scopeSummary', width: 30 },
      { header: 'SKU数', key: 'skuCount' },
      { header: '明细行数', key: 'lineCount' },
      { header: '生效方式', key: 'effectiveModeName' },
      { header: '生效时间', key: 'effectiveAt', type: 'time' },
      { header: '状态', key: 'status', type: 'enum', labels: ADJUSTMENT_STATUS },
      { header: '调价原因', key: 'reason', width: 30 },
      { header: '创建人', key: 'creatorName' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '提交人', key: 'submitterName' },
      { header: '推送', key: 'pushTotal', value: (r: AdjustmentRow) => (r.pushTotal ? `${r.pushAcked}/${r.pushTotal}` : '') },
    ],
  }),
});
export const adjustmentDetail = implement(adjustmentOps.detail, (ctx, i) => s.detail(ctx, i.orderNo));
export const adjustmentSave = implement(adjustmentOps.save, (ctx, i) => s.save(ctx, i));
export const adjustmentSubmit = implement(adjustmentOps.submit, (ctx, i) => s.submit(ctx, i));
export const adjustmentQuick = implement(adjustmentOps.quick, (ctx, i) => s.quick(ctx, i));
export const adjustmentCancel = implement(adjustmentOps.cancel, (ctx, i) => s.cancel(ctx, i));
export const adjustmentDelete = implement(adjustmentOps.delete, (ctx, i) => s.remove(ctx, i));
export const adjustmentRepush = implement(adjustmentOps.repush, (ctx, i) => s.repush(ctx, i));
export const adjustmentHistory = implement(adjustmentOps.history, (ctx, i) => s.history(ctx, i));
export const adjustmentSettings = implement(adjustmentOps.settings, async (ctx) => ({
  minAheadMs: ctx.config.price.minAheadMs,
  sweepIntervalMs: ctx.config.price.sweepIntervalMs,
}));
