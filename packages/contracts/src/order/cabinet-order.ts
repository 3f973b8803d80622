import { z } from 'zod';
import { historyEntrySchema, historyInput } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { pagedOf, timeRange } from '../core/paging.ts';
import {
  applyCodeSchema,
  consumerIdSchema,
  exceptionTypeSchema,
  orderNoSubSchema,
  orderStatusSchema,
  ORDER_TARGETS,
  payStatusSchema,
} from './order-fields.ts';

// 销售订单 (salesOrder-list, salesOrder-list-detail/{orderNoSub}, section 110): the orders cabinets made from door
// sessions — priced by the price resolver at the moment the door opened, the slots' stock taken by 销售 movements,
// the money charged through the payment adapter. Unbounded: keyset paged. docs/orders.md.

const optionalCode = (label: string) => z.string().trim().max(24, `${label}不正确`).optional();

export const cabinetOrderListInput = keysetInput(
  {
    orderNoSub: optionalCode('订单号'),
    applyCode: optionalCode('开门单号'),
    deviceCode: z.string().trim().max(20, '设备编号不正确').optional(),
    status: orderStatusSchema.optional(),
    payStatus: payStatusSchema.optional(),
    excepType: exceptionTypeSchema.optional(),
    userId: z.string().trim().max(64, '用户标识不能超过64个字符').optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);

export const cabinetOrderRowSchema = z.object({
  orderNoSub: z.string(),
  applyCode: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  pointName: z.string(),
  userId: z.string(),
  /** Masked (138****0000). */
  userPhone: z.string(),
  status: z.number(),
  statusName: z.string(),
  payStatus: z.number(),
  payStatusName: z.string(),
  excepType: z.string(),
  excepTypeName: z.string(),
  itemCount: z.number(),
  /** 分 */
  goodsAmount: z.number(),
  payAmount: z.number(),
  paidAmount: z.number(),
  refundedAmount: z.number(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  version: z.number(),
});
export type CabinetOrderRow = z.infer<typeof cabinetOrderRowSchema>;

export const orderLineSchema = z.object({
  lineNo: z.number(),
  slotNo: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  quantity: z.number(),
  /** 分: the price the resolver gave at the moment the door opened. */
  unitPrice: z.number(),
  amount: z.number(),
  /** Which price won (单柜价, 二级渠道价, 一级渠道价, 基础价). */
  priceLayerName: z.string(),
  /** ‰ as the cabinet recognised it (null: not recognised by a cabinet). */
  confidence: z.number().nullable(),
  refundedQuantity: z.number(),
  refundedAmount: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderPaymentSchema = z.object({
  payNo: z.string(),
  statusName: z.string(),
  providerLabel: z.string(),
  amount: z.number(),
  refundedAmount: z.number(),
  failReason: z.string(),
  paidAt: z.number().nullable(),
  createdAt: z.number(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const cabinetOrderDetailSchema = cabinetOrderRowSchema.extend({
  excepReason: z.string(),
  /** When the door opened: the moment the lines were priced at. */
  pricedAt: z.number(),
  lines: z.array(orderLineSchema),
  /** Every charge of the order, newest first (a failed one, then the retry…). */
  payments: z.array(orderPaymentSchema),
});
export type CabinetOrderDetail = z.infer<typeof cabinetOrderDetailSchema>;

const codeInput = { orderNoSub: orderNoSubSchema };

export const orderByUserInput = keysetInput({ userId: consumerIdSchema, createdRange: timeRange, applyCode: applyCodeSchema.optional() }, [
  'createdAt',
]);

export const cabinetOrderOps = defineOperations(
  { anchor: 'salesOrder-list', merchantScope: 'merchant', targets: ORDER_TARGETS },
  {
    list: {
      name: 'order.cabinet.list',
      label: '销售订单列表',
      input: cabinetOrderListInput,
      output: keysetOf(cabinetOrderRowSchema),
      exportable: true,
    },
    detail: {
      name: 'order.cabinet.detail',
      label: '销售订单详情',
      anchor: ['salesOrder-list', 'excepOrder-list', 'after-sale-order'],
      input: z.object(codeInput),
      output: cabinetOrderDetailSchema,
    },
    history: {
      name: 'order.cabinet.history',
      label: '订单日志',
      anchor: ['salesOrder-list', 'excepOrder-list', 'after-sale-order'],
      input: historyInput(codeInput),
      output: pagedOf(historyEntrySchema),
    },
    byUser: {
      name: 'order.cabinet.byUser',
      label: '用户订单查询',
      summary: '一位用户（小程序用户标识）在本商户智能柜的订单，新的在前',
      input: orderByUserInput,
      output: keysetOf(cabinetOrderRowSchema),
      rest: '/ben-api/v1/merchantOrder/getOrderByUser',
    },
  },
);
