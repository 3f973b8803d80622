import { GOODS_STATUS, goodsAdoptableInput, goodsListInput, goodsOps, type GoodsRow } from '@merchant/contracts/goods/goods';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './goods.service.ts';
import { yuan } from './sku.service.ts';

const priceRange = (r: GoodsRow) =>
  r.minPrice === null ? '' : r.minPrice === r.maxPrice ? yuan(r.minPrice) : `${yuan(r.minPrice)} ~ ${yuan(r.maxPrice ?? r.minPrice)}`;

export const goodsList = implement(goodsOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(goodsListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { keyword: '关键词', brand: '品牌', categoryId: '商品分类' },
    columns: [
      { header: '商品编码', key: 'goodsCode' },
      { header: '商品名称', key: 'name', width: 30 },
      { header: '品牌', key: 'brand' },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '储存方式', key: 'storageStyle', type: 'enum', labels: STORAGE_STYLES },
      { header: '销售状态', key: 'status', type: 'enum', labels: GOODS_STATUS },
      { header: 'SKU数', key: 'skuCount', type: 'number' },
      { header: '销售价', key: 'priceRange', value: priceRange },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const goodsDetail = implement(goodsOps.detail, (ctx, i) => s.detail(ctx, i.goodsId));
export const goodsAdoptable = implement(goodsOps.adoptable, {
  handler: (ctx, i) => s.adoptable(ctx, i),
  export: queryExport(goodsAdoptableInput, {
    query: (ctx, i) => s.adoptableExportQuery(ctx, i),
    mapBatch: s.adoptableRows,
    filterLabels: { keyword: '关键词', categoryId: '商品分类' },
    columns: [
      { header: '商品编号', key: 'goodsNo' },
      { header: '商品名称', key: 'name', width: 30 },
      { header: '条码', key: 'barcode', width: 16 },
      { header: '品牌', key: 'brand' },
      { header: '规格', key: 'spec' },
      { header: '单位', key: 'unit' },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '储存方式', key: 'storageStyle', type: 'enum', labels: STORAGE_STYLES },
      { header: '建议零售价（元）', key: 'guidePrice', type: 'money' },
    ],
  }),
});
export const goodsCreate = implement(goodsOps.create, (ctx, i) => s.create(ctx, i));
export const goodsAdopt = implement(goodsOps.adopt, (ctx, i) => s.adopt(ctx, i));
export const goodsUpdate = implement(goodsOps.update, (ctx, i) => s.update(ctx, i));
export const goodsSetStatus = implement(goodsOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const goodsDelete = implement(goodsOps.delete, (ctx, i) => s.remove(ctx, i));
export const goodsHistory = implement(goodsOps.history, (ctx, i) => s.history(ctx, i));
