import { z } from 'zod';
import { calendarDateRangeSchema, calendarDateSchema } from '../core/business-time.ts';
import { idSchema, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf, timeRange } from '../core/paging.ts';

// 撤点管理 (point-busi / back-point-management): applications to withdraw a point (撤点申请), reviewed, then
// executed — the point's devices are unbound and the point becomes 已撤点 (docs/devices.md "Point withdrawal").

export const WITHDRAWAL_STATUS = { 1: '待审核', 2: '已通过', 3: '已驳回', 4: '已撤回', 5: '已完成' } as const;
export type WithdrawalStatus = keyof typeof WITHDRAWAL_STATUS;

/** The state machine: for each action the states it may start from and the state it leads to. */
export const WITHDRAWAL_TRANSITIONS = {
  cancel: { label: '撤回申请', from: [1], to: 4 },
  approve: { label: '审核通过', from: [1], to: 2 },
  reject: { label: '审核驳回', from: [1], to: 3 },
  complete: { label: '执行撤点', from: [2], to: 5 },
} as const satisfies Record<string, { label: string; from: readonly WithdrawalStatus[]; to: WithdrawalStatus }>;
export type WithdrawalTransition = keyof typeof WITHDRAWAL_TRANSITIONS;

export function withdrawalAllowed(action: WithdrawalTransition, status: number): boolean {
  return (WITHDRAWAL_TRANSITIONS[action].from as readonly number[]).includes(status);
}

/** applyCode = CD + yyMMdd (China time) + 4 digits, unique per merchant. */
export const WITHDRAWAL_CODE_RE = /^CD\d{10}$/;
export const withdrawalCodeSchema = z.string({ error: '申请单号不正确' }).trim().regex(WITHDRAWAL_CODE_RE, '申请单号不正确');

/** The permission point of 审核 (approve / reject), withheld from the demo's applying roles. */
export const WITHDRAWAL_REVIEW_ANCHOR = 'back-point-review';
/** Accounts that filter by site (ability.useSite) do not get 撤点管理 (spec §6); the server refuses them too. */
export const WITHDRAWAL_SITE_MESSAGE = '按站点管理数据的账号不能使用撤点管理';

const statusSchema = z.coerce
  .number({ error: '申请状态不正确' })
  .int('申请状态不正确')
  .refine((v) => v in WITHDRAWAL_STATUS, '申请状态不正确');

export const withdrawalFields = {
  pointId: idSchema('点位'),
  reason: requiredText('撤点原因', 2, 200),
  /** The day the cabinets are to be taken away ('YYYY-MM-DD', today or later). */
  plannedDate: calendarDateSchema('计划撤点日期'),
};
export const withdrawalCreateInput = z.object(withdrawalFields);
export const withdrawalKeyInput = z.object({ applyCode: withdrawalCodeSchema });
export const withdrawalStepInput = z.object({ applyCode: withdrawalCodeSchema, version: versionField });
export const withdrawalApproveInput = withdrawalStepInput.extend({
  remark: z.string({ error: '审核意见不正确' }).trim().max(200, '审核意见不能超过200个字').default(''),
});
export const withdrawalRejectInput = withdrawalStepInput.extend({
  reason: z.string({ error: '请输入驳回原因' }).trim().min(2, '驳回原因至少2个字').max(200, '驳回原因不能超过200个字'),
});

export const withdrawalListInput = listInput(
  {
    applyCode: z.string().trim().max(20, '申请单号不能超过20位').optional(),
    point: z.string().trim().max(50, '点位不能超过50个字').optional(),
    status: statusSchema.optional(),
    applicant: z.string().trim().max(64, '申请人不能超过64个字').optional(),
    plannedDate: calendarDateRangeSchema('计划撤点日期').optional(),
    createdAt: timeRange,
  },
  ['createdAt', 'plannedDate', 'reviewedAt'],
);

