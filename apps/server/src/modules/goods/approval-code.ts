import { randomInt } from 'node:crypto';
import { uniqueViolation, violates } from '../../platform/errors.ts';

/** yyMMdd in China Standard Time (UTC+8), the merchants' business day. */
export function chinaDate(now: number): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '');
}

const ATTEMPTS = 20;
const CODE_INDEX = { index: 'goods_approval_code_uq', table: 'goods_approval', columns: ['merchant_id', 'approval_code'] };

/**
 * Writes a new application under a fresh approvalCode: prefix + yyMMdd (China time) + 4 random digits, free
 * within the merchant (`taken`). A code taken by a concurrent request between the check and the insert is
 * refused by the unique index and the write runs again with another code.
 */
export async function withApprovalCode<T>(
  prefix: string,
  now: number,
  taken: (code: string) => Promise<boolean>,
  write: (code: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let code = '';
    for (let i = 0; i < ATTEMPTS && !code; i++) {
      const candidate = `${prefix}${chinaDate(now)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
      if (!(await taken(candidate))) code = candidate;
    }
    if (!code) throw new Error(`could not generate a unique ${prefix} code`);
    try {
      return await write(code);
    } catch (err) {
      const v = uniqueViolation(err);
      if (!v || !violates(v, CODE_INDEX) || attempt >= ATTEMPTS) throw err;
    }
  }
}
