import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';

// 柜价商品 (containerPrice-commodity) and the per-cabinet prices of chosen SKUs (containerPrice-commodity-price/
// {skuIds}/{skuName}/{goodsIds}/{goodsName?}). Prices come from modules/cabinet-goods/cabinet-price.ts (the price
// engine's resolver once merged).

export const cabinetPriceGoodsListInput = listInput(
  {
    skuName: z.string().trim().max(60, '商品名称不能超过60个字').optional(),
    skuCode: z.string().trim().max(20, 'SKU编码不能超过20位').optional(),
  },
  ['skuCode', 'cabinetCount'],
);

export const cabinetPriceGoodsRowSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  goodsId: z.number(),
  goodsName: z.string(),
  basePrice: z.number(),
  cabinetCount: z.number(),
  minPrice: z.number(),
  maxPrice: z.number(),
});
export type CabinetPriceGoodsRow = z.infer<typeof cabinetPriceGoodsRowSchema>;

const idList = (label: string) =>
  z
    .string({ error: `${label}不正确` })
    .trim()
    .regex(/^\d+(,\d+)*$/, `${label}不正确`)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((a) => a.length <= 50, `${label}最多50个`);

export const cabinetPricesInput = listInput(
  { skuIds: idList('SKU'), deviceName: z.string().trim().max(50, '设备名称不能超过50个字').optional() },
  ['deviceCode', 'deviceName'],
);
export const cabinetPriceRowSchema = z.object({
  deviceCode: z.string(),
  deviceName: z.string(),
  modelName: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  slots: z.array(z.string()),
  basePrice: z.number(),
  price: z.number(),
});
export type CabinetPriceRow = z.infer<typeof cabinetPriceRowSchema>;

/** The per-cabinet prices page of chosen SKUs. */
export const commodityPricePath = (rows: Pick<CabinetPriceGoodsRow, 'skuId' | 'skuName' | 'goodsId' | 'goodsName'>[]) => {
  const enc = encodeURIComponent;
  const skuIds = rows.map((r) => r.skuId).join(',');
  const goodsIds = [...new Set(rows.map((r) => r.goodsId))].join(',');
  const goodsName = rows.length === 1 ? `/${enc(rows[0].goodsName)}` : '';
  return `/website/merchant-goods-management/containerPrice-commodity-price/${skuIds}/${enc(
    rows
      .map((r) => r.skuName)
      .join('、')
      .slice(0, 60),
  )}/${goodsIds}${goodsName}`;
};
/** 调整柜价: the price engine's adjustment page for these cabinets and SKUs. */
export const adjustCabinetPricePath = (deviceCodes: string[], skuIds: number[]) =>
  `/website/goods/price-adjustment-detail?scopeType=cabinet&scopeKeys=${deviceCodes.join(',')}&skuIds=${skuIds.join(',')}`;

export const cabinetPriceGoodsOps = defineOperations(
  { anchor: 'containerPrice-commodity', merchantScope: 'merchant', targets: { skuIds: 'SKU', skuCode: 'SKU编码' } },
  {
    list: {
      name: 'cabinetGoods.cabinetPrice.goods',
      label: '柜价商品列表',
      summary: '在设备上销售的SKU及其柜价区间',
      input: cabinetPriceGoodsListInput,
      output: pagedOf(cabinetPriceGoodsRowSchema),
      exportable: true,
    },
    prices: {
      name: 'cabinetGoods.cabinetPrice.prices',
      label: '商品柜价',
      summary: '所选SKU在各设备的柜价',
      input: cabinetPricesInput,
      output: pagedOf(cabinetPriceRowSchema),
      exportable: true,
    },
  },
);
