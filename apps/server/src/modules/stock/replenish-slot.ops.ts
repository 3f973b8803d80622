import { replenishSlotListInput, replenishSlotOps } from '@merchant/contracts/stock/replenish-slot';
import { queryExport } from '../../platform/export/export-spec.ts';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './replenish-slot.service.ts';

export const replenishSlotList = implement(replenishSlotOps.list, {
  handler: (ctx, i) => s.list(ctx, i),
  export: queryExport(replenishSlotListInput, {
    query: (ctx, i) => s.exportQuery(ctx, i),
    mapBatch: s.exportRows,
    filterLabels: { deviceCode: '设备', sku: 'SKU', belowMin: '只看低于补货线' },
    columns: [
      { header: '设备', key: 'deviceCode', width: 14 },
      { header: '货道', key: 'slotNo' },
      { header: 'SKU编码', key: 'skuCode', width: 14 },
      { header: '商品名称', key: 'skuName', width: 24 },
      { header: '容量', key: 'capacity', type: 'number' },
      { header: '补货线', key: 'minLevel', type: 'number' },
      { header: '补满量', key: 'maxLevel', type: 'number' },
      { header: '现有', key: 'onHand', type: 'number' },
      { header: '可用', key: 'available', type: 'number' },
    ],
  }),
});
export const replenishSlotDevices = implement(replenishSlotOps.devices, (ctx) => s.devices(ctx));
export const replenishSlotEdit = implement(replenishSlotOps.edit, (ctx, i) => s.edit(ctx, i));
export const replenishSlotBatchSet = implement(replenishSlotOps.batchSet, (ctx, i) => s.batchSet(ctx, i));
export const replenishSlotHistory = implement(replenishSlotOps.history, (ctx, i) => s.history(ctx, i));
