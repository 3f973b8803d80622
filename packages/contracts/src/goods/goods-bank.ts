import { z } from 'zod';
import { optionalText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';
import { categoryIdSchema, priceCentsSchema, GOODS_TARGETS } from './goods-fields.ts';
import { goodsIdSchema, skuIdSchema } from './sku.ts';

// 商品库 (goods-bank-list, add-goods-bank/:handleType?/:goodsId?): the merchant's goods offered to its stores.
// A goods (SPU) is banked with a default store price per SKU (分) and a 可售/停售 flag; stores take SKUs of
// 可售 banked goods (门店商品).

/** status of a banked goods: 1 可售, 2 停售. */
export const GOODS_BANK_STATUS = { 1: '可售', 2: '停售' } as const;
export const BANK_ON_SALE = 1;
export const BANK_OFF_SALE = 2;

const bankStatusSchema = z.coerce
  .number({ error: '请选择可售状态' })
  .int('可售状态不正确')
  .refine((v) => v in GOODS_BANK_STATUS, '可售状态只能是可售或停售');

/** The default store price of one SKU. */
export const bankPriceSchema = z.object({ skuId: skuIdSchema, storePrice: priceCentsSchema('门店价', { min: 1 }) });
export type BankPriceInput = z.infer<typeof bankPriceSchema>;

const pricesSchema = z
  .array(bankPriceSchema, { error: '请填写SKU门店价' })
  .max(50, '一次最多50个SKU')
  .superRefine((rows, ctx) => {
    const seen = new Set<number>();
    rows.forEach((r, i) => {
      if (seen.has(r.skuId)) ctx.addIssue({ code: 'custom', path: [i, 'skuId'], message: 'SKU重复' });
      seen.add(r.skuId);
    });
  });

export const goodsBankCreateInput = z.object({
  goodsId: goodsIdSchema,
  status: bankStatusSchema.default(BANK_ON_SALE),
  remark: optionalText('备注', 200),
  /** SKUs left out take their base sale price as the store price. */
  prices: pricesSchema.default([]),
});
export const goodsBankUpdateInput = z.object({
  goodsId: goodsIdSchema,
  version: versionField,
  remark: optionalText('备注', 200),
  prices: pricesSchema,
});
export const goodsBankSetStatusInput = z.object({ goodsId: goodsIdSchema, version: versionField, status: bankStatusSchema });
export const goodsBankByGoodsInput = z.object({ goodsId: goodsIdSchema });
export const goodsBankDeleteInput = z.object({ goodsId: goodsIdSchema, version: versionField });

export const goodsBankRowSchema = z.object({
  bankId: z.number(),
  goodsId: z.number(),
  goodsCode: z.string(),
  goodsName: z.string(),
  brand: z.string(),
  categoryPath: z.string(),
  /** The goods' own status (1 在售, 2 停售). */
  goodsStatus: z.number(),
  skuCount: z.number(),
  /** 分; null without live SKUs. */
  priceMin: z.number().nullable(),
  priceMax: z.number().nullable(),
  /** How many store goods rows (SKU × store) this goods has. */
  storeCount: z.number(),
  status: z.number(),
  statusName: z.string(),
  remark: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type GoodsBankRow = z.infer<typeof goodsBankRowSchema>;

export const goodsBankSkuSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  name: z.string(),
  specText: z.string(),
  barcode: z.string(),
  /** The SKU's base sale price (分). */
  basePrice: z.number(),
  /** The bank's default store price (分). */
  storePrice: z.number(),
  /** 1 上架, 2 下架 (SKU level). */
  skuStatus: z.number(),
});
export type GoodsBankSku = z.infer<typeof goodsBankSkuSchema>;
export const goodsBankDetailSchema = goodsBankRowSchema.extend({ skus: z.array(goodsBankSkuSchema) });
export type GoodsBankDetail = z.infer<typeof goodsBankDetailSchema>;

export const goodsBankListInput = listInput(
  {
    /** Goods name or goodsCode. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    categoryId: categoryIdSchema.optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in GOODS_BANK_STATUS, '可售状态不正确')
      .optional(),
  },
  ['createdAt', 'goodsCode'],
);

/** A goods not banked yet, with its live SKUs (the add page's picker). */
export const bankCandidateSchema = z.object({
  goodsId: z.number(),
  goodsCode: z.string(),
  name: z.string(),
  goodsStatus: z.number(),
  skus: z.array(goodsBankSkuSchema),
});
export type BankCandidate = z.infer<typeof bankCandidateSchema>;

export const goodsBankOps = defineOperations(
  { anchor: 'goods-bank-list', merchantScope: 'merchant', targets: GOODS_TARGETS },
  {
    list: {
      name: 'goods.goods-bank.list',
      label: '商品库列表',
      input: goodsBankListInput,
      output: pagedOf(goodsBankRowSchema),
      exportable: true,
    },
    detail: { name: 'goods.goods-bank.detail', label: '商品库详情', input: goodsBankByGoodsInput, output: goodsBankDetailSchema },
    candidates: {
      name: 'goods.goods-bank.candidates',
      label: '可入库商品',
      summary: '尚未加入商品库的商品及其SKU（按名称或商品编码搜索，最多30条）',
      input: z.object({ keyword: z.string().trim().max(60, '关键词不能超过60个字').optional() }),
      output: z.array(bankCandidateSchema),
    },
    create: {
      name: 'goods.goods-bank.create',
      label: '加入商品库',
      summary: '把一个商品加入商品库（每个SKU的门店价默认为销售价）',
      writes: true,
      input: goodsBankCreateInput,
      output: z.object({ bankId: z.number(), goodsId: z.number() }),
    },
    update: {
      name: 'goods.goods-bank.update',
      label: '编辑商品库商品',
      summary: '修改门店价与备注（不改已有门店的自定价）',
      writes: true,
      input: goodsBankUpdateInput,
      output: z.object({ goodsId: z.number(), version: z.number() }),
    },
    setStatus: {
      name: 'goods.goods-bank.setStatus',
      label: '设置商品库可售状态',
      summary: '停售时该商品在所有门店下架',
      writes: true,
      input: goodsBankSetStatusInput,
      output: nothing,
    },
    delete: {
      name: 'goods.goods-bank.delete',
      label: '移出商品库',
      summary: '仅停售且没有门店在售的商品可移出',
      writes: true,
      input: goodsBankDeleteInput,
      output: nothing,
    },
    history: {
      name: 'goods.goods-bank.history',
      label: '商品库操作记录',
      input: historyInput({ goodsId: goodsIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
