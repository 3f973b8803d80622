import { z } from 'zod';
import { phoneOrMask } from '../core/format.ts';
import { codeEnum, idSchema, optionalText, phoneSchema, regionFields, requiredText } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf, timeRange } from '../core/paging.ts';
import { fileIdField } from '../file/upload.ts';
import { isValidCreditCode, isValidIdCardNo, SUBJECT_TYPES, type SubjectType } from './certificate.ts';

// 入驻申请 (settle-apply and its steps settle-apply-person-bus, bus-line, submit-apply, apply-result) and
// 申请记录 (apply-record): the application flow, its records and its review.

export const BUSINESS_LINES = {
  container: { name: '智能柜零售', desc: '开门柜、售货机等无人智能柜的商品零售' },
  mall: { name: '批发商城', desc: '面向门店与小B客户的商品批发' },
  online: { name: '线上零售', desc: '小程序、App 等线上商城零售与配送' },
  locallife: { name: '本地生活', desc: '到店团购、外卖等本地生活服务' },
  group: { name: '社区团购', desc: '社区团长组织的预售团购与自提' },
  entrepot: { name: '前置仓', desc: '社区前置仓的仓储与即时配送' },
} as const;
export type BusinessLine = keyof typeof BUSINESS_LINES;

export const SETTLE_STATUS = { 0: '草稿', 1: '待审核', 2: '已通过', 3: '已驳回', 4: '已撤回' } as const;
export const SETTLE = { draft: 0, pending: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;

const certCheck = (v: { subjectType: SubjectType; certNo: string; legalPerson: string }, ctx: z.RefinementCtx) => {
  if (v.subjectType === 'person' && !isValidIdCardNo(v.certNo)) {
    ctx.addIssue({ code: 'custom', path: ['certNo'], message: '身份证号码格式不正确（18位，末位校验码需正确）' });
  }
  if (v.subjectType === 'business') {
    if (!isValidCreditCode(v.certNo))
      ctx.addIssue({ code: 'custom', path: ['certNo'], message: '统一社会信用代码格式不正确（18位，末位校验码需正确）' });
    if (!v.legalPerson) ctx.addIssue({ code: 'custom', path: ['legalPerson'], message: '请输入法定代表人' });
  }
};

export const settleSubjectInput = z
  .object({
    /** The draft to save; absent: a new application. */
    id: idSchema('申请ID').optional(),
    subjectType: codeEnum(SUBJECT_TYPES, '主体类型'),
    subjectName: requiredText('主体名称', 2, 50),
    certNo: z
      .string({ error: '请输入证件号码' })
      .trim()
      .min(1, '请输入证件号码')
      .max(18, '证件号码为18位')
      .transform((s) => s.toUpperCase()),
    legalPerson: optionalText('法定代表人', 20),
    contactName: requiredText('联系人', 2, 20),
    /** A masked number keeps the one of the application the form was filled from (the draft, else the latest). */
    contactPhone: phoneOrMask(phoneSchema, '手机号'),
    ...regionFields,
    address: requiredText('详细地址', 5, 100),
    certFileId: fileIdField('请上传证件照片'),
  })
  .superRefine(certCheck);

export const settleLinesInput = z.object({
  id: idSchema('申请ID'),
  businessLines: z
    .array(codeEnum(BUSINESS_LINES, '业务线'), { error: '请选择业务线' })
    .min(1, '请至少选择一条业务线')
    .max(6, '业务线不正确')
    .transform((a) => [...new Set(a)]),
  remark: optionalText('补充说明', 200),
});
export const settleReviewApproveInput = z.object({ id: idSchema('申请ID'), remark: optionalText('审核意见', 200) });
export const settleReviewRejectInput = z.object({ id: idSchema('申请ID'), reason: requiredText('驳回原因', 2, 200) });

export const settleListInput = listInput(
  {
    applyCode: z.string().trim().max(32, '申请编号不能超过32位').optional(),
    subjectName: z.string().trim().max(50, '主体名称不能超过50个字').optional(),
    status: z.coerce
      .number()
      .int()
      .refine((v) => v in SETTLE_STATUS, '申请状态不正确')
      .optional(),
    subjectType: z.enum(Object.keys(SUBJECT_TYPES) as ['person', 'business'], { error: '主体类型不正确' }).optional(),
    createdRange: timeRange,
  },
  ['createdAt', 'submittedAt'],
);

export const settleApplySchema = z.object({
  id: z.number(),
  applyCode: z.string(),
  subjectType: z.enum(Object.keys(SUBJECT_TYPES) as [SubjectType, ...SubjectType[]]),
  subjectTypeName: z.string(),
  subjectName: z.string(),
  /** Masked in lists and exports. */
  certNo: z.string(),
  legalPerson: z.string(),
  contactName: z.string(),
  /** Masked (the full number through merchant.phone.reveal). */
  contactPhone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  /** The file's public id. */
  certFileId: z.string().nullable(),
  businessLines: z.array(z.enum(Object.keys(BUSINESS_LINES) as [BusinessLine, ...BusinessLine[]])),
  businessLineNames: z.array(z.string()),
  remark: z.string(),
  status: z.number(),
  statusName: z.string(),
  reviewRemark: z.string(),
  rejectReason: z.string(),
  submittedAt: z.number().nullable(),
  reviewedAt: z.number().nullable(),
  reviewerName: z.string(),
  creatorName: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SettleApply = z.infer<typeof settleApplySchema>;

export const settleCurrentSchema = z.object({ apply: settleApplySchema.nullable(), settled: z.boolean() });
export type SettleCurrent = z.infer<typeof settleCurrentSchema>;

/** A business line; `opened`: the merchant has it already (not applied for again). */
export const businessLineOptionSchema = z.object({ code: z.string(), name: z.string(), desc: z.string(), opened: z.boolean() });

const byId = z.object({ id: idSchema('ID') });
const none = z.object({});

export const settleApplyOps = defineOperations(
  { anchor: 'settle-apply', merchantScope: 'merchant' },
  {
    // the flow (settle-apply, settle-apply-person-bus, bus-line, submit-apply, apply-result)
    current: { name: 'merchant.settle.current', label: '当前入驻申请（进行中或最近一次）', input: none, output: settleCurrentSchema },
    businessLines: {
      name: 'merchant.settle.businessLines',
      label: '可申请的业务线',
      input: none,
      output: z.array(businessLineOptionSchema),
    },
    saveSubject: {
      name: 'merchant.settle.saveSubject',
      label: '保存入驻主体信息',
      summary: '入驻申请第一步：主体信息（个人/企业，证件号校验，证件照片）',
      writes: true,
      input: settleSubjectInput,
      output: z.object({ id: z.number(), applyCode: z.string() }),
    },
    saveLines: {
      name: 'merchant.settle.saveLines',
      label: '保存入驻业务线',
      summary: '入驻申请第二步：业务线',
      writes: true,
      input: settleLinesInput,
      output: z.object({ id: z.number() }),
    },
    submit: { name: 'merchant.settle.submit', label: '提交入驻申请', writes: true, input: byId, output: settleApplySchema },
    withdraw: { name: 'merchant.settle.withdraw', label: '撤回待审核的入驻申请', writes: true, input: byId, output: nothing },
    // records and review (apply-record)
    list: {
      name: 'merchant.settle.list',
      label: '入驻申请记录',
      anchor: 'apply-record',
      input: settleListInput,
      output: pagedOf(settleApplySchema),
      exportable: true,
    },
    detail: { name: 'merchant.settle.detail', label: '入驻申请详情', anchor: 'apply-record', input: byId, output: settleApplySchema },
    approve: {
      name: 'merchant.settle.approve',
      label: '审核通过入驻申请',
      summary: '审核通过入驻申请（管理员）',
      anchor: 'apply-record',
      writes: true,
      input: settleReviewApproveInput,
      output: settleApplySchema,
    },
    reject: {
      name: 'merchant.settle.reject',
      label: '驳回入驻申请',
      summary: '驳回入驻申请（管理员，须填写原因）',
      anchor: 'apply-record',
      writes: true,
      input: settleReviewRejectInput,
      output: settleApplySchema,
    },
  },
);
