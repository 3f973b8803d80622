import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { rangeToDates, rangeToMs } from '../ui/list/list-columns.ts';
import { businessTimeZone, dateToPicker, formatDate, formatDateTime, pickerToDate, setBusinessTimeZone } from './date.ts';

// Issue 10 item 11: a contract's 签订日期 showed 2025-12-07 in a UTC browser and 2025-12-08 in
// Asia/Shanghai. Whatever the browser's zone, a business date and a timestamp read the same.

const BROWSER_ZONES = ['UTC', 'Asia/Shanghai', 'America/Los_Angeles'] as const;
const original = process.env.TZ;

/** What the screen shows, with the process (the "browser") in `tz`. */
function shown(tz: string) {
  process.env.TZ = tz;
  const picked = dayjs('2025-12-08 00:30'); // what a person picks in a picker
  return {
    // proves the browser zone really changed
    browserHour: new Date(Date.UTC(2025, 11, 7, 16, 30)).getHours(),
    signDate: formatDate('2025-12-08'),
    createdAt: formatDateTime(Date.UTC(2025, 11, 7, 16, 30, 5)),
    createdDay: formatDate(Date.UTC(2025, 11, 7, 16, 30, 5)),
    pickedDate: pickerToDate(dateToPicker('2025-12-08')),
    pickedDay: pickerToDate(picked),
    dayRange: rangeToMs([picked, picked]),
    dateRange: rangeToDates([picked, picked]),
  };
}

describe('dates and times do not move with the browser’s time zone', () => {
  afterAll(() => {
    process.env.TZ = original;
    setBusinessTimeZone('Asia/Shanghai');
  });

  it('shows the same 签订日期 and the same times under UTC, Asia/Shanghai and Los Angeles', () => {
    expect(businessTimeZone()).toBe('Asia/Shanghai');
    const seen = BROWSER_ZONES.map(shown);
    expect(seen.map((s) => s.browserHour)).toEqual([16, 0, 8]);
    for (const s of seen) {
      expect(s).toMatchObject({
        signDate: '2025-12-08',
        createdAt: '2025-12-08 00:30:05',
        createdDay: '2025-12-08',
        pickedDate: '2025-12-08',
        pickedDay: '2025-12-08',
        // the whole picked day on the business clock: 2025-12-08 00:00 to 23:59:59.999 in Shanghai
        dayRange: [Date.UTC(2025, 11, 7, 16), Date.UTC(2025, 11, 8, 16) - 1],
        dateRange: ['2025-12-08', '2025-12-08'],
      });
    }
  });

  it('follows the business time zone the server sends, not the browser’s', () => {
    process.env.TZ = 'Asia/Shanghai';
    setBusinessTimeZone('UTC');
    expect(formatDateTime(Date.UTC(2025, 11, 7, 16, 30, 5))).toBe('2025-12-07 16:30:05');
    expect(formatDate('2025-12-08')).toBe('2025-12-08');
    setBusinessTimeZone('Not/AZone');
    expect(businessTimeZone()).toBe('UTC');
    setBusinessTimeZone('Asia/Shanghai');
    expect(formatDateTime(Date.UTC(2025, 11, 7, 16, 30, 5))).toBe('2025-12-08 00:30:05');
  });
});
