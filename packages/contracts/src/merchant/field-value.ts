import type { FieldChange } from '../core/field-change.ts';
import { MAIN_TAGS, MERCHANT_TYPES } from './merchant-info.ts';
import { BUSINESS_LINES } from './settle-apply.ts';
import { STORE_CATEGORY_LEAVES, STORE_STATUS, STORE_TAGS, WEEKDAYS } from './store.ts';

// Changed values in words (before/after tables of reviews and change records, and their exports). Apart from
// field-change.ts so that the resources declaring change schemas do not import this file back.

const names = (map: Readonly<Record<string, string | { name: string }>>, codes: unknown) =>
  (Array.isArray(codes) ? codes : [])
    .map((c) => {
      const v = map[String(c)];
      return typeof v === 'string' ? v : (v?.name ?? String(c));
    })
    .join('、');

/** A changed value as text for before/after tables and exports (codes shown by their names). */
export function formatFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '（空）';
  switch (field) {
    case 'mainTags':
      return names(MAIN_TAGS, value);
    case 'tagCodes':
      return names(STORE_TAGS, value);
    case 'businessLines':
      return names(BUSINESS_LINES, value);
    case 'businessDays':
      return names(WEEKDAYS, value);
    case 'merchantType':
      return MERCHANT_TYPES[value as keyof typeof MERCHANT_TYPES] ?? String(value);
    case 'categoryCode':
      return STORE_CATEGORY_LEAVES[String(value)]?.name ?? String(value);
    case 'status':
      return STORE_STATUS[Number(value) as keyof typeof STORE_STATUS] ?? String(value);
    case 'certFileId': {
      // A public file id (22 random characters): its head tells two files apart in a before/after table.
      const id = String(value);
      return `文件 #${id.length > 8 ? `${id.slice(0, 8)}…` : id}`;
    }
    default:
      return String(value);
  }
}

export const describeChange = (c: FieldChange) =>
  `${c.label}：${formatFieldValue(c.field, c.before)} → ${formatFieldValue(c.field, c.after)}`;

/** "字段：前 → 后" per changed field, separated by "；" (exports of change records). */
export const describeChanges = (changes: FieldChange[]): string => changes.map(describeChange).join('；');
