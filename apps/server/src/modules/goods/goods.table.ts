import type { Generated } from 'kysely';

/** Merchant goods (SPU): what the merchant sells, by hand or adopted from the standard library. */
export interface GoodsTable {
  id: Generated<number>;
  merchant_id: number;
  /** G + 8 digits, unique per merchant. */
  goods_code: string;
  /** The adopted standard product (at most one live goods each), null when created by hand. */
  standard_product_id: number | null;
  name: string;
  brand: string;
  /** A level-3 category. */
  category_id: number;
  unit: string;
  storage_style: number;
  shelf_life_days: number;
  /** JSON array of image ids. */
  image_ids: string;
  description: string;
  /** 1 在售, 2 停售. */
  status: number;
  /** Soft delete (epoch ms). */
  deleted_at: number | null;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    goods: GoodsTable;
  }
}
