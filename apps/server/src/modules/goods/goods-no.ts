import { randomInt } from 'node:crypto';

/** One candidate goodsNo: SP + 8 digits (e.g. SP40718263). */
export const drawGoodsNo = () => `SP${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * A goodsNo not yet taken within the merchant. Drawn inside the caller's transaction; the unique index
 * standard_product_no_uq is the last word (a collision between two concurrent draws out of 10^8 refuses one
 * write, never duplicates a code).
 */
export async function newGoodsNo(taken: (code: string) => Promise<boolean>, draw = drawGoodsNo): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = draw();
    if (!(await taken(code))) return code;
  }
  throw new Error('could not generate a unique goodsNo');
}
