import type { Generated } from 'kysely';

/** Suppliers' SPUs (供应链商品). */
export interface SupplySpuTable {
  id: Generated<number>;
  merchant_id: number;
  supplier_id: number;
  /** GS + 8 digits, unique per merchant. */
  spu_code: string;
  name: string;
  brand: string;
  /** A leaf of the merchant's goods_category tree. */
  category_id: number;
  unit: string;
  /** The standard product this SPU is (linked by barcode), if any. */
  standard_product_id: number | null;
  remark: string;
  /** 1 启用, 2 停用. */
  status: number;
  deleted_at: number | null;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    supply_spu: SupplySpuTable;
  }
}
