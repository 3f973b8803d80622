import {
  byIdInput,
  CONTRACT_STATUS,
  CONTRACT_TYPES,
  contractAddInput,
  contractEditInput,
  contractEndRangeSchema,
  contractTerminateInput,
  MERCHANT_ANCHORS as A,
  MERCHANT_OPS as M,
  type ContractRow,
  type ContractStatus,
} from '@merchant/contracts';
import { z } from 'zod';
import { queryExport } from '../../platform/export/export-spec.ts';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { listInput } from '../../platform/list-query.ts';
import * as s from './contract.service.ts';

const CONTRACT = A.contractList;

const contractListInput = listInput(
  {
    contractNo: z.string().trim().max(32, '合同编号不能超过32位').optional(),
    name: z.string().trim().max(50, '合同名称不能超过50个字').optional(),
    partyName: z.string().trim().max(50, '签约方不能超过50个字').optional(),
    contractType: z.enum(Object.keys(CONTRACT_TYPES) as [string, ...string[]], { error: '合同类型不正确' }).optional(),
    status: z.enum(Object.keys(CONTRACT_STATUS) as [ContractStatus, ...ContractStatus[]], { error: '合同状态不正确' }).optional(),
    endRange: contractEndRangeSchema,
  },
  ['createdAt', 'endDate', 'amount'],
);
export const contractList = defineOperation({
  name: M.contractList, summary: '合同列表（状态按日期计算）', label: '合同列表', anchor: CONTRACT,
  input: contractListInput,
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(contractListInput, {
    query: (ctx, i) => s.listExportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.listExportRows(ctx, rows),
    filterLabels: { endRange: '到期日期' },
    columns: [
      { header: '合同编号', key: 'contractNo' },
      { header: '合同名称', key: 'name', width: 30 },
      { header: '状态', key: 'status', type: 'enum', labels: CONTRACT_STATUS },
      { header: '合同类型', key: 'contractType', type: 'enum', labels: CONTRACT_TYPES },
      { header: '签约方', key: 'partyName', width: 30 },
      { header: '合同金额（元）', key: 'amount', type: 'money' },
      { header: '签订日期', key: 'signDate', type: 'date' },
      { header: '有效期', key: 'period', value: (r: ContractRow) => `${r.startDate} 至 ${r.endDate}`, width: 26 },
      { header: '到期日期', key: 'endDate', type: 'date' },
      { header: '附件', key: 'fileName', width: 24 },
    ],
  }),
});
export const contractDetail = defineOperation({ name: M.contractDetail, summary: '合同详情', anchor: CONTRACT, input: byIdInput, handler: (ctx, i) => s.detail(ctx, i.id) });
export const contractAdd = defineOperation({ name: M.contractAdd, summary: '新增合同（可附合同文件）', label: '新增合同', anchor: CONTRACT, mutates: true, input: contractAddInput, handler: (ctx, i) => s.add(ctx, i) });
export const contractEdit = defineOperation({ name: M.contractEdit, summary: '编辑合同', anchor: CONTRACT, mutates: true, input: contractEditInput, handler: (ctx, i) => s.edit(ctx, i) });
export const contractTerminate = defineOperation({
  name: M.contractTerminate, summary: '终止合同（须填写原因）', label: '终止合同', anchor: CONTRACT, mutates: true,
  input: contractTerminateInput, handler: (ctx, i) => s.terminate(ctx, i.id, i.reason),
});
export const contractDelete = defineOperation({ name: M.contractDelete, summary: '删除未生效的合同', anchor: CONTRACT, mutates: true, input: byIdInput, handler: (ctx, i) => s.remove(ctx, i.id) });
