import { randomInt } from 'node:crypto';
import { uniqueViolation, violates, type UniqueKey } from '../../platform/errors.ts';

/** yyMMdd in China Standard Time (UTC+8), the merchants' business day. */
export function cstDate(now: number): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '');
}

/** One candidate code: prefix + yyMMdd + 4 random digits, e.g. MD2611210375. */
export const drawCode = (prefix: string, now: number) => `${prefix}${cstDate(now)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;

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
