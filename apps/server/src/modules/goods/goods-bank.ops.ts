import { GOODS_BANK_STATUS, goodsBankListInput, goodsBankOps, type GoodsBankRow } from '@merchant/contracts/goods/goods-bank';
import { GOODS_STATUS } from '@merchant/contracts/goods/goods';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './goods-bank.service.ts';

const price = (v: number | null) => (v === null ? '' : (v / 100).toFixed(2));

export const goodsBankList = implement(goodsBankOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(goodsBankListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { keyword: '关键词', categoryId: '商品分类' },
    columns: [
      { header: '商品编码', key: 'goodsCode' },
      { header: '商品名称', key: 'goodsName', width: 30 },
      { header: '品牌', key: 'brand' },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: 'SKU数', key: 'skuCount' },
      { header: '门店价最低（元）', key: 'priceMin', value: (r: GoodsBankRow) => price(r.priceMin) },
      { header: '门店价最高（元）', key: 'priceMax', value: (r: GoodsBankRow) => price(r.priceMax) },
      { header: '铺货门店SKU数', key: 'storeCount' },
      { header: '可售状态', key: 'status', type: 'enum', labels: GOODS_BANK_STATUS },
      { header: '商品状态', key: 'goodsStatus', type: 'enum', labels: GOODS_STATUS },
      { header: '备注', key: 'remark', width: 30 },
      { header: '加入时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const goodsBankDetail = implement(goodsBankOps.detail, (ctx, i) => s.detail(ctx, i.goodsId));
export const goodsBankCandidates = implement(goodsBankOps.candidates, (ctx, i) => s.candidates(ctx, i.keyword));
export const goodsBankCreate = implement(goodsBankOps.create, (ctx, i) => s.create(ctx, i));
export const goodsBankUpdate = implement(goodsBankOps.update, (ctx, i) => s.update(ctx, i));
export const goodsBankSetStatus = implement(goodsBankOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const goodsBankDelete = implement(goodsBankOps.delete, (ctx, i) => s.remove(ctx, i));
export const goodsBankHistory = implement(goodsBankOps.history, (ctx, i) => s.history(ctx, i));
