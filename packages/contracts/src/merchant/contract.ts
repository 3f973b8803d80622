import { z } from 'zod';
import { calendarDateRangeSchema, calendarDateSchema, daysBetween } from '../core/business-time.ts';
import { codeEnum, idSchema, optionalText, requiredText } from '../core/fields.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, nothing, pagedOf } from '../core/paging.ts';
import { fileIdSchema } from '../file/upload.ts';

// 合同管理 (contract-list): the merchant's contracts; their status follows from the dates.

export const CONTRACT_TYPES = {
  purchase: '采购合同',
  service: '服务合同',
  lease: '场地租赁合同',
  cooperation: '合作分成合同',
  cabinet: '智能柜投放合同',
  other: '其他合同',
} as const;
export type ContractType = keyof typeof CONTRACT_TYPES;
export const CONTRACT_STATUS = {
  pending: '未生效',
  active: '生效中',
  expiring: '即将到期',
  expired: '已到期',
  terminated: '已终止',
} as const;
export type ContractStatus = keyof typeof CONTRACT_STATUS;
/** The contract type about cabinets: it names a cabinet model (柜型) and how many cabinets it covers (devices are activated against it). */
export const CABINET_CONTRACT_TYPE = 'cabinet';
export const CABINET_COUNT_MAX = 10_000;
/** A contract ending within this many days is shown as 即将到期. */
export const CONTRACT_EXPIRING_DAYS = 30;

export const contractFields = {
  name: requiredText('合同名称', 2, 50),
  contractType: codeEnum(CONTRACT_TYPES, '合同类型'),
  partyName: requiredText('签约方', 2, 50),
  amount: z.coerce
    .number({ error: '请输入合同金额' })
    .int('合同金额精确到分')
    .min(0, '合同金额不能为负数')
    .max(100_000_000_000, '合同金额不能超过10亿元'),
  signDate: calendarDateSchema('签订日期'),
  startDate: calendarDateSchema('生效日期'),
  endDate: calendarDateSchema('到期日期'),
  fileId: fileIdSchema.nullable().optional(),
  remark: optionalText('备注', 200),
  /** 智能柜投放合同 only: the cabinet model (device_model code) and the number of cabinets it covers. */
  cabinetModelCode: z.string({ error: '柜型不正确' }).trim().max(20, '柜型不正确').nullable().optional(),
  cabinetCount: z.coerce
    .number({ error: '请输入柜数' })
    .int('柜数须为整数')
    .min(0, '柜数不能为负数')
    .max(CABINET_COUNT_MAX, `柜数不能超过${CABINET_COUNT_MAX}`)
    .optional(),
};
/** Calendar dates 'YYYY-MM-DD' compare as strings. */
const contractDates = (
  v: {
    signDate: string;
    startDate: string;
    endDate: string;
    contractType: string;
    cabinetModelCode?: string | null;
    cabinetCount?: number;
  },
  ctx: z.RefinementCtx,
) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: '到期日期不能早于生效日期' });
  if (v.signDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['signDate'], message: '签订日期不能晚于到期日期' });
  if (v.contractType === CABINET_CONTRACT_TYPE) {
    if (!v.cabinetModelCode) ctx.addIssue({ code: 'custom', path: ['cabinetModelCode'], message: '智能柜投放合同须选择柜型' });
    if (!v.cabinetCount || v.cabinetCount < 1)
      ctx.addIssue({ code: 'custom', path: ['cabinetCount'], message: '智能柜投放合同的柜数至少为1' });
  }
};
export const contractAddInput = z.object(contractFields).superRefine(contractDates);
export const contractEditInput = z.object({ id: idSchema('合同ID'), ...contractFields }).superRefine(contractDates);
export const contractTerminateInput = z.object({ id: idSchema('合同ID'), reason: requiredText('终止原因', 2, 200) });

/** The 到期日期 filter of the contract list. */
export const contractEndRangeSchema = calendarDateRangeSchema('到期日期').optional();

const contractStatusSchema = z.enum(Object.keys(CONTRACT_STATUS) as [ContractStatus, ...ContractStatus[]], { error: '合同状态不正确' });

export const contractListInput = listInput(
  {
    contractNo: z.string().trim().max(32, '合同编号不能超过32位').optional(),
    name: z.string().trim().max(50, '合同名称不能超过50个字').optional(),
    partyName: z.string().trim().max(50, '签约方不能超过50个字').optional(),
    contractType: z.enum(Object.keys(CONTRACT_TYPES) as [string, ...string[]], { error: '合同类型不正确' }).optional(),
    status: contractStatusSchema.optional(),
    endRange: contractEndRangeSchema,
  },
  ['createdAt', 'endDate', 'amount'],
);

export const contractRowSchema = z.object({
  id: z.number(),
  contractNo: z.string(),
  name: z.string(),
  contractType: z.string(),
  contractTypeName: z.string(),
  partyName: z.string(),
  /** Cents. */
  amount: z.number(),
  /** Business dates 'YYYY-MM-DD' (the merchant's calendar), shown as they are. */
  signDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: contractStatusSchema,
  statusName: z.string(),
  /** The attachment's public id. */
  fileId: z.string().nullable(),
  fileName: z.string(),
  remark: z.string(),
  /** 智能柜投放合同: the cabinet model ('' otherwise), cabinets covered, cabinets activated against it. */
  cabinetModelCode: z.string(),
  cabinetModelName: z.string(),
  cabinetCount: z.number(),
  cabinetActivated: z.number(),
  terminatedAt: z.number().nullable(),
  terminateReason: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ContractRow = z.infer<typeof contractRowSchema>;

/**
 * Status of a contract on `today` — the calendar date in the business time zone (terminated wins;
 * the start and end dates are both days in force).
 */
export function contractStatusAt(c: { startDate: string; endDate: string; terminatedAt: number | null }, today: string): ContractStatus {
  if (c.terminatedAt !== null) return 'terminated';
  if (today < c.startDate) return 'pending';
  if (today > c.endDate) return 'expired';
  if (daysBetween(today, c.endDate) <= CONTRACT_EXPIRING_DAYS) return 'expiring';
  return 'active';
}

const byId = z.object({ id: idSchema('ID') });

export const contractOps = defineOperations(
  { anchor: 'contract-list', merchantScope: 'merchant', targets: { cabinetModelCode: '柜型' } },
  {
    list: {
      name: 'merchant.contract.list',
      label: '合同列表',
      summary: '合同列表（状态按日期计算）',
      input: contractListInput,
      output: pagedOf(contractRowSchema),
      exportable: true,
    },
    detail: { name: 'merchant.contract.detail', label: '合同详情', input: byId, output: contractRowSchema },
    add: {
      name: 'merchant.contract.add',
      label: '新增合同',
      summary: '新增合同（可附合同文件）',
      writes: true,
      input: contractAddInput,
      output: z.object({ id: z.number(), contractNo: z.string() }),
    },
    edit: {
      name: 'merchant.contract.edit',
      label: '编辑合同',
      writes: true,
      input: contractEditInput,
      output: z.object({ id: z.number() }),
    },
    terminate: {
      name: 'merchant.contract.terminate',
      label: '终止合同',
      summary: '终止合同（须填写原因）',
      writes: true,
      input: contractTerminateInput,
      output: nothing,
    },
    delete: { name: 'merchant.contract.delete', label: '删除未生效的合同', writes: true, input: byId, output: nothing },
  },
);
