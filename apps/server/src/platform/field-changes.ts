import { maskPhone } from '@merchant/contracts';
import type { FieldChange } from '@merchant/contracts/core/field-change';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `labels` whose value differs between `before` and `after` (only keys present in `after`). */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Record<string, string>,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, label] of Object.entries(labels)) {
    if (!(field in after) || after[field] === undefined) continue;
    if (!same(before[field], after[field])) out.push({ field, label, before: before[field] ?? null, after: after[field] ?? null });
  }
  return out;
}

/** A stored JSON array (changes, spec values, …); anything else or unreadable JSON reads as []. */
export function parseJsonArray<T>(json: string): T[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

export const parseChanges = (json: string): FieldChange[] => parseJsonArray<FieldChange>(json);

export const splitCodes = (s: string): string[] => (s ? s.split(',').filter(Boolean) : []);

/** Phone fields of change records (stored in full, answered masked like every phone). */
const PHONE_FIELDS = new Set(['contactPhone', 'servicePhone', 'phone']);
const maskValue = (v: unknown) => (typeof v === 'string' ? maskPhone(v) : v);

/** Changes as answered: phones masked. */
export function maskPhoneChanges(changes: FieldChange[]): FieldChange[] {
  return changes.map((c) => (PHONE_FIELDS.has(c.field) ? { ...c, before: maskValue(c.before), after: maskValue(c.after) } : c));
}
