import type { Generated } from 'kysely';

/** 盘点单 (0038 stocktake): one cabinet's count. 盘点中 → 待审核 → 已过账 (variances posted) / 退回 / 已作废. */
export interface StocktakeTable {
  id: Generated<number>;
  merchant_id: number;
  stocktake_code: string;
  device_code: string;
  device_name: Generated<string>;
  /** STOCKTAKE_STATUS: 0 盘点中, 1 待审核, 2 已过账, 3 已作废. */
  status: Generated<number>;
  line_count: Generated<number>;
  counted_count: Generated<number>;
  variance_lines: Generated<number>;
  variance_total: Generated<number>;
  remark: Generated<string>;
  creator_name: Generated<string>;
  submitted_at: Generated<number>;
  reviewer_name: Generated<string>;
  reviewed_at: Generated<number>;
  reason: Generated<string>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One slot × SKU of the cabinet: the snapshot and the count. */
export interface StocktakeLineTable {
  id: Generated<number>;
  merchant_id: number;
  stocktake_id: number;
  location_id: number;
  slot_no: string;
  sku_id: number;
  system_qty: number;
  counted_qty: number | null;
}

declare module '../../db/database.ts' {
  interface Database {
    stocktake: StocktakeTable;
    stocktake_line: StocktakeLineTable;
  }
}
