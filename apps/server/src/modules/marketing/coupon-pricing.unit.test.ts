import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedTogether, chooseCoupons, couponValue, PAY_FLOOR, STACK_MAX, type PricedLine, type UsableCoupon } from './coupon-pricing.ts';

// 用券 against a brute-force reference: for random carts and coupons the discount is never negative, never more than
// the cart less 0.01 元, only allowed sets are taken, and the total is the best any allowed set gives.

const lineArb = fc.record({ skuId: fc.integer({ min: 1, max: 6 }), amount: fc.integer({ min: 0, max: 20_000 }) });
const couponArb = (n: number) =>
  fc
    .record({
      batchId: fc.integer({ min: 1, max: 4 }),
      couponType: fc.constantFrom('full_reduce' as const, 'discount' as const, 'no_threshold' as const),
      thresholdAmount: fc.integer({ min: 0, max: 30_000 }),
      reduceAmount: fc.integer({ min: 1, max: 10_000 }),
      discountPercent: fc.integer({ min: 10, max: 99 }),
      maxDiscount: fc.integer({ min: 0, max: 3_000 }),
      skuIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
      stackable: fc.boolean(),
      validTo: fc.integer({ min: 1, max: 10 }),
    })
    .map((c): UsableCoupon => ({ ...c, couponNo: `CP${String(n).padStart(14, '0')}` }));

/** Every allowed subset (size 1 … STACK_MAX), its total capped at goods − PAY_FLOOR. */
function bruteBest(lines: PricedLine[], coupons: UsableCoupon[]): number {
  const goods = lines.reduce((s, l) => s + l.amount, 0);
  const cap = Math.max(0, goods - PAY_FLOOR);
  let best = 0;
  const walk = (from: number, set: UsableCoupon[]) => {
    if (set.length && allowedTogether(set))
      best = Math.max(
        best,
        Math.min(
          cap,
          set.reduce((s, c) => s + couponValue(c, lines), 0),
        ),
      );
    if (set.length === STACK_MAX) return;
    for (let i = from; i < coupons.length; i++) walk(i + 1, [...set, coupons[i]]);
  };
  walk(0, []);
  return goods <= PAY_FLOOR ? 0 : best;
}

describe('chooseCoupons', () => {
  it('takes the most any allowed set takes, never below 0, never past the cart less 0.01 元', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 7 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => couponArb(i)))),
        (lines, coupons) => {
          const uses = chooseCoupons(lines, coupons);
          const goods = lines.reduce((s, l) => s + l.amount, 0);
          const total = uses.reduce((s, u) => s + u.discount, 0);
          for (const u of uses) expect(u.discount).toBeGreaterThan(0);
          expect(total).toBeLessThanOrEqual(Math.max(0, goods - PAY_FLOOR));
          const taken = uses.map((u) => coupons.find((c) => c.couponNo === u.couponNo)!);
          expect(allowedTogether(taken)).toBe(true);
          expect(total).toBe(bruteBest(lines, coupons));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  const c = (over: Partial<UsableCoupon>): UsableCoupon => ({
    couponNo: 'CP00000000000001',
    batchId: 1,
    couponType: 'full_reduce',
    thresholdAmount: 3_000,
    reduceAmount: 500,
    discountPercent: 0,
    maxDiscount: 0,
    skuIds: [],
    stackable: false,
    validTo: 10,
    ...over,
  });

  it('values each type by its rule and scope', () => {
    const lines = [
      { skuId: 1, amount: 2_000 },
      { skuId: 2, amount: 1_500 },
    ];
    expect(couponValue(c({}), lines)).toBe(500);
    expect(couponValue(c({ thresholdAmount: 4_000 }), lines)).toBe(0);
    // scoped to SKU 2 only: 15.00 misses 满30
    expect(couponValue(c({ skuIds: [2] }), lines)).toBe(0);
    expect(couponValue(c({ couponType: 'no_threshold', thresholdAmount: 0, reduceAmount: 9_999 }), lines)).toBe(3_500);
    expect(couponValue(c({ couponType: 'discount', thresholdAmount: 0, discountPercent: 85 }), lines)).toBe(525);
    expect(couponValue(c({ couponType: 'discount', thresholdAmount: 0, discountPercent: 85, maxDiscount: 300 }), lines)).toBe(300);
  });

  it('one non-stackable coupon, or up to three stackable ones of different batches; the sooner-ending on a tie', () => {
    const lines = [{ skuId: 1, amount: 10_000 }];
    const a = c({ couponNo: 'CPA', batchId: 1, reduceAmount: 800, stackable: false, validTo: 9 });
    const b = c({ couponNo: 'CPB', batchId: 2, reduceAmount: 500, stackable: true, validTo: 5 });
    const d = c({ couponNo: 'CPD', batchId: 3, reduceAmount: 400, stackable: true, validTo: 7 });
    const e = c({ couponNo: 'CPE', batchId: 3, reduceAmount: 400, stackable: true, validTo: 3 });
    // B + D (or E, same batch: the sooner-ending E) = 9.00 beats A alone (8.00)
    expect(chooseCoupons(lines, [a, b, d, e])).toEqual([
      { couponNo: 'CPE', discount: 400 },
      { couponNo: 'CPB', discount: 500 },
    ]);
    // two equal single coupons: the one that ends sooner
    expect(chooseCoupons(lines, [c({ couponNo: 'CPX', validTo: 8 }), c({ couponNo: 'CPY', validTo: 2 })])).toEqual([
      { couponNo: 'CPY', discount: 500 },
    ]);
    // 无门槛 10.00 on a 6.00 cart: the consumer still pays 0.01
    expect(
      chooseCoupons([{ skuId: 1, amount: 600 }], [c({ couponType: 'no_threshold', thresholdAmount: 0, reduceAmount: 1_000 })]),
    ).toEqual([{ couponNo: 'CP00000000000001', discount: 599 }]);
    expect(chooseCoupons([{ skuId: 1, amount: 1 }], [c({ couponType: 'no_threshold', thresholdAmount: 0 })])).toEqual([]);
  });
});
