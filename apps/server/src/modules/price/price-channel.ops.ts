import { PRICE_CHANNEL_STATUS, priceChannelListInput, priceChannelOps } from '@merchant/contracts/price/price-channel';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './price-channel.service.ts';

export const channelList = implement(priceChannelOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(priceChannelListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { firstChannelCode: '一级渠道', name: '二级渠道名称', status: '状态' },
    columns: [
      { header: '一级渠道', key: 'firstChannelName' },
      { header: '二级渠道', key: 'name', width: 20 },
      { header: '状态', key: 'status', type: 'enum', labels: PRICE_CHANNEL_STATUS },
      { header: '智能柜数', key: 'deviceCount' },
      { header: '渠道价格数', key: 'priceCount' },
      { header: '备注', key: 'remark', width: 30 },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const channelDetail = implement(priceChannelOps.detail, (ctx, i) => s.detail(ctx, i.id));
export const channelAdd = implement(priceChannelOps.add, (ctx, i) => s.add(ctx, i));
export const channelEdit = implement(priceChannelOps.edit, (ctx, i) => s.edit(ctx, i));
export const channelEnable = implement(priceChannelOps.enable, (ctx, i) => s.enable(ctx, i));
export const channelDisable = implement(priceChannelOps.disable, (ctx, i) => s.disable(ctx, i));
export const channelDevices = implement(priceChannelOps.devices, (ctx, i) => s.devices(ctx, i.id));
export const channelBindDevices = implement(priceChannelOps.bindDevices, (ctx, i) => s.bindDevices(ctx, i));
export const channelHistory = implement(priceChannelOps.history, (ctx, i) => s.history(ctx, i));
