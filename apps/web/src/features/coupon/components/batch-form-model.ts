import {
  couponRuleText,
  MAX_BATCH_STOCK,
  type CouponType,
  type GoodsScope,
  type ValidType,
} from '@merchant/contracts/marketing/coupon-fields';
import { batchCreateInput, batchShape, type BatchFields, type BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime, pickerToInstant } from '../../../shared/format/date.ts';
import { centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';

// The batch form's values (money in 元, the discount in 折, the validity as a picked range) and what they are to the
// server (the contract's BatchFields: cents, a % paid, epoch ms).

export interface BatchFormValues {
  name?: string;
  couponType: CouponType;
  /** 使用门槛（元）: 满减 (required), 折扣 (optional). */
  thresholdAmount?: number | null;
  /** 优惠金额（元）: 满减, 无门槛. */
  reduceAmount?: number | null;
  /** 折扣 in 折 (8.5 = pays 85%): 折扣. */
  discount?: number | null;
  /** 最高优惠（元）: 折扣 (optional). */
  maxDiscount?: number | null;
  validType: ValidType;
  validRange?: [Dayjs | null, Dayjs | null] | null;
  validDays?: number | null;
  totalStock?: number | null;
  perUserLimit?: number | null;
  goodsScope: GoodsScope;
  skuIds?: number[];
  cityNames?: string[];
  stackable?: boolean;
  refundReturn?: boolean;
  remark?: string;
}

/** A new batch's form. */
export const NEW_BATCH: BatchFormValues = {
  name: '',
  couponType: 'full_reduce',
  validType: 'range',
  perUserLimit: 1,
  goodsScope: 'all',
  skuIds: [],
  cityNames: [],
  stackable: false,
  refundReturn: true,
  remark: '',
};

/** An instant as the picker shows it: its wall-clock time on the business clock (pickerToInstant reads it back). */
export const instantToPicker = (ms: number): Dayjs => dayjs(formatDateTime(ms));

/** 折 as the % paid: 8.5 → 85; empty → 0 (the contract's 'none'). */
export const discountToPercent = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Math.round(Number(v) * 10));

const cents = (v: unknown) => yuanToCents(v) ?? 0;
const positiveYuan = (c: number) => (c > 0 ? centsToYuanValue(c) : undefined);
const picked = (d: Dayjs | null | undefined) => (d && d.isValid() ? pickerToInstant(d.startOf('second')) : undefined);

/** The money fields a type uses; the others sent as 0 (so an edit that changes the type leaves nothing behind). */
export function moneyOf(v: Pick<BatchFormValues, 'couponType' | 'thresholdAmount' | 'reduceAmount' | 'discount' | 'maxDiscount'>) {
  if (v.couponType === 'full_reduce')
    return { thresholdAmount: cents(v.thresholdAmount), reduceAmount: cents(v.reduceAmount), discountPercent: 0, maxDiscount: 0 };
  if (v.couponType === 'no_threshold')
    return { thresholdAmount: 0, reduceAmount: cents(v.reduceAmount), discountPercent: 0, maxDiscount: 0 };
  return {
    thresholdAmount: cents(v.thresholdAmount),
    reduceAmount: 0,
    discountPercent: discountToPercent(v.discount),
    maxDiscount: cents(v.maxDiscount),
  };
}

/** The form's values as the contract's batch fields: money in cents, 折 as %, the range as epoch ms, only what the choices use. */
export function toBatchFields(v: BatchFormValues): BatchFields {
  const validity =
    v.validType === 'range'
      ? { validFrom: picked(v.validRange?.[0]), validTo: picked(v.validRange?.[1]) }
      : { validDays: v.validDays ?? undefined };
  const out: Record<string, unknown> = {
    name: (v.name ?? '').trim(),
    couponType: v.couponType,
    ...moneyOf(v),
    validType: v.validType,
    ...validity,
    totalStock: v.totalStock ?? undefined,
    perUserLimit: v.perUserLimit ?? undefined,
    goodsScope: v.goodsScope,
    skuIds: v.goodsScope === 'skus' ? (v.skuIds ?? []) : [],
    cityNames: v.cityNames ?? [],
    stackable: !!v.stackable,
    refundReturn: v.refundReturn !== false,
    remark: (v.remark ?? '').trim(),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out as BatchFields;
}

/** A batch as the form starts from it (编辑). */
export function fromRow(r: BatchRow): BatchFormValues {
  return {
    name: r.name,
    couponType: r.couponType as CouponType,
    thresholdAmount: positiveYuan(r.thresholdAmount),
    reduceAmount: positiveYuan(r.reduceAmount),
    discount: r.discountPercent > 0 ? r.discountPercent / 10 : undefined,
    maxDiscount: positiveYuan(r.maxDiscount),
    validType: r.validType as ValidType,
    validRange: r.validFrom !== null && r.validTo !== null ? [instantToPicker(r.validFrom), instantToPicker(r.validTo)] : undefined,
    validDays: r.validDays ?? undefined,
    totalStock: r.totalStock,
    perUserLimit: r.perUserLimit,
    goodsScope: r.goodsScope as GoodsScope,
    skuIds: r.skus.map((s) => s.skuId),
    cityNames: r.cityNames,
    stackable: r.stackable,
    refundReturn: r.refundReturn,
    remark: r.remark,
  };
}

/** The form field a contract field is shown under (the range's two ends under the one picker, 折扣 under 折). */
const FORM_FIELD: Record<string, keyof BatchFormValues> = { validFrom: 'validRange', validTo: 'validRange', discountPercent: 'discount' };
export const formFieldOf = (field: string): keyof BatchFormValues | null => {
  const f = FORM_FIELD[field] ?? field;
  return f in batchShape.shape || f === 'validRange' || f === 'discount' ? (f as keyof BatchFormValues) : null;
};

/** Stand-ins for fields that fail their own rule, so the rules between fields are still checked. */
const STAND_IN: Record<string, unknown> = {
  name: '优惠券',
  totalStock: MAX_BATCH_STOCK,
  perUserLimit: 1,
  skuIds: [],
  cityNames: [],
  remark: '',
};

/**
 * The contract's rules between fields (满减's 门槛 above its 优惠, a range that ends after it starts, 每人限领 within
 * 发行总量…), as the server checks them, each with the form field it is about. A field that fails its own rule is
 * stood in for, so a missing 发行总量 does not hide what is wrong elsewhere.
 */
export function crossIssues(v: BatchFormValues): Array<{ field: keyof BatchFormValues; message: string }> {
  const p: Record<string, unknown> = { ...toBatchFields(v) };
  for (const [k, s] of Object.entries(batchShape.shape)) if (!s.safeParse(p[k]).success) p[k] = STAND_IN[k];
  const r = batchCreateInput.safeParse(p);
  if (r.success) return [];
  return r.error.issues
    .filter((i) => i.code === 'custom')
    .map((i) => ({ field: formFieldOf(String(i.path[0])), message: i.message }))
    .filter((i): i is { field: keyof BatchFormValues; message: string } => i.field !== null);
}

/** The rule in words as the form stands (规则预览), or null before its amounts are typed. */
export function previewRule(v: Pick<BatchFormValues, 'couponType' | 'thresholdAmount' | 'reduceAmount' | 'discount' | 'maxDiscount'>) {
  const m = moneyOf(v);
  const ready = v.couponType === 'discount' ? m.discountPercent > 0 : m.reduceAmount > 0;
  return ready ? couponRuleText({ couponType: v.couponType, ...m }) : null;
}
