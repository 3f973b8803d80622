import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';
import { barcodeSchema, categoryIdSchema, productFields, SUPPLY_TARGETS } from './goods-fields.ts';
import { SUPPLY_STATUS, supplierIdSchema, supplyStatusSchema } from './supplier.ts';

// 供应链商品 (supply-goods-list, supply-goods-edit/:spuId?): a supplier's SPU — name, brand, a leaf of the
// merchant's category tree, optionally the standard product it is (linked by barcode). Its SKUs (supply-sku.ts)
// carry the purchase price, minimum order quantity and lead time.

export const supplySpuCodeRe = /^GS\d{8}$/;
export const supplySpuIdSchema = idSchema('供应链商品');

export const supplyGoodsFields = {
  supplierId: supplierIdSchema,
  name: productFields.name,
  brand: productFields.brand,
  categoryId: categoryIdSchema,
  unit: productFields.unit,
  /** The barcode of the standard product this SPU is ('' or absent: none). */
  standardBarcode: z.union([z.literal(''), barcodeSchema('标准商品条码')]).default(''),
  remark: z.string().trim().max(200, '备注不能超过200个字').default(''),
};

export const supplyGoodsCreateInput = z.object(supplyGoodsFields);
const { supplierId: _supplier, ...editableFields } = supplyGoodsFields;
/** The supplier is fixed once the SPU exists (its SKUs' barcodes are unique per supplier). */
export const supplyGoodsUpdateInput = z.object({ spuId: supplySpuIdSchema, version: versionField, ...editableFields });
export const supplyGoodsSetStatusInput = z.object({ spuId: supplySpuIdSchema, version: versionField, status: supplyStatusSchema('状态') });
export const supplyGoodsByIdInput = z.object({ spuId: supplySpuIdSchema });

export const supplyGoodsRowSchema = z.object({
  spuId: z.number(),
  spuCode: z.string(),
  name: z.string(),
  brand: z.string(),
  unit: z.string(),
  remark: z.string(),
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  supplierStatus: z.number(),
  categoryId: z.number(),
  /** 一级/二级/三级. */
  categoryPath: z.string(),
  standardProductId: z.number().nullable(),
  standardBarcode: z.string(),
  standardName: z.string(),
  /** Live SKUs. */
  skuCount: z.number(),
  /** 分; null without SKUs. */
  minPurchasePrice: z.number().nullable(),
  maxPurchasePrice: z.number().nullable(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SupplyGoodsRow = z.infer<typeof supplyGoodsRowSchema>;

export const supplyGoodsListInput = listInput(
  {
    /** Name, code, brand. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    supplierId: supplierIdSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in SUPPLY_STATUS, '状态不正确')
      .optional(),
  },
  ['createdAt', 'spuCode'],
);

/** An SPU to pick on the SKU form. */
export const supplySpuOptionSchema = z.object({
  spuId: z.number(),
  spuCode: z.string(),
  name: z.string(),
  supplierName: z.string(),
  status: z.number(),
});
export type SupplySpuOption = z.infer<typeof supplySpuOptionSchema>;

export const supplyGoodsOps = defineOperations(
  { anchor: 'supply-goods-list', merchantScope: 'merchant', targets: SUPPLY_TARGETS },
  {
    list: {
      name: 'goods.supplyGoods.list',
      label: '供应链商品列表',
      input: supplyGoodsListInput,
      output: pagedOf(supplyGoodsRowSchema),
      exportable: true,
    },
    detail: {
      name: 'goods.supplyGoods.detail',
      label: '供应链商品详情',
      anchor: ['supply-goods-list', 'supply-sku-list'],
      input: supplyGoodsByIdInput,
      output: supplyGoodsRowSchema,
    },
    options: {
      name: 'goods.supplyGoods.options',
      label: '选择供应链商品',
      summary: '新增供应链SKU时可选的商品（按名称或编码搜索，最多50条）',
      anchor: ['supply-goods-list', 'supply-sku-list'],
      input: z.object({ keyword: z.string().trim().max(60, '关键词不能超过60个字').optional() }),
      output: z.array(supplySpuOptionSchema),
    },
    create: {
      name: 'goods.supplyGoods.create',
      label: '新增供应链商品',
      writes: true,
      input: supplyGoodsCreateInput,
      output: z.object({ spuId: z.number(), spuCode: z.string() }),
    },
    update: {
      name: 'goods.supplyGoods.update',
      label: '编辑供应链商品',
      summary: '编辑供应链商品（名称和分类随改到其SKU）',
      writes: true,
      input: supplyGoodsUpdateInput,
      output: z.object({ spuId: z.number(), version: z.number() }),
    },
    setStatus: {
      name: 'goods.supplyGoods.setStatus',
      label: '供应链商品启用停用',
      summary: '启用/停用供应链商品（停用时其启用的SKU一并停用）',
      writes: true,
      input: supplyGoodsSetStatusInput,
      output: nothing,
    },
    history: {
      name: 'goods.supplyGoods.history',
      label: '供应链商品操作记录',
      input: historyInput({ spuId: supplySpuIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
