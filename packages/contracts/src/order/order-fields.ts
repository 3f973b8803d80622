import { z } from 'zod';
import { PRICE_LAYERS } from '../price/price-fields.ts';

// The orders' shared words (issue 16, docs/orders.md): the channel an order was sold through, its states and their
// transitions, its payment state and, for a cabinet order, why it is abnormal. Every order page takes its labels here.

/** The sales channel of an order (sale_order.channel); the codes are the first channels (channel.code) of the price ledger. */
export const ORDER_CHANNELS = { container: '智能柜', online: '线上零售', mall: '批发商城', locallife: '本地生活' } as const;
export type OrderChannel = keyof typeof ORDER_CHANNELS;

/** sale_order.status. A cabinet order goes 待付款 → 已完成, or into 异常 until staff correct or close it. */
export const ORDER_STATUS = { 0: '待付款', 1: '待发货', 2: '已发货', 3: '已完成', 4: '已取消', 5: '异常' } as const;
export type OrderStatus = keyof typeof ORDER_STATUS;
export const ORDER_UNPAID = 0;
export const ORDER_TO_SHIP = 1;
export const ORDER_SHIPPED = 2;
export const ORDER_COMPLETED = 3;
export const ORDER_CANCELLED = 4;
export const ORDER_ABNORMAL = 5;
export const ORDER_STATUS_COLORS: Readonly<Record<OrderStatus, string>> = {
  0: 'gold',
  1: 'processing',
  2: 'cyan',
  3: 'success',
  4: 'default',
  5: 'error',
};
export const orderStatusSchema = z.coerce
  .number({ error: '订单状态不正确' })
  .int('订单状态不正确')
  .refine((v) => v in ORDER_STATUS, '订单状态不正确');

/**
 * The cabinet order's payment transitions (docs/orders.md; 核对商品 / 关闭 in exception-order.ts). `pay`: the payment
 * settled; `fail`: the payment failed or closed unpaid.
 */
export const CABINET_ORDER_TRANSITIONS = {
  pay: { label: '支付成功', from: [0], to: 3 },
  fail: { label: '支付失败', from: [0], to: 5 },
} as const satisfies Record<string, { label: string; from: readonly OrderStatus[]; to: OrderStatus }>;
export type CabinetOrderTransition = keyof typeof CABINET_ORDER_TRANSITIONS;

/** sale_order.pay_status: where the order's money is. */
export const PAY_STATUS = { 0: '未支付', 1: '支付中', 2: '已支付', 3: '支付失败', 4: '部分退款', 5: '已退款' } as const;
export type PayStatus = keyof typeof PAY_STATUS;
export const PAY_NONE = 0;
export const PAY_PENDING = 1;
export const PAY_PAID = 2;
export const PAY_FAILED = 3;
export const PAY_PART_REFUNDED = 4;
export const PAY_REFUNDED = 5;
export const PAY_STATUS_COLORS: Readonly<Record<PayStatus, string>> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'warning',
  5: 'purple',
};
export const payStatusSchema = z.coerce
  .number({ error: '支付状态不正确' })
  .int('支付状态不正确')
  .refine((v) => v in PAY_STATUS, '支付状态不正确');

/** Why a cabinet order is abnormal (sale_order.excep_type; '' when it is not). */
export const EXCEPTION_TYPES = {
  'low-confidence': '识别置信度低',
  'unknown-goods': '识别商品不符',
  'weight-mismatch': '重量不符',
  'stock-short': '库存不符',
  'pay-failed': '支付失败',
  'door-open': '柜门未关',
  offline: '设备离线',
} as const;
export type ExceptionType = keyof typeof EXCEPTION_TYPES;
export const exceptionTypeSchema = z.enum(Object.keys(EXCEPTION_TYPES) as [ExceptionType, ...ExceptionType[]], {
  error: '异常类型不正确',
});

/** A recognised item below this confidence (‰) makes the order abnormal: a person checks the goods. */
export const CONFIDENCE_THRESHOLD = 800;
/** The measured weight may differ from the expected by this share (‰) or at least WEIGHT_TOLERANCE_GRAMS. */
export const WEIGHT_TOLERANCE_PERMILLE = 100;
export const WEIGHT_TOLERANCE_GRAMS = 20;

/** A sub-order's number: XS + yyMMdd + 8 digits (orders run to millions a day across merchants). */
export const orderNoSubSchema = z
  .string({ error: '请输入订单号' })
  .trim()
  .min(1, '请输入订单号')
  .max(24, '订单号不正确')
  .regex(/^[A-Za-z0-9]+$/, '订单号不正确')
  .transform((s) => s.toUpperCase());
/** A door-open record's code: KM + yyMMdd + 8 digits. */
export const applyCodeSchema = z
  .string({ error: '请输入开门单号' })
  .trim()
  .min(1, '请输入开门单号')
  .max(24, '开门单号不正确')
  .regex(/^[A-Za-z0-9]+$/, '开门单号不正确')
  .transform((s) => s.toUpperCase());
export const ORDER_NO_PREFIX = 'XS';
export const APPLY_CODE_PREFIX = 'KM';

/** The consumer of an order as the channel's app names them (an openId, a member id). */
export const consumerIdSchema = z
  .string({ error: '请输入用户标识' })
  .trim()
  .min(1, '请输入用户标识')
  .max(64, '用户标识不能超过64个字符')
  .regex(/^[A-Za-z0-9_.:-]+$/, '用户标识只能包含字母、数字和 _ . : -');
export const consumerPhoneSchema = z
  .string({ error: '手机号格式不正确' })
  .trim()
  .regex(/^1\d{10}$/, '手机号格式不正确');

export const ORDER_COUNT_UP_TO = 10_000;

/** What the order operations' key fields name in the 操作日志. */
export const ORDER_TARGETS = { orderNoSub: '订单', applyCode: '开门记录', deviceCode: '设备', userId: '用户' } as const;

/** Where a line's price came from: a layer of the price resolver, or a mall SKU's tier for its quantity (批发). */
export const LINE_PRICE_SOURCES = { ...PRICE_LAYERS, tier: '阶梯批发价' } as const;
export type LinePriceSource = keyof typeof LINE_PRICE_SOURCES;
