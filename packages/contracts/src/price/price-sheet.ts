import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { deviceCodeSchema } from '../device/device.ts';
import { categoryIdSchema } from '../goods/goods-fields.ts';
import { PRICE_TARGETS } from './price-channel.ts';
import { priceSkuIdSchema, secondChannelIdSchema } from './price-fields.ts';

// Price sheets: the merchant's SKUs with each price layer and the price that wins (the resolver's answer), for one
// cabinet (containerPrice-single), one first/second channel (price-adjustment-h/{firstChannelName}/{secondChannelId}/
// {secondChannelName?}) and local life (containerPrice-local-life-price). As many rows as SKUs: keyset paging like
// the SKU list. Plus the resolver itself (price.resolver.quote) for pages and later areas.

export const PRICE_SHEET_COUNT_UP_TO = 10_000;

const sheetFilters = {
  keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
  categoryId: categoryIdSchema.optional(),
  /** Only SKUs whose price comes from this layer (the page's 价格来源 filter). */
  layer: z.enum(['cabinet', 'channel2', 'channel1', 'localLife', 'base'], { error: '价格来源不正确' }).optional(),
};

/** The layer prices of one SKU in one place (分; null: not set on that layer). */
export const layerPricesSchema = z.object({
  basePrice: z.number(),
  channel1Price: z.number().nullable(),
  channel2Price: z.number().nullable(),
  cabinetPrice: z.number().nullable(),
  localLifePrice: z.number().nullable(),
  /** The price a consumer pays there now, and the layer it came from. */
  effectivePrice: z.number(),
  layer: z.string(),
  layerName: z.string(),
});

const skuColumns = {
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  goodsName: z.string(),
  barcode: z.string(),
  categoryPath: z.string(),
  storageStyleName: z.string(),
  skuStatusName: z.string(),
};

// ---- 单柜价格 ----
export const cabinetSheetInput = keysetInput({ deviceCode: deviceCodeSchema, ...sheetFilters }, ['createdAt', 'skuCode']);
export const cabinetSheetRowSchema = z.object({
  ...skuColumns,
  ...layerPricesSchema.shape,
  deviceCode: z.string(),
  /** The cabinet's second channel under 智能柜 (null: none). */
  secondChannelId: z.number().nullable(),
  secondChannelName: z.string(),
});
export type CabinetSheetRow = z.infer<typeof cabinetSheetRowSchema>;
export const cabinetInfoSchema = z.object({
  deviceCode: z.string(),
  name: z.string(),
  modelName: z.string(),
  statusName: z.string(),
  secondChannelId: z.number().nullable(),
  secondChannelName: z.string(),
  /** How many SKUs carry a price of their own on this cabinet. */
  cabinetPriceCount: z.number(),
});
export type CabinetInfo = z.infer<typeof cabinetInfoSchema>;

// ---- 渠道价格 (price-adjustment-h) ----
export const channelSheetInput = keysetInput(
  {
    /** The first channel by code (the route carries its name; the page maps it). */
    channelCode: z.string({ error: '请选择一级渠道' }).trim().min(1, '请选择一级渠道').max(20, '一级渠道不正确'),
    secondChannelId: secondChannelIdSchema.optional(),
    ...sheetFilters,
  },
  ['createdAt', 'skuCode'],
);
export const channelSheetRowSchema = z.object({
  ...skuColumns,
  ...layerPricesSchema.shape,
  channelCode: z.string(),
  secondChannelId: z.number().nullable(),
});
export type ChannelSheetRow = z.infer<typeof channelSheetRowSchema>;

// ---- 本地生活价格 ----
export const localLifeSheetInput = keysetInput(
  {
    /** A store of the merchant; absent: the price for every store (scope key 'all'). */
    storeId: idSchema('门店').optional(),
    ...sheetFilters,
  },
  ['createdAt', 'skuCode'],
);
export const localLifeSheetRowSchema = z.object({
  ...skuColumns,
  ...layerPricesSchema.shape,
  storeId: z.number().nullable(),
  storeName: z.string(),
  /** The price set for every store (null: none). */
  allStoresPrice: z.number().nullable(),
  /** The price set for this store (null: none, or no store chosen). */
  storePrice: z.number().nullable(),
});
export type LocalLifeSheetRow = z.infer<typeof localLifeSheetRowSchema>;

// ---- the resolver ----
export const MAX_QUOTE_ITEMS = 200;
export const quoteItemInput = z.object({
  skuId: priceSkuIdSchema,
  /** First channel (default 智能柜 when a cabinet is named). */
  channelCode: z.string().trim().max(20, '一级渠道不正确').optional(),
  secondChannelId: secondChannelIdSchema.optional(),
  deviceCode: deviceCodeSchema.optional(),
  /** Local life: the store (its own price, then the all-stores price). */
  storeId: idSchema('门店').optional(),
});
export type QuoteItemInput = z.input<typeof quoteItemInput>;
export const quoteInput = z.object({
  items: z.array(quoteItemInput, { error: '请选择SKU' }).min(1, '请选择SKU').max(MAX_QUOTE_ITEMS, `一次最多查询${MAX_QUOTE_ITEMS}个价格`),
  /** The instant (epoch ms) to price at; absent: now. A past instant is answered from the price ledger. */
  at: z.coerce.number({ error: '时间不正确' }).int('时间不正确').nonnegative('时间不正确').optional(),
});
export const quoteRowSchema = z.object({
  skuId: z.number(),
  channelCode: z.string(),
  secondChannelId: z.number().nullable(),
  deviceCode: z.string(),
  storeId: z.number().nullable(),
  priceCents: z.number(),
  layer: z.string(),
  layerName: z.string(),
  /** The scope key of the winning layer ('' for the base price). */
  scopeKey: z.string(),
  /** The adjustment order that set the winning price ('' for the base price). */
  orderNo: z.string(),
});
export type QuoteRow = z.infer<typeof quoteRowSchema>;

export const priceSheetOps = defineOperations(
  { anchor: 'containerPrice-single', merchantScope: 'merchant', targets: PRICE_TARGETS },
  {
    cabinet: {
      name: 'price.cabinet.list',
      label: '单柜价格',
      input: cabinetSheetInput,
      output: keysetOf(cabinetSheetRowSchema),
      exportable: true,
    },
    cabinetInfo: {
      name: 'price.cabinet.info',
      label: '单柜价格·智能柜',
      input: z.object({ deviceCode: deviceCodeSchema }),
      output: cabinetInfoSchema,
    },
    channel: {
      name: 'price.channel.skus',
      label: '渠道价格',
      anchor: 'price-adjustment',
      input: channelSheetInput,
      output: keysetOf(channelSheetRowSchema),
      exportable: true,
    },
    localLife: {
      name: 'price.localLife.list',
      label: '本地生活价格',
      anchor: 'containerPrice-local-life-price',
      input: localLifeSheetInput,
      output: keysetOf(localLifeSheetRowSchema),
      exportable: true,
    },
    quote: {
      name: 'price.resolver.quote',
      label: '价格查询',
      summary: 'SKU在某智能柜、渠道或门店某一时刻的价格（单柜价 > 二级渠道价 > 一级渠道价 > 基础价）',
      anchor: ['price-adjustment', 'containerPrice-single', 'containerPrice-local-life-price', 'price-detail-h'],
      input: quoteInput,
      output: z.array(quoteRowSchema),
    },
  },
);
