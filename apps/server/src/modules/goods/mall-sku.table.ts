import type { Generated } from 'kysely';

/** The SKUs of mall SPUs with their tiered wholesale prices (migration 0019). */
export interface MallGoodsSkuTable {
  id: Generated<number>;
  merchant_id: number;
  mall_goods_id: number;
  /** MK + 8 digits, unique per merchant. */
  sku_code: string;
  /** The SPU's title and the spec values. */
  name: string;
  /** JSON array of {name, value}. */
  spec_values: string;
  /** Unique per merchant among live mall SKUs (mall_goods_sku_barcode_uq). */
  barcode: string;
  /** The SPU's category (copied so the list filters on one index). */
  category_id: number;
  /** JSON array of {minQty, price} (priceTiersSchema). */
  price_tiers: string;
  /** The first break's quantity. */
  moq: number;
  /** The first break's price (分). */
  base_price: number;
  /** The last break's price (分). */
  lowest_price: number;
  /** 1 上架, 2 下架 in the mall (销售管理). */
  status: number;
  deleted_at: number | null;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    mall_goods_sku: MallGoodsSkuTable;
  }
}
