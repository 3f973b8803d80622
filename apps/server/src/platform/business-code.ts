import { randomInt } from 'node:crypto';
import { uniqueViolation, violates, type UniqueKey } from './errors.ts';

/** yyMMdd in China Standard Time (UTC+8), the merchants' business day. */
export function cstDate(now: number): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '');
}

/**
 * Business codes (DESIGN §5: generated, unique per merchant, human-readable), for every area. Two shapes:
 * dated — prefix + yyMMdd + 4 digits (MD2611210375, XP2611230042: documents people file by day) — and
 * serial — prefix + 8 digits (SP40718263, G12345678: master data that lives for years).
 */

/** One candidate dated code: prefix + yyMMdd + 4 random digits, e.g. MD2611210375. */
export const drawCode = (prefix: string, now: number) => `${prefix}${cstDate(now)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/**
 * One candidate high-volume dated code: prefix + yyMMdd + 8 random digits, e.g. XS26112412345678 —
 * for documents made by the million a day (orders, door sessions), where 4 digits would collide.
 */
export const drawVolumeCode = (prefix: string, now: number) =>
  `${prefix}${cstDate(now)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** One candidate serial code: prefix + 8 random digits, e.g. G12345678. */
export const drawSerialCode = (prefix: string) => `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

const ATTEMPTS = 20;

/**
 * A generated, human-readable business code (DESIGN §5): prefix + yyMMdd + 4 digits, e.g.
 * MD2611210375. `taken` checks uniqueness within the merchant; the unique index is the last word
 * (see `withGeneratedCode`).
 */
export async function generateCode(
  prefix: string,
  now: number,
  taken: (code: string) => Promise<boolean>,
  draw = () => drawCode(prefix, now),
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const code = draw();
    if (!(await taken(code))) return code;
  }
  throw new Error(`could not generate a unique ${prefix} code`);
}

/** A serial code (prefix + 8 digits) not yet taken, checked in the caller's transaction. */
export function generateSerialCode(prefix: string, taken: (code: string) => Promise<boolean>, draw = () => drawSerialCode(prefix)) {
  return generateCode(prefix, 0, taken, draw);
}

/**
 * Runs a whole write transaction again when a concurrent one took one of its freshly drawn codes in between
 * (one of the codes' unique indexes refused it), so such a collision never reaches the caller.
 */
export async function retryOnCodeCollision<T>(
  codeIndexes: Pick<UniqueKey, 'index' | 'table' | 'columns'>[],
  write: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const v = uniqueViolation(err);
      if (!v || !codeIndexes.some((k) => violates(v, k)) || attempt >= ATTEMPTS) throw err;
    }
  }
}

/**
 * Writes a row under a freshly generated code. `write(code)` is the insert (or the whole
 * transaction around it); when a concurrent request took the same code between the check and the
 * insert, the code's unique index refuses it and the write runs again with a new code, so a
 * collision never reaches the caller as an error.
 */
export async function withGeneratedCode<T>(
  prefix: string,
  now: number,
  taken: (code: string) => Promise<boolean>,
  codeIndex: Pick<UniqueKey, 'index' | 'table' | 'columns'>,
  write: (code: string) => Promise<T>,
  draw = () => drawCode(prefix, now),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const code = await generateCode(prefix, now, taken, draw);
    try {
      return await write(code);
    } catch (err) {
      const v = uniqueViolation(err);
      if (!v || !violates(v, codeIndex) || attempt >= ATTEMPTS) throw err;
    }
  }
}
