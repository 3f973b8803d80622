import type { ParseableSchema } from '../../../shared/ui/zod-rule.ts';

// Amounts typed in 元 (申请提现, 冻结资金) and sent in cents: the contract's cents schema (amountField) checks them, so a
// person reads the same Chinese message the server would answer.

/**
 * 元 as typed to cents, exactly: 12.5 → 1250, '0.29' → 29. More than two decimals stays a fraction of a cent (1.234 →
 * 123.4), which the cents schema refuses (…须精确到分) instead of rounding it away; text that is not a number gives
 * NaN (…必须是数字); an empty field gives undefined.
 */
export function yuanToCentsExact(yuan: unknown): number | undefined {
  if (yuan === null || yuan === undefined || (typeof yuan === 'string' && yuan.trim() === '')) return undefined;
  const cents = Number(yuan) * 100;
  if (!Number.isFinite(cents)) return Number.NaN;
  const whole = Math.round(cents);
  // ×100 of a two-decimal number is off by far less than this; a third decimal is off by at least 0.1
  return Math.abs(cents - whole) < 1e-6 ? whole : cents;
}

/**
 * A 元 field's rule source from the cents schema the server checks (amountField): the typed amount is checked in
 * cents, and an empty field is sent as absent, which the contract itself answers with 请输入<label>.
 */
export function yuanAmountSchema(cents: ParseableSchema): ParseableSchema {
  return { safeParse: (v: unknown) => cents.safeParse(yuanToCentsExact(v)) };
}
