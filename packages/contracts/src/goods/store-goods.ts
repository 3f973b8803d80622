import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { nothing, pagedOf } from '../core/paging.ts';
import { priceCentsSchema, GOODS_TARGETS } from './goods-fields.ts';
import { skuIdSchema, SKU_COUNT_UP_TO } from './sku.ts';

// 门店商品 (goods-shop-list, add-goods-shop with optional handleType, skuId, merchantCode, merchantName, storeId,
// storeName, skuName): SKUs of the goods bank assigned to the merchant's stores, each with the store's own price
// (分; defaults to the bank's store price) and its shelf state in that store.

/** Shelf state of a SKU in a store: 1 上架, 2 下架. */
export const STORE_GOODS_STATUS = { 1: '上架', 2: '下架' } as const;
export const STORE_ON_SHELF = 1;
export const STORE_OFF_SHELF = 2;
export const MAX_ASSIGN_STORES = 50;
export const MAX_ASSIGN_SKUS = 100;

export const storeIdSchema = idSchema('门店');
export const storeGoodsIdSchema = idSchema('门店商品');
const shelfStatusSchema = z.coerce
  .number({ error: '请选择上下架状态' })
  .int('上下架状态不正确')
  .refine((v) => v in STORE_GOODS_STATUS, '上下架状态只能是上架或下架');
export const storePriceSchema = priceCentsSchema('门店价', { min: 1 });

export const storeGoodsAssignInput = z.object({
  storeIds: z
    .array(storeIdSchema, { error: '请选择门店' })
    .min(1, '请选择门店')
    .max(MAX_ASSIGN_STORES, `一次最多${MAX_ASSIGN_STORES}家门店`)
    .refine((ids) => new Set(ids).size === ids.length, '门店重复'),
  items: z
    .array(z.object({ skuId: skuIdSchema, price: storePriceSchema.optional() }), { error: '请选择SKU' })
    .min(1, '请选择SKU')
    .max(MAX_ASSIGN_SKUS, `一次最多${MAX_ASSIGN_SKUS}个SKU`)
    .refine((rows) => new Set(rows.map((r) => r.skuId)).size === rows.length, 'SKU重复'),
});
export const storeGoodsUpdateInput = z.object({ storeGoodsId: storeGoodsIdSchema, version: versionField, price: storePriceSchema });
export const storeGoodsSetStatusInput = z.object({ storeGoodsId: storeGoodsIdSchema, version: versionField, status: shelfStatusSchema });
export const storeGoodsDeleteInput = z.object({ storeGoodsId: storeGoodsIdSchema, version: versionField });
/** One store goods by its store and SKU (the route's storeId and skuId). */
export const storeGoodsKeyInput = z.object({ storeId: storeIdSchema, skuId: skuIdSchema });

export const storeGoodsRowSchema = z.object({
  storeGoodsId: z.number(),
  storeId: z.number(),
  storeCode: z.string(),
  storeName: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  goodsId: z.number(),
  goodsCode: z.string(),
  /** The bank's store price (分). */
  bankPrice: z.number(),
  /** The store's own price (分). */
  price: z.number(),
  /** Effective state: 上架 only when set 上架 here, the SKU is 上架 and its goods 可售 in the bank. */
  status: z.number(),
  statusName: z.string(),
  /** The state the store set (what 上架/下架 change). */
  shelfStatus: z.number(),
  /** Why an effective 下架 cannot be put on shelf ('' when it can). */
  blockedReason: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type StoreGoodsRow = z.infer<typeof storeGoodsRowSchema>;

/**
 * SKU × store rows grow without bound, so the list pages by keyset like the SKU list (the first page counts up to
 * STORE_GOODS_COUNT_UP_TO; the cursor names the merchant).
 */
export const STORE_GOODS_COUNT_UP_TO = SKU_COUNT_UP_TO;
export const storeGoodsListInput = keysetInput(
  {
    storeId: storeIdSchema.optional(),
    /** SKU name, skuCode or barcode. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in STORE_GOODS_STATUS, '上下架状态不正确')
      .optional(),
  },
  ['createdAt', 'price'],
);

export const storeOptionSchema = z.object({ storeId: z.number(), storeCode: z.string(), name: z.string(), statusName: z.string() });
export type StoreOption = z.infer<typeof storeOptionSchema>;
/** A SKU of a 可售 banked goods (the assign page's picker). */
export const bankSkuOptionSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  name: z.string(),
  goodsCode: z.string(),
  bankPrice: z.number(),
  skuStatus: z.number(),
});
export type BankSkuOption = z.infer<typeof bankSkuOptionSchema>;

export const storeGoodsOps = defineOperations(
  { anchor: 'goods-shop-list', merchantScope: 'merchant', targets: GOODS_TARGETS },
  {
    list: {
      name: 'goods.store-goods.list',
      label: '门店商品列表',
      input: storeGoodsListInput,
      output: keysetOf(storeGoodsRowSchema),
      exportable: true,
    },
    detail: { name: 'goods.store-goods.detail', label: '门店商品详情', input: storeGoodsKeyInput, output: storeGoodsRowSchema },
    storeOptions: {
      name: 'goods.store-goods.storeOptions',
      label: '选择门店（门店商品）',
      input: z.object({}),
      output: z.array(storeOptionSchema),
    },
    skuOptions: {
      name: 'goods.store-goods.skuOptions',
      label: '选择商品库SKU',
      summary: '可售商品库商品的SKU（按名称、编码或条码搜索，最多50条）',
      input: z.object({ keyword: z.string().trim().max(60, '关键词不能超过60个字').optional() }),
      output: z.array(bankSkuOptionSchema),
    },
    assign: {
      name: 'goods.store-goods.assign',
      label: '门店铺货',
      summary: '把商品库的SKU分配到一家或多家门店（门店价不填则取商品库门店价；全部成功或全部不做）',
      writes: true,
      input: storeGoodsAssignInput,
      output: z.object({ created: z.number() }),
    },
    update: {
      name: 'goods.store-goods.update',
      label: '修改门店价',
      writes: true,
      input: storeGoodsUpdateInput,
      output: z.object({ storeGoodsId: z.number(), version: z.number() }),
    },
    setStatus: {
      name: 'goods.store-goods.setStatus',
      label: '门店商品上下架',
      summary: 'SKU已下架或商品库停售时不能上架',
      writes: true,
      input: storeGoodsSetStatusInput,
      output: nothing,
    },
    delete: {
      name: 'goods.store-goods.delete',
      label: '移除门店商品',
      summary: '仅下架的门店商品可移除',
      writes: true,
      input: storeGoodsDeleteInput,
      output: nothing,
    },
    history: {
      name: 'goods.store-goods.history',
      label: '门店商品操作记录',
      input: historyInput({ storeId: storeIdSchema, skuId: skuIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
