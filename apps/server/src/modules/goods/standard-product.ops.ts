import {
  STANDARD_PRODUCT_STATUS,
  standardProductListInput,
  standardProductOps,
  type StandardProductRow,
} from '@merchant/contracts/goods/standard-product';
import { STORAGE_STYLES } from '@merchant/contracts/goods/goods-fields';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './standard-product.service.ts';

export const standardProductList = implement(standardProductOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(standardProductListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { keyword: '关键字', brand: '品牌', categoryId: '商品分类' },
    columns: [
      { header: '商品编号', key: 'goodsNo' },
      { header: '商品名称', key: 'name', width: 30 },
      { header: '商品条码', key: 'barcode', width: 16 },
      { header: '品牌', key: 'brand' },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '规格', key: 'spec' },
      { header: '单位', key: 'unit' },
      { header: '保质期（天）', key: 'shelfLifeDays', type: 'number' },
      { header: '储存方式', key: 'storageStyle', type: 'enum', labels: STORAGE_STYLES },
      { header: '建议零售价（元）', key: 'guidePrice', type: 'money' },
      { header: '状态', key: 'status', type: 'enum', labels: STANDARD_PRODUCT_STATUS },
      { header: '来源', key: 'sourceName' },
      { header: '图片数', key: 'imageCount', type: 'number', value: (r: StandardProductRow) => r.imageIds.length },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const standardProductDetail = implement(standardProductOps.detail, (ctx, i) => s.detail(ctx, i.goodsNo));
export const standardProductUpdate = implement(standardProductOps.update, (ctx, i) => s.update(ctx, i));
export const standardProductSetStatus = implement(standardProductOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const standardProductHistory = implement(standardProductOps.history, (ctx, i) => s.history(ctx, i));
