import { z } from 'zod';
import { codeEnum, idSchema, optionalText, requiredText } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, optionSchema, pagedOf, timeRange } from '../core/paging.ts';
import { fileIdSchema } from '../file/upload.ts';
import { fieldChangeSchema } from '../core/field-change.ts';
import { MERCHANT_TYPES, merchantInfoSchema } from './merchant-info.ts';

// 信息变更 (change-view, change-business/:merchantId): reviewed changes of the merchant's name, type and subject.

export const CHANGE_STATUS = { 1: '待审核', 2: '已通过', 3: '已驳回', 4: '已撤回' } as const;

export const changeSubmitInput = z.object({
  merchantName: requiredText('商户名称', 2, 50),
  merchantType: codeEnum(MERCHANT_TYPES, '商户类型'),
  subjectName: optionalText('主体名称', 50),
  legalPerson: optionalText('法定代表人', 20),
  certNo: z
    .string()
    .trim()
    .max(18, '证件号码为18位')
    .optional()
    .transform((s) => (s ?? '').toUpperCase()),
  certFileId: fileIdSchema.nullable().optional(),
  reason: requiredText('变更原因', 2, 200),
});
export const changeRejectInput = z.object({ id: idSchema('变更申请ID'), reason: requiredText('驳回原因', 2, 200) });
export const changeApproveInput = z.object({ id: idSchema('变更申请ID'), remark: optionalText('审核意见', 200) });

export const changeListInput = listInput(
  {
    changeCode: z.string().trim().max(32, '变更编号不能超过32位').optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in CHANGE_STATUS, '审核状态不正确')
      .optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);

export const changeRequestSchema = z.object({
  id: z.number(),
  changeCode: z.string(),
  changes: z.array(fieldChangeSchema),
  reason: z.string(),
  status: z.number(),
  statusName: z.string(),
  rejectReason: z.string(),
  reviewRemark: z.string(),
  submitterName: z.string(),
  reviewerName: z.string(),
  createdAt: z.number(),
  reviewedAt: z.number().nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

const byId = z.object({ id: idSchema('ID') });

export const merchantChangeOps = defineOperations(
  { anchor: 'change-view', merchantScope: 'merchant' },
  {
    form: {
      name: 'merchant.change.form',
      label: '信息变更：当前信息与可选项',
      input: z.object({}),
      output: z.object({ info: merchantInfoSchema, merchantTypes: z.array(optionSchema) }),
    },
    list: {
      name: 'merchant.change.list',
      label: '信息变更申请记录',
      input: changeListInput,
      output: pagedOf(changeRequestSchema),
      exportable: true,
    },
    detail: { name: 'merchant.change.detail', label: '信息变更申请详情', input: byId, output: changeRequestSchema },
    submit: {
      name: 'merchant.change.submit',
      label: '提交信息变更申请',
      summary: '提交信息变更申请（商户名称、类型、主体资质）',
      writes: true,
      input: changeSubmitInput,
      output: z.object({ id: z.number(), changeCode: z.string(), changes: z.array(fieldChangeSchema) }),
    },
    withdraw: { name: 'merchant.change.withdraw', label: '撤回待审核的变更申请', writes: true, input: byId, output: nothing },
    approve: {
      name: 'merchant.change.approve',
      label: '审核通过变更申请',
      summary: '审核通过变更申请并生效（管理员）',
      writes: true,
      input: changeApproveInput,
      output: changeRequestSchema,
    },
    reject: {
      name: 'merchant.change.reject',
      label: '驳回变更申请',
      summary: '驳回变更申请（管理员，须填写原因）',
      writes: true,
      input: changeRejectInput,
      output: changeRequestSchema,
    },
  },
);
