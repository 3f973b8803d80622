import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';
import { categoryIdSchema, skuFields, specValueSchema, storageStyleSchema, type SpecValue, GOODS_TARGETS } from './goods-fields.ts';

// SKU管理 (sku-list, add-sku/:handleType/:skuId?): the SKUs of the merchant's goods (SPU), each with its spec
// values, barcode (unique per merchant among live SKUs), base sale price in cents and storage style.

/** statusCode of a SKU: 1 上架, 2 下架. */
export const SKU_STATUS = { 1: '上架', 2: '下架' } as const;
export const SKU_ON_SHELF = 1;
export const SKU_OFF_SHELF = 2;

export const skuCodeRe = /^K\d{8}$/;
export const skuIdSchema = idSchema('SKU');
export const goodsIdSchema = idSchema('商品');

/** The spec values of one SKU: at most three, names distinct. */
export const specValuesSchema = skuFields.specValues.superRefine((values, ctx) => {
  const seen = new Set<string>();
  values.forEach((v, i) => {
    if (seen.has(v.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `规格名「${v.name}」重复` });
    seen.add(v.name);
  });
});

/** A SKU's name: the SPU's name and its spec values (农夫山泉饮用天然水 550ml), at most 80 characters. */
export function skuName(goodsName: string, specValues: readonly SpecValue[]): string {
  return [goodsName, ...specValues.map((v) => v.value)].join(' ').slice(0, 80);
}
/** Spec values as a person reads them: 口味：原味；规格：550ml. */
export const specText = (specValues: readonly SpecValue[]) => specValues.map((v) => `${v.name}：${v.value}`).join('；');

/** The SKU fields of a form; the storage style may be left out (the SPU's is taken). */
export const skuValueFields = {
  specValues: specValuesSchema,
  barcode: skuFields.barcode,
  basePrice: skuFields.basePrice,
  storageStyle: storageStyleSchema.optional(),
};

export const skuCreateInput = z.object({ goodsId: goodsIdSchema, ...skuValueFields });
export const skuUpdateInput = z.object({
  skuId: skuIdSchema,
  version: versionField,
  specValues: specValuesSchema,
  barcode: skuFields.barcode,
  basePrice: skuFields.basePrice,
  storageStyle: skuFields.storageStyle,
});
export const skuSetStatusInput = z.object({
  skuId: skuIdSchema,
  version: versionField,
  status: z.coerce
    .number({ error: '请选择上下架状态' })
    .int('上下架状态不正确')
    .refine((v) => v in SKU_STATUS, '上下架状态只能是上架或下架'),
});
export const skuByIdInput = z.object({ skuId: skuIdSchema });
export const skuDeleteInput = z.object({ skuId: skuIdSchema, version: versionField });

export const skuRowSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  name: z.string(),
  goodsId: z.number(),
  goodsCode: z.string(),
  goodsName: z.string(),
  /** The SPU's status (1 在售, 2 停售). */
  goodsStatus: z.number(),
  specValues: z.array(specValueSchema),
  specText: z.string(),
  barcode: z.string(),
  categoryId: z.number(),
  /** 一级/二级/三级. */
  categoryPath: z.string(),
  /** 分. */
  basePrice: z.number(),
  storageStyle: z.number(),
  storageStyleName: z.string(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SkuRow = z.infer<typeof skuRowSchema>;

export const skuListInput = listInput(
  {
    /** SKU name, skuCode or barcode. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    categoryId: categoryIdSchema.optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in SKU_STATUS, '上下架状态不正确')
      .optional(),
    storageStyle: storageStyleSchema.optional(),
    goodsId: goodsIdSchema.optional(),
  },
  ['createdAt', 'skuCode', 'basePrice'],
);

/** An SPU to choose when adding a SKU (the add page's picker). */
export const goodsOptionSchema = z.object({
  goodsId: z.number(),
  goodsCode: z.string(),
  name: z.string(),
  storageStyle: z.number(),
  status: z.number(),
  statusName: z.string(),
});
export type GoodsOption = z.infer<typeof goodsOptionSchema>;

export const skuOps = defineOperations(
  { anchor: 'sku-list', merchantScope: 'merchant', targets: GOODS_TARGETS },
  {
    list: {
      name: 'goods.sku.list',
      label: 'SKU列表',
      input: skuListInput,
      output: pagedOf(skuRowSchema),
      exportable: true,
    },
    detail: { name: 'goods.sku.detail', label: 'SKU详情', input: skuByIdInput, output: skuRowSchema },
    goodsOptions: {
      name: 'goods.sku.goodsOptions',
      label: '选择商品（SKU）',
      summary: '新增SKU时可选的商品（按名称或商品编码搜索，最多50条）',
      input: z.object({ keyword: z.string().trim().max(60, '关键词不能超过60个字').optional() }),
      output: z.array(goodsOptionSchema),
    },
    create: {
      name: 'goods.sku.create',
      label: '新增SKU',
      summary: '新增SKU（储存方式不填则沿用商品的）',
      writes: true,
      input: skuCreateInput,
      output: z.object({ skuId: z.number(), skuCode: z.string() }),
    },
    update: {
      name: 'goods.sku.update',
      label: '编辑SKU',
      writes: true,
      input: skuUpdateInput,
      output: z.object({ skuId: z.number(), version: z.number() }),
    },
    setStatus: {
      name: 'goods.sku.setStatus',
      label: 'SKU上下架',
      summary: 'SKU上架/下架（商品停售时不能上架）',
      writes: true,
      input: skuSetStatusInput,
      output: nothing,
    },
    delete: {
      name: 'goods.sku.delete',
      label: '删除SKU',
      summary: '删除SKU（仅下架的SKU；商品的最后一个SKU不能删除）',
      writes: true,
      input: skuDeleteInput,
      output: nothing,
    },
    history: {
      name: 'goods.sku.history',
      label: 'SKU操作记录',
      input: historyInput({ skuId: skuIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
