import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskPhone } from './phone.ts';
import { truncateFractionDigits, truncateToNumber } from './number.ts';
import { centsToYuan, centsToYuanValue, formatMoney, formatMoneyWithSign, formatPercent, formatWan, yuanToCents } from './money.ts';
import { dayDiff, formatDate, formatDateTime, isFutureDate, lastWeekRange } from './date.ts';
import { convertCoord, isValidLngLat, toMapService } from './coordinate.ts';

describe('maskPhone (spec §5)', () => {
  it('keeps the first 3 and the last 4 digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone(' 13812345678 ')).toBe('138****5678');
  });
  it('short or empty input is not masked into nonsense', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(maskPhone('1234567')).toBe('1234567');
    expect(maskPhone('12345678')).toBe('123*5678');
  });
  it('property: same length, same ends', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), (p) => {
        const m = maskPhone(p);
        return m.length === 11 && m.startsWith(p.slice(0, 3)) && m.endsWith(p.slice(-4)) && m.slice(3, 7) === '****';
      }),
    );
  });
});

describe('truncateFractionDigits (spec §5, weak)', () => {
  it('cuts without rounding', () => {
    expect(truncateFractionDigits('12.3456', 2)).toBe('12.34');
    expect(truncateFractionDigits('12.999', 2)).toBe('12.99');
    expect(truncateFractionDigits(1.005, 2)).toBe('1.00');
    expect(truncateFractionDigits('-3.14159', 3)).toBe('-3.141');
    expect(truncateFractionDigits('7.5', 0)).toBe('7');
  });
  it('is lenient with partial and dirty input', () => {
    expect(truncateFractionDigits('12.', 2)).toBe('12.');
    expect(truncateFractionDigits('-', 2)).toBe('-');
    expect(truncateFractionDigits('1a2.3.4', 2)).toBe('12.34');
    expect(truncateFractionDigits('', 2)).toBe('');
    expect(truncateFractionDigits(undefined, 2)).toBe('');
    expect(truncateFractionDigits(1e-7, 8)).toBe('0.0000001');
  });
  it('numeric value', () => {
    expect(truncateToNumber('12.345', 2)).toBe(12.34);
    expect(truncateToNumber('-', 2)).toBeNull();
    expect(truncateToNumber('', 2)).toBeNull();
  });
  it('property: never more than n decimals, never larger in magnitude', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 4 }), (v, n) => {
        const s = truncateFractionDigits(v, n);
        const dec = s.split('.')[1] ?? '';
        return dec.length <= n && Math.abs(Number(s)) <= Math.abs(v) + 1e-9;
      }),
    );
  });
});

describe('money (spec §9)', () => {
  it('cents to 元 with two decimals, on integers', () => {
    expect(centsToYuan(0)).toBe('0.00');
    expect(centsToYuan(1)).toBe('0.01');
    expect(centsToYuan(123456)).toBe('1,234.56');
    expect(centsToYuan(123456, { grouping: false })).toBe('1234.56');
    expect(centsToYuan(-5)).toBe('-0.05');
    expect(centsToYuan(null)).toBe('--');
  });
  it('10,000 元 or more in 万', () => {
    expect(formatMoney(999_999)).toBe('9,999.99');
    expect(formatMoney(1_000_000)).toBe('1.00万');
    expect(formatMoney(123_456_789)).toBe('123.46万');
    expect(formatMoney(-2_500_000)).toBe('-2.50万');
    expect(formatMoneyWithSign(1234)).toBe('¥12.34');
    expect(formatMoneyWithSign(-1_500_000)).toBe('-¥1.50万');
  });
  it('quantities in 万', () => {
    expect(formatWan(9999)).toBe('9,999');
    expect(formatWan(10000)).toBe('1万');
    expect(formatWan(123456)).toBe('12.35万');
    expect(formatWan(undefined)).toBe('--');
  });
  it('property: cents round-trip through 元 text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => Math.round(Number(centsToYuan(c, { grouping: false })) * 100) === c),
    );
  });
});

describe('yuanToCents / centsToYuanValue (form inputs in 元, cents on the wire)', () => {
  it('converts what a form holds', () => {
    expect(yuanToCents(12.5)).toBe(1250);
    expect(yuanToCents('0.1')).toBe(10);
    expect(yuanToCents(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(yuanToCents(' 3 ')).toBe(300);
    expect(yuanToCents('')).toBeUndefined();
    expect(yuanToCents('  ')).toBeUndefined();
    expect(yuanToCents(null)).toBeUndefined();
    expect(yuanToCents(undefined)).toBeUndefined();
    expect(yuanToCents('abc')).toBeNaN();
    expect(centsToYuanValue(1250)).toBe(12.5);
    expect(centsToYuanValue(null)).toBeUndefined();
  });
  it('property: cents → 元 value → cents is the identity', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e11 }), (c) => yuanToCents(centsToYuanValue(c)) === c));
  });
  it('property: two-decimal 元 text converts exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 99 }), (y, f) => {
        return yuanToCents(`${y}.${String(f).padStart(2, '0')}`) === y * 100 + f;
      }),
    );
  });
});

