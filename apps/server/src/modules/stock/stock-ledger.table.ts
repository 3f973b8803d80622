import type { Generated } from 'kysely';

/** Where stock is kept: the hub warehouse, wholesaler stock, a front warehouse, a cabinet slot, a store. */
export interface StockLocationTable {
  id: Generated<number>;
  merchant_id: number;
  /** STOCK_LOCATION_KINDS. */
  kind: string;
  code: string;
  name: string;
  owner_id: Generated<number>;
  device_code: Generated<string>;
  slot_no: Generated<string>;
  status: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** On hand and locked of one SKU at one location: a cache of its movements (reconcile checks it). */
export interface StockBalanceTable {
  id: Generated<number>;
  merchant_id: number;
  location_id: number;
  location_kind: string;
  sku_id: number;
  on_hand: number;
  locked: number;
  version: Generated<number>;
  updated_at: number;
}

/** 库存流水: one change of one balance. */
export interface StockMovementTable {
  id: Generated<number>;
  merchant_id: number;
  location_id: number;
  location_kind: string;
  sku_id: number;
  /** STOCK_MOVEMENT_TYPES. */
  type: string;
  /** The change of on hand (signed). */
  quantity: number;
  /** The change of locked (signed). */
  lock_delta: number;
  on_hand_before: number;
  on_hand_after: number;
  locked_before: number;
  locked_after: number;
  /** STOCK_DOC_TYPES. */
  doc_type: string;
  doc_code: string;
  /** A cabinet slot's device (0042, the 设备 filter's index); '' for other kinds. */
  device_code: Generated<string>;
  reason: string;
  operator_id: number;
  operator_name: string;
  created_at: number;
}

/**
 * The code of every stock document the ledger's documents draw (0042): 入库单 / 退货单, 库存编辑, the store's 新增. Unique per
 * merchant, registered in the document's own transaction, so two writes can never hold the same code.
 */
export interface StockDocCodeTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  /** STOCK_DOC_TYPES. */
  doc_type: string;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    stock_doc_code: StockDocCodeTable;
    stock_location: StockLocationTable;
    stock_balance: StockBalanceTable;
    stock_movement: StockMovementTable;
  }
}
