import {
  CHANNEL_SHELF_STATUS,
  channelShelfListInput,
  salesChannelOps,
  type ChannelShelfRow,
} from '@merchant/contracts/goods/sales-channel';
import { SKU_STATUS } from '@merchant/contracts/goods/sku';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './sales-channel.service.ts';

export const salesChannelChannels = implement(salesChannelOps.channels, (ctx) => s.channels(ctx));
export const salesChannelList = implement(salesChannelOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(channelShelfListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.exportRows(ctx, rows),
    filterLabels: { channelCode: '销售渠道', keyword: '关键词', categoryId: '商品分类' },
    columns: [
      { header: '销售渠道', key: 'channelName' },
      { header: 'SKU编码', key: 'skuCode' },
      { header: 'SKU名称', key: 'name', width: 36 },
      { header: '所属商品', key: 'goodsName', width: 30 },
      { header: 'SKU条码', key: 'barcode', width: 16 },
      { header: '商品分类', key: 'categoryPath', width: 24 },
      { header: '销售价（元）', key: 'basePrice', value: (r: ChannelShelfRow) => (r.basePrice / 100).toFixed(2) },
      { header: 'SKU状态', key: 'skuStatus', type: 'enum', labels: SKU_STATUS },
      { header: '渠道上下架状态', key: 'status', type: 'enum', labels: CHANNEL_SHELF_STATUS },
    ],
  }),
});
export const salesChannelSetShelf = implement(salesChannelOps.setShelf, (ctx, i) => s.setShelf(ctx, i));
export const salesChannelHistory = implement(salesChannelOps.history, (ctx, i) => s.history(ctx, i));
