import { storeStockListInput, storeStockOps } from '@merchant/contracts/stock/store-stock';
import { STOCK_AVAILABILITY } from '@merchant/contracts/stock/stock-balance';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import { categoryOptions, skuOptions } from './stock-balance.service.ts';
import * as s from './store-stock.service.ts';

// 本地库存 · 库存列表 (section 128): the stores' balances, 详情, 新增门店库存, 编辑.

export const storeStockList = implement(storeStockOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(storeStockListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { storeCode: '门店', keyword: 'SKU关键词', categoryId: '商品分类', availability: '可用库存' },
    filterValues: { availability: STOCK_AVAILABILITY },
    columns: [
      { header: '门店编码', key: 'storeCode' },
      { header: '门店', key: 'storeName', width: 20 },
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'skuName', width: 30 },
      { header: '条码', key: 'barcode', width: 16 },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '现有库存', key: 'onHand', type: 'number' },
      { header: '锁定库存', key: 'locked', type: 'number' },
      { header: '可用库存', key: 'available', type: 'number' },
      { header: '最后变动时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const storeStockGet = implement(storeStockOps.get, (ctx, i) => s.detail(ctx, i));
export const storeStockAdd = implement(storeStockOps.add, (ctx, i) => s.add(ctx, i));
export const storeStockEdit = implement(storeStockOps.edit, (ctx, i) => s.edit(ctx, i));
export const storeStockStores = implement(storeStockOps.stores, (ctx, i) => s.openStores(ctx, i.keyword));
export const storeStockSkuOptions = implement(storeStockOps.skuOptions, (ctx, i) => skuOptions(ctx, i.keyword));
export const storeStockCategories = implement(storeStockOps.categories, (ctx) => categoryOptions(ctx));
