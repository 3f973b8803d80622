// 用券 (docs/marketing.md "用券"): which of a consumer's coupons an order takes and what each takes off — one pure
// function, checked against a brute-force reference by a property test. Money in cents.
//
// The rules:
// - A coupon applies to the lines in its scope (every line, or its listed SKUs); its threshold is checked against
//   those lines' amount. 满减 / 无门槛 take their amount off (at most the lines' amount); 折扣 takes
//   floor(amount × (100 − percent) / 100) off, at most its cap when it has one.
// - An order takes either one coupon, or up to STACK_MAX coupons that are all 可叠加, no two of the same batch.
// - Together they never take more than the goods less PAY_FLOOR: a payment is at least 0.01 元.
// - Among the allowed sets, the order takes the one that takes the most off; ties: fewer coupons, then the coupons
//   that end sooner (so a consumer's soonest-expiring coupons are spent first), then the codes.

export const STACK_MAX = 3;
/** What an order with a coupon still pays at least (cents). */
export const PAY_FLOOR = 1;

export interface PricedLine {
  skuId: number;
  /** The line's amount after the price resolver (cents). */
  amount: number;
}

export interface UsableCoupon {
  couponNo: string;
  batchId: number;
  couponType: 'full_reduce' | 'discount' | 'no_threshold';
  thresholdAmount: number;
  reduceAmount: number;
  discountPercent: number;
  maxDiscount: number;
  /** Empty: every SKU. */
  skuIds: readonly number[];
  stackable: boolean;
  validTo: number;
}

export interface CouponUse {
  couponNo: string;
  /** What it takes off (cents). */
  discount: number;
}

/** What one coupon alone takes off the lines (0 when the lines miss its threshold or scope). */
export function couponValue(c: UsableCoupon, lines: readonly PricedLine[]): number {
  const scoped = c.skuIds.length ? lines.filter((l) => c.skuIds.includes(l.skuId)) : lines;
  const base = scoped.reduce((s, l) => s + Math.max(0, l.amount), 0);
  if (base <= 0) return 0;
  if (c.couponType === 'full_reduce') return base >= c.thresholdAmount ? Math.min(c.reduceAmount, base) : 0;
  if (c.couponType === 'no_threshold') return Math.min(c.reduceAmount, base);
  if (c.thresholdAmount > 0 && base < c.thresholdAmount) return 0;
  const off = Math.floor((base * (100 - c.discountPercent)) / 100);
  return c.maxDiscount > 0 ? Math.min(off, c.maxDiscount) : off;
}

/** A set's uses: each coupon's value, the total cut to goods − PAY_FLOOR (the last ones give way first). */
function usesOf(set: readonly UsableCoupon[], lines: readonly PricedLine[], goods: number): CouponUse[] {
  let room = Math.max(0, goods - PAY_FLOOR);
  return set.map((c) => {
    const discount = Math.min(room, couponValue(c, lines));
    room -= discount;
    return { couponNo: c.couponNo, discount };
  });
}

const totalOf = (uses: readonly CouponUse[]) => uses.reduce((s, u) => s + u.discount, 0);

/** Whether an order may take these coupons together. */
export function allowedTogether(set: readonly UsableCoupon[]): boolean {
  if (set.length <= 1) return true;
  if (set.length > STACK_MAX || set.some((c) => !c.stackable)) return false;
  return new Set(set.map((c) => c.batchId)).size === set.length;
}

const byEndThenCode = (a: UsableCoupon, b: UsableCoupon) => a.validTo - b.validTo || a.couponNo.localeCompare(b.couponNo);

/** Compares two candidate sets: more off wins; then fewer coupons; then the sooner-ending, then the codes. */
function better(a: { set: UsableCoupon[]; total: number }, b: { set: UsableCoupon[]; total: number }): boolean {
  if (a.total !== b.total) return a.total > b.total;
  if (a.set.length !== b.set.length) return a.set.length < b.set.length;
  const ka = a.set.map((c) => `${String(c.validTo).padStart(16, '0')}|${c.couponNo}`).join(',');
  const kb = b.set.map((c) => `${String(c.validTo).padStart(16, '0')}|${c.couponNo}`).join(',');
  return ka < kb;
}

/**
 * The coupons an order takes among `coupons` (all usable by the consumer now) and what each takes off; [] when none
 * applies. Only coupons that take something off are considered; a set is tried in end-then-code order.
 */
export function chooseCoupons(lines: readonly PricedLine[], coupons: readonly UsableCoupon[]): CouponUse[] {
  const goods = lines.reduce((s, l) => s + Math.max(0, l.amount), 0);
  if (goods <= PAY_FLOOR) return [];
  const useful = coupons.filter((c) => couponValue(c, lines) > 0).sort(byEndThenCode);
  let best: { set: UsableCoupon[]; total: number; uses: CouponUse[] } | null = null;
  const consider = (set: UsableCoupon[]) => {
    const uses = usesOf(set, lines, goods);
    const cand = { set, total: totalOf(uses), uses };
    if (cand.total > 0 && (!best || better(cand, best))) best = cand;
  };
  // one coupon alone
  for (const c of useful) consider([c]);
  // stackable ones: per batch the most valuable, then the best STACK_MAX of those, and every smaller prefix
  const perBatch = new Map<number, UsableCoupon>();
  for (const c of useful.filter((x) => x.stackable)) {
    const had = perBatch.get(c.batchId);
    if (!had || couponValue(c, lines) > couponValue(had, lines)) perBatch.set(c.batchId, c);
  }
  const ranked = [...perBatch.values()].sort((a, b) => couponValue(b, lines) - couponValue(a, lines) || byEndThenCode(a, b));
  for (let k = 2; k <= Math.min(STACK_MAX, ranked.length); k++) consider(ranked.slice(0, k).sort(byEndThenCode));
  return (best as { uses: CouponUse[] } | null)?.uses.filter((u) => u.discount > 0) ?? [];
}
