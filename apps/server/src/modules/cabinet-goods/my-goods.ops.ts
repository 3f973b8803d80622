import { myGoodsContainersInput, myGoodsListInput, myGoodsOps } from '@merchant/contracts/cabinet-goods/my-goods';
import type { MyGoodsContainer } from '@merchant/contracts/cabinet-goods/my-goods';
import { GOODS_STATUS } from '@merchant/contracts/goods/goods';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './my-goods.service.ts';

export const myGoodsList = implement(myGoodsOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(myGoodsListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { carried: '铺货情况' },
    columns: [
      { header: '商品编码', key: 'goodsCode' },
      { header: '商品名称', key: 'name', width: 30 },
      { header: '品牌', key: 'brand' },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '储存方式', key: 'storageStyleName' },
      { header: '状态', key: 'status', type: 'enum', labels: GOODS_STATUS },
      { header: 'SKU数', key: 'skuCount' },
      { header: '指导售价（元）', key: 'guideSalePrice', type: 'money' },
      { header: '铺货设备数', key: 'cabinetCount' },
      { header: '货道数', key: 'slotCount' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const myGoodsContainers = implement(myGoodsOps.containers, {
  handler: (ctx, i) => s.containers(ctx, i),
  export: queryExport(myGoodsContainersInput, {
    query: (ctx, i) => s.containersExportQuery(ctx, i),
    mapBatch: s.containerRows,
    filterLabels: { goodsId: '商品ID', deviceName: '设备名称' },
    columns: [
      { header: '设备编号', key: 'deviceCode' },
      { header: '设备名称', key: 'deviceName', width: 24 },
      { header: '柜型', key: 'modelName' },
      { header: '在线', key: 'online', value: (r: MyGoodsContainer) => (r.online ? '在线' : '离线') },
      { header: '货道', key: 'slots', width: 20, value: (r: MyGoodsContainer) => r.slots.join('、') },
      { header: 'SKU', key: 'skuNames', width: 30, value: (r: MyGoodsContainer) => r.skuNames.join('、') },
      { header: '总容量', key: 'capacity' },
      { header: '标准库存', key: 'parLevel' },
      { header: '最低柜价（元）', key: 'minPrice', type: 'money' },
      { header: '最高柜价（元）', key: 'maxPrice', type: 'money' },
      { header: '商品模板', key: 'templateCode' },
      { header: '应用时间', key: 'appliedAt', type: 'time' },
    ],
  }),
});
