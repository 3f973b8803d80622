import { describe, expect, it } from 'vitest';
import { formatSalesCount } from './sales.ts';

describe('formatSalesCount (热销商品 销量)', () => {
  it('keeps counts below 10,000 whole, with separators', () => {
    expect(formatSalesCount(0)).toBe('0');
    expect(formatSalesCount(856)).toBe('856');
    expect(formatSalesCount(9999)).toBe('9,999');
  });
  it('shows 10,000 and more in 万 with one decimal', () => {
    expect(formatSalesCount(10000)).toBe('1万');
    expect(formatSalesCount(123456)).toBe('12.3万');
    expect(formatSalesCount(125000)).toBe('12.5万');
    expect(formatSalesCount(99_960)).toBe('10万');
    expect(formatSalesCount(12_345_678)).toBe('1234.6万');
  });
  it('says -- when there is no number', () => {
    expect(formatSalesCount(undefined)).toBe('--');
    expect(formatSalesCount(null)).toBe('--');
    expect(formatSalesCount(Number.NaN)).toBe('--');
  });
});
