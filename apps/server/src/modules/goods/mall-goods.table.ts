import type { Generated } from 'kysely';

/** A product of the merchant's standard library listed in the wholesale mall (migration 0019). */
export interface MallGoodsTable {
  id: Generated<number>;
  merchant_id: number;
  standard_product_id: number;
  /** MG + 8 digits, unique per merchant. */
  mall_code: string;
  title: string;
  /** The standard product's category (copied when listed). */
  category_id: number;
  /** 箱, 件, 提… */
  sale_unit: string;
  pieces_per_unit: number;
  /** The application that listed it (empty when listed otherwise). */
  approval_code: string;
  /** 1 上架, 2 下架 (MALL_STATUS). */
  status: number;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    mall_goods: MallGoodsTable;
  }
}
