import { z } from 'zod';
import { priceCentsSchema } from '../goods/goods-fields.ts';

// Tiered wholesale prices of a mall SKU (批发阶梯价): quantity breaks, each break's price at most the previous.
// One schema for the form and the server; the resolver answers "the price for quantity q".

export const MAX_PRICE_TIERS = 5;
export const MAX_TIER_QUANTITY = 999_999;

export const priceTierSchema = z.object({
  /** The least quantity (in the SPU's sale unit, e.g. 箱) this break applies from. */
  minQty: z.coerce
    .number({ error: '请输入起批数量' })
    .int('起批数量须为整数')
    .min(1, '起批数量至少为1')
    .max(MAX_TIER_QUANTITY, `起批数量不能超过${MAX_TIER_QUANTITY}`),
  /** 分 per sale unit. */
  price: priceCentsSchema('批发价', { min: 1 }),
});
export type PriceTier = z.infer<typeof priceTierSchema>;

/**
 * The breaks of one SKU, 1..5: the first break's quantity is the SKU's minimum order quantity (起批量); each
 * next break's quantity is strictly larger, its price at most the previous one (buying more never costs more
 * per unit). Messages name the break (第N档) and the field.
 */
export const priceTiersSchema = z
  .array(priceTierSchema, { error: '请填写批发价' })
  .min(1, '请至少填写一档批发价')
  .max(MAX_PRICE_TIERS, `批发价最多${MAX_PRICE_TIERS}档`)
  .superRefine((tiers, ctx) => {
    for (const problem of tierProblems(tiers)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

/** What is wrong with a list of breaks (well-formed numbers assumed): empty when the rule holds. */
export function tierProblems(tiers: readonly PriceTier[]): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  for (let i = 1; i < tiers.length; i++) {
    const prev = tiers[i - 1]!;
    const cur = tiers[i]!;
    if (cur.minQty <= prev.minQty) out.push({ path: [i, 'minQty'], message: `第${i + 1}档起批数量须大于第${i}档（${prev.minQty}）` });
    if (cur.price > prev.price)
      out.push({ path: [i, 'price'], message: `第${i + 1}档批发价不能高于第${i}档（${(prev.price / 100).toFixed(2)}元）` });
  }
  return out;
}

/** The minimum order quantity: the first break's quantity. */
export const moqOf = (tiers: readonly PriceTier[]) => tiers[0]?.minQty ?? 1;

/**
 * The unit price (分) for buying `qty` units: the price of the last break whose quantity is at most `qty`;
 * `null` below the minimum order quantity (not sold in that quantity).
 */
export function priceForQuantity(tiers: readonly PriceTier[], qty: number): number | null {
  let price: number | null = null;
  for (const t of tiers) {
    if (t.minQty <= qty) price = t.price;
    else break;
  }
  return price;
}

/** 1-9箱 ¥48.00；10箱起 ¥45.00 — how the breaks read in lists, history and the PDF. */
export function tierText(tiers: readonly PriceTier[], unit = ''): string {
  return tiers
    .map((t, i) => {
      const next = tiers[i + 1];
      const range =
        next && next.minQty - 1 > t.minQty ? `${t.minQty}-${next.minQty - 1}${unit}` : next ? `${t.minQty}${unit}` : `${t.minQty}${unit}起`;
      return `${range} ¥${(t.price / 100).toFixed(2)}`;
    })
    .join('；');
}
