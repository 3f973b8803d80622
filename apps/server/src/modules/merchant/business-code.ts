import { randomInt } from 'node:crypto';

/** yyMMdd in China Standard Time (UTC+8), the merchants' business day. */
export function cstDate(now: number): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '');
}

/**
 * A generated, human-readable business code (DESIGN §5): prefix + yyMMdd + 4 digits, e.g.
 * MD2611210375. `taken` checks uniqueness within the merchant; the unique index is the last word.
 */
export async function generateCode(prefix: string, now: number, taken: (code: string) => Promise<boolean>): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = `${prefix}${cstDate(now)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    if (!(await taken(code))) return code;
  }
  throw new Error(`could not generate a unique ${prefix} code`);
}
