import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import {
  addDays,
  calendarDateOf,
  dayBoundsMs,
  DEFAULT_BUSINESS_TIME_ZONE,
  formatInZone,
  isCalendarDate,
  isValidTimeZone,
  zonedTimeToMs,
} from '@merchant/contracts';
import { setBusinessTimeZone, takeSetTimeZones } from './business-zone.ts';

// Decision "the business time zone": timestamps (epoch ms) are shown on the clock of ONE zone — the
// server's BUSINESS_TIME_ZONE, delivered with getInfo — never on the browser's; business dates
// ('YYYY-MM-DD') are shown as they are, with no Date in between. The same functions (contracts)
// write the exports, so a screen and its sheet say the same.

let current = DEFAULT_BUSINESS_TIME_ZONE;

// Set through business-zone.ts (the session store sets it without loading this module); an unknown name keeps the
// current one.
export { setBusinessTimeZone };

export function businessTimeZone(): string {
  for (const tz of takeSetTimeZones()) if (isValidTimeZone(tz)) current = tz;
  return current;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier), on the dates as given. */
export function dayDiff(from: ConfigType, to: ConfigType): number {
  return dayjs(to).startOf('day').diff(dayjs(from).startOf('day'), 'day');
}

/** Future-date check: the date falls on a day after today (today itself is not in the future). */
export function isFutureDate(date: ConfigType, now: ConfigType = Date.now()): boolean {
  if (date === null || date === undefined || date === '') return false;
  const d = dayjs(date);
  if (!d.isValid()) return false;
  return d.startOf('day').isAfter(dayjs(now).startOf('day'));
}

/** Today's date in the business time zone ('YYYY-MM-DD'). */
export function businessToday(now: number = Date.now()): string {
  return calendarDateOf(now, businessTimeZone());
}

/**
 * Default "last week" range (spec §9: 7 days): the seven business days ending today, as epoch
 * milliseconds from 00:00:00.000 six days ago to 23:59:59.999 today on the business clock.
 */
export function lastWeekRange(now: number = Date.now()): [number, number] {
  const zone = businessTimeZone();
  const today = calendarDateOf(now, zone);
  return [dayBoundsMs(addDays(today, -6), zone)[0], dayBoundsMs(today, zone)[1]];
}

function instantOf(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  if (dayjs.isDayjs(v)) return (v as Dayjs).isValid() ? (v as Dayjs).valueOf() : null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** An instant as `YYYY-MM-DD HH:mm:ss` on the business clock; '--' when absent. */
export function formatDateTime(v: unknown): string {
  const ms = instantOf(v);
  return ms === null ? '--' : formatInZone(ms, businessTimeZone());
}

/**
 * A date: a business date 'YYYY-MM-DD' as it is (never through a Date), or an instant's calendar
 * date in the business time zone; '--' when absent.
 */
export function formatDate(v: unknown): string {
  if (typeof v === 'string' && isCalendarDate(v)) return v;
  const ms = instantOf(v);
  return ms === null ? '--' : formatInZone(ms, businessTimeZone(), false);
}

/** The picker value of a business date (a Dayjs on that calendar day), or null. */
export function dateToPicker(date: string | null | undefined): Dayjs | null {
  return date && isCalendarDate(date) ? dayjs(date, 'YYYY-MM-DD') : null;
}

/** A picked day as a business date 'YYYY-MM-DD' (the day the person picked, whatever the browser's zone). */
export function pickerToDate(d: Dayjs | null | undefined): string | null {
  return d && d.isValid() ? d.format('YYYY-MM-DD') : null;
}

/**
 * A wall-clock time picked in a form (its fields as shown) as the instant it names on the business
 * clock: "2026-03-01 00:00" is midnight in the business time zone, not in the browser's.
 */
export function pickerToInstant(d: Dayjs): number {
  return zonedTimeToMs(businessTimeZone(), d.year(), d.month() + 1, d.date(), d.hour(), d.minute(), d.second(), d.millisecond());
}
