import { z } from 'zod';
import { optionalText, PHONE_RE, requiredText } from '../core/fields.ts';
import { keysetInput, keysetOf } from '../core/keyset.ts';
import { defineOperations } from '../core/operation.ts';
import { timeRange } from '../core/paging.ts';
import {
  batchCodeSchema,
  COUPON_DETAIL_ANCHOR,
  COUPON_PROVIDE_ANCHOR,
  COUPON_PROVIDE_RECORD_ANCHOR,
  couponNoSchema,
  couponStatusSchema,
  MAX_PROVIDE_PHONES,
} from './coupon-fields.ts';

// 发券 and the coupons issued (coupon-provide, coupon-provide-record, coupon-detail-list; docs/marketing.md "发券"):
// a batch that is 已生效 issues coupons to consumers by phone — never more than its stock, never more than its
// per-user limit, even when several people issue at once; every issue is a 发券单 with a result per phone; each coupon
// has its own 券码 and validity.

/** 发券: the phones (typed or pasted, one per line or separated by commas), each given one coupon. */
export const provideInput = z.object({
  batchCode: batchCodeSchema,
  phones: z
    .array(z.string().trim(), { error: '请输入手机号' })
    .min(1, '请输入手机号')
    .max(MAX_PROVIDE_PHONES, `一次最多发给${MAX_PROVIDE_PHONES}个手机号`)
    .superRefine((phones, ctx) => {
      const bad = phones.findIndex((p) => !PHONE_RE.test(p));
      if (bad >= 0) ctx.addIssue({ code: 'custom', message: `第${bad + 1}个手机号格式不正确：${phones[bad]}` });
    }),
  remark: optionalText('备注', 200),
});
export type ProvideInput = z.input<typeof provideInput>;

/** One phone's result. */
export const provideResultSchema = z.object({
  /** Masked. */
  phone: z.string(),
  ok: z.boolean(),
  couponNo: z.string(),
  /** Why not (已达每人限领, 库存不足…), '' when issued. */
  message: z.string(),
});

export const provideRowSchema = z.object({
  provideNo: z.string(),
  batchCode: z.string(),
  batchName: z.string(),
  /** 手工 (phones typed), 文件 (an uploaded list). */
  methodName: z.string(),
  requested: z.number(),
  issued: z.number(),
  failed: z.number(),
  remark: z.string(),
  operatorName: z.string(),
  createdAt: z.number(),
});
export type ProvideRow = z.infer<typeof provideRowSchema>;
export const provideAnswerSchema = provideRowSchema.extend({ results: z.array(provideResultSchema) });
export type ProvideAnswer = z.infer<typeof provideAnswerSchema>;

export const provideListInput = keysetInput(
  {
    batchCode: z.string().trim().max(12, '批次号不正确').optional(),
    provideNo: z.string().trim().max(12, '发券单号不正确').optional(),
    createdRange: timeRange,
  },
  ['createdAt'],
);

export const couponListInput = keysetInput(
  {
    couponNo: z.string().trim().max(16, '券码不正确').optional(),
    batchCode: z.string().trim().max(12, '批次号不正确').optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\d{11}$/, '请输入11位手机号')
      .optional(),
    status: couponStatusSchema.optional(),
    provideNo: z.string().trim().max(12, '发券单号不正确').optional(),
    receivedRange: timeRange,
  },
  ['receivedAt'],
);

export const couponRowSchema = z.object({
  couponNo: z.string(),
  batchCode: z.string(),
  batchName: z.string(),
  couponTypeName: z.string(),
  ruleText: z.string(),
  /** Masked. */
  phone: z.string(),
  status: z.number(),
  statusName: z.string(),
  validFrom: z.number(),
  validTo: z.number(),
  receivedAt: z.number(),
  usedAt: z.number().nullable(),
  /** The order it was used on ('' when none) and what it took off (cents). */
  orderNo: z.string(),
  discountAmount: z.number(),
  provideNo: z.string(),
  voidReason: z.string(),
  /** 作废 is possible now (未使用 and the role holds the page). */
  canVoid: z.boolean(),
});
export type CouponRow = z.infer<typeof couponRowSchema>;

/** 用户查询: a consumer by phone — their orders and coupons with the merchant. */
export const consumerSchema = z.object({
  phone: z.string(),
  orderCount: z.number(),
  paidAmount: z.number(),
  lastOrderAt: z.number().nullable(),
  unused: z.number(),
  used: z.number(),
  expired: z.number(),
});
export type Consumer = z.infer<typeof consumerSchema>;

export const couponOps = defineOperations(
  {
    anchor: [COUPON_DETAIL_ANCHOR, COUPON_PROVIDE_ANCHOR, COUPON_PROVIDE_RECORD_ANCHOR],
    merchantScope: 'merchant',
    targets: { batchCode: '优惠券批次', couponNo: '优惠券', provideNo: '发券单', phones: '手机号' },
  },
  {
    provide: {
      name: 'marketing.coupon.provide',
      label: '发券',
      summary: '按手机号发券：每个手机号一张，不超过批次库存与每人限领，并发发券也不超发',
      anchor: COUPON_PROVIDE_ANCHOR,
      writes: true,
      input: provideInput,
      output: provideAnswerSchema,
    },
    provideRecords: {
      name: 'marketing.coupon.provideRecords',
      label: '发券记录',
      anchor: [COUPON_PROVIDE_RECORD_ANCHOR, COUPON_PROVIDE_ANCHOR],
      input: provideListInput,
      output: keysetOf(provideRowSchema),
      exportable: true,
    },
    list: {
      name: 'marketing.coupon.coupons',
      label: '券明细',
      input: couponListInput,
      output: keysetOf(couponRowSchema),
      exportable: true,
    },
    void: {
      name: 'marketing.coupon.void',
      label: '作废优惠券',
      summary: '作废一张未使用的券：之后不能再用，不退回批次库存',
      anchor: COUPON_DETAIL_ANCHOR,
      writes: true,
      input: z.object({ couponNo: couponNoSchema, reason: requiredText('作废原因', 2, 200) }),
      output: couponRowSchema,
    },
    consumer: {
      name: 'marketing.coupon.userByPhone',
      label: '按手机号查询用户',
      input: z.object({
        phone: z.string({ error: '请输入手机号' }).trim().regex(PHONE_RE, '手机号格式不正确'),
      }),
      output: consumerSchema,
    },
  },
);
