import { z } from 'zod';
import { idSchema } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';
import { categoryIdSchema, priceCentsSchema, skuFields, specValueSchema, SUPPLY_TARGETS } from './goods-fields.ts';
import { specValuesSchema } from './sku.ts';
import { SUPPLY_STATUS, supplierIdSchema, supplyStatusSchema } from './supplier.ts';
import { supplySpuIdSchema } from './supply-goods.ts';

// 供应链SKU (supply-sku-list, supply-sku-add/:handleType?/:skuId?/:spuId?): the SKUs of a supply SPU, each with
// its spec values, barcode (unique per supplier among live supply SKUs), purchase price in cents, minimum order
// quantity and lead time in days; 启用/停用.

export const supplySkuCodeRe = /^GK\d{8}$/;
export const supplySkuIdSchema = idSchema('供应链SKU');

/** The longest lead time (days). */
export const MAX_LEAD_TIME_DAYS = 365;
/** The largest minimum order quantity. */
export const MAX_MOQ = 999_999;

export const supplySkuValueFields = {
  specValues: specValuesSchema,
  barcode: skuFields.barcode,
  purchasePrice: priceCentsSchema('采购价', { min: 1 }),
  moq: z.coerce.number({ error: '请输入起订量' }).int('起订量须为整数').min(1, '起订量至少为1').max(MAX_MOQ, `起订量不能超过${MAX_MOQ}`),
  leadTimeDays: z.coerce
    .number({ error: '请输入供货周期' })
    .int('供货周期须为整数天')
    .min(0, '供货周期不能为负数')
    .max(MAX_LEAD_TIME_DAYS, `供货周期不能超过${MAX_LEAD_TIME_DAYS}天`),
};

export const supplySkuCreateInput = z.object({ spuId: supplySpuIdSchema, ...supplySkuValueFields });
export const supplySkuUpdateInput = z.object({ skuId: supplySkuIdSchema, version: versionField, ...supplySkuValueFields });
export const supplySkuSetStatusInput = z.object({ skuId: supplySkuIdSchema, version: versionField, status: supplyStatusSchema('状态') });
export const supplySkuByIdInput = z.object({ skuId: supplySkuIdSchema });
export const supplySkuDeleteInput = z.object({ skuId: supplySkuIdSchema, version: versionField });

export const supplySkuRowSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  name: z.string(),
  spuId: z.number(),
  spuCode: z.string(),
  spuName: z.string(),
  /** The SPU's status (1 启用, 2 停用). */
  spuStatus: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  supplierStatus: z.number(),
  specValues: z.array(specValueSchema),
  specText: z.string(),
  barcode: z.string(),
  categoryId: z.number(),
  categoryPath: z.string(),
  /** 分. */
  purchasePrice: z.number(),
  moq: z.number(),
  leadTimeDays: z.number(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SupplySkuRow = z.infer<typeof supplySkuRowSchema>;

export const supplySkuListInput = listInput(
  {
    /** SKU name, code or barcode. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    supplierId: supplierIdSchema.optional(),
    spuId: supplySpuIdSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in SUPPLY_STATUS, '状态不正确')
      .optional(),
  },
  ['createdAt', 'skuCode', 'purchasePrice', 'leadTimeDays'],
);

/** One class of the merchant's category tree a supply SKU can be filed under, with the live supply SKUs in it. */
const classFields = { id: z.number(), name: z.string(), level: z.number(), skuCount: z.number() };
export const supplyClassLeafSchema = z.object({ ...classFields, children: z.array(z.never()) });
export const supplyClassMidSchema = z.object({ ...classFields, children: z.array(supplyClassLeafSchema) });
export const supplyClassRootSchema = z.object({ ...classFields, children: z.array(supplyClassMidSchema) });
export type SupplyClassRoot = z.infer<typeof supplyClassRootSchema>;

export const supplySkuOps = defineOperations(
  { anchor: 'supply-sku-list', merchantScope: 'merchant', targets: SUPPLY_TARGETS },
  {
    list: {
      name: 'goods.supplySku.list',
      label: '供应链SKU列表',
      input: supplySkuListInput,
      output: pagedOf(supplySkuRowSchema),
      exportable: true,
    },
    detail: {
      name: 'goods.supplySku.detail',
      label: '供应链SKU详情',
      anchor: ['supply-sku-list', 'supply-goods-list'],
      input: supplySkuByIdInput,
      output: supplySkuRowSchema,
    },
    classify: {
      name: 'goods.supplySku.classify',
      label: '供应链SKU分类',
      summary: '供应链SKU可归入的分类（商户的三级商品分类树，只能选第三级；含各分类的供应链SKU数），供商品表单和列表筛选使用',
      anchor: ['supply-sku-list', 'supply-goods-list'],
      rest: '/ben-api/supplier/sku/applyClassifyV2',
      input: z.object({}),
      output: z.array(supplyClassRootSchema),
    },
    create: {
      name: 'goods.supplySku.create',
      label: '创建供应链SKU',
      summary: '创建供应链SKU（商品和供应商须为启用）',
      writes: true,
      input: supplySkuCreateInput,
      output: z.object({ skuId: z.number(), skuCode: z.string() }),
    },
    update: {
      name: 'goods.supplySku.update',
      label: '编辑供应链SKU',
      writes: true,
      input: supplySkuUpdateInput,
      output: z.object({ skuId: z.number(), version: z.number() }),
    },
    setStatus: {
      name: 'goods.supplySku.setStatus',
      label: '供应链SKU启用停用',
      summary: '启用/停用供应链SKU（商品或供应商停用时不能启用）',
      writes: true,
      input: supplySkuSetStatusInput,
      output: nothing,
    },
    delete: {
      name: 'goods.supplySku.delete',
      label: '删除供应链SKU',
      summary: '删除供应链SKU（仅停用的SKU；删除后条码可再次使用）',
      writes: true,
      input: supplySkuDeleteInput,
      output: nothing,
    },
    history: {
      name: 'goods.supplySku.history',
      label: '供应链SKU操作记录',
      anchor: ['supply-sku-list', 'supply-goods-list'],
      input: historyInput({ skuId: supplySkuIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
