import { z } from 'zod';
import { requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { pagedOf, timeRange } from '../core/paging.ts';
import { orderLineSchema, orderPaymentSchema } from './cabinet-order.ts';
import type { ORDER_CHANNELS } from './order-fields.ts';
import {
  consumerIdSchema,
  consumerPhoneSchema,
  orderNoSubSchema,
  orderStatusSchema,
  ORDER_TARGETS,
  payStatusSchema,
  type OrderStatus,
} from './order-fields.ts';

// 线上零售订单, 批发订单, 本地生活订单 (section 104: online-retailers-list, wholesale-order-list, loc-life-order and their
// details): the orders a channel's app sends through the open API (idempotent by the channel's own order number).
// 待付款 (the goods locked at the shipping location) → 待发货 (paid through the payment adapter) → 已发货 (the goods leave
// through 销售 movements) → 已完成; 已取消 from 待付款 (the consumer, staff, or the payment time-out: the lock released)
// or from 待发货 (staff: the lock released and the money refunded). docs/orders.md "渠道订单".

/** The channels whose orders come through the open API, each with its pages' anchor and where it ships from. */
export const CHANNEL_ORDER_KINDS = {
  online: { anchor: 'online-retailers-list', title: '线上零售订单', ships: '库存中心' },
  mall: { anchor: 'wholesale-order-list', title: '批发订单', ships: '批发商库存' },
  locallife: { anchor: 'loc-life-order', title: '本地生活订单', ships: '门店库存' },
} as const satisfies Partial<Record<keyof typeof ORDER_CHANNELS, { anchor: string; title: string; ships: string }>>;

/** What the channel orders' key fields name in the 操作日志 (beside the orders' own). */
export const CHANNEL_ORDER_TARGETS = { ...ORDER_TARGETS, channelOrderNo: '渠道订单', trackingNo: '物流单号' } as const;
export type ChannelOrderKind = keyof typeof CHANNEL_ORDER_KINDS;
export const isChannelOrderKind = (c: string): c is ChannelOrderKind => c in CHANNEL_ORDER_KINDS;

/** An order not paid this long after it came in is cancelled by the sweep (支付超时) and its stock released. */
export const CHANNEL_PAY_TIMEOUT_MS = 30 * 60_000;

export const CHANNEL_ORDER_TRANSITIONS = {
  pay: { label: '支付成功', from: [0], to: 1 },
  ship: { label: '发货', from: [1], to: 2 },
  cancelShipment: { label: '取消发货', from: [2], to: 1 },
  receive: { label: '确认收货', from: [2], to: 3 },
  cancel: { label: '取消订单', from: [0, 1], to: 4 },
  timeout: { label: '支付超时关闭', from: [0], to: 4 },
} as const satisfies Record<string, { label: string; from: readonly OrderStatus[]; to: OrderStatus }>;
export type ChannelOrderTransition = keyof typeof CHANNEL_ORDER_TRANSITIONS;
/**
 * What staff may do on the pages (the others come from the channel or the sweep). 退款 is no transition: it sends back
 * again what a cancelled order was paid when the refund on cancel did not go through (the server offers it only then).
 */
export const CHANNEL_ORDER_ACTIONS = ['ship', 'updateLogistics', 'cancelShipment', 'receive', 'cancel', 'refund'] as const;
export type ChannelOrderAction = (typeof CHANNEL_ORDER_ACTIONS)[number];
export const channelOrderAllowed = (a: ChannelOrderAction, status: number): boolean =>
  a === 'updateLogistics'
    ? status === 2
    : a === 'refund'
      ? status === 4
      : (CHANNEL_ORDER_TRANSITIONS[a].from as readonly number[]).includes(status);

/** The carriers a shipment can go with (物流公司). */
export const CARRIERS = {
  SF: '顺丰速运',
  ZTO: '中通快递',
  YTO: '圆通速递',
  YD: '韵达快递',
  STO: '申通快递',
  JT: '极兔速递',
  EMS: '中国邮政EMS',
  JD: '京东物流',
  DBL: '德邦快递',
  SELF: '商家自配送',
} as const;
export type Carrier = keyof typeof CARRIERS;
export const carrierSchema = z.enum(Object.keys(CARRIERS) as [Carrier, ...Carrier[]], { error: '请选择物流公司' });
export const trackingNoSchema = z
  .string({ error: '请输入物流单号' })
  .trim()
  .min(1, '请输入物流单号')
  .min(6, '物流单号至少6位')
  .max(40, '物流单号不能超过40位')
  .regex(/^[A-Za-z0-9-]+$/, '物流单号只能包含字母、数字和 -')
  .transform((s) => s.toUpperCase());

/** The channel's own order number (the intake is idempotent by it). */
export const channelOrderNoSchema = z
  .string({ error: '请输入渠道订单号' })
  .trim()
  .min(1, '请输入渠道订单号')
  .max(64, '渠道订单号不能超过64个字符')
  .regex(/^[A-Za-z0-9_-]+$/, '渠道订单号只能包含字母、数字、_ 和 -');

export const MAX_CHANNEL_ORDER_LINES = 50;
export const MAX_CHANNEL_LINE_QUANTITY = 9_999;

// ---- the open API (a channel's app): intake, pay, cancel, receive, query

export const channelOrderIntakeSchema = z.object({
  channelOrderNo: channelOrderNoSchema,
  userId: consumerIdSchema,
  /** 本地生活: the store the order is served from (its price, its stock). */
  storeCode: z.string({ error: '门店编号不正确' }).trim().max(32, '门店编号不正确').optional(),
  receiverName: requiredText('收货人', 1, 32),
  receiverPhone: consumerPhoneSchema,
  receiverAddress: requiredText('收货地址', 4, 200),
  remark: z.string({ error: '备注不正确' }).trim().max(200, '备注不能超过200个字').optional(),
  lines: z
    .array(
      z.object({
        /** A goods SKU code (K…), or for 批发 a mall SKU code (MK…). */
        skuCode: z
          .string({ error: '请输入SKU编号' })
          .trim()
          .min(1, '请输入SKU编号')
          .max(32, 'SKU编号不正确')
          .regex(/^[A-Za-z0-9]+$/, 'SKU编号不正确')
          .transform((s) => s.toUpperCase()),
        quantity: z
          .number({ error: '数量必须是数字' })
          .int('数量必须是整数')
          .min(1, '数量至少为1')
          .max(MAX_CHANNEL_LINE_QUANTITY, `数量不能超过${MAX_CHANNEL_LINE_QUANTITY}`),
      }),
      { error: '请填写订单商品' },
    )
    .min(1, '请至少填写一件商品')
    .max(MAX_CHANNEL_ORDER_LINES, `一个订单最多${MAX_CHANNEL_ORDER_LINES}种商品`)
    .refine((ls) => new Set(ls.map((l) => l.skuCode.trim().toUpperCase())).size === ls.length, '同一SKU只能填写一行'),
});
export type ChannelOrderIntake = z.input<typeof channelOrderIntakeSchema>;

/** An order named by the channel's number or ours (one of them). */
const refShape = { orderNoSub: orderNoSubSchema.optional(), channelOrderNo: channelOrderNoSchema.optional() };
const named = (r: { orderNoSub?: string; channelOrderNo?: string }) => Boolean(r.orderNoSub || r.channelOrderNo);
const NAME_ONE = '请输入订单号或渠道订单号';
export const channelOrderRefSchema = z.object(refShape).refine(named, NAME_ONE);
export const channelOrderPaySchema = z
  .object({
    ...refShape,
    /** 沙箱支付 only: how the sandbox answers (ok settles, fail refuses, pending waits for its notification). */
    scenario: z.enum(['ok', 'fail', 'pending'], { error: '模拟场景只能是 ok、fail 或 pending' }).optional(),
  })
  .refine(named, NAME_ONE);
export const channelOrderCancelSchema = z.object({ ...refShape, reason: requiredText('取消原因', 2, 200) }).refine(named, NAME_ONE);

/** What the open API answers about an order. */
export const channelOrderStateSchema = z.object({
  orderNoSub: z.string(),
  channelOrderNo: z.string(),
  status: z.number(),
  statusName: z.string(),
  payStatus: z.number(),
  payStatusName: z.string(),
  payAmount: z.number(),
  /** When an unpaid order is cancelled (epoch ms; null once paid or ended). */
  payDeadline: z.number().nullable(),
  carrierName: z.string(),
  trackingNo: z.string(),
  /** false: the channel order number was already taken in; this is the order it made. */
  created: z.boolean().optional(),
});
export type ChannelOrderState = z.infer<typeof channelOrderStateSchema>;

// ---- the staff pages

export const channelOrderListInput = keysetInput(
  {
    orderNoSub: z.string().trim().max(24, '订单号不正确').optional(),
    channelOrderNo: z.string().trim().max(64, '渠道订单号不正确').optional(),
    status: orderStatusSchema.optional(),
    payStatus: payStatusSchema.optional(),
    userId: z.string().trim().max(64, '用户标识不能超过64个字符').optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);

export const channelOrderRowSchema = z.object({
  orderNoSub: z.string(),
  channelOrderNo: z.string(),
  appName: z.string(),
  userId: z.string(),
  receiverName: z.string(),
  /** Masked (138****0000). */
  receiverPhone: z.string(),
  /** 本地生活: the store; otherwise '' . */
  storeName: z.string(),
  status: z.number(),
  statusName: z.string(),
  payStatus: z.number(),
  payStatusName: z.string(),
  itemCount: z.number(),
  /** 分 */
  goodsAmount: z.number(),
  payAmount: z.number(),
  paidAmount: z.number(),
  refundedAmount: z.number(),
  carrier: z.string(),
  carrierName: z.string(),
  trackingNo: z.string(),
  createdAt: z.number(),
  payDeadline: z.number().nullable(),
  paidAt: z.number().nullable(),
  shippedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  actions: z.array(z.enum(CHANNEL_ORDER_ACTIONS)),
  version: z.number(),
});
export type ChannelOrderRow = z.infer<typeof channelOrderRowSchema>;

export const channelOrderDetailSchema = channelOrderRowSchema.extend({
  receiverAddress: z.string(),
  remark: z.string(),
  cancelReason: z.string(),
  /** Where the goods are locked and ship from (库存中心, 批发商库存, a store). */
  locationName: z.string(),
  lines: z.array(orderLineSchema),
  payments: z.array(orderPaymentSchema),
});
export type ChannelOrderDetail = z.infer<typeof channelOrderDetailSchema>;

const codeInput = { orderNoSub: orderNoSubSchema };
export const shipInput = z.object({ ...codeInput, version: versionField, carrier: carrierSchema, trackingNo: trackingNoSchema });
export const cancelShipmentInput = z.object({ ...codeInput, version: versionField, reason: requiredText('取消发货原因', 2, 200) });
export const receiveInput = z.object({ ...codeInput, version: versionField });
export const cancelInput = z.object({ ...codeInput, version: versionField, reason: requiredText('取消原因', 2, 200) });
export const refundInput = z.object({ ...codeInput, version: versionField });

/** The operations of one channel's pages: the same for the three, each under its own anchor and names. */
function channelOrderOpsOf<const C extends ChannelOrderKind>(channel: C) {
  const { anchor, title } = CHANNEL_ORDER_KINDS[channel];
  return defineOperations(
    { anchor, merchantScope: 'merchant', targets: CHANNEL_ORDER_TARGETS },
    {
      list: {
        name: `order.${channel}.list`,
        label: `${title}列表`,
        input: channelOrderListInput,
        output: keysetOf(channelOrderRowSchema),
        exportable: true,
      },
      // a 售后 work order opens its order (its detail and its log)
      detail: {
        name: `order.${channel}.detail`,
        label: `${title}详情`,
        anchor: [anchor, 'after-sale-order'],
        input: z.object(codeInput),
        output: channelOrderDetailSchema,
      },
      history: {
        name: `order.${channel}.history`,
        label: `${title}日志`,
        anchor: [anchor, 'after-sale-order'],
        input: historyInput(codeInput),
        output: pagedOf(historyEntrySchema),
      },
      ship: {
        name: `order.${channel}.ship`,
        label: `${title}发货`,
        summary: '待发货的订单填写物流公司与单号后发货：锁定的库存按销售出库',
        writes: true,
        input: shipInput,
        output: channelOrderStateSchema,
      },
      updateLogistics: {
        name: `order.${channel}.updateLogistics`,
        label: `${title}改物流`,
        summary: '已发货订单的物流公司与单号',
        writes: true,
        input: shipInput,
        output: channelOrderStateSchema,
      },
      cancelShipment: {
        name: `order.${channel}.cancelShipment`,
        label: `${title}取消发货`,
        summary: '已发货的订单退回待发货：商品退回发货仓并重新锁定（须填原因）',
        writes: true,
        input: cancelShipmentInput,
        output: channelOrderStateSchema,
      },
      receive: {
        name: `order.${channel}.receive`,
        label: `${title}确认收货`,
        summary: '已发货的订单确认收货，订单完成',
        writes: true,
        input: receiveInput,
        output: channelOrderStateSchema,
      },
      cancel: {
        name: `order.${channel}.cancel`,
        label: `${title}取消`,
        summary: '待付款或待发货的订单取消：锁定的库存释放，已付款项通过支付渠道原路退回（须填原因）',
        writes: true,
        input: cancelInput,
        output: channelOrderStateSchema,
      },
      refund: {
        name: `order.${channel}.refund`,
        label: `${title}退款`,
        summary: '已取消订单的已付款项未能退回（支付渠道拒绝或退款出错）时，再次通过支付渠道原路退回',
        writes: true,
        input: refundInput,
        output: channelOrderStateSchema,
      },
    },
  );
}

export const onlineOrderOps = channelOrderOpsOf('online');
export const mallOrderOps = channelOrderOpsOf('mall');
export const localLifeOrderOps = channelOrderOpsOf('locallife');
/** Each channel's operations, for the pages and the server (the same code serves the three). */
export const CHANNEL_ORDER_OPS = { online: onlineOrderOps, mall: mallOrderOps, locallife: localLifeOrderOps } as const;
export type ChannelOrderOps = (typeof CHANNEL_ORDER_OPS)[ChannelOrderKind];
