import type { Generated } from 'kysely';

/** The SKUs of merchant goods. */
export interface GoodsSkuTable {
  id: Generated<number>;
  merchant_id: number;
  goods_id: number;
  /** K + 8 digits, unique per merchant. */
  sku_code: string;
  /** The goods' name and the spec values. */
  name: string;
  /** JSON array of {name, value}. */
  spec_values: string;
  /** Unique per merchant among live SKUs (goods_sku_barcode_uq). */
  barcode: string;
  /** The goods' category (copied so the SKU list filters on one index). */
  category_id: number;
  /** 分. */
  base_price: number;
  storage_style: number;
  /** 1 上架, 2 下架. */
  status: number;
  deleted_at: number | null;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    goods_sku: GoodsSkuTable;
  }
}
