// 支付 (docs/payments.md): the payment adapter's states, shared by the server and, later, the order pages that show a
// payment. No operations yet: payments are started by the order module's services and settled by provider callbacks.

/** A payment: 待支付 → 已支付 / 支付失败 / 已关闭 (each of the last three final). */
export const PAYMENT_STATUS = { 0: '待支付', 1: '已支付', 2: '支付失败', 3: '已关闭' } as const;
export type PaymentStatus = keyof typeof PAYMENT_STATUS;
export const PAYMENT_PENDING = 0;
export const PAYMENT_PAID = 1;
export const PAYMENT_FAILED = 2;
export const PAYMENT_CLOSED = 3;
export const PAYMENT_STATUS_COLORS: Readonly<Record<PaymentStatus, string>> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };

/** The payment state machine: each event, the states it may start from and where it leads. */
export const PAYMENT_TRANSITIONS = {
  paid: { label: '支付成功', from: [0], to: 1 },
  failed: { label: '支付失败', from: [0], to: 2 },
  closed: { label: '超时关闭', from: [0], to: 3 },
} as const satisfies Record<string, { label: string; from: readonly PaymentStatus[]; to: PaymentStatus }>;
export type PaymentTransition = keyof typeof PAYMENT_TRANSITIONS;

/** A refund: 退款中 → 已退款 / 退款失败; a late success notification may still settle a failed one (docs/payments.md). */
export const REFUND_STATUS = { 0: '退款中', 1: '已退款', 2: '退款失败' } as const;
export type RefundStatus = keyof typeof REFUND_STATUS;
export const REFUND_PENDING = 0;
export const REFUND_DONE = 1;
export const REFUND_FAILED = 2;
export const REFUND_STATUS_COLORS: Readonly<Record<RefundStatus, string>> = { 0: 'processing', 1: 'success', 2: 'error' };

export const REFUND_TRANSITIONS = {
  refunded: { label: '退款成功', from: [0, 2], to: 1 },
  failed: { label: '退款失败', from: [0], to: 2 },
} as const satisfies Record<string, { label: string; from: readonly RefundStatus[]; to: RefundStatus }>;
export type RefundTransition = keyof typeof REFUND_TRANSITIONS;

export function paymentAllowed(event: PaymentTransition, status: number): boolean {
  return (PAYMENT_TRANSITIONS[event].from as readonly number[]).includes(status);
}
export function refundAllowed(event: RefundTransition, status: number): boolean {
  return (REFUND_TRANSITIONS[event].from as readonly number[]).includes(status);
}

/** The label of the embedded sandbox provider, shown wherever a sandbox payment shows. */
export const SANDBOX_PAYMENT_LABEL = '沙箱支付';

/** 元 with two decimals from cents (messages and history). */
export const yuan = (cents: number) => (cents / 100).toFixed(2);
