import { describe, expect, it } from 'vitest';
import { bpPercent, yuan } from './settlement-parts.tsx';

describe('split money and rates', () => {
  it('shows a rate in basis points as a percentage with two decimals', () => {
    expect(bpPercent(60)).toBe('0.60%');
    expect(bpPercent(0)).toBe('0.00%');
    expect(bpPercent(1)).toBe('0.01%');
    expect(bpPercent(1250)).toBe('12.50%');
    expect(bpPercent(10_000)).toBe('100.00%');
    expect(bpPercent(undefined)).toBe('--');
  });
  it('shows cents in 元, in 万 from 10,000 元 up', () => {
    expect(yuan(1250)).toBe('12.50');
    expect(yuan(999_999)).toBe('9,999.99');
    expect(yuan(1_000_000)).toBe('1.00万');
    expect(yuan(-50)).toBe('-0.50');
    expect(yuan(null)).toBe('--');
  });
});
