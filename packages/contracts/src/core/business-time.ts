import { z } from 'zod';

// The business time zone (decision "the business time zone"): business dates (签订日期, 生效/到期日期,
// 入职日期 …) are calendar dates 'YYYY-MM-DD', stored and sent as that string and shown as it is;
// timestamps (epoch ms) are shown in ONE configured zone on every screen, export and file name —
// never in the browser's or the server's own zone. Server and web use these same functions.

/** The default business time zone (the server setting BUSINESS_TIME_ZONE overrides it). */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** An IANA time zone name the runtime knows (e.g. Asia/Shanghai, UTC). */
export function isValidTimeZone(tz: string): boolean {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(tz: string): Intl.DateTimeFormat {
  let f = partFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(tz, f);
  }
  return f;
}

/** The zone's offset from UTC at the instant `ms` (whole seconds), computed by Intl. */
function exactOffset(ms: number, tz: string): number {
  const p: Record<string, number> = {};
  for (const x of partsOf(tz).formatToParts(new Date(ms))) if (x.type !== 'literal') p[x.type] = Number(x.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour === 24 ? 0 : p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

// Offsets change at most once an hour: the offset at both ends of a UTC hour, when equal, holds for
// the whole hour (exports format a million times; Intl per value would dominate).
const offsetCache = new Map<string, number>();
/** Milliseconds to add to an instant to read the zone's wall clock from its UTC fields. */
export function zoneOffsetMs(ms: number, tz: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${tz}|${hour}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const a = exactOffset(hour * HOUR_MS, tz);
  const b = exactOffset(hour * HOUR_MS + HOUR_MS - 1000, tz);
  if (a !== b) return exactOffset(ms, tz);
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(key, a);
  return a;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** An instant as `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`) on the wall clock of `tz`. */
export function formatInZone(ms: number, tz: string, withTime = true): string {
  const d = new Date(ms + zoneOffsetMs(ms, tz));
  if (!withTime) return ymd(d);
  return `${ymd(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The calendar date of an instant in `tz` ('YYYY-MM-DD'): "today" is `calendarDateOf(now, tz)`. */
export function calendarDateOf(ms: number, tz: string): string {
  return formatInZone(ms, tz, false);
}

/** The instant at which the wall clock of `tz` shows the given local time (the earlier one in a DST overlap). */
export function zonedTimeToMs(tz: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0, milli = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, milli);
  const guess = wall - zoneOffsetMs(wall, tz);
  return wall - zoneOffsetMs(guess, tz);
}

export const CALENDAR_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date 'YYYY-MM-DD' between 1900-01-01 and 2099-12-31. */
export function isCalendarDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = CALENDAR_DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2099 || mo < 1 || mo > 12 || d < 1) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

function utcOf(date: string): number {
  const m = CALENDAR_DATE_RE.exec(date);
  if (!m) throw new Error(`not a calendar date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return ymd(new Date(utcOf(date) + days * DAY_MS));
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

/** 00:00:00.000 and 23:59:59.999 of a calendar date in `tz`, as epoch ms. */
export function dayBoundsMs(date: string, tz: string): [number, number] {
  const m = CALENDAR_DATE_RE.exec(date);
  if (!m) throw new Error(`not a calendar date: ${date}`);
  const start = zonedTimeToMs(tz, Number(m[1]), Number(m[2]), Number(m[3]));
  const next = addDays(date, 1);
  const n = CALENDAR_DATE_RE.exec(next)!;
  return [start, zonedTimeToMs(tz, Number(n[1]), Number(n[2]), Number(n[3])) - 1];
}

/**
 * A business date field: the string 'YYYY-MM-DD' (the calendar date as picked, in no time zone).
 * Missing → 请选择<label>; anything else (a number of milliseconds, 2025/12/08, 2025-02-30) → a
 * message naming the field and the format.
 */
export const calendarDateSchema = (label: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `请选择${label}` : `${label}格式应为 YYYY-MM-DD 的日期`) })
    .trim()
    .min(1, `请选择${label}`)
    .refine((s) => CALENDAR_DATE_RE.test(s), `${label}格式应为 YYYY-MM-DD 的日期`)
    .refine(isCalendarDate, `${label}不是有效的日期（1900-01-01～2099-12-31）`);

/** A date range filter ['YYYY-MM-DD', 'YYYY-MM-DD'] on a business date column. */
export const calendarDateRangeSchema = (label: string) =>
  z
    .tuple([z.unknown(), z.unknown()], { error: `${label}范围格式应为 YYYY-MM-DD` })
    .refine(([a, b]) => isCalendarDate(a) && isCalendarDate(b), `${label}范围格式应为 YYYY-MM-DD`)
    .transform((v) => v as [string, string])
    .refine(([a, b]) => a <= b, `${label}范围的结束日期不能早于开始日期`);
