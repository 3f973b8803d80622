import { z } from 'zod';
import { optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { pagedOf, timeRange } from '../core/paging.ts';
import { orderNoSubSchema, ORDER_TARGETS } from './order-fields.ts';

// 售后工单 (afterSale: after-sale-order, afterSalesOrderDetail/{workNumber}; docs/orders.md "售后"): a consumer's request
// about an order of any channel — 仅退款, 退货退款, 换货, 投诉 — handled by staff: 待处理 → 处理中 → 已完成, or 已驳回
// with a reason. Completing a refund refunds through the payment adapter; returned goods come back through the stock
// ledger (退货); a line is never refunded beyond what was paid for it, across every work order of the order.

export const AFTER_SALE_TYPES = { refund: '仅退款', return: '退货退款', exchange: '换货', complaint: '投诉' } as const;
export type AfterSaleType = keyof typeof AFTER_SALE_TYPES;
export const afterSaleTypeSchema = z.enum(Object.keys(AFTER_SALE_TYPES) as [AfterSaleType, ...AfterSaleType[]], {
  error: '请选择售后类型',
});
export const AFTER_SALE_TYPE_COLORS: Readonly<Record<AfterSaleType, string>> = {
  refund: 'gold',
  return: 'volcano',
  exchange: 'geekblue',
  complaint: 'purple',
};
/** The types that give money back, and those whose goods come back. */
export const REFUNDING_TYPES: readonly AfterSaleType[] = ['refund', 'return'];
export const RETURNING_TYPES: readonly AfterSaleType[] = ['return', 'exchange'];

export const AFTER_SALE_STATUS = { 0: '待处理', 1: '处理中', 2: '已完成', 3: '已驳回' } as const;
export type AfterSaleStatus = keyof typeof AFTER_SALE_STATUS;
export const AFTER_SALE_STATUS_COLORS: Readonly<Record<AfterSaleStatus, string>> = {
  0: 'gold',
  1: 'processing',
  2: 'success',
  3: 'default',
};
export const afterSaleStatusSchema = z.coerce
  .number({ error: '工单状态不正确' })
  .int('工单状态不正确')
  .refine((v) => v in AFTER_SALE_STATUS, '工单状态不正确');

export const AFTER_SALE_TRANSITIONS = {
  accept: { label: '受理', from: [0], to: 1 },
  complete: { label: '完成', from: [1], to: 2 },
  reject: { label: '驳回', from: [0, 1], to: 3 },
} as const satisfies Record<string, { label: string; from: readonly AfterSaleStatus[]; to: AfterSaleStatus }>;
export type AfterSaleAction = keyof typeof AFTER_SALE_TRANSITIONS;
export const AFTER_SALE_ACTIONS = ['accept', 'complete', 'reject'] as const;
export const afterSaleAllowed = (a: AfterSaleAction, status: number) =>
  (AFTER_SALE_TRANSITIONS[a].from as readonly number[]).includes(status);

/** Where a work order's refund is (the payment adapter's answer). */
export const AFTER_SALE_REFUND_STATUS = { 0: '无需退款', 1: '退款中', 2: '已退款', 3: '退款失败' } as const;
export type AfterSaleRefundStatus = keyof typeof AFTER_SALE_REFUND_STATUS;

/** A work order's number: SH + yyMMdd + 8 digits. */
export const WORK_NUMBER_PREFIX = 'SH';
export const workNumberSchema = z
  .string({ error: '请输入工单号' })
  .trim()
  .min(1, '请输入工单号')
  .max(24, '工单号不正确')
  .regex(/^[A-Za-z0-9]+$/, '工单号不正确')
  .transform((s) => s.toUpperCase());

export const AFTER_SALE_TARGETS = { ...ORDER_TARGETS, workNumber: '售后工单' } as const;

// ---- input

export const afterSaleLineInput = z.object({
  lineNo: z.coerce.number({ error: '请选择商品' }).int('商品行不正确').min(1, '商品行不正确'),
  quantity: z.coerce.number({ error: '数量必须是数字' }).int('数量必须是整数').min(1, '数量至少为1').max(9_999, '数量不能超过9999'),
  /** 分; 仅退款 / 退货退款: at most what is left of the line's paid amount. */
  refundAmount: z.coerce
    .number({ error: '退款金额必须是数字' })
    .int('退款金额须精确到分')
    .min(0, '退款金额不能小于0')
    .max(1_000_000_000, '退款金额过大')
    .default(0),
});
export type AfterSaleLineInput = z.input<typeof afterSaleLineInput>;

export const afterSaleCreateInput = z
  .object({
    orderNoSub: orderNoSubSchema,
    type: afterSaleTypeSchema,
    reason: requiredText('申请原因', 2, 200),
    description: optionalText('问题描述', 500),
    lines: z.array(afterSaleLineInput, { error: '请选择售后商品' }).max(100, '商品行过多').default([]),
  })
  .superRefine((i, ctx) => {
    if (i.type !== 'complaint' && i.lines.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: '请至少选择一件售后商品' });
    if (new Set(i.lines.map((l) => l.lineNo)).size !== i.lines.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: '同一商品行只能填写一次' });
    const refunding = (REFUNDING_TYPES as readonly string[]).includes(i.type);
    i.lines.forEach((l, n) => {
      if (refunding && l.refundAmount <= 0)
        ctx.addIssue({ code: 'custom', path: ['lines', n, 'refundAmount'], message: `第${n + 1}行：请输入退款金额` });
      if (!refunding && l.refundAmount > 0)
        ctx.addIssue({ code: 'custom', path: ['lines', n, 'refundAmount'], message: `第${n + 1}行：${AFTER_SALE_TYPES[i.type]}不退款` });
    });
  });
