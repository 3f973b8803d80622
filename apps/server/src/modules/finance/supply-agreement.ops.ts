import { supplyAgreementListInput, supplyAgreementOps } from '@merchant/contracts/finance/supply-agreement';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './supply-agreement.service.ts';

export const supplyAgreementList = implement(supplyAgreementOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(supplyAgreementListInput, {
    query: (ctx, i) => s.listQuery(ctx, i),
    map: s.agreementRow,
    filterLabels: { keyword: '关键字', supplierId: '供应商' },
    columns: [
      { header: 'SKU编码', key: 'skuCode', width: 14 },
      { header: 'SKU名称', key: 'skuName', width: 24 },
      { header: '条码', key: 'barcode', width: 16 },
      { header: '供应商编码', key: 'supplierCode', width: 14 },
      { header: '供应商', key: 'supplierName', width: 20 },
      { header: '供应商账户', key: 'supplierPartyCode', width: 14 },
      { header: '供应链SKU', key: 'supplySkuCode', width: 14 },
      { header: '采购价（元）', key: 'purchasePrice', type: 'money' },
      { header: '代销结算价（元）', key: 'unitPrice', type: 'money' },
      { header: '售价（元）', key: 'basePrice', type: 'money' },
      { header: '备注', key: 'remark', width: 30 },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const supplyAgreementCandidates = implement(supplyAgreementOps.candidates, (ctx, i) => s.candidates(ctx, i.keyword));
export const supplyAgreementSave = implement(supplyAgreementOps.save, (ctx, i) => s.save(ctx, i));
export const supplyAgreementRemove = implement(supplyAgreementOps.remove, (ctx, i) => s.remove(ctx, i));
