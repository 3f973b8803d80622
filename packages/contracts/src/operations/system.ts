import { z } from 'zod';
import { phoneOrMask } from '../core/format.ts';
import { idSchema, passwordSchema, phoneSchema, userNameSchema } from '../core/fields.ts';

/** Gateway operation names of user management (spec section 115). */
export const SYSTEM_OPS = {
  orgTree: 'system.org.tree',
  orgDetail: 'system.org.detail',
  orgAdd: 'system.org.add',
  orgEdit: 'system.org.edit',
  orgDelete: 'system.org.delete',
  orgChildren: 'system.org.children',
  orgParents: 'system.org.parents',
  roleList: 'system.role.list',
  roleDetail: 'system.role.detail',
  roleAdd: 'system.role.add',
  roleEdit: 'system.role.edit',
  roleDelete: 'system.role.delete',
  roleGrantableMenus: 'system.role.grantableMenus',
  accountList: 'system.account.list',
  accountDetail: 'system.account.detail',
  accountAdd: 'system.account.add',
  accountEdit: 'system.account.edit',
  accountDelete: 'system.account.delete',
  accountEnable: 'system.account.enable',
  accountDisable: 'system.account.disable',
  accountResetPassword: 'system.account.resetPassword',
  /** The full number behind an account's masked phone (audited). */
  phoneReveal: 'system.phone.reveal',
} as const;

export const orgNameSchema = z
  .string({ error: '请输入组织名称' })
  .trim()
  .min(1, '请输入组织名称')
  .min(2, '组织名称至少2个字')
  .max(30, '组织名称不能超过30个字');

export const STRUCTURE_TYPES = { 1: '总部', 2: '大区', 3: '运营中心', 4: '站点' } as const;

export const orgAddInput = z.object({
  parentId: idSchema('上级组织'),
  name: orgNameSchema,
  structureType: z.coerce.number().int().min(1, '组织类型不正确').max(4, '组织类型不正确').optional(),
  sort: z.coerce.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能为负数').max(9999, '排序不能超过9999').default(0),
});
export const orgEditInput = z.object({
  id: idSchema('组织ID'),
  name: orgNameSchema,
  sort: z.coerce.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能为负数').max(9999, '排序不能超过9999').default(0),
});
export const byIdInput = z.object({ id: idSchema('ID') });

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

export const membershipSchema = z.object({ organizationId: idSchema('组织'), roleId: idSchema('角色') });
export const accountFields = {
  phone: phoneSchema,
  memberships: z.array(membershipSchema, { error: '请选择组织和角色' }).min(1, '请至少分配一个组织和角色').max(50, '组织角色不能超过50个'),
  merchantAccountType: z.coerce.number().int().min(0).max(1).default(0),
  useSite: z.boolean().default(false),
};
export const accountAddInput = z.object({ userName: userNameSchema, password: passwordSchema, ...accountFields });
export const accountEditInput = z.object({
  id: idSchema('账号ID'),
  ...accountFields,
  /** The masked number the form was filled with keeps the stored one. */
  phone: phoneOrMask(phoneSchema, '手机号'),
});
export const accountResetPasswordInput = z.object({ id: idSchema('账号ID'), password: passwordSchema });

export const ACCOUNT_STATUS = { 1: '启用', 0: '停用' } as const;
/** merchantAccountType. */
export const ACCOUNT_TYPE = { 0: '商户账号', 1: '柜主账号' } as const;

/**
 * What the signed-in account may do with a row of user management (organisations, roles, accounts): the
 * server decides by the admin-scope rule (docs/decisions.md) and says why not, so a page can disable the
 * actions with that reason. For a role, `manageable` also means the account may give it to others.
 */
export interface ManageFlag {
  manageable: boolean;
  /** Why not (Chinese), null when manageable. */
  manageNote: string | null;
}

/** A node of the organisation tree (system.org.tree); the tree starts at the active organisation. */
export interface OrgNode extends ManageFlag {
  id: number;
  parentId: number | null;
  name: string;
  structureType: number;
  sort: number;
  createdAt: number;
  accountCount: number;
  roleCount: number;
  children: OrgNode[];
}

/** Phones of user management that may be revealed, and the anchor needed (the page that edits them). */
export const SYSTEM_PHONE_KINDS = { account: { label: '账号手机号', anchor: 'account-list' } } as const;
export const systemPhoneRevealInput = z.object({
  kind: z.enum(['account'], { error: '号码类型不正确' }),
  id: idSchema('账号ID'),
});
