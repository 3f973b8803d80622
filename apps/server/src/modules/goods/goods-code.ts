import { retryOnCodeCollision } from '../../platform/business-code.ts';

/** The unique indexes of the goods codes (goodsCode G12345678, skuCode K12345678; platform/business-code.ts draws them). */
export const GOODS_CODE_INDEX = { index: 'goods_code_uq', table: 'goods', columns: ['merchant_id', 'goods_code'] } as const;
export const SKU_CODE_INDEX = { index: 'goods_sku_code_uq', table: 'goods_sku', columns: ['merchant_id', 'sku_code'] } as const;

/** A goods or SKU write, run again when a concurrent one took one of its freshly drawn codes. */
export const retryOnGoodsCodeCollision = <T>(write: () => Promise<T>): Promise<T> =>
  retryOnCodeCollision([GOODS_CODE_INDEX, SKU_CODE_INDEX], write);
