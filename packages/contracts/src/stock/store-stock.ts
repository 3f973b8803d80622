import { z } from 'zod';
import { versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import {
  LOCK_ABOVE_STOCK_MESSAGE,
  STOCK_AVAILABILITY,
  stockBalanceRowSchema,
  stockCategoryIdSchema,
  stockCategoryOptionSchema,
  stockEditFields,
  stockEditResultSchema,
  stockSkuIdSchema,
  stockSkuOptionSchema,
  type StockAvailability,
} from './stock-balance.ts';
import { stockMovementRowSchema } from './stock-movement.ts';
import { STOCK_TARGETS, stockReasonSchema } from './stock-fields.ts';

// 本地库存 · 库存列表 (section 128, inventory-management-local-list, docs/stock.md): the stock of the merchant's stores
// (门店), one stock_location of kind `store` per store (code = the store code), one row per store × SKU. 详情, 新增门店库存
// (an 入库 movement) and the hand edit (调整 / 锁定 / 解锁, like 库存编辑) of one balance.

const merchantIdField = z.coerce.number({ error: '商户ID不正确' }).int('商户ID不正确').optional();
export const storeCodeSchema = z.string({ error: '请选择门店' }).trim().min(1, '请选择门店').max(20, '门店编码不正确');
const balanceIdSchema = z.coerce.number({ error: '库存记录不正确' }).int('库存记录不正确').positive('库存记录不正确');

export const storeStockListInput = listInput(
  {
    merchantId: merchantIdField,
    /** One store (its code). */
    storeCode: z.string().trim().max(20, '门店编码不正确').optional(),
    keyword: z.string().trim().max(40, '关键词不能超过40个字').optional(),
    categoryId: stockCategoryIdSchema.optional(),
    availability: z
      .enum(Object.keys(STOCK_AVAILABILITY) as [StockAvailability, ...StockAvailability[]], { error: '可用库存筛选不正确' })
      .optional(),
  },
  ['skuCode', 'onHand', 'locked', 'available', 'updatedAt'],
);

export const storeStockRowSchema = stockBalanceRowSchema.extend({ storeCode: z.string(), storeName: z.string() });
export type StoreStockRow = z.infer<typeof storeStockRowSchema>;

/** A balance by its id, or by store and SKU. */
export const storeStockGetInput = z
  .object({
    merchantId: merchantIdField,
    id: balanceIdSchema.optional(),
    storeCode: z.string().trim().max(20, '门店编码不正确').optional(),
    skuId: stockSkuIdSchema.optional(),
  })
  .refine((v) => v.id !== undefined || (v.storeCode && v.skuId !== undefined), { message: '请指定库存记录', path: ['id'] });

export const storeStockDetailSchema = z.object({
  balance: storeStockRowSchema,
  /** The balance's latest movements (newest first, up to 20). */
  movements: z.array(stockMovementRowSchema),
  /** Its latest hand edits (库存编辑 movements, newest first, up to 20). */
  edits: z.array(stockMovementRowSchema),
});
export type StoreStockDetail = z.infer<typeof storeStockDetailSchema>;

/** 新增门店库存: an enabled store of the merchant, a SKU, the quantity brought in (an 入库 movement) and why. */
export const storeStockAddFields = {
  storeCode: storeCodeSchema,
  skuId: stockSkuIdSchema,
  quantity: z.coerce
    .number({ error: '入库数量必须是数字' })
    .int('入库数量必须是整数')
    .min(1, '入库数量至少为1')
    .max(1_000_000, '入库数量不能超过1000000'),
  reason: stockReasonSchema,
};
export const storeStockAddInput = z.object({ merchantId: merchantIdField, ...storeStockAddFields });
export const storeStockAddResultSchema = z.object({
  id: z.number(),
  docCode: z.string(),
  onHand: z.number(),
  locked: z.number(),
  version: z.number(),
});

/** The hand edit of one store balance (by its id): stock / lockStock to new values, the reason and the version. */
export const storeStockEditInput = z
  .object({
    merchantId: merchantIdField,
    id: balanceIdSchema,
    stock: stockEditFields.stock.optional(),
    lockStock: stockEditFields.lockStock,
    reason: stockEditFields.reason,
    version: versionField,
  })
  .superRefine((v, ctx) => {
    if (v.stock !== undefined && v.lockStock > v.stock)
      ctx.addIssue({ code: 'custom', path: ['lockStock'], message: LOCK_ABOVE_STOCK_MESSAGE });
  });

export const storeOptionSchema = z.object({ storeCode: z.string(), name: z.string() });

export const storeStockOps = defineOperations(
  {
    anchor: 'inventory-management-local-list',
    merchantScope: 'merchant',
    targets: { ...STOCK_TARGETS, storeCode: '门店', id: '库存记录' },
  },
  {
    list: {
      name: 'stock.store.balance.list',
      label: '门店库存列表',
      summary: '门店库存：每个门店每个SKU的现有、锁定、可用库存',
      input: storeStockListInput,
      output: pagedOf(storeStockRowSchema),
      exportable: true,
    },
    get: {
      name: 'stock.store.balance.get',
      label: '门店库存详情',
      summary: '一个门店一个SKU的库存、最近的流水与库存编辑记录',
      input: storeStockGetInput,
      output: storeStockDetailSchema,
    },
    add: {
      name: 'stock.store.balance.add',
      label: '新增门店库存',
      summary: '给门店的一个SKU入库（入库流水，入库单号 RK…）',
      input: storeStockAddInput,
      output: storeStockAddResultSchema,
      writes: true,
    },
    edit: {
      name: 'stock.store.balance.edit',
      label: '门店库存编辑',
      summary: '把门店一个SKU的现有库存与锁定库存改为新值：差额记为调整 / 锁定 / 解锁流水（库存编辑单 KB…）',
      input: storeStockEditInput,
      output: stockEditResultSchema,
      writes: true,
    },
    stores: {
      name: 'stock.store.options',
      label: '门店选项',
      summary: '本商户营业中的门店（新增门店库存时选择），按名称或编码筛选，最多50个',
      anchor: ['inventory-management-local-list', 'inventory-management-statement'],
      input: z.object({ merchantId: merchantIdField, keyword: z.string().trim().max(40, '关键词不能超过40个字').optional() }),
      output: z.array(storeOptionSchema),
    },
    skuOptions: {
      name: 'stock.store.sku.options',
      label: '门店SKU选项',
      summary: '按名称、编码或条码找SKU（最多20个）',
      input: z.object({ merchantId: merchantIdField, keyword: z.string().trim().max(40, '关键词不能超过40个字').optional() }),
      output: z.array(stockSkuOptionSchema),
    },
    categories: {
      name: 'stock.store.category.tree',
      label: '门店库存分类树',
      anchor: ['inventory-management-local-list', 'inventory-management-statement'],
      input: z.object({ merchantId: merchantIdField }),
      output: z.array(stockCategoryOptionSchema),
    },
  },
);