export type AfterSaleCreateInput = z.input<typeof afterSaleCreateInput>;

const workInput = { workNumber: workNumberSchema };
export const afterSaleStepInput = z.object({ ...workInput, version: versionField, remark: optionalText('处理说明', 200) });
export const afterSaleCompleteInput = z.object({ ...workInput, version: versionField, remark: requiredText('处理结果', 2, 200) });
export const afterSaleRejectInput = z.object({ ...workInput, version: versionField, reason: requiredText('驳回原因', 2, 200) });

export const afterSaleListInput = keysetInput(
  {
    workNumber: z.string().trim().max(24, '工单号不正确').optional(),
    orderNoSub: z.string().trim().max(24, '订单号不正确').optional(),
    type: afterSaleTypeSchema.optional(),
    status: afterSaleStatusSchema.optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);

// ---- output

export const afterSaleRowSchema = z.object({
  workNumber: z.string(),
  orderNoSub: z.string(),
  /** ORDER_CHANNELS name of the order's channel. */
  channelName: z.string(),
  type: z.string(),
  typeName: z.string(),
  status: z.number(),
  statusName: z.string(),
  reason: z.string(),
  userId: z.string(),
  itemCount: z.number(),
  /** 分 */
  refundAmount: z.number(),
  refundStatus: z.number(),
  refundStatusName: z.string(),
  creatorName: z.string(),
  handlerName: z.string(),
  createdAt: z.number(),
  completedAt: z.number().nullable(),
  actions: z.array(z.enum(AFTER_SALE_ACTIONS)),
  version: z.number(),
});
export type AfterSaleRow = z.infer<typeof afterSaleRowSchema>;

export const afterSaleLineSchema = z.object({
  lineNo: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  quantity: z.number(),
  refundAmount: z.number(),
});
export const afterSaleDetailSchema = afterSaleRowSchema.extend({
  description: z.string(),
  rejectReason: z.string(),
  result: z.string(),
  /** Where returned goods went back to ('' when none come back). */
  returnLocationName: z.string(),
  refundNo: z.string(),
  lines: z.array(afterSaleLineSchema),
});
export type AfterSaleDetail = z.infer<typeof afterSaleDetailSchema>;

/** An order's lines as a new work order may take them: what is left to refund and to return on each. */
export const afterSaleOrderLineSchema = z.object({
  lineNo: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  refundedQuantity: z.number(),
  refundedAmount: z.number(),
  /** Held by work orders not finished yet. */
  pendingQuantity: z.number(),
  pendingAmount: z.number(),
  /** What a new work order may still take. */
  maxQuantity: z.number(),
  maxRefund: z.number(),
});
export const afterSaleOrderSchema = z.object({
  orderNoSub: z.string(),
  channelName: z.string(),
  statusName: z.string(),
  payStatusName: z.string(),
  paidAmount: z.number(),
  refundedAmount: z.number(),
  /** Whether the order was paid (仅退款 / 退货退款 need it). */
  refundable: z.boolean(),
  lines: z.array(afterSaleOrderLineSchema),
});
export type AfterSaleOrder = z.infer<typeof afterSaleOrderSchema>;

export const afterSaleStateSchema = z.object({
  workNumber: z.string(),
  status: z.number(),
  statusName: z.string(),
  refundStatusName: z.string(),
  version: z.number(),
});
export type AfterSaleState = z.infer<typeof afterSaleStateSchema>;

export const afterSaleOps = defineOperations(
  { anchor: 'after-sale-order', merchantScope: 'merchant', targets: AFTER_SALE_TARGETS },
  {
    list: {
      name: 'afterSale.list',
      label: '售后工单列表',
      input: afterSaleListInput,
      output: keysetOf(afterSaleRowSchema),
      exportable: true,
    },
    detail: { name: 'afterSale.detail', label: '售后工单详情', input: z.object(workInput), output: afterSaleDetailSchema },
    history: { name: 'afterSale.history', label: '售后工单日志', input: historyInput(workInput), output: pagedOf(historyEntrySchema) },
    orderLines: {
      name: 'afterSale.orderLines',
      label: '可售后商品',
      summary: '一个订单的商品行及每行还可退的数量与金额（已退与处理中的工单占用之外）',
      input: z.object({ orderNoSub: orderNoSubSchema }),
      output: afterSaleOrderSchema,
    },
    create: {
      name: 'afterSale.create',
      label: '新建售后工单',
      summary: '为一个订单新建售后工单（仅退款、退货退款、换货、投诉）；退款不超过每行实付减已退与处理中的金额',
      writes: true,
      input: afterSaleCreateInput,
      output: afterSaleStateSchema,
    },
    accept: { name: 'afterSale.accept', label: '受理售后工单', writes: true, input: afterSaleStepInput, output: afterSaleStateSchema },
    complete: {
      name: 'afterSale.complete',
      label: '完成售后工单',
      summary: '处理完成：退款经支付渠道原路退回；退货退款、换货的商品经库存流水退回',
      writes: true,
      input: afterSaleCompleteInput,
      output: afterSaleStateSchema,
    },
    reject: { name: 'afterSale.reject', label: '驳回售后工单', writes: true, input: afterSaleRejectInput, output: afterSaleStateSchema },
  },
);
