import { formatWan } from './money.ts';

/**
 * A sales count (销量, pieces sold) for a list cell: below 10,000 as the whole number with thousands separators
 * ("9,999"); from 10,000 on in 万 with one decimal, trailing zero dropped ("12.3万", "1万"); absent "--".
 */
export function formatSalesCount(n: number | null | undefined): string {
  return formatWan(n, 1);
}
