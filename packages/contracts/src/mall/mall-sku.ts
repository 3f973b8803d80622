import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { nothing, pagedOf } from '../core/paging.ts';
import { barcodeSchema, categoryIdSchema, specValueSchema } from '../goods/goods-fields.ts';
import { specValuesSchema } from '../goods/sku.ts';
import { MALL_STATUS, MALL_TARGETS, mallStatusSchema } from './mall-fields.ts';
import { mallGoodsIdSchema } from './mall-goods.ts';
import { priceTierSchema, priceTiersSchema } from './price-tiers.ts';

// 批发商城 → SKU管理 (mall-sku-list, mall-add-sku, wholesale-add-sku) and 销售管理 (mall-salesmanagement-list):
// the SKUs of mall SPUs with their tiered wholesale prices (price-tiers.ts) and their shelf state in the mall.

export const mallSkuIdSchema = idSchema('商城SKU');

/** What a mall SKU is: spec values, barcode (check digit; unique per merchant among live mall SKUs), breaks. */
export const mallSkuFields = {
  specValues: specValuesSchema,
  barcode: barcodeSchema('SKU条码'),
  priceTiers: priceTiersSchema,
};

export const mallSkuCreateInput = z.object({ mallGoodsId: mallGoodsIdSchema, ...mallSkuFields });
export const mallSkuUpdateInput = z.object({ mallSkuId: mallSkuIdSchema, version: versionField, ...mallSkuFields });
export const mallSkuSetStatusInput = z.object({
  /** The ticked rows with the version each was read at (≤ 200, all or nothing). */
  items: z
    .array(z.object({ mallSkuId: mallSkuIdSchema, version: versionField }), { error: '请选择商城SKU' })
    .min(1, '请选择商城SKU')
    .max(200, '一次最多200个SKU'),
  status: mallStatusSchema,
});

export const mallSkuRowSchema = z.object({
  mallSkuId: z.number(),
  skuCode: z.string(),
  name: z.string(),
  mallGoodsId: z.number(),
  mallCode: z.string(),
  mallTitle: z.string(),
  /** The SPU's status in the mall (1 上架, 2 下架). */
  mallGoodsStatus: z.number(),
  saleUnit: z.string(),
  piecesPerUnit: z.number(),
  specValues: z.array(specValueSchema),
  specText: z.string(),
  barcode: z.string(),
  categoryId: z.number(),
  categoryPath: z.string(),
  priceTiers: z.array(priceTierSchema),
  /** The breaks as they read: 1-9箱 ¥48.00；10箱起 ¥45.00. */
  tierText: z.string(),
  /** The minimum order quantity (the first break). */
  moq: z.number(),
  /** The first break's price (分): the highest unit price. */
  basePrice: z.number(),
  /** The last break's price (分): the lowest unit price. */
  lowestPrice: z.number(),
  /**
   * The wholesaler stock's 可用 (on hand − locked) of the goods SKU with this barcode (批发商库存); null when the merchant
   * has no goods SKU with the barcode (nothing to stock), filled on the list, the export and the detail.
   */
  wholesaleStock: z.number().nullable(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type MallSkuRow = z.infer<typeof mallSkuRowSchema>;

/** Up to how many mall SKUs the list counts (共 N 条); beyond that the total is left out. */
export const MALL_SKU_COUNT_UP_TO = 10_000;

/** Mall SKUs grow with the catalogue like goods SKUs: keyset paging, 创建时间 sorts by id. */
export const mallSkuListInput = keysetInput(
  {
    /** SKU name, skuCode or barcode. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    categoryId: categoryIdSchema.optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in MALL_STATUS, '上下架状态不正确')
      .optional(),
    mallGoodsId: mallGoodsIdSchema.optional(),
  },
  ['createdAt', 'skuCode', 'basePrice'],
);

const LISTS = ['mall-sku-list', 'mall-salesmanagement-list'] as const;

export const mallSkuOps = defineOperations(
  { anchor: 'mall-sku-list', merchantScope: 'merchant', targets: MALL_TARGETS },
  {
    list: {
      name: 'mall.sku.list',
      label: '商城SKU列表',
      summary: '商城SKU列表（含阶梯批发价；SKU管理与销售管理共用）',
      anchor: LISTS,
      input: mallSkuListInput,
      output: keysetOf(mallSkuRowSchema),
      exportable: true,
    },
    detail: {
      name: 'mall.sku.detail',
      label: '商城SKU详情',
      anchor: LISTS,
      input: z.object({ mallSkuId: mallSkuIdSchema }),
      output: mallSkuRowSchema,
    },
    create: {
      name: 'mall.sku.create',
      label: '新增商城SKU',
      summary: '在商城商品下新增SKU（阶梯批发价）；新建为下架',
      writes: true,
      input: mallSkuCreateInput,
      output: z.object({ mallSkuId: z.number(), skuCode: z.string() }),
    },
    update: {
      name: 'mall.sku.update',
      label: '编辑商城SKU',
      writes: true,
      input: mallSkuUpdateInput,
      output: z.object({ mallSkuId: z.number(), version: z.number() }),
    },
    setStatus: {
      name: 'mall.sku.setStatus',
      label: '商城SKU上下架',
      summary: '销售管理：商城SKU上架/下架（勾选多行时全部成功或全部不做）',
      anchor: 'mall-salesmanagement-list',
      writes: true,
      input: mallSkuSetStatusInput,
      output: nothing,
    },
    history: {
      name: 'mall.sku.history',
      label: '商城SKU操作记录',
      anchor: LISTS,
      input: historyInput({ mallSkuId: mallSkuIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
