import { describe, expect, it } from 'vitest';
import {
  contractStatusAt,
  creditCodeCheckChar,
  idCardCheckDigit,
  isValidCreditCode,
  isValidIdCardNo,
  maskCertNo,
} from './merchant.ts';
import { formatBusinessHours, storeCreateInput } from '../merchant/store.ts';

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

describe('stores and contracts', () => {
  it('formats business hours across midnight', () => {
    expect(formatBusinessHours('08:00', '22:00')).toBe('08:00-22:00');
    expect(formatBusinessHours('22:00', '06:00')).toBe('22:00-次日06:00');
  });
  it('refuses equal opening and closing times, naming the field', () => {
    const base = {
      name: '测试门店', categoryCode: 'retail-cvs', contactName: '张三', contactPhone: '021-64581234', province: '上海市', city: '上海市',
      address: '桂平路391号', lng: 121.4, lat: 31.2, openTime: '08:00', closeTime: '08:00', businessDays: [1],
    };
    const r = storeCreateInput.safeParse(base);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['closeTime'], message: '结束营业时间不能与开始营业时间相同' });
    expect(storeCreateInput.safeParse({ ...base, closeTime: '02:00' }).success).toBe(true);
  });
  it('derives the contract status from the dates on today (a business-zone calendar date)', () => {
    const today = '2026-11-21';
    expect(contractStatusAt({ startDate: '2026-11-22', endDate: '2027-12-26', terminatedAt: null }, today)).toBe('pending');
    expect(contractStatusAt({ startDate: '2026-11-21', endDate: '2027-12-26', terminatedAt: null }, today)).toBe('active');
    expect(contractStatusAt({ startDate: '2026-11-20', endDate: '2026-12-21', terminatedAt: null }, today)).toBe('expiring');
    expect(contractStatusAt({ startDate: '2026-11-20', endDate: '2026-12-22', terminatedAt: null }, today)).toBe('active');
    expect(contractStatusAt({ startDate: '2026-11-12', endDate: '2026-11-21', terminatedAt: null }, today)).toBe('expiring');
    expect(contractStatusAt({ startDate: '2026-11-12', endDate: '2026-11-20', terminatedAt: null }, today)).toBe('expired');
    expect(contractStatusAt({ startDate: '2026-11-12', endDate: '2026-11-30', terminatedAt: 1 }, today)).toBe('terminated');
  });
});
