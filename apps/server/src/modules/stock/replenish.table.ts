import type { Generated } from 'kysely';

// 智能柜补货 (0039): slot settings, rules, orders and their lines. docs/stock.md "补货".

/** 规则配置: one configured cabinet slot's 补货线 / 补满量 (a slot without a row uses par level / capacity). */
export interface ReplenishSlotTable {
  id: Generated<number>;
  merchant_id: number;
  device_code: string;
  slot_no: string;
  min_level: number;
  max_level: number;
  version: Generated<number>;
  created_by: Generated<number>;
  updated_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** 补货规则. */
export interface ReplenishRuleTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  /** REPLENISH_TRIGGERS: min, percent. */
  trigger_mode: string;
  trigger_percent: Generated<number>;
  /** REPLENISH_FILL_TO: max, capacity. */
  fill_to: string;
  min_lot: Generated<number>;
  /** REPLENISH_SOURCES: hub, front. */
  source_kind: string;
  source_location_id: number;
  /** '' = every cabinet, else device codes joined by ','. */
  device_codes: Generated<string>;
  status: Generated<number>;
  remark: Generated<string>;
  version: Generated<number>;
  created_by: Generated<number>;
  updated_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** 补货单: 已生成 → 配送中 → 已完成, 已生成 → 已取消. */
export interface ReplenishOrderTable {
  id: Generated<number>;
  merchant_id: number;
  order_code: string;
  device_code: string;
  rule_id: Generated<number>;
  rule_name: Generated<string>;
  source_location_id: number;
  status: Generated<number>;
  line_count: Generated<number>;
  total_sent: Generated<number>;
  total_loaded: Generated<number>;
  creator_name: Generated<string>;
  dispatched_at: Generated<number>;
  completed_at: Generated<number>;
  cancel_reason: Generated<string>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface ReplenishOrderLineTable {
  id: Generated<number>;
  merchant_id: number;
  order_id: number;
  slot_no: string;
  location_id: number;
  sku_id: number;
  on_hand: Generated<number>;
  quantity: number;
  /** −1 until completed. */
  loaded: Generated<number>;
}

declare module '../../db/database.ts' {
  interface Database {
    replenish_slot: ReplenishSlotTable;
    replenish_rule: ReplenishRuleTable;
    replenish_order: ReplenishOrderTable;
    replenish_order_line: ReplenishOrderLineTable;
  }
}
