import { z } from 'zod';
import { calendarDateSchema } from '../core/business-time.ts';
import { phoneOrMask } from '../core/format.ts';
import { codeEnum, idSchema, optionalText, phoneSchema, requiredText } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';

// 门店员工 (user-list): a merchant's store staff and the stores each works at.

export const STAFF_POSITIONS = {
  manager: '店长',
  clerk: '店员',
  cashier: '收银员',
  replenisher: '补货员',
  stocker: '理货员',
} as const;
export type StaffPosition = keyof typeof STAFF_POSITIONS;
export const STAFF_STATUS = { 1: '启用', 0: '停用' } as const;

export const staffFields = {
  name: requiredText('姓名', 2, 20),
  phone: phoneSchema,
  position: codeEnum(STAFF_POSITIONS, '岗位'),
  entryDate: calendarDateSchema('入职日期').nullable().optional(),
  remark: optionalText('备注', 200),
};
const storeIdsSchema = z
  .array(idSchema('门店'), { error: '门店格式不正确' })
  .max(200, '最多关联200个门店')
  .transform((a) => [...new Set(a)]);
export const staffCreateInput = z.object({ ...staffFields, storeIds: storeIdsSchema.default([]) });
export const staffUpdateInput = z.object({ id: idSchema('员工ID'), ...staffFields, phone: phoneOrMask(phoneSchema, '手机号') });
export const staffConfigStoreInput = z.object({ id: idSchema('员工ID'), storeIds: storeIdsSchema });
export const staffStoreOptionsInput = z.object({ id: idSchema('员工ID').optional() });

export const staffListInput = listInput(
  {
    name: z.string().trim().max(20, '姓名不能超过20个字').optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\d{0,11}$/, '手机号只能是数字')
      .optional(),
    position: z.enum(Object.keys(STAFF_POSITIONS) as [string, ...string[]], { error: '岗位不正确' }).optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in STAFF_STATUS, '状态不正确')
      .optional(),
    storeId: idSchema('门店').optional(),
  },
  ['createdAt', 'staffNo', 'name'],
);

export const staffStoreSchema = z.object({ id: z.number(), storeCode: z.string(), name: z.string() });

export const staffRowSchema = z.object({
  id: z.number(),
  staffNo: z.string(),
  name: z.string(),
  /** Masked (the full number through merchant.phone.reveal). */
  phone: z.string(),
  position: z.string(),
  positionName: z.string(),
  status: z.number(),
  statusName: z.string(),
  /** Business date 'YYYY-MM-DD'. */
  entryDate: z.string().nullable(),
  remark: z.string(),
  stores: z.array(staffStoreSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

/** The stores an employee may be linked to, and (with an employee id) the ones linked now. */
export const staffStoreOptionsSchema = z.object({
  stores: z.array(z.object({ id: z.number(), storeCode: z.string(), name: z.string(), status: z.number(), city: z.string() })),
  selected: z.array(z.number()),
});
export type StaffStoreOptions = z.infer<typeof staffStoreOptionsSchema>;

const byId = z.object({ id: idSchema('ID') });

export const staffOps = defineOperations(
  { anchor: 'user-list', merchantScope: 'merchant' },
  {
    list: {
      name: 'merchant.staff.list',
      label: '门店员工列表',
      input: staffListInput,
      output: pagedOf(staffRowSchema),
      rest: '/ben-api/v1/user/userList',
      exportable: true,
    },
    detail: {
      name: 'merchant.staff.detail',
      label: '门店员工详情',
      input: byId,
      output: staffRowSchema,
      rest: '/ben-api/v1/user/userInfoDetail',
    },
    create: {
      name: 'merchant.staff.create',
      label: '新增门店员工',
      summary: '新增门店员工（工号自动生成）',
      writes: true,
      input: staffCreateInput,
      output: z.object({ id: z.number(), staffNo: z.string() }),
      rest: '/ben-api/v1/user/createUser',
    },
    update: {
      name: 'merchant.staff.update',
      label: '编辑门店员工',
      writes: true,
      input: staffUpdateInput,
      output: z.object({ id: z.number() }),
      rest: '/ben-api/v1/user/updateUserInfo',
    },
    disable: {
      name: 'merchant.staff.disable',
      label: '停用门店员工',
      writes: true,
      input: byId,
      output: nothing,
      rest: '/ben-api/v1/user/userDisable',
    },
    enable: {
      name: 'merchant.staff.enable',
      label: '启用门店员工',
      writes: true,
      input: byId,
      output: nothing,
      rest: '/ben-api/v1/user/userEnable',
    },
    storeOptions: {
      name: 'merchant.staff.configStoreList',
      label: '可关联的门店（带员工ID时含其已关联的门店）',
      input: staffStoreOptionsInput,
      output: staffStoreOptionsSchema,
      rest: '/ben-api/v1/user/configStoreList',
    },
    configStore: {
      name: 'merchant.staff.configStore',
      label: '设置员工关联的门店',
      writes: true,
      input: staffConfigStoreInput,
      output: nothing,
      rest: '/ben-api/v1/user/configStore',
    },
  },
);
