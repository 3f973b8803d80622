import type { Generated } from 'kysely';

/** The goods bank (商品库): goods (SPU) offered to the merchant's stores. */
export interface GoodsBankTable {
  id: Generated<number>;
  merchant_id: number;
  /** One row per goods and merchant (goods_bank_goods_uq). */
  goods_id: number;
  /** 1 可售, 2 停售. */
  status: number;
  remark: string;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** The bank's default store price of a SKU (分); a SKU without a row takes its base sale price. */
export interface GoodsBankPriceTable {
  id: Generated<number>;
  merchant_id: number;
  bank_id: number;
  sku_id: number;
  store_price: number;
}

declare module '../../db/database.ts' {
  interface Database {
    goods_bank: GoodsBankTable;
    goods_bank_price: GoodsBankPriceTable;
  }
}
