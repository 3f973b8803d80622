import { z } from 'zod';
import { optionalText, requiredText } from '../core/fields.ts';
import { historyEntrySchema, historyInput, versionField } from '../core/history.ts';
import { defineOperations } from '../core/operation.ts';
import { listInput, pagedOf, timeRange } from '../core/paging.ts';
import {
  BATCH_ACTIONS,
  batchCodeSchema,
  batchStatusSchema,
  COUPON_BATCH_ANCHOR,
  COUPON_BATCH_REVIEW_ANCHOR,
  COUPON_DETAIL_ANCHOR,
  COUPON_PROVIDE_ANCHOR,
  COUPON_PROVIDE_RECORD_ANCHOR,
  couponTypeSchema,
  goodsScopeSchema,
  MAX_BATCH_STOCK,
  MAX_PER_USER,
  MAX_SCOPE_CITIES,
  MAX_SCOPE_SKUS,
  MAX_VALID_DAYS,
  validTypeSchema,
} from './coupon-fields.ts';

// 优惠券批次 (coupon-batch-list, coupon-apply/:handleType/:groupCode?/:subCode?; docs/marketing.md "优惠券"): a batch
// is a coupon template — 满减 / 折扣 / 无门槛, its validity (a fixed range or N days from receipt), its stock and
// per-user limit, the goods and cities it applies to, whether it stacks — reviewed before anything is issued from it.

const count = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
      .int(`${label}必须是整数`)
      .min(1, `${label}至少为1`)
      .max(max, `${label}不能超过${max}`),
  );
