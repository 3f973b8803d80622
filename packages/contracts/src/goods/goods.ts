import { z } from 'zod';
import { idSchema, optionalText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';
import { categoryIdSchema, imageIdsSchema, priceCentsSchema, productFields, storageStyleSchema, GOODS_TARGETS } from './goods-fields.ts';
import { goodsIdSchema, skuRowSchema, skuValueFields } from './sku.ts';

// 商品列表 (goods-management-list, add-goods/:goodsId/:handleType?): the merchant's goods (SPU), created by
// hand with their SKUs or adopted from the standard library (从标准库选品: one SPU and one SKU per product).

/** goodsStatus: 1 在售, 2 停售 (停售 takes every SKU off the shelf). */
export const GOODS_STATUS = { 1: '在售', 2: '停售' } as const;
export const GOODS_ON_SALE = 1;
export const GOODS_OFF_SALE = 2;
export const goodsCodeRe = /^G\d{8}$/;
/** How many standard products one 选品 may adopt. */
export const MAX_ADOPT = 50;
/** How many SKUs a new goods may bring. */
export const MAX_SKUS_PER_CREATE = 20;

/** What a goods (SPU) is. */
export const spuFields = {
  name: productFields.name,
  brand: productFields.brand,
  categoryId: categoryIdSchema,
  unit: productFields.unit,
  storageStyle: productFields.storageStyle,
  shelfLifeDays: productFields.shelfLifeDays,
  imageIds: imageIdsSchema,
  description: optionalText('商品描述', 500),
};

/** A SKU row of the new-goods form: within one goods, barcodes and spec combinations differ. */
const skuRows = z
  .array(z.object(skuValueFields), { error: 'SKU格式不正确' })
  .min(1, '请至少添加一个SKU')
  .max(MAX_SKUS_PER_CREATE, `一次最多添加${MAX_SKUS_PER_CREATE}个SKU`)
  .superRefine((rows, ctx) => {
    const barcodes = new Map<string, number>();
    const specs = new Map<string, number>();
    rows.forEach((r, i) => {
      if (barcodes.has(r.barcode))
        ctx.addIssue({ code: 'custom', path: [i, 'barcode'], message: `SKU条码与第${barcodes.get(r.barcode)! + 1}行重复` });
      else barcodes.set(r.barcode, i);
      const spec = JSON.stringify(r.specValues.map((v) => [v.name, v.value]));
      if (specs.has(spec)) ctx.addIssue({ code: 'custom', path: [i, 'specValues'], message: `规格与第${specs.get(spec)! + 1}行相同` });
      else specs.set(spec, i);
    });
  });

export const goodsCreateInput = z.object({ ...spuFields, skus: skuRows });
export const goodsUpdateInput = z.object({ goodsId: goodsIdSchema, version: versionField, ...spuFields });
export const goodsByIdInput = z.object({ goodsId: goodsIdSchema });
export const goodsSetStatusInput = z.object({
  goodsId: goodsIdSchema,
  version: versionField,
  status: z.coerce
    .number({ error: '请选择销售状态' })
    .int('销售状态不正确')
    .refine((v) => v in GOODS_STATUS, '销售状态只能是在售或停售'),
});
export const goodsDeleteInput = z.object({ goodsId: goodsIdSchema, version: versionField });

const standardProductIdSchema = idSchema('标准商品');
export const goodsAdoptInput = z.object({
  standardProductIds: z
    .array(standardProductIdSchema, { error: '请选择标准商品' })
    .min(1, '请至少选择一个标准商品')
    .max(MAX_ADOPT, `一次最多选择${MAX_ADOPT}个标准商品`)
    .refine((ids) => new Set(ids).size === ids.length, '标准商品重复选择'),
  /** Sale prices (分) by standard product id; a product left out sells at its guide price. */
  basePrices: z.record(z.string().regex(/^\d+$/, '标准商品不正确'), priceCentsSchema('销售价', { min: 1 })).optional(),
});

export const goodsRowSchema = z.object({
  goodsId: z.number(),
  goodsCode: z.string(),
  standardProductId: z.number().nullable(),
  name: z.string(),
  brand: z.string(),
  categoryId: z.number(),
  /** 一级/二级/三级. */
  categoryPath: z.string(),
  unit: z.string(),
  storageStyle: z.number(),
  storageStyleName: z.string(),
  shelfLifeDays: z.number(),
  imageIds: z.array(z.string()),
  description: z.string(),
  status: z.number(),
  statusName: z.string(),
  /** Live SKUs. */
  skuCount: z.number(),
  /** The lowest and highest base price of its live SKUs (分); null without SKUs. */
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type GoodsRow = z.infer<typeof goodsRowSchema>;
export const goodsDetailSchema = goodsRowSchema.extend({
  skus: z.array(skuRowSchema),
  /** Where an adopted goods came from: its standard product's goodsNo and, when a 新品申请 brought it, that code. */
  origin: z.object({ goodsNo: z.string(), approvalCode: z.string() }).nullable(),
});
export type GoodsDetail = z.infer<typeof goodsDetailSchema>;

export const goodsListInput = listInput(
  {
    /** Goods name or goodsCode. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    brand: z.string().trim().max(30, '品牌不能超过30个字').optional(),
    /** A category of any level: its descendants included. */
    categoryId: categoryIdSchema.optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in GOODS_STATUS, '销售状态不正确')
      .optional(),
    storageStyle: storageStyleSchema.optional(),
  },
  ['createdAt', 'goodsCode'],
);

/** A standard product not yet adopted (the 从标准库选品 dialog). */
export const adoptableRowSchema = z.object({
  standardProductId: z.number(),
  goodsNo: z.string(),
  name: z.string(),
  barcode: z.string(),
  brand: z.string(),
  spec: z.string(),
  unit: z.string(),
  categoryPath: z.string(),
  storageStyle: z.number(),
  storageStyleName: z.string(),
  /** 分. */
  guidePrice: z.number(),
});
export type AdoptableRow = z.infer<typeof adoptableRowSchema>;
export const goodsAdoptableInput = listInput(
  {
    /** Name, barcode or goodsNo. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    categoryId: categoryIdSchema.optional(),
  },
  ['createdAt', 'goodsNo'],
);

export const goodsOps = defineOperations(
  { anchor: 'goods-management-list', merchantScope: 'merchant', targets: GOODS_TARGETS },
  {
    list: {
      name: 'goods.goods.list',
      label: '商品列表',
      input: goodsListInput,
      output: pagedOf(goodsRowSchema),
      exportable: true,
    },
    detail: { name: 'goods.goods.detail', label: '商品详情', input: goodsByIdInput, output: goodsDetailSchema },
    adoptable: {
      name: 'goods.goods.adoptable',
      label: '可选标准商品',
      // public-goods-list (公共商品库, section 129) is the standard library seen from the merchant
      anchor: ['goods-management-list', 'public-goods-list'],
      summary: '从标准库选品：尚未选入商品列表的标准商品',
      input: goodsAdoptableInput,
      output: pagedOf(adoptableRowSchema),
      exportable: true,
    },
    create: {
      name: 'goods.goods.create',
      label: '新增商品',
      summary: '新增商品及其SKU（至少一个）',
      writes: true,
      input: goodsCreateInput,
      output: z.object({ goodsId: z.number(), goodsCode: z.string() }),
    },
    adopt: {
      name: 'goods.goods.adopt',
      label: '从标准库选品',
      anchor: ['goods-management-list', 'public-goods-list'],
      summary: '从标准库选品：每个标准商品生成一个商品和一个SKU（条码即商品条码，销售价默认建议零售价）',
      writes: true,
      input: goodsAdoptInput,
      output: z.object({ goods: z.array(z.object({ standardProductId: z.number(), goodsId: z.number(), skuId: z.number() })) }),
    },
    update: {
      name: 'goods.goods.update',
      label: '编辑商品',
      writes: true,
      input: goodsUpdateInput,
      output: z.object({ goodsId: z.number(), version: z.number() }),
    },
    setStatus: {
      name: 'goods.goods.setStatus',
      label: '设置商品在售状态',
      summary: '商品在售/停售（停售时全部SKU下架）',
      writes: true,
      input: goodsSetStatusInput,
      output: nothing,
    },
    delete: {
      name: 'goods.goods.delete',
      label: '删除商品',
      summary: '删除商品（仅停售的商品，其SKU一并删除）',
      writes: true,
      input: goodsDeleteInput,
      output: nothing,
    },
    history: {
      name: 'goods.goods.history',
      label: '商品操作记录',
      input: historyInput({ goodsId: goodsIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
