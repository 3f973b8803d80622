import { SUPPLY_STATUS } from '@merchant/contracts/goods/supplier';
import { supplyGoodsListInput, supplyGoodsOps, type SupplyGoodsRow } from '@merchant/contracts/goods/supply-goods';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './supply-goods.service.ts';

const yuan = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));

export const supplyGoodsList = implement(supplyGoodsOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(supplyGoodsListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { keyword: '关键词', supplierId: '供应商', categoryId: '商品分类' },
    columns: [
      { header: '商品编码', key: 'spuCode' },
      { header: '商品名称', key: 'name', width: 30 },
      { header: '品牌', key: 'brand' },
      { header: '供应商', key: 'supplierName', width: 26 },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '单位', key: 'unit' },
      { header: '关联标准商品条码', key: 'standardBarcode', width: 16 },
      { header: 'SKU数', key: 'skuCount' },
      { header: '最低采购价（元）', key: 'minPurchasePrice', value: (r: SupplyGoodsRow) => yuan(r.minPurchasePrice) },
      { header: '最高采购价（元）', key: 'maxPurchasePrice', value: (r: SupplyGoodsRow) => yuan(r.maxPurchasePrice) },
      { header: '状态', key: 'status', type: 'enum', labels: SUPPLY_STATUS },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const supplyGoodsDetail = implement(supplyGoodsOps.detail, (ctx, i) => s.detail(ctx, i.spuId));
export const supplyGoodsOptions = implement(supplyGoodsOps.options, (ctx, i) => s.options(ctx, i.keyword));
export const supplyGoodsCreate = implement(supplyGoodsOps.create, (ctx, i) => s.create(ctx, i));
export const supplyGoodsUpdate = implement(supplyGoodsOps.update, (ctx, i) => s.update(ctx, i));
export const supplyGoodsSetStatus = implement(supplyGoodsOps.setStatus, (ctx, i) => s.setStatus(ctx, i));
export const supplyGoodsHistory = implement(supplyGoodsOps.history, (ctx, i) => s.history(ctx, i));
