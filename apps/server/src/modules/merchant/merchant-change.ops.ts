import {
  byIdInput,
  CHANGE_STATUS,
  changeApproveInput,
  changeRejectInput,
  changeSubmitInput,
  MERCHANT_ANCHORS as A,
  MERCHANT_OPS as M,
} from '@merchant/contracts';
import { z } from 'zod';
import { queryExport } from '../../platform/export/export-spec.ts';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput, timeRange } from '../../platform/list-query.ts';
import * as s from './merchant-change.service.ts';

const CHANGE = A.changeView;

export const changeForm = defineOperation({ name: M.changeForm, summary: '信息变更：当前信息与可选项', anchor: CHANGE, input: z.object({}), handler: (ctx) => s.form(ctx) });
const changeListInput = listInput(
  {
    changeCode: z.string().trim().max(32, '变更编号不能超过32位').optional(),
    status: z.coerce.number().int().refine((v) => v in CHANGE_STATUS, '审核状态不正确').optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);
export const changeList = defineOperation({
  name: M.changeList, summary: '信息变更申请记录', anchor: CHANGE,
  input: changeListInput,
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
export const changeDetail = defineOperation({ name: M.changeDetail, summary: '信息变更申请详情', anchor: CHANGE, input: byIdInput, handler: (ctx, i) => s.detail(ctx, i.id) });
export const changeSubmit = defineOperation({
  name: M.changeSubmit, summary: '提交信息变更申请（商户名称、类型、主体资质）', label: '提交信息变更申请', anchor: CHANGE, mutates: true,
  input: changeSubmitInput, handler: (ctx, i) => s.submit(ctx, i),
});
export const changeWithdraw = defineOperation({ name: M.changeWithdraw, summary: '撤回待审核的变更申请', anchor: CHANGE, mutates: true, input: byIdInput, handler: (ctx, i) => s.withdraw(ctx, i.id) });
export const changeApprove = defineOperation({
  name: M.changeApprove, summary: '审核通过变更申请并生效（管理员）', label: '审核通过变更申请', anchor: CHANGE, mutates: true,
  input: changeApproveInput, handler: (ctx, i) => s.approve(ctx, i.id, i.remark),
});
export const changeReject = defineOperation({
  name: M.changeReject, summary: '驳回变更申请（管理员，须填写原因）', label: '驳回变更申请', anchor: CHANGE, mutates: true,
  input: changeRejectInput, handler: (ctx, i) => s.reject(ctx, i.id, i.reason),
});
