import { z } from 'zod';
import { requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { pagedOf, timeRange } from '../core/paging.ts';
import { deviceCodeSchema } from '../device/device.ts';
import { PRICE_TARGETS } from './price-channel.ts';
import { priceScopeSchema, priceSkuIdSchema, scopeKeySchema, setPriceSchema } from './price-fields.ts';

// 调价单 (price-adjustment, price-adjustment-detail?orderNo=…): every price change goes through one, even a quick
// 立即生效 adjust from a list. Lines are SKU × target (scopeKey) with the new price in 分. Orders grow without bound:
// keyset paging. docs/prices.md has the rules.

/** The stored status. */
export const ADJUSTMENT_STATUS = { 1: '草稿', 2: '待生效', 3: '已生效', 4: '已取消' } as const;
export type AdjustmentStatus = keyof typeof ADJUSTMENT_STATUS;
export const ADJUSTMENT_DRAFT = 1;
export const ADJUSTMENT_PENDING = 2;
export const ADJUSTMENT_APPLIED = 3;
export const ADJUSTMENT_CANCELLED = 4;
/** Tag colours for the status (antd Tag colour names). */
export const ADJUSTMENT_STATUS_COLORS: Readonly<Record<AdjustmentStatus, string>> = {
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'warning',
};

/**
 * The state machine: each action, the states it may start from and where it leads. `apply` is the system's (the
 * job runner or the sweep at the effective time, or submit itself for 立即生效); delete removes a draft.
 */
export const ADJUSTMENT_TRANSITIONS = {
  edit: { label: '编辑', from: [1], to: 1 },
  submit: { label: '提交', from: [1], to: 2 },
  apply: { label: '生效', from: [2], to: 3 },
  cancel: { label: '取消', from: [1, 2], to: 4 },
  delete: { label: '删除', from: [1], to: null },
} as const satisfies Record<string, { label: string; from: readonly AdjustmentStatus[]; to: AdjustmentStatus | null }>;
export type AdjustmentTransition = keyof typeof ADJUSTMENT_TRANSITIONS;
export function adjustmentAllowed(action: AdjustmentTransition, status: number): boolean {
  return (ADJUSTMENT_TRANSITIONS[action].from as readonly number[]).includes(status);
}
/** The actions a person may take on an order in a state (the detail page and the list show only these). */
export const ADJUSTMENT_ACTIONS = ['edit', 'submit', 'cancel', 'delete'] as const;
export type AdjustmentAction = (typeof ADJUSTMENT_ACTIONS)[number];

/** 生效方式: 立即 (applies on submit) or 定时 (at effectiveAt). */
export const EFFECTIVE_MODES = { now: '立即生效', scheduled: '定时生效' } as const;
export type EffectiveMode = keyof typeof EFFECTIVE_MODES;
/**
 * The least a scheduled order's time may be ahead of its submit (ms). The server's own setting
 * (PRICE_SCHEDULE_MIN_AHEAD_SECONDS) may be shorter for end-to-end runs; this is the default.
 */
export const PRICE_SCHEDULE_MIN_AHEAD_MS = 15_000;
/** The latest a scheduled time may be: one year ahead. */
export const PRICE_SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 3_600_000;

export const MAX_ADJUSTMENT_LINES = 500;

/** Per-cabinet push of an applied order's prices (price_adjustment_push.status). */
export const PUSH_STATUS = { 0: '待推送', 1: '已发送', 2: '已确认', 3: '超时', 4: '失败' } as const;
export type PushStatus = keyof typeof PUSH_STATUS;
export const PUSH_STATUS_COLORS: Readonly<Record<PushStatus, string>> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'warning',
  4: 'error',
};
/** Push rows a person may send again (超时, 失败). */
export const REPUSHABLE: readonly PushStatus[] = [3, 4];

export const orderNoSchema = z
  .string({ error: '请输入调价单号' })
  .trim()
  .min(1, '请输入调价单号')
  .max(20, '调价单号不正确')
  .regex(/^[A-Z0-9]+$/, '调价单号不正确');

export const adjustmentLineInput = z.object({
  skuId: priceSkuIdSchema,
  scopeKey: scopeKeySchema,
  newPrice: setPriceSchema(),
});
export type AdjustmentLineInput = z.input<typeof adjustmentLineInput>;

