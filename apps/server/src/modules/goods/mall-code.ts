import { generateSerialCode, retryOnCodeCollision } from '../../platform/business-code.ts';

// Codes of the wholesale mall (platform/business-code.ts draws them): mall SPU MG12345678, mall SKU MK12345678 —
// serial codes, unique per merchant.

export const MALL_GOODS_CODE_INDEX = { index: 'mall_goods_code_uq', table: 'mall_goods', columns: ['merchant_id', 'mall_code'] } as const;
export const MALL_SKU_CODE_INDEX = {
  index: 'mall_goods_sku_code_uq',
  table: 'mall_goods_sku',
  columns: ['merchant_id', 'sku_code'],
} as const;

export const MALL_GOODS_PREFIX = 'MG';
export const MALL_SKU_PREFIX = 'MK';

export const mallCode = (prefix: string, taken: (code: string) => Promise<boolean>) => generateSerialCode(prefix, taken);

/** A mall write, run again when a concurrent one took one of its freshly drawn codes. */
export const retryOnMallCodeCollision = <T>(write: () => Promise<T>): Promise<T> =>
  retryOnCodeCollision([MALL_GOODS_CODE_INDEX, MALL_SKU_CODE_INDEX], write);
