import {
  byIdInput,
  CONTRACT_STATUS,
  CONTRACT_TYPES,
  contractAddInput,
  contractEditInput,
  contractTerminateInput,
  MERCHANT_ANCHORS as A,
  MERCHANT_OPS as M,
  type ContractStatus,
} from '@merchant/contracts';
import { z } from 'zod';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput, timeRange } from '../../platform/list-query.ts';
import * as s from './contract.service.ts';

const CONTRACT = A.contractList;

export const contractList = defineOperation({
  name: M.contractList, summary: '合同列表（状态按日期计算）', anchor: CONTRACT,
  input: listInput(
    {
      contractNo: z.string().trim().max(32, '合同编号不能超过32位').optional(),
      name: z.string().trim().max(50, '合同名称不能超过50个字').optional(),
      partyName: z.string().trim().max(50, '签约方不能超过50个字').optional(),
      contractType: z.enum(Object.keys(CONTRACT_TYPES) as [string, ...string[]], { error: '合同类型不正确' }).optional(),
      status: z.enum(Object.keys(CONTRACT_STATUS) as [ContractStatus, ...ContractStatus[]], { error: '合同状态不正确' }).optional(),
      endRange: timeRange,
    },
    ['createdAt', 'endDate', 'amount'],
  ),
  handler: (ctx, i) => s.list(ctx, i),
});
export const contractDetail = defineOperation({ name: M.contractDetail, summary: '合同详情', anchor: CONTRACT, input: byIdInput, handler: (ctx, i) => s.detail(ctx, i.id) });
export const contractAdd = defineOperation({ name: M.contractAdd, summary: '新增合同（可附合同文件）', anchor: CONTRACT, mutates: true, input: contractAddInput, handler: (ctx, i) => s.add(ctx, i) });
export const contractEdit = defineOperation({ name: M.contractEdit, summary: '编辑合同', anchor: CONTRACT, mutates: true, input: contractEditInput, handler: (ctx, i) => s.edit(ctx, i) });
export const contractTerminate = defineOperation({
  name: M.contractTerminate, summary: '终止合同（须填写原因）', anchor: CONTRACT, mutates: true,
  input: contractTerminateInput, handler: (ctx, i) => s.terminate(ctx, i.id, i.reason),
});
export const contractDelete = defineOperation({ name: M.contractDelete, summary: '删除未生效的合同', anchor: CONTRACT, mutates: true, input: byIdInput, handler: (ctx, i) => s.remove(ctx, i.id) });
