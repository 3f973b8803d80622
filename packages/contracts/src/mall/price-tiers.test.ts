import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_TIERS, priceForQuantity, priceTiersSchema, tierText, type PriceTier } from './price-tiers.ts';

const tierArb = fc.record({ minQty: fc.integer({ min: 1, max: 2000 }), price: fc.integer({ min: 1, max: 100_000 }) });

/** Well-formed breaks: quantities strictly increasing, prices non-increasing. */
const validTiers = fc.uniqueArray(fc.integer({ min: 1, max: 2000 }), { minLength: 1, maxLength: MAX_PRICE_TIERS }).chain((qtys) =>
  fc.array(fc.integer({ min: 0, max: 500 }), { minLength: qtys.length, maxLength: qtys.length }).chain((drops) =>
    fc.integer({ min: 1000, max: 100_000 }).map((start) => {
      const sorted = [...qtys].sort((a, b) => a - b);
      let price = start;
      return sorted.map((minQty, i) => {
        if (i > 0) price = Math.max(1, price - drops[i]!);
        return { minQty, price };
      });
    }),
  ),
);

describe('price tiers', () => {
  it('accepts exactly the lists whose quantities rise strictly and prices never rise (1..5 breaks)', () => {
    fc.assert(
      fc.property(fc.array(tierArb, { minLength: 0, maxLength: 7 }), (tiers) => {
        const ok =
          tiers.length >= 1 &&
          tiers.length <= MAX_PRICE_TIERS &&
          tiers.every((t, i) => i === 0 || (t.minQty > tiers[i - 1]!.minQty && t.price <= tiers[i - 1]!.price));
        expect(priceTiersSchema.safeParse(tiers).success).toBe(ok);
      }),
    );
  });

  it('resolves the price for a quantity: null below the MOQ, never more for more, the break price at each break', () => {
    fc.assert(
      fc.property(validTiers, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), (tiers, a, b) => {
        expect(priceTiersSchema.safeParse(tiers).success).toBe(true);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const pLo = priceForQuantity(tiers, lo);
        const pHi = priceForQuantity(tiers, hi);
        if (lo < tiers[0]!.minQty) expect(pLo).toBeNull();
        if (pLo !== null) expect(pHi).not.toBeNull();
        if (pLo !== null && pHi !== null) expect(pHi).toBeLessThanOrEqual(pLo);
        for (const t of tiers) expect(priceForQuantity(tiers, t.minQty)).toBe(t.price);
      }),
    );
  });

  it('names the break and the field in its messages', () => {
    const bad: PriceTier[] = [
      { minQty: 10, price: 4800 },
      { minQty: 10, price: 5000 },
    ];
    const r = priceTiersSchema.safeParse(bad);
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(messages).toContain('1.minQty:第2档起批数量须大于第1档（10）');
    expect(messages).toContain('1.price:第2档批发价不能高于第1档（48.00元）');
    expect(priceTiersSchema.safeParse([]).error!.issues[0]!.message).toBe('请至少填写一档批发价');
    expect(
      tierText(
        [
          { minQty: 1, price: 4800 },
          { minQty: 10, price: 4500 },
        ],
        '箱',
      ),
    ).toBe('1-9箱 ¥48.00；10箱起 ¥45.00');
  });
});
