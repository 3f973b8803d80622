import { GOODS_TARGETS } from './goods-fields.ts';
import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';
import { pagedOf } from '../core/paging.ts';
import { historyEntrySchema, historyInput, historyChangeSchema, versionField } from '../core/history.ts';

// 商品分类 (on the standard-product-list page): the merchant's category tree, at most three levels; products
// hang on a level-3 leaf. Reading is open to every goods page that picks a category; changes need
// 'standard-product-edit'.

/** The deepest level of the tree (products hang on its leaves). */
export const MAX_CATEGORY_LEVEL = 3;

export const categoryNameSchema = z
  .string({ error: '请输入分类名称' })
  .trim()
  .min(1, '请输入分类名称')
  .max(20, '分类名称不能超过20个字')
  .refine((s) => !s.includes('/'), '分类名称不能包含“/”');
export const categorySortSchema = z.coerce
  .number({ error: '排序须为数字' })
  .int('排序须为整数')
  .min(0, '排序不能小于0')
  .max(9999, '排序不能超过9999')
  .default(0);
const categoryKey = z.coerce.number({ error: '请选择商品分类' }).int('商品分类不正确').positive('商品分类不正确');

const nodeFields = {
  id: z.number(),
  parentId: z.number(),
  level: z.number(),
  name: z.string(),
  sort: z.number(),
  version: z.number(),
  /** Standard products in this category and its descendants. */
  productCount: z.number(),
};
// Three explicit levels (not a recursive schema): the tree never goes deeper, and the API document stays plain.
export const categoryLeafSchema = z.object({ ...nodeFields, children: z.array(z.never()) });
export const categoryMidSchema = z.object({ ...nodeFields, children: z.array(categoryLeafSchema) });
export const categoryRootSchema = z.object({ ...nodeFields, children: z.array(categoryMidSchema) });
export type CategoryNode = z.infer<typeof categoryLeafSchema> | z.infer<typeof categoryMidSchema> | z.infer<typeof categoryRootSchema>;
export type CategoryRoot = z.infer<typeof categoryRootSchema>;

export const categoryCreateInput = z.object({
  parentId: z.coerce.number({ error: '请选择上级分类' }).int('上级分类不正确').min(0, '上级分类不正确').default(0),
  name: categoryNameSchema,
  sort: categorySortSchema,
});
export const categoryUpdateInput = z.object({ id: categoryKey, name: categoryNameSchema, sort: categorySortSchema, version: versionField });
export const categoryDeleteInput = z.object({ id: categoryKey, version: versionField });

export const categoryOps = defineOperations(
  { anchor: 'standard-product-edit', merchantScope: 'merchant', targets: { ...GOODS_TARGETS, id: '商品分类', parentId: '上级分类' } },
  {
    tree: {
      name: 'goods.category.tree',
      label: '商品分类树',
      summary: '商品分类树（三级，含各分类的标准商品数）',
      // every goods page that picks a category reads the tree (the wholesale mall's pages too)
      anchor: [
        'standard-product-list',
        'standard-product-edit',
        'goods-management-list',
        'sku-list',
        'new-products-list',
        'mall-standard-product-list',
        'mall-sku-list',
        'mall-salesmanagement-list',
        'mall-add-new-product',
        'marchant-add-new-product',
        'public-goods-list',
      ],
      input: z.object({}),
      output: z.array(categoryRootSchema),
    },
    create: {
      name: 'goods.category.create',
      label: '新增商品分类',
      writes: true,
      input: categoryCreateInput,
      output: z.object({ id: z.number(), level: z.number() }),
    },
    update: {
      name: 'goods.category.update',
      label: '修改商品分类',
      summary: '修改商品分类（名称、排序）',
      writes: true,
      input: categoryUpdateInput,
      output: z.object({ id: z.number(), changes: z.array(historyChangeSchema) }),
    },
    delete: {
      name: 'goods.category.delete',
      label: '删除商品分类',
      summary: '删除商品分类（没有下级分类、标准商品和商品时）',
      writes: true,
      input: categoryDeleteInput,
      output: z.null(),
    },
    history: {
      name: 'goods.category.history',
      label: '商品分类操作记录',
      anchor: ['standard-product-list', 'standard-product-edit'],
      input: historyInput({ id: categoryKey }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
