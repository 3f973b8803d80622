import {
  goodsInsightOps,
  hotGoodsInput,
  optimizeInput,
  similarGoodsInput,
  similarGoodsOps,
} from '@merchant/contracts/cabinet-goods/goods-insight';
import { GOODS_STATUS } from '@merchant/contracts/goods/goods';
import { memoryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './goods-insight.service.ts';

export const insightHot = implement(goodsInsightOps.hot, {
  handler: (ctx, i) => s.hot(ctx, i),
  export: memoryExport(hotGoodsInput, {
    load: (ctx, i) => s.hotRows(ctx, i),
    columns: [
      { header: '商品名称', key: 'skuName', width: 30 },
      { header: '销量', key: 'soldQty', type: 'number' },
      { header: '销售额（元）', key: 'salesAmount', type: 'money' },
    ],
  }),
});
export const insightOptimize = implement(goodsInsightOps.optimize, {
  handler: (ctx, i) => s.optimize(ctx, i),
  export: memoryExport(optimizeInput, {
    load: async (ctx, i) => (await s.optimizeRows(ctx, i)).rows,
    filterLabels: { kind: '优化类型' },
    columns: [
      { header: '设备编号', key: 'deviceCode' },
      { header: '设备名称', key: 'deviceName', width: 24 },
      { header: '柜型', key: 'modelName' },
      { header: '货道', key: 'slotNo' },
      { header: '问题', key: 'kindName' },
      { header: '商品模板', key: 'templateCode' },
      { header: '建议', key: 'suggestion', width: 50 },
    ],
  }),
});
export const similarList = implement(similarGoodsOps.list, {
  handler: (ctx, i) => s.similar(ctx, i),
  export: memoryExport(similarGoodsInput, {
    load: (ctx, i) => s.similarAll(ctx, i),
    filterLabels: { goodsId: '商品ID', basis: '相似依据' },
    columns: [
      { header: '商品编码', key: 'goodsCode' },
      { header: '商品名称', key: 'name', width: 30 },
      { header: '品牌', key: 'brand' },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '储存方式', key: 'storageStyleName' },
      { header: '状态', key: 'status', type: 'enum', labels: GOODS_STATUS },
      { header: '指导售价（元）', key: 'guideSalePrice', type: 'money' },
      { header: '铺货设备数', key: 'cabinetCount', type: 'number' },
      { header: '相似依据', key: 'reason' },
    ],
  }),
});
export const similarGoodsOptions = implement(similarGoodsOps.goodsOptions, (ctx, i) => s.goodsOptions(ctx, i.keyword));
