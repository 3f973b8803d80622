import type { Generated } from 'kysely';

/** 优惠券批次 (0049 coupon_batch): a coupon template, reviewed before it issues. Money in cents. */
export interface CouponBatchTable {
  id: Generated<number>;
  merchant_id: number;
  batch_code: string;
  name: string;
  /** COUPON_TYPES. */
  coupon_type: string;
  threshold_amount: Generated<number>;
  reduce_amount: Generated<number>;
  /** 折扣: the percent paid (85 = 8.5折). */
  discount_percent: Generated<number>;
  max_discount: Generated<number>;
  /** VALID_TYPES. */
  valid_type: string;
  valid_from: Generated<number>;
  valid_to: Generated<number>;
  valid_days: Generated<number>;
  total_stock: number;
  issued_count: Generated<number>;
  used_count: Generated<number>;
  per_user_limit: number;
  /** GOODS_SCOPES. */
  goods_scope: string;
  /** JSON array of goods_sku ids. */
  sku_ids: Generated<string>;
  /** JSON array of city names ('[]': every city). */
  city_names: Generated<string>;
  stackable: Generated<number>;
  refund_return: Generated<number>;
  /** BATCH_STATUS. */
  status: Generated<number>;
  remark: Generated<string>;
  reject_reason: Generated<string>;
  creator_name: Generated<string>;
  reviewer_name: Generated<string>;
  reviewed_at: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** 发券单 (0049 coupon_provide). */
export interface CouponProvideTable {
  id: Generated<number>;
  merchant_id: number;
  provide_no: string;
  batch_id: number;
  /** manual, file. */
  method: string;
  requested: Generated<number>;
  issued: Generated<number>;
  failed: Generated<number>;
  remark: Generated<string>;
  operator_name: Generated<string>;
  created_by: Generated<number>;
  created_at: number;
}

/** 优惠券 (0049 coupon): one issued coupon. */
export interface CouponTable {
  id: Generated<number>;
  merchant_id: number;
  coupon_no: string;
  batch_id: number;
  provide_id: Generated<number>;
  user_phone: string;
  /** The holder's n-th coupon of the batch (coupon_holder_uq). */
  seq: number;
  /** COUPON_STATUS: 0 未使用, 1 已使用, 3 已作废 (已过期 is 0 past valid_to). */
  status: Generated<number>;
  valid_from: number;
  valid_to: number;
  received_at: number;
  used_at: Generated<number>;
  order_no: Generated<string>;
  discount_amount: Generated<number>;
  void_reason: Generated<string>;
  version: Generated<number>;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    coupon_batch: CouponBatchTable;
    coupon_provide: CouponProvideTable;
    coupon: CouponTable;
  }
}
