import type { Generated } from 'kysely';

/** The SKUs of supply SPUs. */
export interface SupplySkuTable {
  id: Generated<number>;
  merchant_id: number;
  /** The SPU's supplier (copied: the barcode is unique per supplier, supply_sku_barcode_uq). */
  supplier_id: number;
  spu_id: number;
  /** GK + 8 digits, unique per merchant. */
  sku_code: string;
  /** The SPU's name and the spec values. */
  name: string;
  /** JSON array of {name, value}. */
  spec_values: string;
  barcode: string;
  /** The SPU's category (copied). */
  category_id: number;
  /** 分. */
  purchase_price: number;
  moq: number;
  lead_time_days: number;
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
    supply_sku: SupplySkuTable;
  }
}
