import { SUPPLY_TARGETS } from './goods-fields.ts';
import { z } from 'zod';
import { idSchema, requiredText, telSchema } from '../core/fields.ts';
import { phoneOrMask } from '../core/format.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';

// 供应商 (managed inside the supply-goods-list page, section 113 供应链商品): the merchant's suppliers, each with a
// generated code, name, contact and phone (masked in every answer), 启用/停用. Supply goods hang on a supplier.

/** status of a supplier (and of a supply SPU and SKU): 1 启用, 2 停用. */
export const SUPPLY_STATUS = { 1: '启用', 2: '停用' } as const;
export const SUPPLY_ENABLED = 1;
export const SUPPLY_DISABLED = 2;

export const supplyStatusSchema = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int(`${label}不正确`)
    .refine((v) => v in SUPPLY_STATUS, `${label}只能是启用或停用`);

export const supplierCodeRe = /^GY\d{8}$/;
export const supplierIdSchema = idSchema('供应商');

export const supplierFields = {
  name: requiredText('供应商名称', 2, 40),
  contact: requiredText('联系人', 2, 20),
  phone: telSchema('联系电话'),
  remark: z.string().trim().max(200, '备注不能超过200个字').default(''),
};

export const supplierCreateInput = z.object(supplierFields);
export const supplierUpdateInput = z.object({
  supplierId: supplierIdSchema,
  version: versionField,
  ...supplierFields,
  // the masked number the form was filled with keeps the stored one
  phone: phoneOrMask(telSchema('联系电话'), '联系电话'),
});
export const supplierSetStatusInput = z.object({ supplierId: supplierIdSchema, version: versionField, status: supplyStatusSchema('状态') });
export const supplierByIdInput = z.object({ supplierId: supplierIdSchema });

export const supplierRowSchema = z.object({
  supplierId: z.number(),
  supplierCode: z.string(),
  name: z.string(),
  contact: z.string(),
  /** Masked (138****0001). */
  phone: z.string(),
  remark: z.string(),
  /** Live supply SPUs of the supplier. */
  spuCount: z.number(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SupplierRow = z.infer<typeof supplierRowSchema>;

export const supplierListInput = listInput(
  {
    /** Name, code, contact. */
    keyword: z.string().trim().max(60, '关键词不能超过60个字').optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in SUPPLY_STATUS, '状态不正确')
      .optional(),
  },
  ['createdAt', 'supplierCode'],
);

export const supplierOptionSchema = z.object({
  supplierId: z.number(),
  supplierCode: z.string(),
  name: z.string(),
  status: z.number(),
});
export type SupplierOption = z.infer<typeof supplierOptionSchema>;

export const supplierOps = defineOperations(
  { anchor: 'supply-goods-list', merchantScope: 'merchant', targets: SUPPLY_TARGETS },
  {
    list: {
      name: 'goods.supplier.list',
      label: '供应商列表',
      input: supplierListInput,
      output: pagedOf(supplierRowSchema),
      exportable: true,
    },
    options: {
      name: 'goods.supplier.options',
      label: '选择供应商',
      summary: '供应商下拉选项（全部供应商，停用的也列出以便筛选）',
      anchor: ['supply-goods-list', 'supply-sku-list'],
      input: z.object({}),
      output: z.array(supplierOptionSchema),
    },
    detail: { name: 'goods.supplier.detail', label: '供应商详情', input: supplierByIdInput, output: supplierRowSchema },
    create: {
      name: 'goods.supplier.create',
      label: '新增供应商',
      writes: true,
      input: supplierCreateInput,
      output: z.object({ supplierId: z.number(), supplierCode: z.string() }),
    },
    update: {
      name: 'goods.supplier.update',
      label: '编辑供应商',
      writes: true,
      input: supplierUpdateInput,
      output: z.object({ supplierId: z.number(), version: z.number() }),
    },
    setStatus: {
      name: 'goods.supplier.setStatus',
      label: '供应商启用停用',
      summary: '启用/停用供应商（停用后不能在其下新增供应链商品和SKU，也不能启用其SKU）',
      writes: true,
      input: supplierSetStatusInput,
      output: nothing,
    },
    history: {
      name: 'goods.supplier.history',
      label: '供应商操作记录',
      input: historyInput({ supplierId: supplierIdSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
