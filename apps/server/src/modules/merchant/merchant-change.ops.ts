import { CHANGE_STATUS, changeListInput, merchantChangeOps } from '@merchant/contracts/merchant/merchant-change';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './merchant-change.service.ts';

export const changeForm = implement(merchantChangeOps.form, (ctx) => s.form(ctx));
export const changeList = implement(merchantChangeOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(changeListInput, {
    query: (ctx, i) => s.listExportQuery(ctx, i),
    map: s.listExportRow,
    filterLabels: { createdRange: '提交时间' },
    columns: [
      { header: '变更编号', key: 'changeCode' },
      { header: '变更内容', key: 'content', width: 50 },
      { header: '状态', key: 'status', type: 'enum', labels: CHANGE_STATUS },
      { header: '变更原因', key: 'reason', width: 30 },
      { header: '提交人', key: 'submitterName' },
      { header: '提交时间', key: 'createdAt', type: 'time' },
      { header: '审核人', key: 'reviewerName' },
      { header: '审核时间', key: 'reviewedAt', type: 'time' },
      { header: '审核意见', key: 'review', width: 30 },
    ],
  }),
});
export const changeDetail = implement(merchantChangeOps.detail, (ctx, i) => s.detail(ctx, i.id));
export const changeSubmit = implement(merchantChangeOps.submit, (ctx, i) => s.submit(ctx, i));
export const changeWithdraw = implement(merchantChangeOps.withdraw, (ctx, i) => s.withdraw(ctx, i.id));
export const changeApprove = implement(merchantChangeOps.approve, (ctx, i) => s.approve(ctx, i.id, i.remark));
export const changeReject = implement(merchantChangeOps.reject, (ctx, i) => s.reject(ctx, i.id, i.reason));
