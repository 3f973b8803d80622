import { deviceGoodsListInput, deviceGoodsOps } from '@merchant/contracts/cabinet-goods/device-goods';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './device-goods.service.ts';

export const deviceGoodsList = implement(deviceGoodsOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(deviceGoodsListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    columns: [
      { header: '设备编号', key: 'deviceCode' },
      { header: '设备名称', key: 'deviceName', width: 26 },
      { header: '柜型', key: 'modelName' },
      { header: '商品模板', key: 'templateCode' },
      { header: '货道', key: 'slotNo' },
      { header: 'SKU编码', key: 'skuCode' },
      { header: '商品名称', key: 'skuName', width: 30 },
      { header: '容量', key: 'capacity' },
      { header: '标准库存', key: 'parLevel' },
      { header: '柜价（元）', key: 'price', type: 'money' },
      { header: '应用时间', key: 'appliedAt', type: 'time' },
    ],
  }),
});
