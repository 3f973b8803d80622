import {
  goodsStockListInput,
  goodsStockOps,
  wholesaleGoodsStockListInput,
  wholesaleGoodsStockOps,
  type GoodsStockRow,
  type WholesaleGoodsStockRow,
} from '@merchant/contracts/stock/goods-stock';
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

/** 批发库存 (108, goodsstock-lists): the wholesaler stock by goods. */
export const wholesaleGoodsStockList = implement(wholesaleGoodsStockOps.list, {
  handler: (ctx, i) => s.listKindGoods(ctx, 'wholesaler', i),
  export: queryExport(wholesaleGoodsStockListInput, {
    query: (ctx, i) => s.kindGoodsExportQuery(ctx, 'wholesaler', i),
    mapBatch: s.kindGoodsExportRows('wholesaler'),
    filterLabels: { keyword: '商品或SKU关键词', categoryId: '商品分类', held: '只看有库存' },
    columns: [
      { header: '商品编码', key: 'goodsCode' },
      { header: '商品名称', key: 'goodsName', width: 30 },
      { header: '品牌', key: 'brand' },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: 'SKU数', key: 'skuCount', type: 'number' },
      { header: '库存紧张SKU数', key: 'lowSkuCount', type: 'number' },
      { header: '现有库存', key: 'onHand', type: 'number' },
      { header: '锁定库存', key: 'locked', type: 'number' },
      { header: '可用库存', key: 'available', type: 'number' },
      {
        header: 'SKU明细（可用）',
        key: 'skus',
        width: 50,
        value: (r: WholesaleGoodsStockRow) => r.skus.map((k) => `${k.skuName}：${k.available}`).join('；'),
      },
    ],
  }),
});
