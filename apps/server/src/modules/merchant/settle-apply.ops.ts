import { SETTLE_STATUS, settleApplyOps, settleListInput, type SettleApply } from '@merchant/contracts/merchant/settle-apply';
import { SUBJECT_TYPES } from '@merchant/contracts/merchant/certificate';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './settle-apply.service.ts';

// ---- the flow (settle-apply, settle-apply-person-bus, bus-line, submit-apply, apply-result) ----
export const settleCurrent = implement(settleApplyOps.current, (ctx) => s.current(ctx));
export const settleBusinessLines = implement(settleApplyOps.businessLines, (ctx) => s.businessLines(ctx));
export const settleSaveSubject = implement(settleApplyOps.saveSubject, (ctx, i) => s.saveSubject(ctx, i));
export const settleSaveLines = implement(settleApplyOps.saveLines, (ctx, i) => s.saveLines(ctx, i));
export const settleSubmit = implement(settleApplyOps.submit, (ctx, i) => s.submit(ctx, i.id));
export const settleWithdraw = implement(settleApplyOps.withdraw, (ctx, i) => s.withdraw(ctx, i.id));

// ---- records and review (apply-record) ----
export const settleList = implement(settleApplyOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(settleListInput, {
    query: (ctx, i) => s.listExportQuery(ctx, i),
    map: s.listExportRow,
    filterLabels: { createdRange: '创建时间' },
    columns: [
      { header: '申请编号', key: 'applyCode' },
      { header: '主体名称', key: 'subjectName', width: 30 },
      { header: '状态', key: 'status', type: 'enum', labels: SETTLE_STATUS },
      { header: '主体类型', key: 'subjectType', type: 'enum', labels: SUBJECT_TYPES },
      { header: '证件号码', key: 'certNo', width: 22 },
      { header: '联系人', key: 'contactName' },
      { header: '联系电话', key: 'contactPhone' },
      { header: '业务线', key: 'businessLineNames', value: (r: SettleApply) => r.businessLineNames.join('、'), width: 24 },
      { header: '提交时间', key: 'submittedAt', type: 'time' },
      { header: '审核人', key: 'reviewerName' },
      { header: '审核时间', key: 'reviewedAt', type: 'time' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const settleDetail = implement(settleApplyOps.detail, (ctx, i) => s.detail(ctx, i.id));
export const settleApprove = implement(settleApplyOps.approve, (ctx, i) => s.approve(ctx, i.id, i.remark));
export const settleReject = implement(settleApplyOps.reject, (ctx, i) => s.reject(ctx, i.id, i.reason));
