import { z } from 'zod';
import { requiredText } from '../core/fields.ts';
import { versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { timeRange } from '../core/paging.ts';
import { cabinetOrderDetailSchema, cabinetOrderRowSchema } from './cabinet-order.ts';
import { exceptionTypeSchema, orderNoSubSchema, ORDER_TARGETS } from './order-fields.ts';

// 异常订单 (excepOrder-list, commodityDetail — section 110): the cabinet orders a person must settle. 商品核对 (goods
// picking) confirms what was really taken from which slot: the lines are re-priced at the door opening, their stock
// leaves the slots through the ledger (only what was not posted yet), and the total is charged through the payment
// adapter (待付款 → 已完成 when paid). 关闭 ends an order nothing is to be charged for (已取消). docs/orders.md "异常订单".

/** Whether an abnormal order is still to handle (status 异常) or was settled (corrected or closed). */
export const EXCEPTION_HANDLING = { 1: '待处理', 2: '已处理' } as const;
export type ExceptionHandling = keyof typeof EXCEPTION_HANDLING;
export const EXCEPTION_HANDLING_COLORS: Readonly<Record<ExceptionHandling, string>> = { 1: 'error', 2: 'success' };

export const EXCEPTION_ORDER_TRANSITIONS = {
  correct: { label: '核对商品', from: [5], to: 0 },
  close: { label: '关闭订单', from: [5], to: 4 },
} as const;
export type ExceptionOrderAction = keyof typeof EXCEPTION_ORDER_TRANSITIONS;
export const EXCEPTION_ORDER_ACTIONS = ['correct', 'close'] as const;
export const exceptionOrderAllowed = (a: ExceptionOrderAction, status: number) =>
  (EXCEPTION_ORDER_TRANSITIONS[a].from as readonly number[]).includes(status);

export const exceptionOrderListInput = keysetInput(
  {
    orderNoSub: z.string().trim().max(24, '订单号不正确').optional(),
    deviceCode: z.string().trim().max(20, '设备编号不正确').optional(),
    excepType: exceptionTypeSchema.optional(),
    handling: z.coerce
      .number({ error: '处理状态不正确' })
      .int('处理状态不正确')
      .refine((v) => v in EXCEPTION_HANDLING, '处理状态不正确')
      .optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);

export const exceptionOrderRowSchema = cabinetOrderRowSchema.extend({
  excepReason: z.string(),
  handling: z.number(),
  handlingName: z.string(),
  actions: z.array(z.enum(EXCEPTION_ORDER_ACTIONS)),
});
export type ExceptionOrderRow = z.infer<typeof exceptionOrderRowSchema>;

/** A slot of the order's cabinet as 商品核对 offers it: its SKU, the price at the door opening, its stock now. */
export const pickingSlotSchema = z.object({
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  /** 分, at the order's pricedAt. */
  unitPrice: z.number(),
  priceLayerName: z.string(),
  /** Available in the slot now (the order's own posted quantity counted back in). */
  available: z.number(),
});
export type PickingSlot = z.infer<typeof pickingSlotSchema>;
export const pickingSchema = z.object({
  order: cabinetOrderDetailSchema,
  slots: z.array(pickingSlotSchema),
  actions: z.array(z.enum(EXCEPTION_ORDER_ACTIONS)),
});
export type Picking = z.infer<typeof pickingSchema>;

export const MAX_PICKED_QUANTITY = 99;
const codeInput = { orderNoSub: orderNoSubSchema };
export const correctInput = z.object({
  ...codeInput,
  version: versionField,
  lines: z
    .array(
      z.object({
        slotNo: z.string({ error: '请选择货道' }).trim().min(1, '请选择货道').max(16, '货道不正确'),
        quantity: z.coerce
          .number({ error: '数量必须是数字' })
          .int('数量必须是整数')
          .min(1, '数量至少为1')
          .max(MAX_PICKED_QUANTITY, `数量不能超过${MAX_PICKED_QUANTITY}`),
      }),
      { error: '请填写实际取走的商品' },
    )
    .min(1, '请至少填写一种实际取走的商品（未取商品请关闭订单）')
    .max(100, '商品种类过多')
    .refine((ls) => new Set(ls.map((l) => l.slotNo)).size === ls.length, '同一货道只能填写一次'),
  remark: requiredText('核对说明', 2, 200),
});
export type CorrectInput = z.input<typeof correctInput>;
export const closeInput = z.object({ ...codeInput, version: versionField, reason: requiredText('关闭原因', 2, 200) });

export const exceptionOrderStateSchema = z.object({
  orderNoSub: z.string(),
  status: z.number(),
  statusName: z.string(),
  payStatusName: z.string(),
  payAmount: z.number(),
  version: z.number(),
});
export type ExceptionOrderState = z.infer<typeof exceptionOrderStateSchema>;

export const exceptionOrderOps = defineOperations(
  // 售后 handles abnormal orders too (abnormalOrderDetail under afterSale)
  { anchor: ['excepOrder-list', 'after-sale-order'], merchantScope: 'merchant', targets: ORDER_TARGETS },
  {
    list: {
      name: 'order.exception.list',
      label: '异常订单列表',
      input: exceptionOrderListInput,
      output: keysetOf(exceptionOrderRowSchema),
      exportable: true,
    },
    picking: {
      name: 'order.exception.picking',
      label: '商品核对信息',
      summary: '异常订单、其设备各货道的商品、开门时的价格与现有库存',
      input: z.object(codeInput),
      output: pickingSchema,
    },
    correct: {
      name: 'order.exception.correct',
      label: '核对商品',
      summary: '按实际取走的商品改正订单：按开门时价格重新计价，货道库存按销售出库，应付金额通过支付渠道扣款',
      writes: true,
      input: correctInput,
      output: exceptionOrderStateSchema,
    },
    close: {
      name: 'order.exception.close',
      label: '关闭异常订单',
      summary: '不向用户收款，关闭异常订单（须填原因）',
      writes: true,
      input: closeInput,
      output: exceptionOrderStateSchema,
    },
  },
);
