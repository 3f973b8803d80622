/**
 * Fraction-digit truncation (spec §5, "weak"): cuts a typed number to at most `digits` decimals
 * without rounding, working on the text so no floating-point noise appears. It is lenient: it
 * keeps what can be kept of partial input ("12." stays "12.", "-" stays "-") instead of
 * rejecting it, and drops anything that is not a digit, sign or the first dot.
 */
export function truncateFractionDigits(value: string | number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'number' ? (Number.isFinite(value) ? numberToPlain(value) : '') : value.trim();
  const negative = s.startsWith('-');
  s = s.replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  let out: string;
  if (dot === -1) out = s;
  else {
    const int = s.slice(0, dot);
    const frac = s.slice(dot + 1).replace(/\./g, '');
    out = digits <= 0 ? int : `${int}.${frac.slice(0, digits)}`;
  }
  return (negative ? '-' : '') + out;
}

/** A number as plain decimal text (no exponent) for truncation. */
function numberToPlain(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** Numeric value of a truncated input, or null when nothing numeric is left. */
export function truncateToNumber(value: string | number | null | undefined, digits = 2): number | null {
  const s = truncateFractionDigits(value, digits);
  if (s === '' || s === '-' || s === '.' || s === '-.') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}
