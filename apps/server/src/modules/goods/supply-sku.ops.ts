import { SUPPLY_STATUS } from '@merchant/contracts/goods/supplier';
import { supplySkuListInput, supplySkuOps, type SupplySkuRow } from '@merchant/contracts/goods/supply-sku';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './supply-sku.service.ts';

export const supplySkuList = implement(supplySkuOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(supplySkuListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { keyword: '关键词', supplierId: '供应商', spuId: '供应链商品', categoryId: '商品分类' },
    columns: [
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'name', width: 36 },
      { header: '商品编码', key: 'spuCode' },
      { header: '供应商', key: 'supplierName', width: 26 },
      { header: '规格', key: 'specText', width: 24 },
      { header: 'SKU条码', key: 'barcode', width: 16 },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '采购价（元）', key: 'purchasePrice', value: (r: SupplySkuRow) => (r.purchasePrice / 100).toFixed(2) },
      { header: '起订量', key: 'moq' },
      { header: '供货周期（天）', key: 'leadTimeDays' },
      { header: '状态', key: 'status', type: 'enum', labels: SUPPLY_STATUS },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const supplySkuDetail = implement(supplySkuOps.detail, (ctx, i) => s.detail(ctx, i.skuId));
export const supplySkuClassify = implement(supplySkuOps.classify, (ctx) => s.classify(ctx));
export const supplySkuCreate = implement(supplySkuOps.create, (ctx, i) => s.create(ctx, i));
export const supplySkuUpdate = implement(supplySkuOps.update, (ctx, i) => s.update(ctx, i));
export const supplySkuSetStatus = implement(supplySkuOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const supplySkuDelete = implement(supplySkuOps.delete, (ctx, i) => s.remove(ctx, i));
export const supplySkuHistory = implement(supplySkuOps.history, (ctx, i) => s.history(ctx, i));
