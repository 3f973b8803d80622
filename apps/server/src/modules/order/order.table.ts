import type { Generated } from 'kysely';

/** An order of any channel (0043 sale_order, docs/orders.md). Money in cents. */
export interface SaleOrderTable {
  id: Generated<number>;
  merchant_id: number;
  order_no_sub: string;
  /** ORDER_CHANNELS. */
  channel: string;
  /** ORDER_STATUS. */
  status: Generated<number>;
  /** PAY_STATUS. */
  pay_status: Generated<number>;
  /** EXCEPTION_TYPES, '' when normal. */
  excep_type: Generated<string>;
  excep_reason: Generated<string>;
  device_code: Generated<string>;
  device_name: Generated<string>;
  point_name: Generated<string>;
  apply_code: Generated<string>;
  user_id: Generated<string>;
  user_phone: Generated<string>;
  /** 1 when the lines' 销售 movements are posted. */
  stock_posted: Generated<number>;
  item_count: Generated<number>;
  goods_amount: Generated<number>;
  discount_amount: Generated<number>;
  pay_amount: Generated<number>;
  paid_amount: Generated<number>;
  refunded_amount: Generated<number>;
  pay_no: Generated<string>;
  priced_at: Generated<number>;
  paid_at: Generated<number>;
  completed_at: Generated<number>;
  /** A channel order (0045): the channel's own number, the app that sent it, the receiver. */
  channel_order_no: Generated<string>;
  app_name: Generated<string>;
  receiver_name: Generated<string>;
  receiver_phone: Generated<string>;
  receiver_address: Generated<string>;
  remark: Generated<string>;
  /** 本地生活: the store (0: none). */
  store_id: Generated<number>;
  store_name: Generated<string>;
  /** The stock location the goods are locked at and ship from (0: a cabinet order, whose lines name their slots). */
  location_id: Generated<number>;
  /** CARRIERS key, '' before shipping. */
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  cancel_reason: Generated<string>;
  /** An unpaid channel order is cancelled at this time (0: none). */
  pay_deadline: Generated<number>;
  shipped_at: Generated<number>;
  cancelled_at: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One line of an order: a SKU, its quantity and price (a cabinet line: its slot). */
export interface SaleOrderLineTable {
  id: Generated<number>;
  merchant_id: number;
  order_id: number;
  line_no: number;
  sku_id: number;
  sku_code: Generated<string>;
  sku_name: Generated<string>;
  slot_no: Generated<string>;
  location_id: Generated<number>;
  quantity: number;
  unit_price: number;
  amount: number;
  price_layer: Generated<string>;
  price_order_no: Generated<string>;
  /** ‰; -1 when no cabinet recognised it. */
  confidence: Generated<number>;
  refunded_quantity: Generated<number>;
  refunded_amount: Generated<number>;
  created_at: number;
}

/** 开门记录: one consumer's session at a cabinet (DOOR_SESSION_STATUS). */
export interface DoorSessionTable {
  id: Generated<number>;
  merchant_id: number;
  apply_code: string;
  device_code: string;
  device_name: Generated<string>;
  point_name: Generated<string>;
  user_id: string;
  user_phone: Generated<string>;
  app_name: Generated<string>;
  request_id: string;
  status: Generated<number>;
  command_no: Generated<string>;
  order_no_sub: Generated<string>;
  fail_reason: Generated<string>;
  opened_at: Generated<number>;
  closed_at: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One step of a door session's timeline (DOOR_EVENT_TYPES). */
export interface DoorEventTable {
  id: Generated<number>;
  merchant_id: number;
  session_id: number;
  type: string;
  summary: Generated<string>;
  data: Generated<string>;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    sale_order: SaleOrderTable;
    sale_order_line: SaleOrderLineTable;
    door_session: DoorSessionTable;
    door_event: DoorEventTable;
    after_sale_order: AfterSaleOrderTable;
    after_sale_line: AfterSaleLineTable;
  }
}

/** 售后工单 (0046 after_sale_order, docs/orders.md "售后"). Money in cents. */
export interface AfterSaleOrderTable {
  id: Generated<number>;
  merchant_id: number;
  work_number: string;
  order_id: number;
  order_no_sub: string;
  channel: string;
  /** AFTER_SALE_TYPES. */
  type: string;
  /** AFTER_SALE_STATUS. */
  status: Generated<number>;
  reason: string;
  description: Generated<string>;
  user_id: Generated<string>;
  item_count: Generated<number>;
  refund_amount: Generated<number>;
  /** AFTER_SALE_REFUND_STATUS. */
  refund_status: Generated<number>;
  refund_no: Generated<string>;
  return_location_id: Generated<number>;
  result: Generated<string>;
  reject_reason: Generated<string>;
  creator_name: Generated<string>;
  handler_id: Generated<number>;
  handler_name: Generated<string>;
  completed_at: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A line of a work order: an order line, the quantity and the refund it takes. */
export interface AfterSaleLineTable {
  id: Generated<number>;
  merchant_id: number;
  work_order_id: number;
  order_line_id: number;
  line_no: number;
  sku_id: number;
  sku_code: Generated<string>;
  sku_name: Generated<string>;
  quantity: number;
  refund_amount: Generated<number>;
  created_at: number;
}
