import { WITHDRAWAL_STATUS, withdrawalListInput, withdrawalOps } from '@merchant/contracts/device/point-withdrawal';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './point-withdrawal.service.ts';

export const withdrawalList = implement(withdrawalOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(withdrawalListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { point: '点位', plannedDate: '计划撤点日期', createdAt: '申请时间' },
    columns: [
      { header: '申请单号', key: 'applyCode' },
      { header: '状态', key: 'status', type: 'enum', labels: WITHDRAWAL_STATUS },
      { header: '点位编号', key: 'pointCode' },
      { header: '点位名称', key: 'pointName', width: 24 },
      { header: '点位状态', key: 'pointStatusName' },
      { header: '计划撤点日期', key: 'plannedDate' },
      { header: '撤点原因', key: 'reason', width: 40 },
      { header: '申请人', key: 'applicantName' },
      { header: '申请时间', key: 'createdAt', type: 'time' },
      { header: '审核人', key: 'reviewerName' },
      { header: '审核时间', key: 'reviewedAt', type: 'time' },
      { header: '驳回原因/审核意见', key: 'reviewRemark', width: 30 },
      { header: '执行人', key: 'completerName' },
      { header: '执行时间', key: 'completedAt', type: 'time' },
      { header: '解绑设备数', key: 'unboundCount' },
    ],
  }),
});
export const withdrawalDetail = implement(withdrawalOps.detail, (ctx, i) => s.detail(ctx, i.applyCode));
export const withdrawalCreate = implement(withdrawalOps.create, (ctx, i) => s.create(ctx, i));
export const withdrawalCancel = implement(withdrawalOps.cancel, (ctx, i) => s.cancel(ctx, i));
export const withdrawalApprove = implement(withdrawalOps.approve, (ctx, i) => s.approve(ctx, i));
export const withdrawalReject = implement(withdrawalOps.reject, (ctx, i) => s.reject(ctx, i));
export const withdrawalComplete = implement(withdrawalOps.complete, (ctx, i) => s.complete(ctx, i));
export const withdrawalHistory = implement(withdrawalOps.history, (ctx, i) => s.history(ctx, i));
export const withdrawalPointOptions = implement(withdrawalOps.pointOptions, (ctx) => s.pointOptions(ctx));
