import type { Generated } from 'kysely';

/** 入库单 / 退货单 (0034 stock_order): 草稿 → 已确认 (its lines posted to the ledger) / 已取消. */
export interface StockOrderTable {
  id: Generated<number>;
  merchant_id: number;
  /** STOCK_ORDER_TYPES: inbound, return. */
  order_type: string;
  order_code: string;
  location_id: number;
  location_kind: string;
  /** STOCK_ORDER_STATUS: 0 草稿, 1 已确认, 2 已取消. */
  status: Generated<number>;
  /** The supplier (inbound) or where the goods go (return). */
  counterparty: Generated<string>;
  remark: Generated<string>;
  line_count: Generated<number>;
  total_quantity: Generated<number>;
  /** 分. */
  total_amount: Generated<number>;
  creator_name: Generated<string>;
  /** 0 until confirmed. */
  confirmed_at: Generated<number>;
  confirmer_name: Generated<string>;
  cancel_reason: Generated<string>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One line: a SKU, its quantity and unit cost (分). Unique per order and SKU. */
export interface StockOrderLineTable {
  id: Generated<number>;
  merchant_id: number;
  order_id: number;
  sku_id: number;
  quantity: number;
  unit_cost: Generated<number>;
  remark: Generated<string>;
}

declare module '../../db/database.ts' {
  interface Database {
    stock_order: StockOrderTable;
    stock_order_line: StockOrderLineTable;
  }
}
