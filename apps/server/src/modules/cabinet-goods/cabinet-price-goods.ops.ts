import {
  cabinetPriceGoodsListInput,
  cabinetPriceGoodsOps,
  cabinetPricesInput,
  type CabinetPriceRow,
} from '@merchant/contracts/cabinet-goods/cabinet-price-goods';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './cabinet-price-goods.service.ts';

export const cabinetPriceGoodsList = implement(cabinetPriceGoodsOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(cabinetPriceGoodsListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    columns: [
      { header: 'SKU编码', key: 'skuCode' },
      { header: '商品名称', key: 'skuName', width: 30 },
      { header: '所属商品', key: 'goodsName', width: 24 },
      { header: '基础售价（元）', key: 'basePrice', type: 'money' },
      { header: '在售设备数', key: 'cabinetCount' },
      { header: '最低柜价（元）', key: 'minPrice', type: 'money' },
      { header: '最高柜价（元）', key: 'maxPrice', type: 'money' },
    ],
  }),
});
export const cabinetPriceGoodsPrices = implement(cabinetPriceGoodsOps.prices, {
  handler: (ctx, i) => s.prices(ctx, i),
  export: queryExport(cabinetPricesInput, {
    query: (ctx, i) => s.pricesExportQuery(ctx, i),
    mapBatch: s.priceRows,
    filterLabels: { skuIds: 'SKU', deviceName: '设备名称' },
    columns: [
      { header: '设备编号', key: 'deviceCode' },
      { header: '设备名称', key: 'deviceName', width: 24 },
      { header: '柜型', key: 'modelName' },
      { header: 'SKU编码', key: 'skuCode' },
      { header: '商品名称', key: 'skuName', width: 30 },
      { header: '货道', key: 'slots', width: 20, value: (r: CabinetPriceRow) => r.slots.join('、') },
      { header: '基础售价（元）', key: 'basePrice', type: 'money' },
      { header: '柜价（元）', key: 'price', type: 'money' },
    ],
  }),
});
