import { priceRecordListInput, priceRecordOps } from '@merchant/contracts/price/price-record';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './price-record.service.ts';

export const recordList = implement(priceRecordOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(priceRecordListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { skuId: 'SKU', scopeType: '调价范围', scopeKey: '调价对象', orderNo: '调价单号', effectiveRange: '生效时间' },
    columns: [
      { header: '生效时间', key: 'effectiveAt', type: 'time' },
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'skuName', width: 30 },
      { header: '调价范围', key: 'scopeTypeName' },
      { header: '调价对象', key: 'scopeName', width: 24 },
      { header: '原价(元)', key: 'oldPrice', type: 'money' },
      { header: '新价(元)', key: 'newPrice', type: 'money' },
      { header: '调价单号', key: 'orderNo' },
      { header: '调价原因', key: 'reason', width: 30 },
      { header: '操作人', key: 'operatorName' },
    ],
  }),
});