export const withdrawalRowSchema = z.object({
  id: z.number(),
  applyCode: z.string(),
  pointId: z.number(),
  pointCode: z.string(),
  pointName: z.string(),
  /** The point's business status now. */
  pointStatusName: z.string(),
  reason: z.string(),
  plannedDate: z.string(),
  status: z.number(),
  statusName: z.string(),
  /** Rejection reason or review remark. */
  reviewRemark: z.string(),
  applicantName: z.string(),
  reviewerName: z.string(),
  reviewedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  completerName: z.string(),
  /** Devices unbound when the withdrawal was executed. */
  unboundCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRowSchema>;

export const withdrawalDetailSchema = withdrawalRowSchema.extend({
  /** Devices bound to the point now (executing unbinds them). */
  devices: z.array(z.object({ deviceCode: z.string(), name: z.string(), statusName: z.string() })),
  /** The signed-in account applied (only the applicant withdraws; an applicant never reviews their own). */
  mine: z.boolean(),
});
export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

export const withdrawalStateSchema = z.object({ applyCode: z.string(), status: z.number(), version: z.number() });

export const withdrawalPointOptionSchema = z.object({
  id: z.number(),
  pointCode: z.string(),
  name: z.string(),
  statusName: z.string(),
  deviceCount: z.number(),
});
export type WithdrawalPointOption = z.infer<typeof withdrawalPointOptionSchema>;

export const withdrawalOps = defineOperations(
  { anchor: 'back-point-management', targets: { applyCode: '撤点申请', pointId: '点位' } },
  {
    list: {
      name: 'point.withdrawal.list',
      label: '撤点申请列表',
      input: withdrawalListInput,
      output: pagedOf(withdrawalRowSchema),
      exportable: true,
    },
    detail: { name: 'point.withdrawal.detail', label: '撤点申请详情', input: withdrawalKeyInput, output: withdrawalDetailSchema },
    create: {
      name: 'point.withdrawal.create',
      label: '提交撤点申请',
      summary: '营业中或暂停营业的点位；每个点位同时只有一张未结束的申请',
      writes: true,
      input: withdrawalCreateInput,
      output: withdrawalStateSchema,
    },
    cancel: {
      name: 'point.withdrawal.cancel',
      label: '撤回撤点申请',
      summary: '撤回待审核的申请（仅申请人）',
      writes: true,
      input: withdrawalStepInput,
      output: withdrawalStateSchema,
    },
    approve: {
      name: 'point.withdrawal.approve',
      label: '审核通过撤点申请',
      summary: '不能审核自己的申请',
      anchor: WITHDRAWAL_REVIEW_ANCHOR,
      writes: true,
      input: withdrawalApproveInput,
      output: withdrawalStateSchema,
    },
    reject: {
      name: 'point.withdrawal.reject',
      label: '驳回撤点申请',
      summary: '须填写原因；不能审核自己的申请',
      anchor: WITHDRAWAL_REVIEW_ANCHOR,
      writes: true,
      input: withdrawalRejectInput,
      output: withdrawalStateSchema,
    },
    complete: {
      name: 'point.withdrawal.complete',
      label: '执行撤点',
      summary: '计划撤点日期当天或之后：解绑点位的全部设备并把点位改为已撤点（一个事务）',
      writes: true,
      input: withdrawalStepInput,
      output: withdrawalStateSchema,
    },
    history: {
      name: 'point.withdrawal.history',
      label: '撤点申请操作记录',
      input: historyInput({ applyCode: withdrawalCodeSchema }),
      output: pagedOf(historyEntrySchema),
    },
    pointOptions: {
      name: 'point.withdrawal.pointOptions',
      label: '可申请撤点的点位',
      summary: '营业中或暂停营业、且没有未结束撤点申请的点位',
      input: z.object({}),
      output: z.array(withdrawalPointOptionSchema),
    },
  },
);

/** The add form of 撤点管理, the point preselected (point-detail's 申请撤点). */
export const withdrawalAddPath = (pointId?: number) => `/website/point-busi/back-point-add${pointId ? `?pointId=${pointId}` : ''}`;
