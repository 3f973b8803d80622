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
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput, timeRange } from '../../platform/list-query.ts';
import * as s from './merchant-change.service.ts';

const CHANGE = A.changeView;

export const changeForm = defineOperation({ name: M.changeForm, summary: '信息变更：当前信息与可选项', anchor: CHANGE, input: z.object({}), handler: (ctx) => s.form(ctx) });
export const changeList = defineOperation({
  name: M.changeList, summary: '信息变更申请记录', anchor: CHANGE,
  input: listInput(
    {
      changeCode: z.string().trim().max(32, '变更编号不能超过32位').optional(),
      status: z.coerce.number().int().refine((v) => v in CHANGE_STATUS, '审核状态不正确').optional(),
      createdRange: timeRange,
    },
    ['createdAt'],
  ),
  handler: (ctx, i) => s.list(ctx, i),
});
export const changeDetail = defineOperation({ name: M.changeDetail, summary: '信息变更申请详情', anchor: CHANGE, input: byIdInput, handler: (ctx, i) => s.detail(ctx, i.id) });
export const changeSubmit = defineOperation({
  name: M.changeSubmit, summary: '提交信息变更申请（商户名称、类型、主体资质）', anchor: CHANGE, mutates: true,
  input: changeSubmitInput, handler: (ctx, i) => s.submit(ctx, i),
});
export const changeWithdraw = defineOperation({ name: M.changeWithdraw, summary: '撤回待审核的变更申请', anchor: CHANGE, mutates: true, input: byIdInput, handler: (ctx, i) => s.withdraw(ctx, i.id) });
export const changeApprove = defineOperation({
  name: M.changeApprove, summary: '审核通过变更申请并生效（管理员）', anchor: CHANGE, mutates: true,
  input: changeApproveInput, handler: (ctx, i) => s.approve(ctx, i.id, i.remark),
});
export const changeReject = defineOperation({
  name: M.changeReject, summary: '驳回变更申请（管理员，须填写原因）', anchor: CHANGE, mutates: true,
  input: changeRejectInput, handler: (ctx, i) => s.reject(ctx, i.id, i.reason),
});
