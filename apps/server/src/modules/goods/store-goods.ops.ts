import { STORE_GOODS_STATUS, storeGoodsListInput, storeGoodsOps, type StoreGoodsRow } from '@merchant/contracts/goods/store-goods';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './store-goods.service.ts';

const yuan = (v: number) => (v / 100).toFixed(2);

export const storeGoodsList = implement(storeGoodsOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(storeGoodsListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { storeId: '门店', keyword: '关键词' },
    columns: [
      { header: '门店编码', key: 'storeCode' },
      { header: '门店名称', key: 'storeName', width: 24 },
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'skuName', width: 36 },
      { header: 'SKU条码', key: 'barcode', width: 16 },
      { header: '商品库门店价（元）', key: 'bankPrice', value: (r: StoreGoodsRow) => yuan(r.bankPrice) },
      { header: '门店价（元）', key: 'price', value: (r: StoreGoodsRow) => yuan(r.price) },
      { header: '上下架状态', key: 'status', type: 'enum', labels: STORE_GOODS_STATUS },
      { header: '说明', key: 'blockedReason', width: 30 },
      { header: '铺货时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const storeGoodsDetail = implement(storeGoodsOps.detail, (ctx, i) => s.detail(ctx, i));
export const storeGoodsStoreOptions = implement(storeGoodsOps.storeOptions, (ctx) => s.storeOptions(ctx));
export const storeGoodsSkuOptions = implement(storeGoodsOps.skuOptions, (ctx, i) => s.skuOptions(ctx, i.keyword));
export const storeGoodsAssign = implement(storeGoodsOps.assign, (ctx, i) => s.assign(ctx, i));
export const storeGoodsUpdate = implement(storeGoodsOps.update, (ctx, i) => s.update(ctx, i));
export const storeGoodsSetStatus = implement(storeGoodsOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const storeGoodsDelete = implement(storeGoodsOps.delete, (ctx, i) => s.remove(ctx, i));
export const storeGoodsHistory = implement(storeGoodsOps.history, (ctx, i) => s.history(ctx, i));
