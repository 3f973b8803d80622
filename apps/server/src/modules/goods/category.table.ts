import type { Generated } from 'kysely';

/** goods_category (migration 0009): the merchant's category tree, at most three levels. */
export interface GoodsCategoryTable {
  id: Generated<number>;
  merchant_id: number;
  /** 0 for a root. */
  parent_id: number;
  /** 1..3. */
  level: number;
  name: string;
  sort: number;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    goods_category: GoodsCategoryTable;
  }
}
