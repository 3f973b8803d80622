import { APPROVAL_ACTIONS, approvalListInput, approvalOps, approvalRecordListInput } from '@merchant/contracts/goods/approval';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import { approvalExportColumns } from './approval-export.ts';
import * as s from './approval.service.ts';

export const approvalList = implement(approvalOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(approvalListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: async (ctx, rows) => rows.map((r) => s.toRow(r, ctx.session.accountId)),
    filterLabels: { title: '商品名称', applicant: '申请人' },
    columns: approvalExportColumns('销售价（元）'),
  }),
});
export const approvalDetail = implement(approvalOps.detail, (ctx, i) => s.detail(ctx, i.approvalCode));
export const approvalSave = implement(approvalOps.save, (ctx, i) => s.save(ctx, i));
export const approvalSubmit = implement(approvalOps.submit, (ctx, i) => s.submit(ctx, i));
export const approvalWithdraw = implement(approvalOps.withdraw, (ctx, i) => s.withdraw(ctx, i));
export const approvalDelete = implement(approvalOps.delete, (ctx, i) => s.remove(ctx, i));
export const approvalApprove = implement(approvalOps.approve, (ctx, i) => s.approve(ctx, i));
export const approvalReject = implement(approvalOps.reject, (ctx, i) => s.reject(ctx, i));
export const approvalHistory = implement(approvalOps.history, (ctx, i) => s.history(ctx, i));
export const approvalRecords = implement(approvalOps.records, {
  handler: (ctx, i) => s.records(ctx, i),
  export: queryExport(approvalRecordListInput, {
    query: (ctx, i) => s.recordExportQuery(ctx, i),
    map: s.toRecord,
    filterLabels: { operator: '操作人' },
    columns: [
      { header: '时间', key: 'createdAt', type: 'time' },
      { header: '申请单号', key: 'approvalCode' },
      { header: '申请类型', key: 'kindName' },
      { header: '商品名称', key: 'title', width: 30 },
      { header: '操作', key: 'action', type: 'enum', labels: APPROVAL_ACTIONS },
      { header: '原因/意见', key: 'remark', width: 30 },
      { header: '操作人', key: 'operatorName' },
      { header: '申请当前状态', key: 'statusName' },
    ],
  }),
});
export const approvalGoodsOptions = implement(approvalOps.goodsOptions, (ctx, i) => s.goodsOptions(ctx, i.keyword));
