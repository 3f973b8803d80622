import { z } from 'zod';

/**
 * Phone mask (spec §5): keeps the first 3 and the last 4 characters, e.g. 138****5678; the stars keep
 * the length. Seven characters or fewer are not masked into nonsense. Every phone the server answers
 * is masked with this (decision "the masking rule"); the full number only through `*.phone.reveal`.
 */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const s = String(phone).trim();
  if (s.length <= 7) return s;
  return `${s.slice(0, 3)}${'*'.repeat(s.length - 7)}${s.slice(-4)}`;
}

/** A number as `maskPhone` shows it: 3 characters, stars, 4 digits. */
export const MASKED_PHONE_RE = /^[\d-]{3}\*+[\d-]{4}$/;
export const isMaskedPhone = (s: unknown): s is string => typeof s === 'string' && MASKED_PHONE_RE.test(s.trim());

/**
 * The phone an edit keeps: a masked value is the number the form was filled with, unchanged — the
 * stored number stays. A masked value that is not the mask of the stored number is refused (`null`).
 */
export function resolveMaskedPhone(input: string, stored: string): string | null {
  if (!isMaskedPhone(input)) return input;
  return input.trim() === maskPhone(stored) ? stored : null;
}

/**
 * A phone field of an edit form: a new number checked by `schema`, or the masked number the form was
 * filled with (the server keeps the stored number; a mask of another number is refused there).
 */
export const phoneOrMask = (schema: z.ZodType<string>, label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .superRefine((v, ctx) => {
      if (isMaskedPhone(v)) return;
      const r = schema.safeParse(v);
      if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message });
    });
