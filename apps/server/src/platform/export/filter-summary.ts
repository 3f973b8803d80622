import { DEFAULT_BUSINESS_TIME_ZONE, formatInZone } from '@merchant/contracts';
import type { ExportSheet } from './export-column.ts';

/** Paging and sorting are not filters. */
const NOT_FILTERS = new Set(['pageNum', 'pageSize', 'cursor', 'sortField', 'sortOrder']);

function words(v: unknown, labels: Readonly<Record<string | number, string>> | undefined, timeZone: string): string {
  if (Array.isArray(v)) {
    if (v.length === 2 && v.every((x) => typeof x === 'number' && x > 1e11))
      return `${formatInZone(v[0], timeZone)} 至 ${formatInZone(v[1], timeZone)}`;
    if (v.length === 2 && v.every((x) => typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x))) return `${v[0]} 至 ${v[1]}`;
    return v.map((x) => words(x, labels, timeZone)).join('、');
  }
  if (typeof v === 'boolean') return v ? '是' : '否';
  return labels?.[v as string | number] ?? String(v);
}

/**
 * The filters of an export in words for 导出文件, e.g. "账号：admin；状态：启用". A filter is named by
 * the column of the same key, else by the source's filterLabels, else by its key.
 */
export function filterSummary(
  input: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  source: ExportSheet<any> | undefined,
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): string {
  if (!input || typeof input !== 'object') return '全部';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (NOT_FILTERS.has(key) || value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
      continue;
    const column = source?.columns.find((c) => c.key === key);
    const label = column?.header ?? source?.filterLabels?.[key] ?? key;
    parts.push(`${label}：${words(value, column?.type === 'enum' ? column.labels : source?.filterValues?.[key], timeZone)}`);
  }
  return parts.length ? parts.join('；') : '全部';
}