describe('formatPercent (spec §9)', () => {
  it('zero reads 持平', () => {
    expect(formatPercent(0)).toBe('持平');
    expect(formatPercent(0.00001)).toBe('持平');
    expect(formatPercent(-0)).toBe('持平');
  });
  it('ratios as percent, optionally signed', () => {
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent(-0.05)).toBe('-5.00%');
    expect(formatPercent(0.1234, { signed: true })).toBe('+12.34%');
    expect(formatPercent(1, { digits: 0 })).toBe('100%');
    expect(formatPercent(null)).toBe('--');
    expect(formatPercent(Number.NaN)).toBe('--');
  });
});

describe('dates (spec §5, §9)', () => {
  it('day difference in calendar days', () => {
    expect(dayDiff('2024-03-01 23:59', '2024-03-02 00:01')).toBe(1);
    expect(dayDiff('2024-03-10', '2024-03-01')).toBe(-9);
    expect(dayDiff('2024-02-28', '2024-03-01')).toBe(2);
    expect(dayDiff(new Date(2024, 0, 1, 8), new Date(2024, 0, 1, 20))).toBe(0);
  });
  it('future-date check: later days only', () => {
    const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
    expect(isFutureDate(new Date(2024, 5, 16, 0, 0, 1), now)).toBe(true);
    expect(isFutureDate(new Date(2024, 5, 15, 23, 59), now)).toBe(false);
    expect(isFutureDate(new Date(2024, 5, 14), now)).toBe(false);
    expect(isFutureDate('', now)).toBe(false);
    expect(isFutureDate('not a date', now)).toBe(false);
  });
  it('last-week range: the 7 business days (Asia/Shanghai) ending today', () => {
    const now = Date.UTC(2024, 5, 15, 4, 30); // 12:30 in Shanghai
    const [start, end] = lastWeekRange(now);
    expect(start).toBe(Date.UTC(2024, 5, 8, 16)); // 2024-06-09 00:00:00.000 in Shanghai
    expect(end).toBe(Date.UTC(2024, 5, 15, 16) - 1); // 2024-06-15 23:59:59.999 in Shanghai
  });
  it('formats instants on the business clock and business dates as they are', () => {
    expect(formatDateTime(Date.UTC(2024, 0, 1, 19, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(null)).toBe('--');
    expect(formatDate('2024-01-02')).toBe('2024-01-02');
    expect(formatDate(Date.UTC(2024, 0, 1, 19))).toBe('2024-01-02');
    expect(formatDate(null)).toBe('--');
  });
});

describe('coordinate conversion (gcoord)', () => {
  const tiananmenWgs: [number, number] = [116.391349, 39.907375];
  it('WGS84 -> GCJ02 shifts by a few hundred metres inside China, and back', () => {
    const gcj = convertCoord(tiananmenWgs, 'WGS84', 'GCJ02');
    expect(Math.abs(gcj[0] - tiananmenWgs[0])).toBeGreaterThan(0.001);
    expect(Math.abs(gcj[0] - tiananmenWgs[0])).toBeLessThan(0.02);
    const back = convertCoord(gcj, 'GCJ02', 'WGS84');
    expect(back[0]).toBeCloseTo(tiananmenWgs[0], 5);
    expect(back[1]).toBeCloseTo(tiananmenWgs[1], 5);
  });
  it('BD09 <-> GCJ02 round trip; same system is a copy', () => {
    const gcj: [number, number] = [121.4737, 31.2304];
    const bd = convertCoord(gcj, 'GCJ02', 'BD09');
    const again = convertCoord(bd, 'BD09', 'GCJ02');
    expect(again[0]).toBeCloseTo(gcj[0], 5);
    expect(again[1]).toBeCloseTo(gcj[1], 5);
    expect(convertCoord(gcj, 'GCJ02', 'GCJ02')).toEqual(gcj);
    expect(toMapService(bd, 'BD09')[0]).toBeCloseTo(gcj[0], 5);
  });
  it('outside China no offset is applied', () => {
    const paris: [number, number] = [2.3522, 48.8566];
    expect(convertCoord(paris, 'WGS84', 'GCJ02')).toEqual(paris);
  });
  it('validates points', () => {
    expect(isValidLngLat([121, 31])).toBe(true);
    expect(isValidLngLat([200, 31])).toBe(false);
    expect(isValidLngLat([Number.NaN, 31])).toBe(false);
  });
});
