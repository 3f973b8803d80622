import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';

// 我的商品 (my-goods-list) and the cabinets that carry one (container-list/{goodsId}/{guideSalePrice}/
// {storageStyleCode}/{goodsStatus}/{handleType}/{spuId}): the merchant's goods seen from the cabinets.

export const myGoodsListInput = listInput(
  {
    goodsCode: z.string().trim().max(20, '商品编码不能超过20位').optional(),
    name: z.string().trim().max(60, '商品名称不能超过60个字').optional(),
    storageStyle: z.coerce
      .number({ error: '储存方式不正确' })
      .int('储存方式不正确')
      .min(1, '储存方式不正确')
      .max(3, '储存方式不正确')
      .optional(),
    status: z.coerce.number({ error: '商品状态不正确' }).int('商品状态不正确').min(1, '商品状态不正确').max(2, '商品状态不正确').optional(),
    /** 1: carried by at least one cabinet; 2: by none. */
    carried: z.coerce
      .number({ error: '铺货情况不正确' })
      .int('铺货情况不正确')
      .min(1, '铺货情况不正确')
      .max(2, '铺货情况不正确')
      .optional(),
  },
  ['createdAt', 'cabinetCount'],
);

export const myGoodsRowSchema = z.object({
  goodsId: z.number(),
  goodsCode: z.string(),
  name: z.string(),
  brand: z.string(),
  categoryPath: z.string(),
  storageStyle: z.number(),
  storageStyleName: z.string(),
  status: z.number(),
  statusName: z.string(),
  skuCount: z.number(),
  /** The lowest SKU base price (cents): the guide sale price shown and passed to container-list. */
  guideSalePrice: z.number(),
  /** The standard product it was adopted from (0: made by hand). */
  spuId: z.number(),
  cabinetCount: z.number(),
  slotCount: z.number(),
  createdAt: z.number(),
});
export type MyGoodsRow = z.infer<typeof myGoodsRowSchema>;

export const myGoodsContainerSchema = z.object({
  deviceCode: z.string(),
  deviceName: z.string(),
  modelName: z.string(),
  online: z.boolean(),
  templateCode: z.string(),
  /** The slots holding the goods, e.g. 1-1、1-2. */
  slots: z.array(z.string()),
  skuNames: z.array(z.string()),
  capacity: z.number(),
  parLevel: z.number(),
  minPrice: z.number(),
  maxPrice: z.number(),
  appliedAt: z.number(),
});
export type MyGoodsContainer = z.infer<typeof myGoodsContainerSchema>;

export const myGoodsContainersInput = listInput(
  { goodsId: idSchema('商品'), deviceName: z.string().trim().max(50, '设备名称不能超过50个字').optional() },
  ['deviceCode', 'deviceName'],
);

/** container-list's path for a goods of my-goods-list. */
export const containerListPath = (
  r: Pick<MyGoodsRow, 'goodsId' | 'guideSalePrice' | 'storageStyle' | 'status' | 'spuId'>,
  handleType = 'view',
) =>
  `/website/merchant-goods-management/container-list/${r.goodsId}/${r.guideSalePrice}/${r.storageStyle}/${r.status}/${handleType}/${r.spuId}`;

export const myGoodsOps = defineOperations(
  { anchor: 'my-goods-list', merchantScope: 'merchant', targets: { goodsId: '商品', goodsCode: '商品编码' } },
  {
    list: {
      name: 'cabinetGoods.myGoods.list',
      label: '我的商品列表',
      summary: '商户的商品及铺货的设备数',
      input: myGoodsListInput,
      output: pagedOf(myGoodsRowSchema),
      exportable: true,
    },
    containers: {
      name: 'cabinetGoods.myGoods.containers',
      label: '商品铺货设备',
      summary: '哪些设备在卖这个商品（货道、容量、柜价）',
      input: myGoodsContainersInput,
      output: pagedOf(myGoodsContainerSchema).extend({ goodsName: z.string(), goodsCode: z.string() }),
      exportable: true,
    },
  },
);
