import { MALL_STATUS } from '@merchant/contracts/mall/mall-fields';
import { mallSkuListInput, mallSkuOps, type MallSkuRow } from '@merchant/contracts/mall/mall-sku';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './mall-sku.service.ts';

export const mallSkuList = implement(mallSkuOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(mallSkuListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { keyword: '关键词', categoryId: '商品分类', mallGoodsId: '商城商品' },
    columns: [
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'name', width: 36 },
      { header: '商城商品编码', key: 'mallCode' },
      { header: '规格', key: 'specText', width: 24 },
      { header: 'SKU条码', key: 'barcode', width: 16 },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '销售单位', key: 'saleUnit' },
      { header: '起批量', key: 'moq' },
      { header: '批发价（阶梯）', key: 'tierText', width: 40 },
      { header: '最高单价（元）', key: 'basePrice', value: (r: MallSkuRow) => (r.basePrice / 100).toFixed(2) },
      { header: '最低单价（元）', key: 'lowestPrice', value: (r: MallSkuRow) => (r.lowestPrice / 100).toFixed(2) },
      {
        header: '批发库存（可用）',
        key: 'wholesaleStock',
        value: (r: MallSkuRow) => (r.wholesaleStock === null ? '未关联商品' : r.wholesaleStock),
      },
      { header: '状态', key: 'status', type: 'enum', labels: MALL_STATUS },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const mallSkuDetail = implement(mallSkuOps.detail, (ctx, i) => s.detail(ctx, i.mallSkuId));
export const mallSkuCreate = implement(mallSkuOps.create, (ctx, i) => s.create(ctx, i));
export const mallSkuUpdate = implement(mallSkuOps.update, (ctx, i) => s.update(ctx, i));
export const mallSkuSetStatus = implement(mallSkuOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const mallSkuHistory = implement(mallSkuOps.history, (ctx, i) => s.history(ctx, i));
