import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';
import { categoryIdSchema } from '../goods/goods-fields.ts';
import { MALL_STATUS, MALL_TARGETS, mallSaleFields, mallStatusSchema } from './mall-fields.ts';

// 批发商城 → 标准商品 (mall-standard-product-list, edit/:spuId): the merchant's products listed in the wholesale
// mall (mall SPU, table mall_goods). Each is a product of the merchant's standard library, sold by a sale unit
// (箱) of N pieces; its SKUs carry the tiered wholesale prices (mall-sku.ts).

export const mallGoodsIdSchema = idSchema('商城商品');

export const mallGoodsListInput = listInput(
  {
    /** Title, mall code, barcode of the standard product or brand. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    categoryId: categoryIdSchema.optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in MALL_STATUS, '上下架状态不正确')
      .optional(),
  },
  ['createdAt', 'mallCode'],
);

export const mallGoodsRowSchema = z.object({
  mallGoodsId: z.number(),
  mallCode: z.string(),
  title: z.string(),
  standardProductId: z.number(),
  goodsNo: z.string(),
  barcode: z.string(),
  brand: z.string(),
  spec: z.string(),
  unit: z.string(),
  categoryId: z.number(),
  categoryPath: z.string(),
  saleUnit: z.string(),
  piecesPerUnit: z.number(),
  /** The least of the SKUs' minimum order quantities, null without SKUs. */
  moq: z.number().nullable(),
  /** Lowest and highest unit price (分) over the SKUs' breaks. */
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  skuCount: z.number(),
  imageIds: z.array(z.string()),
  status: z.number(),
  statusName: z.string(),
  /** Set when the SPU entered the mall through an application. */
  approvalCode: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type MallGoodsRow = z.infer<typeof mallGoodsRowSchema>;

export const mallGoodsUpdateInput = z.object({
  mallGoodsId: mallGoodsIdSchema,
  version: versionField,
  title: z.string({ error: '请输入商城商品名称' }).trim().min(2, '商城商品名称至少2个字').max(60, '商城商品名称不能超过60个字'),
  ...mallSaleFields,
});
export const mallGoodsSetStatusInput = z.object({ mallGoodsId: mallGoodsIdSchema, version: versionField, status: mallStatusSchema });

export const mallGoodsOptionSchema = z.object({
  mallGoodsId: z.number(),
  mallCode: z.string(),
  title: z.string(),
  saleUnit: z.string(),
  status: z.number(),
});
export type MallGoodsOption = z.infer<typeof mallGoodsOptionSchema>;

export const mallGoodsOps = defineOperations(
  { anchor: 'mall-standard-product-list', merchantScope: 'merchant', targets: MALL_TARGETS },
  {
    list: {
      name: 'mall.goods.list',
      label: '商城标准商品列表',
      input: mallGoodsListInput,
      output: pagedOf(mallGoodsRowSchema),
      exportable: true,
    },
    detail: {
      name: 'mall.goods.detail',
      label: '商城商品详情',
      anchor: ['mall-standard-product-list', 'mall-sku-list', 'mall-add-new-product'],
      input: z.object({ mallGoodsId: mallGoodsIdSchema }),
      output: mallGoodsRowSchema,
    },
    options: {
      name: 'mall.goods.options',
      label: '选择商城商品',
      summary: '新增商城SKU或SKU申请时可选的商城商品（按名称或编码搜索，最多50条）',
      anchor: ['mall-sku-list', 'mall-add-new-product'],
      input: z.object({ keyword: z.string().trim().max(60, '关键词不能超过60个字').optional() }),
      output: z.array(mallGoodsOptionSchema),
    },
    update: {
      name: 'mall.goods.update',
      label: '编辑商城商品',
      writes: true,
      input: mallGoodsUpdateInput,
      output: z.object({ mallGoodsId: z.number(), version: z.number() }),
    },
    setStatus: {
      name: 'mall.goods.setStatus',
      label: '商城商品上下架',
      summary: '商城商品上架/下架（下架时其上架的SKU随之下架）',
      writes: true,
      input: mallGoodsSetStatusInput,
      output: nothing,
    },
    history: {
      name: 'mall.goods.history',
      label: '商城商品操作记录',
      anchor: ['mall-standard-product-list', 'mall-sku-list'],
      input: historyInput({ mallGoodsId: mallGoodsIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
