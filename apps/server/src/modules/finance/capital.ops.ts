import { capitalListInput, capitalOps, capitalRecordInput } from '@merchant/contracts/finance/capital';
import { ACCOUNT_KINDS, ENTRY_TYPES, PARTY_TYPES } from '@merchant/contracts/finance/finance-fields';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './capital.service.ts';

export const capitalList = implement(capitalOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(capitalListInput, {
    query: (ctx, i) => s.listQuery(ctx, i),
    mapBatch: async (_ctx, rows) => s.exportRows(rows),
    filterLabels: { partyType: '账户类型', keyword: '关键字' },
    columns: [
      { header: '账户编号', key: 'partyCode', width: 14 },
      { header: '名称', key: 'name', width: 24 },
      { header: '类型', key: 'partyType', type: 'enum', labels: PARTY_TYPES },
      { header: '手机', key: 'phone', width: 14 },
      { header: '可用（元）', key: 'available', type: 'money' },
      { header: '冻结（元）', key: 'frozen', type: 'money' },
      { header: '待结算（元）', key: 'pending', type: 'money' },
      { header: '在途（元）', key: 'inTransit', type: 'money' },
      { header: '合计（元）', key: 'total', type: 'money' },
      { header: '银行卡', key: 'cardCount', type: 'number' },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const capitalSummary = implement(capitalOps.summary, (ctx) => s.summary(ctx));
export const capitalDetail = implement(capitalOps.detail, (ctx, i) => s.detail(ctx, i.partyCode));
export const capitalRecords = implement(capitalOps.records, {
  handler: (ctx, i) => s.records(ctx, i),
  export: queryExport(capitalRecordInput, {
    query: (ctx, i) => s.recordsExportQuery(ctx, i),
    mapBatch: async (_ctx, rows) => s.recordExportRows(rows),
    filterLabels: { partyCode: '资金账户', kind: '账户类别', entryType: '业务类型', orderNo: '订单号', createdRange: '时间' },
    columns: [
      { header: '时间', key: 'createdAt', type: 'time' },
      { header: '凭证号', key: 'entryNo', width: 20 },
      { header: '业务类型', key: 'entryType', type: 'enum', labels: ENTRY_TYPES },
      { header: '账户类别', key: 'kind', type: 'enum', labels: ACCOUNT_KINDS },
      { header: '金额（元）', key: 'amount', type: 'money' },
      { header: '变动后余额（元）', key: 'balanceAfter', type: 'money' },
      { header: '单据号', key: 'refNo', width: 20 },
      { header: '订单号', key: 'orderNo', width: 22 },
      { header: '摘要', key: 'memo', width: 40 },
    ],
  }),
});
export const capitalEntry = implement(capitalOps.entry, (ctx, i) => s.entry(ctx, i.entryNo));
export const capitalOrderEntries = implement(capitalOps.orderEntries, (ctx, i) => s.orderEntries(ctx, i.orderNo));
export const capitalHistory = implement(capitalOps.history, (ctx, i) => s.history(ctx, i));
export const capitalParties = implement(capitalOps.parties, (ctx, i) => s.parties(ctx, i.keyword));
