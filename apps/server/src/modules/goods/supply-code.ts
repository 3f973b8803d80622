import { generateSerialCode, retryOnCodeCollision } from '../../platform/business-code.ts';

// Codes of the supply-chain goods (platform/business-code.ts draws them): supplier GY12345678, supply SPU
// GS12345678, supply SKU GK12345678 — serial codes (master data), unique per merchant.

export const SUPPLIER_CODE_INDEX = { index: 'supplier_code_uq', table: 'supplier', columns: ['merchant_id', 'supplier_code'] } as const;
export const SUPPLY_SPU_CODE_INDEX = { index: 'supply_spu_code_uq', table: 'supply_spu', columns: ['merchant_id', 'spu_code'] } as const;
export const SUPPLY_SKU_CODE_INDEX = { index: 'supply_sku_code_uq', table: 'supply_sku', columns: ['merchant_id', 'sku_code'] } as const;

export const SUPPLIER_PREFIX = 'GY';
export const SUPPLY_SPU_PREFIX = 'GS';
export const SUPPLY_SKU_PREFIX = 'GK';

/** A fresh serial code not yet taken (checked in the caller's transaction). */
export const supplyCode = (prefix: string, taken: (code: string) => Promise<boolean>) => generateSerialCode(prefix, taken);

/** A supply write, run again when a concurrent one took one of its freshly drawn codes. */
export const retryOnSupplyCodeCollision = <T>(write: () => Promise<T>): Promise<T> =>
  retryOnCodeCollision([SUPPLIER_CODE_INDEX, SUPPLY_SPU_CODE_INDEX, SUPPLY_SKU_CODE_INDEX], write);
