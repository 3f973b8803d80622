import { CONTRACT_STATUS, CONTRACT_TYPES, contractListInput, contractOps, type ContractRow } from '@merchant/contracts/merchant/contract';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './contract.service.ts';

export const contractList = implement(contractOps.list, {
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
      { header: '柜型', key: 'cabinetModelName', width: 16 },
      { header: '柜数', key: 'cabinetCount', value: (r: ContractRow) => (r.cabinetModelCode ? String(r.cabinetCount) : '') },
      { header: '已激活', key: 'cabinetActivated', value: (r: ContractRow) => (r.cabinetModelCode ? String(r.cabinetActivated) : '') },
    ],
  }),
});
export const contractDetail = implement(contractOps.detail, (ctx, i) => s.detail(ctx, i.id));
export const contractAdd = implement(contractOps.add, (ctx, i) => s.add(ctx, i));
export const contractEdit = implement(contractOps.edit, (ctx, i) => s.edit(ctx, i));
export const contractTerminate = implement(contractOps.terminate, (ctx, i) => s.terminate(ctx, i.id, i.reason));
export const contractDelete = implement(contractOps.delete, (ctx, i) => s.remove(ctx, i.id));
