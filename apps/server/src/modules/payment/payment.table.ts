import type { Generated } from 'kysely';

/** 支付单 (0041 payment): one charge of a business document. 待支付 → 已支付 / 支付失败 / 已关闭 (docs/payments.md). */
export interface PaymentTable {
  id: Generated<number>;
  merchant_id: number;
  pay_no: string;
  biz_type: string;
  biz_no: string;
  subject: Generated<string>;
  /** Cents. */
  amount: number;
  /** Σ refunds not failed, cents; never above amount. */
  refunded_amount: Generated<number>;
  provider: string;
  provider_txn_id: Generated<string>;
  /** PAYMENT_STATUS: 0 待支付, 1 已支付, 2 支付失败, 3 已关闭. */
  status: Generated<number>;
  fail_reason: Generated<string>;
  expires_at: number;
  paid_at: Generated<number>;
  closed_at: Generated<number>;
  late_txn_id: Generated<string>;
  late_paid_at: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** 退款单 (0041 payment_refund): 退款中 → 已退款 / 退款失败. */
export interface PaymentRefundTable {
  id: Generated<number>;
  merchant_id: number;
  refund_no: string;
  payment_id: number;
  pay_no: string;
  amount: number;
  /** REFUND_STATUS: 0 退款中, 1 已退款, 2 退款失败. */
  status: Generated<number>;
  reason: Generated<string>;
  biz_type: string;
  biz_no: string;
  request_key: string;
  provider: string;
  provider_refund_id: Generated<string>;
  fail_reason: Generated<string>;
  refunded_at: Generated<number>;
  failed_at: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A provider's signing key, generated on first use. */
export interface PaymentProviderKeyTable {
  provider: string;
  secret: string;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    payment: PaymentTable;
    payment_refund: PaymentRefundTable;
    payment_provider_key: PaymentProviderKeyTable;
  }
}
