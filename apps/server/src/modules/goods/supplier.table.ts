import type { Generated } from 'kysely';

/** The merchant's suppliers (供应商). */
export interface SupplierTable {
  id: Generated<number>;
  merchant_id: number;
  /** GY + 8 digits, unique per merchant. */
  supplier_code: string;
  /** Unique per merchant. */
  name: string;
  contact: string;
  /** Stored in full; every answer masks it. */
  phone: string;
  remark: string;
  /** 1 启用, 2 停用. */
  status: number;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    supplier: SupplierTable;
  }
}
