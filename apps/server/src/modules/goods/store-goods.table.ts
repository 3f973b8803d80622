import type { Generated } from 'kysely';

/** Store goods (门店商品): a SKU of the goods bank in one store of the merchant. */
export interface StoreGoodsTable {
  id: Generated<number>;
  merchant_id: number;
  /** A store of the merchant module (read through its service). */
  store_id: number;
  sku_id: number;
  goods_id: number;
  /** The store's own price (分). */
  price: number;
  /** As set by the store: 1 上架, 2 下架. */
  status: number;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    store_goods: StoreGoodsTable;
  }
}
