import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateOf,
  calendarDateSchema,
  dayBoundsMs,
  daysBetween,
  formatInZone,
  isCalendarDate,
  isValidTimeZone,
  zonedTimeToMs,
} from './business-time.ts';
import { isMaskedPhone, maskPhone, phoneOrMask, resolveMaskedPhone } from './format.ts';
import { phoneSchema } from './fields.ts';

describe('the business time zone', () => {
  it('formats an instant on the zone’s wall clock, whatever the machine’s zone', () => {
    const t = Date.UTC(2025, 11, 7, 16, 30, 5); // 2025-12-08 00:30:05 in Shanghai
    expect(formatInZone(t, 'Asia/Shanghai')).toBe('2025-12-08 00:30:05');
    expect(formatInZone(t, 'UTC')).toBe('2025-12-07 16:30:05');
    expect(calendarDateOf(t, 'Asia/Shanghai')).toBe('2025-12-08');
    expect(calendarDateOf(t, 'UTC')).toBe('2025-12-07');
    // daylight saving time is followed (New York: -5 in winter, -4 in summer)
    expect(formatInZone(Date.UTC(2025, 0, 15, 12), 'America/New_York')).toBe('2025-01-15 07:00:00');
    expect(formatInZone(Date.UTC(2025, 6, 15, 12), 'America/New_York')).toBe('2025-07-15 08:00:00');
  });

  it('turns a wall-clock time of the zone back into the instant', () => {
    expect(zonedTimeToMs('Asia/Shanghai', 2025, 12, 8)).toBe(Date.UTC(2025, 11, 7, 16));
    expect(dayBoundsMs('2025-12-08', 'Asia/Shanghai')).toEqual([Date.UTC(2025, 11, 7, 16), Date.UTC(2025, 11, 8, 16) - 1]);
    // a 23-hour day (spring forward)
    const [a, b] = dayBoundsMs('2025-03-09', 'America/New_York');
    expect(b + 1 - a).toBe(23 * 3_600_000);
  });

  it('property: formatting and parsing back agree in several zones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }),
        fc.constantFrom('Asia/Shanghai', 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/New_York', 'Europe/London'),
        (ms, tz) => {
          const s = formatInZone(ms, tz);
          const [d, t] = s.split(' ');
          const [y, mo, da] = d.split('-').map(Number);
          const [h, mi, se] = t.split(':').map(Number);
          const back = zonedTimeToMs(tz, y, mo, da, h, mi, se);
          // the wall time read back names the same instant (to the second), or the other one of a DST overlap
          return formatInZone(back, tz) === s && Math.abs(back - Math.floor(ms / 1000) * 1000) % 1_800_000 === 0;
        },
      ),
    );
  });

  it('does calendar arithmetic on dates without a zone', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2025-12-08', '2026-01-07')).toBe(30);
    expect(daysBetween('2026-01-07', '2025-12-08')).toBe(-30);
  });

  it('knows time zone names', () => {
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Asia/Beijing')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('validates business dates with a message naming the field', () => {
    const s = calendarDateSchema('签订日期');
    expect(s.parse(' 2025-12-08 ')).toBe('2025-12-08');
    expect(isCalendarDate('2024-02-29')).toBe(true);
    const msg = (v: unknown) => s.safeParse(v).error?.issues[0].message;
    expect(msg(undefined)).toBe('请选择签订日期');
    expect(msg('')).toBe('请选择签订日期');
    expect(msg(1765123200000)).toBe('签订日期格式应为 YYYY-MM-DD 的日期');
    expect(msg('2025/12/08')).toBe('签订日期格式应为 YYYY-MM-DD 的日期');
    expect(msg('2025-12-08T00:00:00Z')).toBe('签订日期格式应为 YYYY-MM-DD 的日期');
    expect(msg('2025-02-29')).toBe('签订日期不是有效的日期（1900-01-01～2099-12-31）');
    expect(msg('2025-13-01')).toBe('签订日期不是有效的日期（1900-01-01～2099-12-31）');
    expect(msg('1899-12-31')).toBe('签订日期不是有效的日期（1900-01-01～2099-12-31）');
  });
});

describe('the masking rule', () => {
  it('masks every phone the same way, keeping the first 3 and last 4', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('021-64381234')).toBe('021*****1234');
    expect(maskPhone('400-820-1234')).toBe('400*****1234');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(isMaskedPhone('138****5678')).toBe(true);
    expect(isMaskedPhone('13812345678')).toBe(false);
  });

  it('an unchanged masked value keeps the stored number; the mask of another number is refused', () => {
    expect(resolveMaskedPhone('138****5678', '13812345678')).toBe('13812345678');
    expect(resolveMaskedPhone('13900001111', '13812345678')).toBe('13900001111');
    expect(resolveMaskedPhone('139****5678', '13812345678')).toBeNull();
    expect(resolveMaskedPhone('138****5678', '')).toBeNull();
  });

  it('an edit form accepts a masked value or a valid new number, with the base schema’s messages', () => {
    const s = phoneOrMask(phoneSchema, '手机号');
    expect(s.safeParse('138****5678').success).toBe(true);
    expect(s.safeParse('13812345678').success).toBe(true);
    expect(s.safeParse('1381234').error?.issues[0].message).toBe('手机号格式不正确');
    expect(s.safeParse('').error?.issues[0].message).toBe('请输入手机号');
  });
});
