import { z } from 'zod';

// 优惠券 (section 118 营销管理, docs/marketing.md): the words of coupon batches and the coupons issued from them.

/** The pages' anchors (the menu's), and the review permission point. */
export const COUPON_BATCH_ANCHOR = 'coupon-batch-list';
export const COUPON_PROVIDE_ANCHOR = 'coupon-provide';
export const COUPON_PROVIDE_RECORD_ANCHOR = 'coupon-provide-record';
export const COUPON_DETAIL_ANCHOR = 'coupon-detail-list';
export const COUPON_BATCH_REVIEW_ANCHOR = 'coupon-batch-review';

/** 券类型. */
export const COUPON_TYPES = { full_reduce: '满减券', discount: '折扣券', no_threshold: '无门槛券' } as const;
export type CouponType = keyof typeof COUPON_TYPES;
export const COUPON_TYPE_COLORS: Readonly<Record<CouponType, string>> = {
  full_reduce: 'volcano',
  discount: 'purple',
  no_threshold: 'green',
};
export const couponTypeSchema = z.enum(Object.keys(COUPON_TYPES) as [CouponType, ...CouponType[]], { error: '请选择券类型' });

/** 有效期: a fixed range, or N days from receipt. */
export const VALID_TYPES = { range: '固定日期', days: '领取后N天' } as const;
export type ValidType = keyof typeof VALID_TYPES;
export const validTypeSchema = z.enum(Object.keys(VALID_TYPES) as [ValidType, ...ValidType[]], { error: '请选择有效期类型' });

/** 适用商品: every SKU, or the listed ones. */
export const GOODS_SCOPES = { all: '全部商品', skus: '指定商品' } as const;
export type GoodsScope = keyof typeof GOODS_SCOPES;
export const goodsScopeSchema = z.enum(Object.keys(GOODS_SCOPES) as [GoodsScope, ...GoodsScope[]], { error: '请选择适用商品' });

/** 批次状态: 草稿 → 待审核 → 已生效 (or 已驳回, edited and submitted again); 已生效 ⇄ 已停用. */
export const BATCH_STATUS = { 0: '草稿', 1: '待审核', 2: '已生效', 3: '已驳回', 4: '已停用' } as const;
export type BatchStatus = keyof typeof BATCH_STATUS;
export const BATCH_DRAFT = 0;
export const BATCH_PENDING = 1;
export const BATCH_ACTIVE = 2;
export const BATCH_REJECTED = 3;
export const BATCH_DISABLED = 4;
export const BATCH_STATUS_COLORS: Readonly<Record<BatchStatus, string>> = {
  0: 'default',
  1: 'gold',
  2: 'success',
  3: 'error',
  4: 'default',
};
export const batchStatusSchema = z.coerce
  .number({ error: '批次状态不正确' })
  .int('批次状态不正确')
  .refine((v) => v in BATCH_STATUS, '批次状态不正确');

/** Every batch transition: its action, the states it starts from and where it goes. */
export const BATCH_TRANSITIONS = {
  submit: { label: '提交审核', from: [BATCH_DRAFT, BATCH_REJECTED], to: BATCH_PENDING },
  approve: { label: '审核通过', from: [BATCH_PENDING], to: BATCH_ACTIVE },
  reject: { label: '驳回', from: [BATCH_PENDING], to: BATCH_REJECTED },
  disable: { label: '停用', from: [BATCH_ACTIVE], to: BATCH_DISABLED },
  enable: { label: '启用', from: [BATCH_DISABLED], to: BATCH_ACTIVE },
} as const satisfies Record<string, { label: string; from: readonly BatchStatus[]; to: BatchStatus }>;
export type BatchAction = keyof typeof BATCH_TRANSITIONS;
export const BATCH_ACTIONS = ['edit', 'submit', 'approve', 'reject', 'disable', 'enable', 'delete'] as const;
export type BatchRowAction = (typeof BATCH_ACTIONS)[number];
/** A batch is edited while 草稿 or 已驳回; deleted only if never issued and not 待审核 / 已生效. */
export const BATCH_EDITABLE: readonly number[] = [BATCH_DRAFT, BATCH_REJECTED];
export const BATCH_DELETABLE: readonly number[] = [BATCH_DRAFT, BATCH_REJECTED, BATCH_DISABLED];
export const batchAllowed = (a: BatchAction, status: number) => (BATCH_TRANSITIONS[a].from as readonly number[]).includes(status);

/** 券状态: 未使用 (past its end it reads 已过期), 已使用, 已作废. */
export const COUPON_STATUS = { 0: '未使用', 1: '已使用', 2: '已过期', 3: '已作废' } as const;
export type CouponStatus = keyof typeof COUPON_STATUS;
export const COUPON_UNUSED = 0;
export const COUPON_USED = 1;
export const COUPON_EXPIRED = 2;
export const COUPON_VOID = 3;
export const COUPON_STATUS_COLORS: Readonly<Record<CouponStatus, string>> = { 0: 'processing', 1: 'success', 2: 'default', 3: 'error' };
export const couponStatusSchema = z.coerce
  .number({ error: '券状态不正确' })
  .int('券状态不正确')
  .refine((v) => v in COUPON_STATUS, '券状态不正确');

/** Codes: 批次号 QP + yyMMdd + 4 digits; 券码 CP + yyMMdd + 8 digits; 发券单 FQ + yyMMdd + 4 digits. */
export const batchCodeSchema = z
  .string({ error: '请输入批次号' })
  .trim()
  .toUpperCase()
  .regex(/^QP\d{10}$/, '批次号不正确');
export const couponNoSchema = z
  .string({ error: '请输入券码' })
  .trim()
  .toUpperCase()
  .regex(/^CP\d{14}$/, '券码不正确');

/** Limits. */
export const MAX_BATCH_STOCK = 1_000_000;
export const MAX_PER_USER = 100;
export const MAX_VALID_DAYS = 365;
export const MAX_SCOPE_SKUS = 200;
export const MAX_SCOPE_CITIES = 50;
/** Phones one 发券 takes at once (a list typed or pasted). */
export const MAX_PROVIDE_PHONES = 200;

/** A batch's rule in words: 满100.00减20.00, 8.5折（最多减10.00）, 无门槛减5.00. */
export function couponRuleText(r: {
  couponType: string;
  thresholdAmount: number;
  reduceAmount: number;
  discountPercent: number;
  maxDiscount: number;
}): string {
  const y = (c: number) => (c / 100).toFixed(2);
  if (r.couponType === 'full_reduce') return `满${y(r.thresholdAmount)}减${y(r.reduceAmount)}`;
  if (r.couponType === 'no_threshold') return `无门槛减${y(r.reduceAmount)}`;
  const rate = `${(r.discountPercent / 10).toFixed(1).replace(/\.0$/, '')}折`;
  const floor = r.thresholdAmount > 0 ? `满${y(r.thresholdAmount)}享` : '';
  return `${floor}${rate}${r.maxDiscount > 0 ? `（最多减${y(r.maxDiscount)}）` : ''}`;
}
