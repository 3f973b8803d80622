import { mallApprovalListInput, mallApprovalOps } from '@merchant/contracts/mall/mall-approval';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import { approvalExportColumns } from './approval-export.ts';
import * as approval from './approval.service.ts';
import * as s from './mall-approval.service.ts';

// The mall's applications (kinds 3, 4) through the goods applications' service, family 'mall'.
const MALL = 'mall' as const;

export const mallApprovalList = implement(mallApprovalOps.list, {
  handler: (ctx, i) => approval.list(ctx, i, MALL),
  export: queryExport(mallApprovalListInput, {
    query: (ctx, i) => approval.exportQuery(ctx, i, MALL),
    mapBatch: async (ctx, rows) => rows.map((r) => approval.toRow(r, ctx.session.accountId)),
    filterLabels: { title: '商品名称', applicant: '申请人' },
    columns: approvalExportColumns('批发价（元，第一档）'),
  }),
});
export const mallApprovalDetail = implement(mallApprovalOps.detail, (ctx, i) => s.detail(ctx, i.approvalCode));
export const mallApprovalSave = implement(mallApprovalOps.save, (ctx, i) => approval.save(ctx, i, MALL));
export const mallApprovalSubmit = implement(mallApprovalOps.submit, (ctx, i) => approval.submit(ctx, i, MALL));
export const mallApprovalWithdraw = implement(mallApprovalOps.withdraw, (ctx, i) => approval.withdraw(ctx, i, MALL));
export const mallApprovalDelete = implement(mallApprovalOps.delete, (ctx, i) => approval.remove(ctx, i, MALL));
export const mallApprovalApprove = implement(mallApprovalOps.approve, async (ctx, i) => {
  const r = await approval.approve(ctx, i, MALL);
  return {
    approvalCode: r.approvalCode,
    status: r.status,
    version: r.version,
    standardProductId: r.standardProductId,
    mallGoodsId: r.goodsId,
    mallSkuId: r.skuId,
  };
});
export const mallApprovalReject = implement(mallApprovalOps.reject, (ctx, i) => approval.reject(ctx, i, MALL));
export const mallApprovalHistory = implement(mallApprovalOps.history, (ctx, i) => s.history(ctx, i));
export const mallSkuReviewReason = implement(mallApprovalOps.reviewReason, (ctx, i) => s.reviewReason(ctx, i.approvalCode));
