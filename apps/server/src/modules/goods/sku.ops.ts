import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { SKU_STATUS, skuListInput, skuOps, type SkuRow } from '@merchant/contracts/goods/sku';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './sku.service.ts';

export const skuList = implement(skuOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(skuListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { keyword: '关键词', categoryId: '商品分类', goodsId: '商品' },
    columns: [
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'name', width: 36 },
      { header: '商品编码', key: 'goodsCode' },
      { header: '商品名称', key: 'goodsName', width: 30 },
      { header: '规格', key: 'specText', width: 24 },
      { header: 'SKU条码', key: 'barcode', width: 16 },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '销售价（元）', key: 'basePrice', value: (r: SkuRow) => (r.basePrice / 100).toFixed(2) },
      { header: '储存方式', key: 'storageStyle', type: 'enum', labels: STORAGE_STYLES },
      { header: '上下架状态', key: 'status', type: 'enum', labels: SKU_STATUS },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const skuDetail = implement(skuOps.detail, (ctx, i) => s.detail(ctx, i.skuId));
export const skuGoodsOptions = implement(skuOps.goodsOptions, (ctx, i) => s.goodsOptions(ctx, i.keyword));
export const skuCreate = implement(skuOps.create, (ctx, i) => s.create(ctx, i));
export const skuUpdate = implement(skuOps.update, (ctx, i) => s.update(ctx, i));
export const skuSetStatus = implement(skuOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const skuDelete = implement(skuOps.delete, (ctx, i) => s.remove(ctx, i));
export const skuHistory = implement(skuOps.history, (ctx, i) => s.history(ctx, i));
