import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf } from '../core/paging.ts';
import { historyChangeSchema, historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { productFields, STORAGE_STYLES, GOODS_TARGETS } from './goods-fields.ts';

// 标准商品库 (standard-product-list, standerd-edit/:goodsNo): the merchant's product master. Products enter
// through an approved new-product application (or the seed); here they are browsed, edited and switched on/off.

export const STANDARD_PRODUCT_STATUS = { 1: '启用', 2: '停用' } as const;
export type StandardProductStatus = keyof typeof STANDARD_PRODUCT_STATUS;
/** Where a standard product came from. */
export const STANDARD_PRODUCT_SOURCE = { 1: '标准库', 2: '新品申请' } as const;

export const GOODS_NO_RE = /^SP\d{8}$/;
export const goodsNoSchema = z.string({ error: '请输入商品编号' }).trim().regex(GOODS_NO_RE, '商品编号不正确');

const statusSchema = z.coerce
  .number({ error: '请选择状态' })
  .int('状态不正确')
  .refine((v) => v in STANDARD_PRODUCT_STATUS, '状态只能是启用或停用');

export const standardProductRowSchema = z.object({
  id: z.number(),
  goodsNo: z.string(),
  name: z.string(),
  barcode: z.string(),
  brand: z.string(),
  categoryId: z.number(),
  /** "饮料/水/饮用水". */
  categoryPath: z.string(),
  spec: z.string(),
  unit: z.string(),
  shelfLifeDays: z.number(),
  storageStyle: z.number(),
  storageStyleName: z.string(),
  imageIds: z.array(z.string()),
  /** 建议零售价, in cents (分). */
  guidePrice: z.number(),
  status: z.number(),
  statusName: z.string(),
  source: z.number(),
  sourceName: z.string(),
  approvalCode: z.string(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type StandardProductRow = z.infer<typeof standardProductRowSchema>;

export const standardProductListInput = listInput(
  {
    keyword: z.string().trim().max(60, '关键字不能超过60个字').optional(),
    brand: z.string().trim().max(30, '品牌不能超过30个字').optional(),
    categoryId: z.coerce.number({ error: '商品分类不正确' }).int('商品分类不正确').positive('商品分类不正确').optional(),
    storageStyle: z.coerce
      .number()
      .int()
      .refine((v) => v in STORAGE_STYLES, '储存方式只能是常温、冷藏或冷冻')
      .optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in STANDARD_PRODUCT_STATUS, '状态只能是启用或停用')
      .optional(),
  },
  ['createdAt', 'goodsNo', 'guidePrice'],
);

export const standardProductUpdateInput = z.object({ goodsNo: goodsNoSchema, ...productFields, version: versionField });
export const standardProductSetStatusInput = z.object({ goodsNo: goodsNoSchema, status: statusSchema, version: versionField });

const changed = z.object({ goodsNo: z.string(), changes: z.array(historyChangeSchema) });

export const standardProductOps = defineOperations(
  { anchor: 'standard-product-list', merchantScope: 'merchant', targets: GOODS_TARGETS },
  {
    list: {
      name: 'goods.standard-product.list',
      label: '标准商品列表',
      input: standardProductListInput,
      output: pagedOf(standardProductRowSchema),
      exportable: true,
    },
    detail: {
      name: 'goods.standard-product.detail',
      label: '标准商品详情',
      anchor: ['standard-product-list', 'standard-product-edit'],
      input: z.object({ goodsNo: goodsNoSchema }),
      output: standardProductRowSchema,
    },
    update: {
      name: 'goods.standard-product.update',
      label: '编辑标准商品',
      summary: '编辑标准商品（记录变更前后值）',
      anchor: 'standard-product-edit',
      writes: true,
      input: standardProductUpdateInput,
      output: changed,
    },
    setStatus: {
      name: 'goods.standard-product.setStatus',
      label: '启用或停用标准商品',
      anchor: 'standard-product-edit',
      writes: true,
      input: standardProductSetStatusInput,
      output: changed,
    },
    history: {
      name: 'goods.standard-product.history',
      label: '标准商品操作记录',
      anchor: ['standard-product-list', 'standard-product-edit'],
      input: historyInput({ goodsNo: goodsNoSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