const linesSchema = z
  .array(adjustmentLineInput, { error: '请添加调价商品' })
  .min(1, '请添加调价商品')
  .max(MAX_ADJUSTMENT_LINES, `一张调价单最多${MAX_ADJUSTMENT_LINES}行`)
  .refine((rows) => new Set(rows.map((r) => `${r.skuId}|${r.scopeKey}`)).size === rows.length, '同一SKU在同一调价对象上重复');

export const adjustmentFields = {
  scopeType: priceScopeSchema,
  effectiveMode: z.enum(['now', 'scheduled'], { error: '生效方式只能是立即生效或定时生效' }),
  /** Epoch ms; required for 定时生效 (at least the minimum ahead of the submit, checked by the server). */
  effectiveAt: z.coerce.number({ error: '生效时间不正确' }).int('生效时间不正确').nonnegative('生效时间不正确').nullable().default(null),
  reason: requiredText('调价原因', 2, 200),
  lines: linesSchema,
};
const adjustmentRules = (v: { effectiveMode: string; effectiveAt: number | null }, ctx: z.RefinementCtx) => {
  if (v.effectiveMode === 'scheduled' && !v.effectiveAt)
    ctx.addIssue({ code: 'custom', path: ['effectiveAt'], message: '定时生效须选择生效时间' });
};

/** Create (no orderNo) or edit a draft (orderNo + version). */
export const adjustmentSaveInput = z
  .object({ orderNo: orderNoSchema.optional(), version: versionField.optional(), ...adjustmentFields })
  .superRefine((v, ctx) => {
    adjustmentRules(v, ctx);
    if (v.orderNo && v.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: '缺少数据版本，请刷新后重试' });
  });
/** 快速调价 from a list: an order created and submitted in one call (立即 or 定时). */
export const adjustmentQuickInput = z.object(adjustmentFields).superRefine(adjustmentRules);
export const adjustmentStepInput = z.object({ orderNo: orderNoSchema, version: versionField });
export const adjustmentCancelInput = z.object({
  orderNo: orderNoSchema,
  version: versionField,
  cancelReason: requiredText('取消原因', 2, 200),
});
export const adjustmentByNoInput = z.object({ orderNo: orderNoSchema });
export const adjustmentRepushInput = z.object({
  orderNo: orderNoSchema,
  /** The cabinets to push again (超时 or 失败); empty: every such cabinet of the order. */
  deviceCodes: z.array(deviceCodeSchema, { error: '智能柜不正确' }).max(500, '一次最多500台智能柜').default([]),
});

export const ADJUSTMENT_COUNT_UP_TO = 10_000;
export const adjustmentListInput = keysetInput(
  {
    orderNo: z.string().trim().max(20, '调价单号不能超过20位').optional(),
    status: z.coerce
      .number({ error: '调价单状态不正确' })
      .int('调价单状态不正确')
      .refine((v) => v in ADJUSTMENT_STATUS, '调价单状态不正确')
      .optional(),
    scopeType: priceScopeSchema.optional(),
    /** Orders created within [start, end] (epoch ms). */
    createdRange: timeRange,
    /** Orders with a line for this SKU. */
    skuId: priceSkuIdSchema.optional(),
  },
  ['createdAt', 'effectiveAt'],
);

export const adjustmentRowSchema = z.object({
  orderNo: z.string(),
  scopeType: z.string(),
  scopeTypeName: z.string(),
  /** The targets in words (e.g. 智能柜 D0000000012 等2台). */
  scopeSummary: z.string(),
  skuCount: z.number(),
  lineCount: z.number(),
  effectiveMode: z.string(),
  effectiveModeName: z.string(),
  /** The scheduled time (定时), or the apply time once applied; null for a 立即 draft. */
  effectiveAt: z.number().nullable(),
  status: z.number(),
  statusName: z.string(),
  reason: z.string(),
  creatorName: z.string(),
  createdAt: z.number(),
  submitterName: z.string(),
  submittedAt: z.number().nullable(),
  appliedAt: z.number().nullable(),
  cancellerName: z.string(),
  cancelledAt: z.number().nullable(),
  cancelReason: z.string(),
  /** Push to cabinets: how many cabinets, how many acknowledged, how many need a re-push. */
  pushTotal: z.number(),
  pushAcked: z.number(),
  pushFailed: z.number(),
  /** What a person may do now (ADJUSTMENT_ACTIONS allowed by the status). */
  actions: z.array(z.enum(ADJUSTMENT_ACTIONS)),
  version: z.number(),
  updatedAt: z.number(),
});
export type AdjustmentRow = z.infer<typeof adjustmentRowSchema>;

