import { z } from 'zod';
import { idSchema, optionalText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf, timeRange } from '../core/paging.ts';
import { deviceCodeSchema } from './device.ts';

// 激活申请 (device-management / device-active-application, application-add): devices activated against a
// merchant's 智能柜投放合同 after review (docs/devices.md "Activation applications").

export const ACTIVATION_STATUS = { 1: '待审核', 2: '已通过', 3: '已驳回', 4: '已撤回' } as const;
export type ActivationStatus = keyof typeof ACTIVATION_STATUS;

/**
 * The state machine: for each action the states it may start from and the state it leads to. Anything else is
 * refused and changes nothing; the detail page shows only the actions it allows.
 */
export const ACTIVATION_TRANSITIONS = {
  withdraw: { label: '撤回申请', from: [1], to: 4 },
  approve: { label: '审核通过', from: [1], to: 2 },
  reject: { label: '审核驳回', from: [1], to: 3 },
} as const satisfies Record<string, { label: string; from: readonly ActivationStatus[]; to: ActivationStatus }>;
export type ActivationTransition = keyof typeof ACTIVATION_TRANSITIONS;

export function activationAllowed(action: ActivationTransition, status: number): boolean {
  return (ACTIVATION_TRANSITIONS[action].from as readonly number[]).includes(status);
}

/** applyCode = JH + yyMMdd (China time) + 4 digits, unique per merchant. */
export const APPLY_CODE_RE = /^JH\d{10}$/;
export const applyCodeSchema = z.string({ error: '申请单号不正确' }).trim().regex(APPLY_CODE_RE, '申请单号不正确');
/** At most this many devices in one application. */
export const ACTIVATION_MAX_DEVICES = 50;

/** The permission point of 审核 (approve / reject): withheld from the demo's applying roles. */
export const ACTIVATION_REVIEW_ANCHOR = 'device-activation-review';

const statusSchema = z.coerce
  .number({ error: '申请状态不正确' })
  .int('申请状态不正确')
  .refine((v) => v in ACTIVATION_STATUS, '申请状态不正确');

export const activationFields = {
  contractId: idSchema('合同'),
  deviceCodes: z
    .array(deviceCodeSchema, { error: '请选择设备' })
    .min(1, '请选择要激活的设备')
    .max(ACTIVATION_MAX_DEVICES, `一次最多申请激活${ACTIVATION_MAX_DEVICES}台设备`)
    .refine((a) => new Set(a).size === a.length, '设备不能重复选择'),
  remark: optionalText('申请说明', 200),
};
export const activationCreateInput = z.object(activationFields);
export const activationKeyInput = z.object({ applyCode: applyCodeSchema });
export const activationStepInput = z.object({ applyCode: applyCodeSchema, version: versionField });
export const activationApproveInput = activationStepInput.extend({
  remark: z.string({ error: '审核意见不正确' }).trim().max(200, '审核意见不能超过200个字').default(''),
});
/** 驳回原因: the reject form's rule and the server's check. */
export const activationReasonSchema = z
  .string({ error: '请输入驳回原因' })
  .trim()
  .min(2, '驳回原因至少2个字')
  .max(200, '驳回原因不能超过200个字');
export const activationRejectInput = activationStepInput.extend({ reason: activationReasonSchema });

export const activationListInput = listInput(
  {
    applyCode: z.string().trim().max(20, '申请单号不能超过20位').optional(),
    contractNo: z.string().trim().max(32, '合同编号不能超过32位').optional(),
    deviceCode: z.string().trim().max(20, '设备编号不能超过20位').optional(),
    modelCode: z.string().trim().max(20, '柜型不正确').optional(),
    status: statusSchema.optional(),
    applicant: z.string().trim().max(64, '申请人不能超过64个字').optional(),
    createdAt: timeRange,
  },
  ['createdAt', 'reviewedAt'],
);

export const activationRowSchema = z.object({
  id: z.number(),
  applyCode: z.string(),
  contractId: z.number(),
  contractNo: z.string(),
  contractName: z.string(),
  modelCode: z.string(),
  modelName: z.string(),
  deviceCount: z.number(),
  /** The devices' codes, in the order applied for. */
  deviceCodes: z.array(z.string()),
  status: z.number(),
  statusName: z.string(),
  remark: z.string(),
  /** Rejection reason or review remark. */
  reason: z.string(),
  applicantName: z.string(),
  reviewerName: z.string(),
  reviewedAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
});
export type ActivationRow = z.infer<typeof activationRowSchema>;

