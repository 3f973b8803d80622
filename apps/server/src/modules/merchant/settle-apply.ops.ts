import {
  byIdInput,
  MERCHANT_ANCHORS as A,
  MERCHANT_OPS as M,
  SETTLE_STATUS,
  settleLinesInput,
  settleReviewApproveInput,
  settleReviewRejectInput,
  settleSubjectInput,
  SUBJECT_TYPES,
  type SettleApply,
} from '@merchant/contracts';
import { z } from 'zod';
import { queryExport } from '../../platform/export/export-spec.ts';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput, timeRange } from '../../platform/list-query.ts';
import * as s from './settle-apply.service.ts';

// ---- the flow (settle-apply, settle-apply-person-bus, bus-line, submit-apply, apply-result) ----
export const settleCurrent = defineOperation({ name: M.settleCurrent, summary: '当前入驻申请（进行中或最近一次）', anchor: A.settleApply, input: z.object({}), handler: (ctx) => s.current(ctx) });
export const settleBusinessLines = defineOperation({ name: M.settleBusinessLines, summary: '可申请的业务线', anchor: A.settleApply, input: z.object({}), handler: (ctx) => s.businessLines(ctx) });
export const settleSaveSubject = defineOperation({
  name: M.settleSaveSubject, summary: '入驻申请第一步：主体信息（个人/企业，证件号校验，证件照片）', label: '保存入驻主体信息', anchor: A.settleApply, mutates: true,
  input: settleSubjectInput, handler: (ctx, i) => s.saveSubject(ctx, i),
});
export const settleSaveLines = defineOperation({ name: M.settleSaveLines, summary: '入驻申请第二步：业务线', label: '保存入驻业务线', anchor: A.settleApply, mutates: true, input: settleLinesInput, handler: (ctx, i) => s.saveLines(ctx, i) });
export const settleSubmit = defineOperation({ name: M.settleSubmit, summary: '提交入驻申请', anchor: A.settleApply, mutates: true, input: byIdInput, handler: (ctx, i) => s.submit(ctx, i.id) });
export const settleWithdraw = defineOperation({ name: M.settleWithdraw, summary: '撤回待审核的入驻申请', anchor: A.settleApply, mutates: true, input: byIdInput, handler: (ctx, i) => s.withdraw(ctx, i.id) });

// ---- records and review (apply-record) ----
const settleListInput = listInput(
  {
    applyCode: z.string().trim().max(32, '申请编号不能超过32位').optional(),
    subjectName: z.string().trim().max(50, '主体名称不能超过50个字').optional(),
    status: z.coerce.number().int().refine((v) => v in SETTLE_STATUS, '申请状态不正确').optional(),
    subjectType: z.enum(Object.keys(SUBJECT_TYPES) as ['person', 'business'], { error: '主体类型不正确' }).optional(),
    createdRange: timeRange,
  },
  ['createdAt', 'submittedAt'],
);
export const settleList = defineOperation({
  name: M.settleList, summary: '入驻申请记录', anchor: A.applyRecord,
  input: settleListInput,
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
export const settleDetail = defineOperation({ name: M.settleDetail, summary: '入驻申请详情', anchor: A.applyRecord, input: byIdInput, handler: (ctx, i) => s.detail(ctx, i.id) });
export const settleApprove = defineOperation({
  name: M.settleApprove, summary: '审核通过入驻申请（管理员）', label: '审核通过入驻申请', anchor: A.applyRecord, mutates: true,
  input: settleReviewApproveInput, handler: (ctx, i) => s.approve(ctx, i.id, i.remark),
});
export const settleReject = defineOperation({
  name: M.settleReject, summary: '驳回入驻申请（管理员，须填写原因）', label: '驳回入驻申请', anchor: A.applyRecord, mutates: true,
  input: settleReviewRejectInput, handler: (ctx, i) => s.reject(ctx, i.id, i.reason),
});
