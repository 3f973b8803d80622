import { z } from 'zod';
import { byIdInput, idSchema } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { nothing } from '../core/paging.ts';
import { menuNodeSchema } from '../permission/session.ts';
import { manageFlagFields } from './manage-flag.ts';

// 角色管理 (role-management): the roles of the organisations in the account's scope and the menus they grant.

export const roleNameSchema = z
  .string({ error: '请输入角色名称' })
  .trim()
  .min(1, '请输入角色名称')
  .min(2, '角色名称至少2个字')
  .max(20, '角色名称不能超过20个字');

export const roleSaveFields = {
  name: roleNameSchema,
  packageName: z.string().trim().max(20, '套餐名称不能超过20个字').default('标准版'),
  menuIds: z.array(z.coerce.number().int().positive(), { error: '请选择菜单权限' }).max(1000).default([]),
};
export const roleAddInput = z.object({ organizationId: idSchema('所属组织'), ...roleSaveFields });
export const roleEditInput = z.object({ id: idSchema('角色ID'), ...roleSaveFields });
export const roleListInput = z.object({
  organizationId: idSchema('组织').optional(),
  name: z.string().trim().max(20, '角色名称不能超过20个字').optional(),
});

/** A role as the lists show it, saying whether the signed-in account may change and give it. */
export const roleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  packageName: z.string(),
  isAdmin: z.boolean(),
  organizationId: z.number(),
  organizationName: z.string(),
  accountCount: z.number(),
  createdAt: z.number(),
  ...manageFlagFields,
});
export type RoleRow = z.infer<typeof roleRowSchema>;

/** A role with the menus it grants (an admin role: every menu). */
export const roleDetailSchema = roleRowSchema.omit({ accountCount: true }).extend({ menuIds: z.array(z.number()) });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

const ROLE = 'role-management';
const saved = z.object({ id: z.number() });

export const roleOps = defineOperations(
  { anchor: ROLE },
  {
    /** Pickers on the account page read the roles too. */
    list: {
      name: 'system.role.list',
      label: '角色列表',
      anchor: [ROLE, 'account-list'],
      input: roleListInput,
      output: z.array(roleRowSchema),
      exportable: true,
    },
    detail: { name: 'system.role.detail', label: '角色详情（含菜单权限）', input: byIdInput, output: roleDetailSchema },
    grantableMenus: { name: 'system.role.grantableMenus', label: '可授予的菜单树', input: z.object({}), output: z.array(menuNodeSchema) },
    add: { name: 'system.role.add', label: '新增角色', writes: true, input: roleAddInput, output: saved },
    edit: { name: 'system.role.edit', label: '编辑角色', writes: true, input: roleEditInput, output: saved },
    delete: { name: 'system.role.delete', label: '删除角色', writes: true, input: byIdInput, output: nothing },
  },
);
