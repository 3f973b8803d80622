import { stockBalanceListInput, stockBalanceOps } from '@merchant/contracts/stock/stock-balance';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './stock-balance.service.ts';

// The hub warehouse's (库存中心) balances and hand edit; the service takes the location kind.

export const hubBalanceList = implement(stockBalanceOps.list, {
  handler: (ctx, i) => s.listBalances(ctx, 'hub', i),
  export: queryExport(stockBalanceListInput, {
    query: (ctx, i) => s.balanceExportQuery(ctx, 'hub', i),
    mapBatch: s.balanceExportRows('hub'),
    filterLabels: { keyword: 'SKU关键词', categoryId: '商品分类', availability: '可用库存' },
    columns: [
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
export const hubBalanceGet = implement(stockBalanceOps.get, (ctx, i) => s.balanceOfSku(ctx, 'hub', i.skuId));
export const hubBalanceEdit = implement(stockBalanceOps.edit, (ctx, i) => s.editBalance(ctx, 'hub', i));
export const stockSkuOptions = implement(stockBalanceOps.skuOptions, (ctx, i) => s.skuOptions(ctx, i.keyword));
export const stockCategoryTree = implement(stockBalanceOps.categories, (ctx) => s.categoryOptions(ctx));
