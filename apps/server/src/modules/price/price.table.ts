import type { Generated } from 'kysely';

/** 二级渠道. */
export interface PriceChannelTable {
  id: Generated<number>;
  merchant_id: number;
  /** The first channel's code (container, mall, online, locallife). */
  first_channel_code: string;
  name: string;
  /** PRICE_CHANNEL_STATUS: 1 启用, 0 停用. */
  status: number;
  remark: string;
  version: Generated<number>;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
}

export interface PriceChannelDeviceTable {
  id: Generated<number>;
  merchant_id: number;
  channel_id: number;
  first_channel_code: string;
  device_code: string;
  created_at: number;
}

/** The current price of a SKU on one layer and target (a cache of the latest price_change of that key). */
export interface SkuPriceTable {
  id: Generated<number>;
  merchant_id: number;
  sku_id: number;
  /** PRICE_SCOPES: channel1, channel2, cabinet, localLife. */
  scope_type: string;
  scope_key: string;
  price_cents: number;
  order_no: string;
  updated_at: number;
}

/** The price ledger. */
export interface PriceChangeTable {
  id: Generated<number>;
  merchant_id: number;
  sku_id: number;
  scope_type: string;
  scope_key: string;
  old_price: number | null;
  new_price: number;
  order_no: string;
  reason: string;
  operator_id: number;
  operator_name: string;
  /** When the price took effect (the apply time). */
  effective_at: number;
}

/** 调价单. */
export interface PriceAdjustmentTable {
  id: Generated<number>;
  merchant_id: number;
  order_no: string;
  /** ADJUSTMENT_STATUS: 1 草稿, 2 待生效, 3 已生效, 4 已取消. */
  status: number;
  scope_type: string;
  /** now | scheduled */
  effective_mode: string;
  effective_at: number | null;
  reason: string;
  scope_summary: string;
  sku_count: number;
  line_count: number;
  version: Generated<number>;
  created_by: number;
  creator_name: string;
  created_at: number;
  updated_at: number;
  submitted_by: number;
  submitter_name: string;
  submitted_at: number | null;
  applied_at: number | null;
  cancelled_by: number;
  canceller_name: string;
  cancelled_at: number | null;
  cancel_reason: string;
}

export interface PriceAdjustmentLineTable {
  id: Generated<number>;
  merchant_id: number;
  adjustment_id: number;
  sku_id: number;
  scope_key: string;
  /** The effective price when the order was saved / submitted (分). */
  old_price: number;
  new_price: number;
}

export interface PriceAdjustmentPushTable {
  id: Generated<number>;
  merchant_id: number;
  adjustment_id: number;
  device_code: string;
  command_no: string;
  /** PUSH_STATUS before a command exists (0 待推送, 4 失败); after, the command's status decides. */
  status: number;
  message: string;
  attempts: number;
  sent_at: number | null;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    price_channel: PriceChannelTable;
    price_channel_device: PriceChannelDeviceTable;
    sku_price: SkuPriceTable;
    price_change: PriceChangeTable;
    price_adjustment: PriceAdjustmentTable;
    price_adjustment_line: PriceAdjustmentLineTable;
    price_adjustment_push: PriceAdjustmentPushTable;
  }
}
