import { z } from 'zod';
import { optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { pagedOf, timeRange } from '../core/paging.ts';
import { MAX_STOCK_QUANTITY } from './stock-fields.ts';

// 盘点单 (stocktake, section 105 智能柜库存 check-stockList-list, docs/stock.md): a count of one smart cabinet. Creating it
// snapshots the system on hand of every slot of the cabinet; staff enter the counted quantity per line and submit it;
// a reviewer approves (the variances counted − snapshot are posted as 盘点差异 movements in the same transaction) or
// sends it back to counting; an open one may be voided.

export const STOCKTAKE_STATUS = { 0: '盘点中', 1: '待审核', 2: '已过账', 3: '已作废' } as const;
export type StocktakeStatus = keyof typeof STOCKTAKE_STATUS;
export const STOCKTAKE_COUNTING = 0;
export const STOCKTAKE_SUBMITTED = 1;
export const STOCKTAKE_POSTED = 2;
export const STOCKTAKE_VOIDED = 3;
export const STOCKTAKE_STATUS_COLORS: Readonly<Record<StocktakeStatus, string>> = {
  0: 'processing',
  1: 'warning',
  2: 'success',
  3: 'default',
};

/** The state machine: each action, the states it may start from and where it leads. */
export const STOCKTAKE_TRANSITIONS = {
  count: { label: '录入盘点数', from: [0], to: 0 },
  submit: { label: '提交审核', from: [0], to: 1 },
  approve: { label: '审核通过', from: [1], to: 2 },
  reject: { label: '退回', from: [1], to: 0 },
  void: { label: '作废', from: [0, 1], to: 3 },
} as const satisfies Record<string, { label: string; from: readonly StocktakeStatus[]; to: StocktakeStatus }>;
export type StocktakeTransition = keyof typeof STOCKTAKE_TRANSITIONS;
export const STOCKTAKE_ACTIONS = ['count', 'submit', 'approve', 'reject', 'void'] as const;
export function stocktakeAllowed(action: StocktakeTransition, status: number): boolean {
  return (STOCKTAKE_TRANSITIONS[action].from as readonly number[]).includes(status);
}
export const STOCKTAKE_COUNT_UP_TO = 10_000;
export const STOCKTAKE_NOT_ALL_COUNTED = '还有货道未录入盘点数，不能提交审核';

export const stocktakeCodeSchema = z
  .string({ error: '请输入盘点单号' })
  .trim()
  .min(1, '请输入盘点单号')
  .max(20, '盘点单号不正确')
  .regex(/^[A-Za-z0-9]+$/, '盘点单号不正确');
export const stocktakeDeviceSchema = z
  .string({ error: '请选择智能柜' })
  .trim()
  .min(1, '请选择智能柜')
  .max(20, '设备编号不正确')
  .regex(/^[A-Za-z0-9_-]+$/, '设备编号不正确');
export const countedQtySchema = z.coerce
  .number({ error: '盘点数必须是数字' })
  .int('盘点数必须是整数')
  .min(0, '盘点数不能小于0')
  .max(MAX_STOCK_QUANTITY, `盘点数不能超过${MAX_STOCK_QUANTITY}`);

export const stocktakeCreateInput = z.object({ deviceCode: stocktakeDeviceSchema, remark: optionalText('备注', 200) });
export const stocktakeCountInput = z.object({
  stocktakeCode: stocktakeCodeSchema,
  version: versionField,
  /** The counted quantities of some lines (by line id); the others keep theirs. */
  lines: z
    .array(
      z.object({
        lineId: z.coerce.number({ error: '盘点行不正确' }).int('盘点行不正确').min(1, '盘点行不正确'),
        countedQty: countedQtySchema,
      }),
      {
        error: '请录入盘点数',
      },
    )
    .min(1, '请录入盘点数')
    .max(2000, '盘点行过多')
    .refine((rows) => new Set(rows.map((r) => r.lineId)).size === rows.length, '同一货道不能重复录入'),
});
export const stocktakeStepInput = z.object({ stocktakeCode: stocktakeCodeSchema, version: versionField });
export const stocktakeReasonInput = z.object({
  stocktakeCode: stocktakeCodeSchema,
  version: versionField,
  reason: requiredText('原因', 2, 200),
});
export const stocktakeByCodeInput = z.object({ stocktakeCode: stocktakeCodeSchema });

export const stocktakeListInput = keysetInput(
  {
    stocktakeCode: z.string().trim().max(20, '盘点单号不能超过20位').optional(),
    deviceCode: z.string().trim().max(20, '设备编号不能超过20位').optional(),
    status: z.coerce
      .number({ error: '盘点状态不正确' })
      .int('盘点状态不正确')
      .refine((v) => v in STOCKTAKE_STATUS, '盘点状态不正确')
      .optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);

export const stocktakeRowSchema = z.object({
  stocktakeCode: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  status: z.number(),
  statusName: z.string(),
  lineCount: z.number(),
  countedCount: z.number(),
  /** Lines whose count differs from the snapshot, and Σ (counted − snapshot). */
  varianceLines: z.number(),
  varianceTotal: z.number(),
  remark: z.string(),
  creatorName: z.string(),
  createdAt: z.number(),
  submittedAt: z.number().nullable(),
  reviewerName: z.string(),
  reviewedAt: z.number().nullable(),
  /** The last 退回 reason or the 作废 reason. */
  reason: z.string(),
  actions: z.array(z.enum(STOCKTAKE_ACTIONS)),
  version: z.number(),
  updatedAt: z.number(),
});
export type StocktakeRow = z.infer<typeof stocktakeRowSchema>;

export const stocktakeLineSchema = z.object({
  lineId: z.number(),
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  /** The system on hand when the stocktake was created. */
  systemQty: z.number(),
  countedQty: z.number().nullable(),
  /** counted − system (null until counted). */
  variance: z.number().nullable(),
  /** Once posted: the slot's on hand before → after its 盘点差异 movement. */
  onHandBefore: z.number().nullable(),
  onHandAfter: z.number().nullable(),
});
export type StocktakeLine = z.infer<typeof stocktakeLineSchema>;
export const stocktakeDetailSchema = stocktakeRowSchema.extend({ lines: z.array(stocktakeLineSchema) });
export type StocktakeDetail = z.infer<typeof stocktakeDetailSchema>;
export const stocktakeStateSchema = z.object({
  stocktakeCode: z.string(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
});
export type StocktakeState = z.infer<typeof stocktakeStateSchema>;
export const stocktakeDeviceOptionSchema = z.object({ deviceCode: z.string(), deviceName: z.string(), slotCount: z.number() });
export type StocktakeDeviceOption = z.infer<typeof stocktakeDeviceOptionSchema>;

export const STOCKTAKE_TARGETS = { stocktakeCode: '盘点单', deviceCode: '智能柜' } as const;

/** 智能柜库存 · 盘点单 (check-stockList-list). */
export const stocktakeOps = defineOperations(
  { anchor: 'check-stockList-list', merchantScope: 'merchant', targets: STOCKTAKE_TARGETS },
  {
    list: {
      name: 'stock.stocktake.list',
      label: '盘点单列表',
      input: stocktakeListInput,
      output: keysetOf(stocktakeRowSchema),
      exportable: true,
    },
    detail: { name: 'stock.stocktake.detail', label: '盘点单详情', input: stocktakeByCodeInput, output: stocktakeDetailSchema },
    deviceOptions: {
      name: 'stock.stocktake.deviceOptions',
      label: '盘点单·智能柜选项',
      summary: '有货道库存位置的智能柜（新建盘点单时选择）',
      input: z.object({}),
      output: z.array(stocktakeDeviceOptionSchema),
    },
    create: {
      name: 'stock.stocktake.create',
      label: '新建盘点单',
      summary: '选择一台智能柜，快照每个货道的系统库存',
      writes: true,
      merchantScope: 'merchant-operator',
      input: stocktakeCreateInput,
      output: stocktakeStateSchema,
    },
    count: {
      name: 'stock.stocktake.count',
      label: '录入盘点数',
      summary: '录入各货道的实盘数量（带版本）',
      writes: true,
      merchantScope: 'merchant-operator',
      input: stocktakeCountInput,
      output: stocktakeStateSchema,
    },
    submit: {
      name: 'stock.stocktake.submit',
      label: '提交盘点审核',
      writes: true,
      merchantScope: 'merchant-operator',
      input: stocktakeStepInput,
      output: stocktakeStateSchema,
    },
    approve: {
      name: 'stock.stocktake.approve',
      label: '审核通过盘点单',
      summary: '差异（实盘 − 快照）记为盘点差异流水',
      writes: true,
      merchantScope: 'merchant-operator',
      input: stocktakeStepInput,
      output: stocktakeStateSchema,
    },
    reject: {
      name: 'stock.stocktake.reject',
      label: '退回盘点单',
      writes: true,
      merchantScope: 'merchant-operator',
      input: stocktakeReasonInput,
      output: stocktakeStateSchema,
    },
    void: {
      name: 'stock.stocktake.void',
      label: '作废盘点单',
      writes: true,
      merchantScope: 'merchant-operator',
      input: stocktakeReasonInput,
      output: stocktakeStateSchema,
    },
    history: {
      name: 'stock.stocktake.history',
      label: '盘点单变更记录',
      input: historyInput({ stocktakeCode: stocktakeCodeSchema }),
      output: pagedOf(historyEntrySchema),
    },
  },
);
