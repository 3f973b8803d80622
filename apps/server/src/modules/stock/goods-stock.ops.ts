import { goodsStockListInput, goodsStockOps, type GoodsStockRow } from '@merchant/contracts/stock/goods-stock';
import { STOCK_LOCATION_KINDS, type StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './goods-stock.service.ts';

export const goodsStockList = implement(goodsStockOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(goodsStockListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { keyword: 'SKU关键词', categoryId: '商品分类', held: '只看有库存' },
    columns: [
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'skuName', width: 30 },
      { header: '条码', key: 'barcode', width: 16 },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      ...(Object.entries(STOCK_LOCATION_KINDS) as [StockLocationKind, string][]).map(([kind, label]) => ({
        header: label,
        key: `kind_${kind}`,
        type: 'number' as const,
        value: (r: GoodsStockRow) => r.kinds[kind] ?? 0,
      })),
      { header: '现有库存合计', key: 'onHand', type: 'number' },
      { header: '锁定库存合计', key: 'locked', type: 'number' },
      { header: '可用库存合计', key: 'available', type: 'number' },
    ],
  }),
});