export const activationDeviceSchema = z.object({
  deviceCode: z.string(),
  name: z.string(),
  modelCode: z.string(),
  modelName: z.string(),
  status: z.number(),
  statusName: z.string(),
});
export type ActivationDevice = z.infer<typeof activationDeviceSchema>;

export const activationDetailSchema = activationRowSchema.extend({
  devices: z.array(activationDeviceSchema),
  /** The contract now: cabinets covered and already activated against it. */
  contract: z.object({ statusName: z.string(), period: z.string(), cabinetCount: z.number(), cabinetActivated: z.number() }).nullable(),
  /** The signed-in account applied (only the applicant withdraws; an applicant never reviews their own). */
  mine: z.boolean(),
});
export type ActivationDetail = z.infer<typeof activationDetailSchema>;

export const activationStateSchema = z.object({ applyCode: z.string(), status: z.number(), version: z.number() });

/** 智能柜投放合同 a device can be activated against (in force), with its model and room left. */
export const activationContractOptionSchema = z.object({
  id: z.number(),
  contractNo: z.string(),
  name: z.string(),
  modelCode: z.string(),
  modelName: z.string(),
  cabinetCount: z.number(),
  cabinetActivated: z.number(),
  statusName: z.string(),
  endDate: z.string(),
});
export type ActivationContractOption = z.infer<typeof activationContractOptionSchema>;

export const activationOps = defineOperations(
  {
    anchor: 'device-active-application',
    merchantScope: 'merchant',
    targets: { applyCode: '激活申请', contractId: '合同', deviceCodes: '设备', deviceCode: '设备', modelCode: '柜型' },
  },
  {
    list: {
      name: 'device.activation.list',
      label: '激活申请列表',
      input: activationListInput,
      output: pagedOf(activationRowSchema),
      exportable: true,
    },
    detail: { name: 'device.activation.detail', label: '激活申请详情', input: activationKeyInput, output: activationDetailSchema },
    create: {
      name: 'device.activation.create',
      label: '提交激活申请',
      summary: '提交设备激活申请（合同柜型须与设备型号一致，否则返回20001）',
      writes: true,
      input: activationCreateInput,
      output: activationStateSchema,
    },
    withdraw: {
      name: 'device.activation.withdraw',
      label: '撤回激活申请',
      summary: '撤回待审核的激活申请（仅申请人）',
      writes: true,
      input: activationStepInput,
      output: activationStateSchema,
    },
    approve: {
      name: 'device.activation.approve',
      label: '审核通过激活申请',
      summary: '审核通过：申请中的设备全部激活（一个事务）；不能审核自己的申请',
      anchor: ACTIVATION_REVIEW_ANCHOR,
      writes: true,
      input: activationApproveInput,
      output: activationStateSchema,
    },
    reject: {
      name: 'device.activation.reject',
      label: '驳回激活申请',
      summary: '审核驳回（须填写原因）；不能审核自己的申请',
      anchor: ACTIVATION_REVIEW_ANCHOR,
      writes: true,
      input: activationRejectInput,
      output: activationStateSchema,
    },
    history: {
      name: 'device.activation.history',
      label: '激活申请操作记录',
      input: historyInput({ applyCode: applyCodeSchema }),
      output: pagedOf(historyEntrySchema),
    },
    contractOptions: {
      name: 'device.activation.contractOptions',
      label: '可激活的合同',
      summary: '生效中的智能柜投放合同（柜型、柜数、已激活数）',
      input: z.object({}),
      output: z.array(activationContractOptionSchema),
    },
    deviceOptions: {
      name: 'device.activation.deviceOptions',
      label: '可申请激活的设备',
      summary: '未激活且不在待审核申请中的设备',
      input: z.object({ modelCode: z.string().trim().max(20, '柜型不正确').optional() }),
      output: z.array(activationDeviceSchema),
    },
  },
);
