import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';

// 设备商品 (merchant-list): what each cabinet sells — one row per slot of its planogram, set by applying a template
// (docs/cabinet-goods.md). Rows grow with devices × slots: server-paged on the index (merchant_id, device_code, slot).

export const deviceGoodsListInput = listInput(
  {
    deviceCode: z.string().trim().max(20, '设备编号不能超过20位').optional(),
    deviceName: z.string().trim().max(50, '设备名称不能超过50个字').optional(),
    skuName: z.string().trim().max(60, '商品名称不能超过60个字').optional(),
    modelCode: z.string().trim().max(20, '柜型不正确').optional(),
    templateCode: z.string().trim().max(20, '模板编号不能超过20位').optional(),
  },
  ['deviceCode', 'appliedAt'],
);

export const deviceGoodsRowSchema = z.object({
  id: z.number(),
  deviceCode: z.string(),
  deviceName: z.string(),
  modelCode: z.string(),
  modelName: z.string(),
  templateCode: z.string(),
  templateVersion: z.number(),
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  goodsId: z.number(),
  goodsName: z.string(),
  capacity: z.number(),
  parLevel: z.number(),
  /** The price at this cabinet now (cents). */
  price: z.number(),
  appliedAt: z.number(),
});
export type DeviceGoodsRow = z.infer<typeof deviceGoodsRowSchema>;

export const deviceGoodsOps = defineOperations(
  { anchor: 'merchant-list', merchantScope: 'merchant', targets: { deviceCode: '设备', templateCode: '商品模板', modelCode: '柜型' } },
  {
    list: {
      name: 'cabinetGoods.deviceGoods.list',
      label: '设备商品列表',
      summary: '各设备货道上的商品（容量、标准库存、柜价）',
      input: deviceGoodsListInput,
      output: pagedOf(deviceGoodsRowSchema),
      exportable: true,
    },
  },
);
