const WAN = 10_000;

function groupThousands(intText: string): string {
  return intText.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Cents (integer 分, spec §9 / DESIGN §5) to 元 text with two decimals, computed on integers so
 * no floating-point error shows: 123456 -> "1,234.56".
 */
export function centsToYuan(cents: number | null | undefined, opts: { grouping?: boolean } = {}): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '--';
  const c = Math.round(cents);
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  const int = String(Math.floor(abs / 100));
  const frac = String(abs % 100).padStart(2, '0');
  return `${sign}${opts.grouping === false ? int : groupThousands(int)}.${frac}`;
}

/**
 * 元 as typed in a form (a number or its text) to integer cents, or undefined when the field is empty:
 * 12.5 -> 1250, '0.1' -> 10. Amounts with at most two decimals convert exactly (the float error of ×100 is far
 * below half a cent); text that is not a number gives NaN, which the cents schema then refuses.
 */
export function yuanToCents(yuan: unknown): number | undefined {
  if (yuan === null || yuan === undefined || (typeof yuan === 'string' && yuan.trim() === '')) return undefined;
  return Math.round(Number(yuan) * 100);
}

/**
 * Cents to 元 as a number, for a form's 元 input (InputNumber): 1250 -> 12.5; absent stays absent. (For display use
 * centsToYuan / formatMoney, which give text with two decimals.)
 */
export function centsToYuanValue(cents: number | null | undefined): number | undefined {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return undefined;
  return Math.round(cents) / 100;
}

/**
 * Money in 元 for display: amounts of 10,000 元 or more are shown in 万 (spec §9), e.g.
 * 123456789 分 -> "123.46万"; smaller amounts as "9,999.99".
 */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '--';
  const c = Math.round(cents);
  if (Math.abs(c) >= WAN * 100) {
    // 万 with two decimals = cents / 1,000,000, rounded half away from zero on integers.
    const hundredthsOfWan = Math.sign(c) * Math.round(Math.abs(c) / 10_000);
    return `${centsToYuan(hundredthsOfWan)}万`;
  }
  return centsToYuan(c);
}

/** Same with the currency sign: "¥1,234.56", "¥12.35万". */
export function formatMoneyWithSign(cents: number | null | undefined): string {
  const s = formatMoney(cents);
  if (s === '--') return s;
  return s.startsWith('-') ? `-¥${s.slice(1)}` : `¥${s}`;
}

/** Plain quantities (orders, visitors): 10,000 or more in 万 with up to `digits` decimals. */
export function formatWan(n: number | null | undefined, digits = 2): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '--';
  if (Math.abs(n) < WAN) return groupThousands(String(Math.trunc(n))) + fractionOf(n);
  const scaled = (Math.sign(n) * Math.round((Math.abs(n) / WAN) * 10 ** digits)) / 10 ** digits;
  return `${scaled.toFixed(digits).replace(/\.?0+$/, '')}万`;
}

function fractionOf(n: number): string {
  if (Number.isInteger(n)) return '';
  const s = Math.abs(n).toFixed(2).split('.')[1].replace(/0+$/, '');
  return s ? `.${s}` : '';
}

/**
 * Percent (spec §9): a ratio (0.1234) as "12.34%"; exactly zero reads 持平 (unchanged).
 * With `signed`, growth shows a plus sign: "+12.34%".
 */
export function formatPercent(ratio: number | null | undefined, opts: { digits?: number; signed?: boolean } = {}): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '--';
  const digits = opts.digits ?? 2;
  const pct = Math.round(ratio * 100 * 10 ** digits) / 10 ** digits;
  if (pct === 0) return '持平';
  const sign = opts.signed && pct > 0 ? '+' : '';
  return `${sign}${pct.toFixed(digits)}%`;
}
