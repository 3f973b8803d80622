import { randomInt } from 'node:crypto';
import { uniqueViolation, violates, type UniqueKey } from '../../platform/errors.ts';

/**
 * Codes of merchant goods and SKUs (DESIGN §5: generated, unique per merchant, human-readable): a letter and
 * 8 random digits — goodsCode G12345678, skuCode K12345678. (Merchant basics have their own date-based
 * generator; the lead may unify them.)
 */
export const drawCode = (prefix: 'G' | 'K') => `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** A code not taken yet (checked in the caller's transaction; the unique index stays the last word). */
export async function freshCode(
  prefix: 'G' | 'K',
  taken: (code: string) => Promise<boolean>,
  draw = () => drawCode(prefix),
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = draw();
    if (!(await taken(code))) return code;
  }
  throw new Error(`could not generate a unique ${prefix} code`);
}

export const GOODS_CODE_INDEX = { index: 'goods_code_uq', table: 'goods', columns: ['merchant_id', 'goods_code'] } as const;
export const SKU_CODE_INDEX = { index: 'goods_sku_code_uq', table: 'goods_sku', columns: ['merchant_id', 'sku_code'] } as const;

/**
 * Runs a whole write transaction again when a concurrent one took one of its freshly drawn codes in between
 * (the code's unique index refused it), so such a collision never reaches the caller.
 */
export async function retryOnCodeCollision<T>(write: () => Promise<T>): Promise<T> {
  const codeIndexes: Pick<UniqueKey, 'index' | 'table' | 'columns'>[] = [GOODS_CODE_INDEX, SKU_CODE_INDEX];
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const v = uniqueViolation(err);
      if (!v || !codeIndexes.some((k) => violates(v, k)) || attempt >= 5) throw err;
    }
  }
}