export const adjustmentLineSchema = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  barcode: z.string(),
  scopeKey: z.string(),
  /** The target in words (channel name, second channel name, cabinet name and code, store name). */
  scopeName: z.string(),
  /** The effective price at submit (分; the current effective price while a draft). */
  oldPrice: z.number(),
  newPrice: z.number(),
});
export type AdjustmentLine = z.infer<typeof adjustmentLineSchema>;

export const adjustmentPushSchema = z.object({
  deviceCode: z.string(),
  deviceName: z.string(),
  commandNo: z.string(),
  status: z.number(),
  statusName: z.string(),
  message: z.string(),
  sentAt: z.number().nullable(),
  ackedAt: z.number().nullable(),
  attempts: z.number(),
  canRepush: z.boolean(),
});
export type AdjustmentPush = z.infer<typeof adjustmentPushSchema>;

export const adjustmentDetailSchema = adjustmentRowSchema.extend({
  lines: z.array(adjustmentLineSchema),
  pushes: z.array(adjustmentPushSchema),
});
export type AdjustmentDetail = z.infer<typeof adjustmentDetailSchema>;

export const adjustmentStateSchema = z.object({
  orderNo: z.string(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
});
export type AdjustmentState = z.infer<typeof adjustmentStateSchema>;

/** The server's scheduling settings (PRICE_SCHEDULE_MIN_AHEAD_SECONDS, PRICE_SWEEP_SECONDS) for the form's checks. */
export const adjustmentSettingsSchema = z.object({ minAheadMs: z.number(), sweepIntervalMs: z.number() });
export type AdjustmentSettings = z.infer<typeof adjustmentSettingsSchema>;

export const adjustmentOps = defineOperations(
  { anchor: 'price-adjustment', merchantScope: 'merchant', targets: PRICE_TARGETS },
  {
    list: {
      name: 'price.adjustment.list',
      label: '调价单列表',
      input: adjustmentListInput,
      output: keysetOf(adjustmentRowSchema),
      exportable: true,
    },
    detail: {
      name: 'price.adjustment.detail',
      label: '调价单详情',
      input: adjustmentByNoInput,
      output: adjustmentDetailSchema,
    },
    save: {
      name: 'price.adjustment.save',
      label: '保存调价单',
      summary: '新建调价单（草稿），或带单号与版本编辑草稿',
      writes: true,
      merchantScope: 'merchant-operator',
      input: adjustmentSaveInput,
      output: adjustmentStateSchema,
    },
    submit: {
      name: 'price.adjustment.submit',
      label: '提交调价单',
      summary: '提交草稿：立即生效的当场生效并推送到智能柜；定时生效的到时间由后台任务生效',
      writes: true,
      merchantScope: 'merchant-operator',
      input: adjustmentStepInput,
      output: adjustmentStateSchema,
    },
    quick: {
      name: 'price.adjustment.quick',
      label: '快速调价',
      summary: '从价格列表调价：新建并提交一张调价单（仍留调价单与价格记录）',
      writes: true,
      merchantScope: 'merchant-operator',
      input: adjustmentQuickInput,
      output: adjustmentStateSchema,
    },
    cancel: {
      name: 'price.adjustment.cancel',
      label: '取消调价单',
      summary: '取消草稿或待生效的调价单（已生效的不能取消）',
      writes: true,
      input: adjustmentCancelInput,
      output: adjustmentStateSchema,
    },
    delete: {
      name: 'price.adjustment.delete',
      label: '删除调价单',
      summary: '删除草稿（提交过的调价单不能删除，只能取消）',
      writes: true,
      input: adjustmentStepInput,
      output: z.null(),
    },
    repush: {
      name: 'price.adjustment.repush',
      label: '重新推送价格',
      summary: '把已生效调价单的价格再次推送到超时或失败的智能柜',
      writes: true,
      input: adjustmentRepushInput,
      output: z.array(adjustmentPushSchema),
    },
    settings: {
      name: 'price.adjustment.settings',
      label: '调价设置',
      summary: '服务器的调价设置：定时生效最少提前多少毫秒（表单据此校验），补做到期调价单的间隔',
      input: z.object({}),
      output: adjustmentSettingsSchema,
    },
    history: {
      name: 'price.adjustment.history',
      label: '调价单变更记录',
      input: historyInput({ orderNo: orderNoSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
