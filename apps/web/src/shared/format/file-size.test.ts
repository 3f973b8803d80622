import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it('KB below 1 MB, MB above, one decimal without a trailing .0', () => {
    expect(formatFileSize(0)).toBe('0 KB');
    expect(formatFileSize(10)).toBe('0.1 KB');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(5427)).toBe('5.3 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(3.25 * 1024 * 1024)).toBe('3.3 MB');
  });
  it('-- when unknown', () => {
    expect(formatFileSize(null)).toBe('--');
    expect(formatFileSize(undefined)).toBe('--');
    expect(formatFileSize(-1)).toBe('--');
    expect(formatFileSize(Number.NaN)).toBe('--');
  });
});
