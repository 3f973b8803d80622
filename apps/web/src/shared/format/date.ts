import dayjs, { type ConfigType } from 'dayjs';

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
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

/**
 * Default "last week" range (spec §9: 7 days): the seven calendar days ending today, as epoch
 * milliseconds from 00:00:00.000 six days ago to 23:59:59.999 today.
 */
export function lastWeekRange(now: ConfigType = Date.now()): [number, number] {
  const end = dayjs(now).endOf('day');
  const start = end.subtract(6, 'day').startOf('day');
  return [start.valueOf(), end.valueOf()];
}

export function formatDateTime(ms: ConfigType): string {
  if (ms === null || ms === undefined || ms === '') return '--';
  const d = dayjs(ms);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : '--';
}

export function formatDate(ms: ConfigType): string {
  if (ms === null || ms === undefined || ms === '') return '--';
  const d = dayjs(ms);
  return d.isValid() ? d.format('YYYY-MM-DD') : '--';
}