const optionalCents = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label}必须是数字` })
      .int(`${label}须精确到分`)
      .min(0, `${label}不能为负数`)
      .max(1_000_000_000, `${label}过大`),
  );

/** What a batch says (create and edit): each field's own rule (the forms take them one by one). */
export const batchShape = z.object({
  name: requiredText('批次名称', 2, 40),
  couponType: couponTypeSchema,
  /** 满减: 满 (cents); 折扣: an optional floor (0: none); 无门槛: 0. */
  thresholdAmount: optionalCents('使用门槛'),
  /** 满减 / 无门槛: 减 (cents). */
  reduceAmount: optionalCents('优惠金额'),
  /** 折扣: what is paid, in % (85 = 8.5折). */
  discountPercent: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
    z.number({ error: '折扣必须是数字' }).int('折扣须为整数百分比').min(0, '折扣不正确').max(99, '折扣不能高于9.9折'),
  ),
  /** 折扣: the most it takes off (cents; 0: no cap). */
  maxDiscount: optionalCents('最高优惠'),
  validType: validTypeSchema,
  validFrom: z.number({ error: '请选择生效时间' }).int().nonnegative().optional(),
  validTo: z.number({ error: '请选择失效时间' }).int().nonnegative().optional(),
  validDays: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: '有效天数必须是数字' })
      .int('有效天数必须是整数')
      .min(1, '有效天数至少为1')
      .max(MAX_VALID_DAYS, `有效天数不能超过${MAX_VALID_DAYS}`)
      .optional(),
  ),
  totalStock: count('发行总量', MAX_BATCH_STOCK),
  perUserLimit: count('每人限领', MAX_PER_USER),
  goodsScope: goodsScopeSchema,
  skuIds: z
    .array(z.coerce.number().int().positive(), { error: '适用商品格式不正确' })
    .max(MAX_SCOPE_SKUS, `指定商品不能超过${MAX_SCOPE_SKUS}个`)
    .default([]),
  /** The cities whose cabinets and stores take it (empty: everywhere). */
  cityNames: z
    .array(z.string().trim().min(2, '城市不正确').max(20, '城市不正确'), { error: '适用城市格式不正确' })
    .max(MAX_SCOPE_CITIES, `适用城市不能超过${MAX_SCOPE_CITIES}个`)
    .default([]),
  stackable: z.boolean({ error: '可叠加只能是是或否' }).default(false),
  /** A full refund gives the coupon back (while it is still valid). */
  refundReturn: z.boolean({ error: '退款退券只能是是或否' }).default(true),
  remark: optionalText('备注', 200),
});

/** The rules between fields, each naming the field it faults. */
function batchRules(b: z.output<typeof batchShape>, ctx: z.RefinementCtx) {
  const bad = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (b.couponType === 'full_reduce') {
    if (b.thresholdAmount <= 0) bad('thresholdAmount', '请输入使用门槛');
    if (b.reduceAmount <= 0) bad('reduceAmount', '请输入优惠金额');
    else if (b.thresholdAmount > 0 && b.reduceAmount >= b.thresholdAmount) bad('reduceAmount', '优惠金额须小于使用门槛');
  } else if (b.couponType === 'no_threshold') {
    if (b.reduceAmount <= 0) bad('reduceAmount', '请输入优惠金额');
    if (b.thresholdAmount > 0) bad('thresholdAmount', '无门槛券不设使用门槛');
  } else {
    if (b.discountPercent < 10) bad('discountPercent', '折扣须在1折到9.9折之间');
    if (b.reduceAmount > 0) bad('reduceAmount', '折扣券不设优惠金额');
  }
  if (b.validType === 'range') {
    if (b.validFrom === undefined) bad('validFrom', '请选择生效时间');
    if (b.validTo === undefined) bad('validTo', '请选择失效时间');
    else if (b.validFrom !== undefined && b.validTo <= b.validFrom) bad('validTo', '失效时间须晚于生效时间');
  } else if (b.validDays === undefined) bad('validDays', '请输入有效天数');
  if (b.goodsScope === 'skus' && b.skuIds.length === 0) bad('skuIds', '请选择适用商品');
  if (b.perUserLimit > b.totalStock) bad('perUserLimit', '每人限领不能超过发行总量');
}

const byCode = { batchCode: batchCodeSchema };
export const batchCreateInput = batchShape.superRefine(batchRules);
export type BatchFields = z.input<typeof batchCreateInput>;
export const batchUpdateInput = batchShape.extend({ ...byCode, version: versionField }).superRefine(batchRules);
export const batchStepInput = z.object({ ...byCode, version: versionField, remark: optionalText('审核意见', 200) });
export const batchReasonInput = z.object({ ...byCode, version: versionField, reason: requiredText('原因', 2, 200) });
export const batchByCodeInput = z.object(byCode);

export const batchListInput = listInput(
  {
    /** 批次号 or 名称. */
    keyword: z.string().trim().max(40, '关键字不能超过40个字').optional(),
    couponType: couponTypeSchema.optional(),
    status: batchStatusSchema.optional(),
    createdRange: timeRange,
  },
  ['createdAt', 'issuedCount', 'totalStock'],
);

export const batchSkuSchema = z.object({ skuId: z.number(), skuCode: z.string(), name: z.string() });

export const batchRowSchema = z.object({
  batchCode: z.string(),
  name: z.string(),
  couponType: z.string(),
  couponTypeName: z.string(),
  /** 满100.00减20.00, 8.5折（最多减10.00）… */
  ruleText: z.string(),
  thresholdAmount: z.number(),
  reduceAmount: z.number(),
  discountPercent: z.number(),
  maxDiscount: z.number(),
  validType: z.string(),
  validFrom: z.number().nullable(),
  validTo: z.number().nullable(),
  validDays: z.number().nullable(),
  /** 2026-11-01 至 2026-11-30, or 领取后7天内有效. */
  validText: z.string(),
  totalStock: z.number(),
  issuedCount: z.number(),
  usedCount: z.number(),
  perUserLimit: z.number(),
  goodsScope: z.string(),
  skus: z.array(batchSkuSchema),
  cityNames: z.array(z.string()),
  stackable: z.boolean(),
  refundReturn: z.boolean(),
  status: z.number(),
  statusName: z.string(),
  remark: z.string(),
  rejectReason: z.string(),
  creatorName: z.string(),
  reviewerName: z.string(),
  createdAt: z.number(),
  reviewedAt: z.number().nullable(),
  /** What this session may do now (the state allows it and the role holds the permission). */
  actions: z.array(z.enum(BATCH_ACTIONS)),
  version: z.number(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

/** A batch one may issue now (已生效, stock left), for 发券. */
export const batchOptionSchema = z.object({
  batchCode: z.string(),
  name: z.string(),
  ruleText: z.string(),
  validText: z.string(),
  left: z.number(),
  perUserLimit: z.number(),
});
export type BatchOption = z.infer<typeof batchOptionSchema>;

export const couponBatchOps = defineOperations(
  {
    anchor: COUPON_BATCH_ANCHOR,
    merchantScope: 'merchant',
    targets: { batchCode: '优惠券批次', skuIds: '适用商品', cityNames: '适用城市' },
  },
  {
    list: {
      name: 'marketing.coupon.list',
      label: '优惠券批次列表',
      input: batchListInput,
      output: pagedOf(batchRowSchema),
      exportable: true,
    },
    detail: {
      name: 'marketing.coupon.detail',
      label: '优惠券批次详情',
      anchor: [COUPON_BATCH_ANCHOR, COUPON_PROVIDE_ANCHOR, COUPON_PROVIDE_RECORD_ANCHOR, COUPON_DETAIL_ANCHOR],
      input: batchByCodeInput,
      output: batchRowSchema,
    },
    history: {
      name: 'marketing.coupon.history',
      label: '优惠券批次日志',
      input: historyInput(byCode),
      output: pagedOf(historyEntrySchema),
    },
    create: {
      name: 'marketing.coupon.add',
      label: '新增优惠券批次',
      summary: '保存为草稿；提交审核、通过后才能发券',
      writes: true,
      input: batchCreateInput,
      output: batchRowSchema,
    },
    update: {
      name: 'marketing.coupon.update',
      label: '编辑优惠券批次',
      summary: '草稿或已驳回的批次可编辑',
      writes: true,
      input: batchUpdateInput,
      output: batchRowSchema,
    },
    submit: {
      name: 'marketing.coupon.submit',
      label: '提交优惠券批次审核',
      writes: true,
      input: batchStepInput,
      output: batchRowSchema,
    },
    approve: {
      name: 'marketing.coupon.approve',
      label: '优惠券批次审核通过',
      anchor: COUPON_BATCH_REVIEW_ANCHOR,
      writes: true,
      input: batchStepInput,
      output: batchRowSchema,
    },
    reject: {
      name: 'marketing.coupon.reject',
      label: '驳回优惠券批次',
      anchor: COUPON_BATCH_REVIEW_ANCHOR,
      writes: true,
      input: batchReasonInput,
      output: batchRowSchema,
    },
    disable: {
      name: 'marketing.coupon.statusChange',
      label: '停用优惠券批次',
      summary: '停用后不能再发券；已发出的券照常可用',
      writes: true,
      input: batchReasonInput,
      output: batchRowSchema,
    },
    enable: {
      name: 'marketing.coupon.enable',
      label: '启用优惠券批次',
      writes: true,
      input: batchStepInput,
      output: batchRowSchema,
    },
    remove: {
      name: 'marketing.coupon.delete',
      label: '删除优惠券批次',
      summary: '只能删除从未发券的草稿、已驳回或已停用批次',
      writes: true,
      input: z.object({ ...byCode, version: versionField }),
      output: z.null(),
    },
    skuOptions: {
      name: 'marketing.coupon.skuOptions',
      label: '可选适用商品',
      summary: '本商户的SKU（编码、名称或条码搜索，最多50个）',
      input: z.object({ keyword: z.string().trim().max(40, '关键字不能超过40个字').optional() }),
      output: z.array(batchSkuSchema),
    },
    cityOptions: {
      name: 'marketing.coupon.cityOptions',
      label: '可选适用城市',
      summary: '本商户点位与门店所在的城市',
      input: z.object({}),
      output: z.array(z.string()),
    },
    options: {
      name: 'marketing.coupon.options',
      label: '可发券的批次',
      anchor: [COUPON_PROVIDE_ANCHOR, COUPON_BATCH_ANCHOR],
      input: z.object({ keyword: z.string().trim().max(40).optional() }),
      output: z.array(batchOptionSchema),
    },
  },
);
