import { z } from 'zod';
import { phoneOrMask } from '../core/format.ts';
import { byIdInput, idSchema, passwordSchema, phoneSchema, userNameSchema } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';
import { manageFlagFields } from './manage-flag.ts';

// 账号管理 (account-list) and the merchant-side read-only 用户账号 (stock-management-account).

export const membershipSchema = z.object({ organizationId: idSchema('组织'), roleId: idSchema('角色') });
export type MembershipInput = z.infer<typeof membershipSchema>;
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
export const accountListInput = listInput(
  {
    userName: z.string().trim().max(32, '账号不能超过32位').optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\d{0,11}$/, '手机号只能是数字')
      .optional(),
    status: z.coerce.number().int().min(0, '状态不正确').max(1, '状态不正确').optional(),
    organizationId: idSchema('组织').optional(),
  },
  ['createdAt', 'userName'],
);

export const ACCOUNT_STATUS = { 1: '启用', 0: '停用' } as const;
/** merchantAccountType. */
export const ACCOUNT_TYPE = { 0: '商户账号', 1: '柜主账号' } as const;

/** An (organisation, role) an account holds, as shown: only those inside the signed-in account's scope. */
export const membershipRowSchema = z.object({
  organizationId: z.number(),
  organizationName: z.string(),
  roleId: z.number(),
  roleName: z.string(),
});
export type Membership = z.infer<typeof membershipRowSchema>;

export const accountRowSchema = z.object({
  id: z.number(),
  userName: z.string(),
  /** Masked (the full number through system.phone.reveal). */
  phone: z.string(),
  status: z.number(),
  merchantAccountType: z.number(),
  useSite: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  memberships: z.array(membershipRowSchema),
  ...manageFlagFields,
});
export type AccountRow = z.infer<typeof accountRowSchema>;

export const accountDetailSchema = accountRowSchema.extend({ busCode: z.string() });
export type AccountDetail = z.infer<typeof accountDetailSchema>;

/** Phones of user management that may be revealed, and the anchor needed (the page that edits them). */
export const SYSTEM_PHONE_KINDS = { account: { label: '账号手机号', anchor: 'account-list' } } as const;
export const systemPhoneRevealInput = z.object({
  kind: z.enum(['account'], { error: '号码类型不正确' }),
  id: idSchema('账号ID'),
});

const ACCOUNT = 'account-list';
/** Reads the merchant-side 用户账号 page shares with 账号管理. */
const ACCOUNT_READ = [ACCOUNT, 'stock-management-account'];
const saved = z.object({ id: z.number() });

export const accountOps = defineOperations(
  { anchor: ACCOUNT },
  {
    list: {
      name: 'system.account.list',
      label: '账号列表',
      anchor: ACCOUNT_READ,
      input: accountListInput,
      output: pagedOf(accountRowSchema),
      exportable: true,
    },
    detail: { name: 'system.account.detail', label: '账号详情', anchor: ACCOUNT_READ, input: byIdInput, output: accountDetailSchema },
    add: { name: 'system.account.add', label: '新增账号', writes: true, input: accountAddInput, output: saved },
    edit: { name: 'system.account.edit', label: '编辑账号', writes: true, input: accountEditInput, output: saved },
    delete: { name: 'system.account.delete', label: '删除账号', writes: true, input: byIdInput, output: nothing },
    enable: { name: 'system.account.enable', label: '启用账号', writes: true, input: byIdInput, output: nothing },
    disable: {
      name: 'system.account.disable',
      label: '停用账号',
      summary: '停用账号（并结束其登录）',
      writes: true,
      input: byIdInput,
      output: nothing,
    },
    resetPassword: {
      name: 'system.account.resetPassword',
      label: '重置密码',
      summary: '重置账号密码（并结束其登录）',
      writes: true,
      input: accountResetPasswordInput,
      output: nothing,
    },
    /**
     * 查看完整手机号 of an account: for holders of 账号管理 (the page that edits accounts; the read-only 用户账号
     * page sees the masked number only). `writes`: every attempt is written to the operation log.
     */
    phoneReveal: {
      name: 'system.phone.reveal',
      label: '查看账号手机号',
      summary: '查看账号完整手机号（记录操作日志）',
      anchor: SYSTEM_PHONE_KINDS.account.anchor,
      writes: true,
      input: systemPhoneRevealInput,
      output: z.object({ phone: z.string() }),
    },
  },
);
