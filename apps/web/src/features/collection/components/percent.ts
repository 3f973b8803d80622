import type { ParseableSchema } from '../../../shared/ui/zod-rule.ts';

// Rates are basis points on the wire (万分之一: 60 → 0.60 %) and percentages with two decimals in the forms: the
// contract's basis-points schema (basisPointsField) checks what is typed, so a person reads the server's own message.

const WHOLE = 10_000;

/** Basis points as a percentage with two decimals: 60 → '0.60%', 3000 → '30.00%'; '--' when there is none. */
export function bpPercent(bp: unknown): string {
  if (typeof bp !== 'number' || !Number.isFinite(bp)) return '--';
  const bps = Math.round(bp);
  const sign = bps < 0 ? '-' : '';
  const abs = Math.abs(bps);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
}

/** Basis points as the number a % input starts with: 2500 → 25, 60 → 0.6. */
export const bpToPercentValue = (bp: number): number => Math.round(bp) / 100;

/**
 * A percentage as typed to basis points, exactly: '0.6' → 60, 25 → 2500. A third decimal stays a fraction of a basis
 * point (0.605 → 60.5), which the schema refuses (…须精确到0.01%) instead of rounding it away; text that is not a number
 * gives NaN (…必须是数字); an empty field gives undefined.
 */
export function percentToBp(percent: unknown): number | undefined {
  if (percent === null || percent === undefined || (typeof percent === 'string' && percent.trim() === '')) return undefined;
  const bp = Number(typeof percent === 'string' ? percent.trim().replace(/%$/, '') : percent) * 100;
  if (!Number.isFinite(bp)) return Number.NaN;
  const whole = Math.round(bp);
  return Math.abs(bp - whole) < 1e-6 ? whole : bp;
}

/**
 * A % field's rule source from the basis-points schema the server checks: an empty field reads 请输入<label> (the
 * contract's basisPointsField would take it for 0), anything typed is checked in basis points.
 */
export function percentSchema(bp: ParseableSchema, label: string): ParseableSchema {
  return {
    safeParse: (v: unknown) => {
      const value = percentToBp(v);
      if (value === undefined) return { success: false, error: { issues: [{ message: `请输入${label}` }] } };
      return bp.safeParse(value);
    },
  };
}

/** What is left to the merchant of a sale after the owner's and the point's shares and the platform fee (basis points). */
export const merchantBp = (ownerBp: number, pointBp: number, feeBp: number): number => WHOLE - ownerBp - pointBp - feeBp;
