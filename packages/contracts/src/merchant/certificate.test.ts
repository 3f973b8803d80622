import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, idCardCheckDigit, isValidCreditCode, isValidIdCardNo, maskCertNo } from './certificate.ts';

describe('certificate numbers', () => {
  it('checks resident ID numbers (check digit and birth date)', () => {
    expect(isValidIdCardNo('11010519491231002X')).toBe(true);
    expect(isValidIdCardNo('110105194912310021')).toBe(false);
    expect(isValidIdCardNo('11010519491331002X')).toBe(false); // month 13
    const first17 = '31010419880615123';
    expect(isValidIdCardNo(first17 + idCardCheckDigit(first17))).toBe(true);
    expect(isValidIdCardNo('1234')).toBe(false);
  });
  it('checks unified social credit codes', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    const first17 = '91310104MA1FR7YK3';
    expect(isValidCreditCode((first17 + creditCodeCheckChar(first17)).toLowerCase())).toBe(true);
    expect(isValidCreditCode('91310104MA1FR7YKI0')).toBe(false); // I is not in the alphabet
  });
  it('masks certificate numbers', () => {
    expect(maskCertNo('91310104MA1FR6XQ3E')).toBe('9131**********XQ3E');
    expect(maskCertNo('')).toBe('');
  });
});
