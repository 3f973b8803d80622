import { z } from 'zod';
import { byIdInput, idSchema } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { nothing } from '../core/paging.ts';
import { manageFlagFields } from './manage-flag.ts';
import { roleRowSchema } from './role.ts';

// 组织管理 (organization-list): the organisation tree of the merchant, from the account's active organisation down.

export const orgNameSchema = z
  .string({ error: '请输入组织名称' })
  .trim()
  .min(1, '请输入组织名称')
  .min(2, '组织名称至少2个字')
  .max(30, '组织名称不能超过30个字');

export const STRUCTURE_TYPES = { 1: '总部', 2: '大区', 3: '运营中心', 4: '站点' } as const;

const sortSchema = z.coerce
  .number({ error: '排序必须是数字' })
  .int('排序必须是整数')
  .min(0, '排序不能为负数')
  .max(9999, '排序不能超过9999')
  .default(0);

export const orgAddInput = z.object({
  parentId: idSchema('上级组织'),
  name: orgNameSchema,
  structureType: z.coerce.number().int().min(1, '组织类型不正确').max(4, '组织类型不正确').optional(),
  sort: sortSchema,
});
export const orgEditInput = z.object({ id: idSchema('组织ID'), name: orgNameSchema, sort: sortSchema });
/** The tree, whole; or as the 组织管理 page's name search cuts it down (matches with their ancestors and subtrees). */
export const orgTreeInput = z.object({ keyword: z.string().trim().max(30, '组织名称不能超过30个字').optional() });

export const orgRowSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  structureType: z.number(),
  sort: z.number(),
  createdAt: z.number(),
});
export type OrgRow = z.infer<typeof orgRowSchema>;

/** A node of the organisation tree (system.org.tree); the tree starts at the active organisation. */
export const orgNodeSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  structureType: z.number(),
  sort: z.number(),
  createdAt: z.number(),
  accountCount: z.number(),
  roleCount: z.number(),
  manageable: z.boolean(),
  manageNote: z.string().nullable(),
  get children() {
    return z.array(orgNodeSchema);
  },
});
export type OrgNode = z.infer<typeof orgNodeSchema>;

export const orgDetailSchema = orgRowSchema.extend({
  parentName: z.string().nullable(),
  /** Names of the organisations above, from the top of the scope down. */
  path: z.array(z.string()),
  accountCount: z.number(),
  childCount: z.number(),
  roles: z.array(roleRowSchema),
  ...manageFlagFields,
});
export type OrgDetail = z.infer<typeof orgDetailSchema>;

const ORG = 'organization-list';
const saved = z.object({ id: z.number() });

export const organizationOps = defineOperations(
  { anchor: ORG },
  {
    /** Pickers on the role and account pages read the tree too. */
    tree: {
      name: 'system.org.tree',
      label: '组织树',
      anchor: [ORG, 'role-management', 'account-list'],
      input: orgTreeInput,
      output: z.array(orgNodeSchema),
      exportable: true,
    },
    detail: { name: 'system.org.detail', label: '组织详情', input: byIdInput, output: orgDetailSchema },
    children: { name: 'system.org.children', label: '下级组织', input: byIdInput, output: z.array(orgRowSchema) },
    parents: { name: 'system.org.parents', label: '上级组织路径', input: byIdInput, output: z.array(orgRowSchema) },
    add: { name: 'system.org.add', label: '新增组织', writes: true, input: orgAddInput, output: saved },
    edit: { name: 'system.org.edit', label: '编辑组织', writes: true, input: orgEditInput, output: saved },
    delete: { name: 'system.org.delete', label: '删除组织', writes: true, input: byIdInput, output: nothing },
  },
);
