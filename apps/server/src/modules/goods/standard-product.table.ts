import type { Generated } from 'kysely';

/** standard_product (migration 0009): the merchant's standard product library (标准商品库). */
export interface StandardProductTable {
  id: Generated<number>;
  merchant_id: number;
  /** SP + 8 digits, unique per merchant. */
  goods_no: string;
  /** Unique per merchant. */
  barcode: string;
  name: string;
  brand: string;
  /** A level-3 goods_category. */
  category_id: number;
  spec: string;
  unit: string;
  shelf_life_days: number;
  /** 1 常温, 2 冷藏, 3 冷冻. */
  storage_style: number;
  /** JSON array of public file ids. */
  image_ids: string;
  /** 建议零售价 in cents. */
  guide_price: number;
  /** 1 启用, 2 停用. */
  status: number;
  /** 1 标准库, 2 新品申请. */
  source: number;
  approval_code: string;
  remark: string;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    standard_product: StandardProductTable;
  }
}
