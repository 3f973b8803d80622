import {
  accountAddInput,
  accountEditInput,
  accountResetPasswordInput,
  byIdInput,
  idSchema,
  orgAddInput,
  orgEditInput,
  roleAddInput,
  roleEditInput,
  ACCOUNT_STATUS,
  ACCOUNT_TYPE,
  STRUCTURE_TYPES,
  SYSTEM_OPS,
  SYSTEM_PHONE_KINDS,
  systemPhoneRevealInput,
} from '@merchant/contracts';
import { z } from 'zod';
import { defineOperation } from '../../platform/gateway/registry.ts';
import { memoryExport, queryExport } from '../../platform/export/export-spec.ts';
import { listInput } from '../../platform/list-query.ts';
import * as s from './system.service.ts';

const ORG = 'organization-list';
const ROLE = 'role-management';
const ACCOUNT = 'account-list';
/** Reads the merchant-side 用户账号 page shares with 账号管理. */
const ACCOUNT_READ = [ACCOUNT, 'stock-management-account'] as const;
/** Pickers on the role and account pages read the organisation tree and the roles. */
const ORG_READ = [ORG, ROLE, ACCOUNT] as const;
const ROLE_READ = [ROLE, ACCOUNT] as const;

// ---- organisations (organization-list) ----
/** The tree, whole; or as the 组织管理 page's name search cuts it down (matches with their ancestors and subtrees). */
const orgTreeInput = z.object({ keyword: z.string().trim().max(30, '组织名称不能超过30个字').optional() });
export const orgTree = defineOperation({
  name: SYSTEM_OPS.orgTree, summary: '组织树', anchor: ORG_READ, input: orgTreeInput,
  handler: (ctx, i) => s.orgTree(ctx, i),
  // The tree table flattened: one row per organisation, depth first, with its level and path.
  export: memoryExport(orgTreeInput, {
    load: (ctx, i) => s.orgExportRows(ctx, i),
    filterLabels: { keyword: '组织名称' },
    columns: [
      { header: '组织名称', key: 'name' },
      { header: '层级', key: 'level', type: 'number' },
      { header: '组织路径', key: 'path', width: 40 },
      { header: '上级组织', key: 'parentName' },
      { header: '组织类型', key: 'structureType', type: 'enum', labels: STRUCTURE_TYPES },
      { header: '账号数', key: 'accountCount', type: 'number' },
      { header: '角色数', key: 'roleCount', type: 'number' },
      { header: '排序', key: 'sort', type: 'number' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const orgDetail = defineOperation({ name: SYSTEM_OPS.orgDetail, summary: '组织详情', anchor: ORG, input: byIdInput, handler: (ctx, i) => s.orgDetail(ctx, i.id) });
export const orgChildren = defineOperation({ name: SYSTEM_OPS.orgChildren, summary: '下级组织', anchor: ORG, input: byIdInput, handler: (ctx, i) => s.orgChildren(ctx, i.id) });
export const orgParents = defineOperation({ name: SYSTEM_OPS.orgParents, summary: '上级组织路径', anchor: ORG, input: byIdInput, handler: (ctx, i) => s.orgParents(ctx, i.id) });
export const orgAdd = defineOperation({ name: SYSTEM_OPS.orgAdd, summary: '新增组织', anchor: ORG, mutates: true, input: orgAddInput, handler: (ctx, i) => s.orgAdd(ctx, i) });
export const orgEdit = defineOperation({ name: SYSTEM_OPS.orgEdit, summary: '编辑组织', anchor: ORG, mutates: true, input: orgEditInput, handler: (ctx, i) => s.orgEdit(ctx, i) });
export const orgDelete = defineOperation({ name: SYSTEM_OPS.orgDelete, summary: '删除组织', anchor: ORG, mutates: true, input: byIdInput, handler: (ctx, i) => s.orgDelete(ctx, i.id) });

// ---- roles (role-management) ----
const roleListInput = z.object({ organizationId: idSchema('组织').optional(), name: z.string().trim().max(20, '角色名称不能超过20个字').optional() });
export const roleList = defineOperation({
  name: SYSTEM_OPS.roleList, summary: '角色列表', anchor: ROLE_READ,
  input: roleListInput,
  handler: (ctx, i) => s.roleList(ctx, i),
  export: queryExport(roleListInput, {
    query: (ctx, i) => s.roleExportQuery(ctx, i),
    filterLabels: { organizationId: '组织ID' },
    columns: [
      { header: '角色名称', key: 'name' },
      { header: '管理员角色', key: 'isAdmin', type: 'enum', labels: { 1: '是', 0: '否' } },
      { header: '所属组织', key: 'organizationName' },
      { header: '套餐名称', key: 'packageName' },
      { header: '账号数', key: 'accountCount', type: 'number' },
      { header: '创建时间', key: 'createdAt', type: 'time' },
    ],
  }),
});
export const roleDetail = defineOperation({ name: SYSTEM_OPS.roleDetail, summary: '角色详情（含菜单权限）', anchor: ROLE, input: byIdInput, handler: (ctx, i) => s.roleDetail(ctx, i.id) });
export const roleGrantableMenus = defineOperation({ name: SYSTEM_OPS.roleGrantableMenus, summary: '可授予的菜单树', anchor: ROLE, input: z.object({}), handler: (ctx) => s.grantableMenus(ctx) });
export const roleAdd = defineOperation({ name: SYSTEM_OPS.roleAdd, summary: '新增角色', anchor: ROLE, mutates: true, input: roleAddInput, handler: (ctx, i) => s.roleAdd(ctx, i) });
export const roleEdit = defineOperation({ name: SYSTEM_OPS.roleEdit, summary: '编辑角色', anchor: ROLE, mutates: true, input: roleEditInput, handler: (ctx, i) => s.roleEdit(ctx, i) });
export const roleDelete = defineOperation({ name: SYSTEM_OPS.roleDelete, summary: '删除角色', anchor: ROLE, mutates: true, input: byIdInput, handler: (ctx, i) => s.roleDelete(ctx, i.id) });

// ---- accounts (account-list) ----
const accountListInput = listInput(
    {
      userName: z.string().trim().max(32, '账号不能超过32位').optional(),
      phone: z.string().trim().regex(/^\d{0,11}$/, '手机号只能是数字').optional(),
      status: z.coerce.number().int().min(0, '状态不正确').max(1, '状态不正确').optional(),
      organizationId: idSchema('组织').optional(),
    },
    ['createdAt', 'userName'],
  );
export const accountList = defineOperation({
  name: SYSTEM_OPS.accountList, summary: '账号列表', anchor: ACCOUNT_READ,
  input: accountListInput,
  handler: (ctx, i) => s.accountList(ctx, i),
  export: queryExport(accountListInput, {
    query: (ctx, i) => s.accountExportQuery(ctx, i),
    mapBatch: (ctx, rows) => s.accountExportRows(ctx, rows),
    filterLabels: { organizationId: '组织ID' },
    columns: [
      { header: '账号', key: 'userName' },
      { header: '手机号', key: 'phone' },
      { header: '账号类型', key: 'merchantAccountType', type: 'enum', labels: ACCOUNT_TYPE },
      { header: '数据范围', key: 'useSite', type: 'enum', labels: { 0: '按渠道', 1: '按站点' } },
      { header: '组织/角色', key: 'memberships', width: 40 },
      { header: '状态', key: 'status', type: 'enum', labels: ACCOUNT_STATUS },
      { header: '创建时间', key: 'createdAt', type: 'time' },
      { header: '更新时间', key: 'updatedAt', type: 'time' },
    ],
  }),
});
export const accountDetail = defineOperation({ name: SYSTEM_OPS.accountDetail, summary: '账号详情', anchor: ACCOUNT_READ, input: byIdInput, handler: (ctx, i) => s.accountDetail(ctx, i.id) });
export const accountAdd = defineOperation({ name: SYSTEM_OPS.accountAdd, summary: '新增账号', anchor: ACCOUNT, mutates: true, input: accountAddInput, handler: (ctx, i) => s.accountAdd(ctx, i) });
export const accountEdit = defineOperation({ name: SYSTEM_OPS.accountEdit, summary: '编辑账号', anchor: ACCOUNT, mutates: true, input: accountEditInput, handler: (ctx, i) => s.accountEdit(ctx, i) });
export const accountDelete = defineOperation({ name: SYSTEM_OPS.accountDelete, summary: '删除账号', anchor: ACCOUNT, mutates: true, input: byIdInput, handler: (ctx, i) => s.accountDelete(ctx, i.id) });
export const accountEnable = defineOperation({ name: SYSTEM_OPS.accountEnable, summary: '启用账号', anchor: ACCOUNT, mutates: true, input: byIdInput, handler: (ctx, i) => s.accountSetStatus(ctx, i.id, true) });
export const accountDisable = defineOperation({ name: SYSTEM_OPS.accountDisable, summary: '停用账号（并结束其登录）', label: '停用账号', anchor: ACCOUNT, mutates: true, input: byIdInput, handler: (ctx, i) => s.accountSetStatus(ctx, i.id, false) });
export const accountResetPassword = defineOperation({
  name: SYSTEM_OPS.accountResetPassword, summary: '重置账号密码（并结束其登录）', label: '重置密码', anchor: ACCOUNT, mutates: true,
  input: accountResetPasswordInput, handler: (ctx, i) => s.accountResetPassword(ctx, i.id, i.password),
});

/**
 * 查看完整手机号 of an account: for holders of 账号管理 (the page that edits accounts; the read-only
 * 用户账号 page sees the masked number only). `mutates`: every attempt is written to the operation log.
 */
export const phoneReveal = defineOperation({
  name: SYSTEM_OPS.phoneReveal, summary: '查看账号完整手机号（记录操作日志）', label: '查看账号手机号', anchor: SYSTEM_PHONE_KINDS.account.anchor, mutates: true,
  input: systemPhoneRevealInput,
  handler: async (ctx, i): Promise<{ phone: string }> => ({ phone: await s.accountFullPhone(ctx, i.id) }),
});
