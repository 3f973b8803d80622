import { MALL_STATUS } from '@merchant/contracts/mall/mall-fields';
import { mallGoodsListInput, mallGoodsOps, type MallGoodsRow } from '@merchant/contracts/mall/mall-goods';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './mall-goods.service.ts';

const yuan = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));

export const mallGoodsList = implement(mallGoodsOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(mallGoodsListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { keyword: '关键词', categoryId: '商品分类' },
    columns: [
      { header: '商城商品编码', key: 'mallCode' },
      { header: '商品名称', key: 'title', width: 36 },
      { header: '标准商品编码', key: 'goodsNo' },
      { header: '商品条码', key: 'barcode', width: 16 },
      { header: '品牌', key: 'brand' },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '销售单位', key: 'saleUnit' },
      { header: '每单位件数', key: 'piecesPerUnit' },
      { header: '起批量', key: 'moq' },
      { header: '最低批发价（元）', key: 'minPrice', value: (r: MallGoodsRow) => yuan(r.minPrice) },
      { header: '最高批发价（元）', key: 'maxPrice', value: (r: MallGoodsRow) => yuan(r.maxPrice) },
      { header: 'SKU数', key: 'skuCount' },
      { header: '状态', key: 'status', type: 'enum', labels: MALL_STATUS },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const mallGoodsDetail = implement(mallGoodsOps.detail, (ctx, i) => s.detail(ctx, i.mallGoodsId));
export const mallGoodsOptions = implement(mallGoodsOps.options, (ctx, i) => s.options(ctx, i.keyword));
export const mallGoodsUpdate = implement(mallGoodsOps.update, (ctx, i) => s.update(ctx, i));
export const mallGoodsSetStatus = implement(mallGoodsOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const mallGoodsHistory = implement(mallGoodsOps.history, (ctx, i) => s.history(ctx, i));
