import type { Generated } from 'kysely';

/** 柜型: product data (synced by device.seed.ts), the same for every merchant. */
export interface DeviceModelTable {
  id: Generated<number>;
  code: string;
  name: string;
  door_count: number;
  slot_rows: number;
  slot_cols: number;
  /** STORAGE_STYLES: 1 常温, 2 冷藏, 3 冷冻. */
  storage_style: number;
  sort: number;
}

export interface DeviceTable {
  id: Generated<number>;
  merchant_id: number;
  /** 'D' + 10 digits; the device's MQTT user name, unique over all merchants. */
  device_code: string;
  name: string;
  model_code: string;
  /** DEVICE_STATUS: 1 未激活, 2 已激活, 3 停用. */
  status: number;
  firmware: string;
  remark: string;
  /** `s1$<salt hex>$<sha256(salt + secret) hex>` (device.secret.ts). */
  secret_hash: string;
  online: number;
  last_seen_at: number;
  temperature_dc: number | null;
  door_state: string;
  telemetry_at: number;
  version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface DeviceCommandTable {
  id: Generated<number>;
  merchant_id: number;
  device_id: number;
  command_no: string;
  command_type: string;
  /** COMMAND_STATUS: 1 已发送, 2 已确认, 3 超时, 4 执行失败. */
  status: number;
  result: string;
  operator_name: string;
  sent_at: number;
  acked_at: number;
}

export interface DeviceLinkLogTable {
  id: Generated<number>;
  merchant_id: number;
  device_id: number;
  /** online | offline */
  event: string;
  created_at: number;
}

/** 故障记录: one row per fault a cabinet reported (event `fault`, docs/device-protocol.md). */
export interface DeviceFaultTable {
  id: Generated<number>;
  merchant_id: number;
  device_id: number;
  fault_code: string;
  message: string;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    device_model: DeviceModelTable;
    device: DeviceTable;
    device_command: DeviceCommandTable;
    device_link_log: DeviceLinkLogTable;
    device_fault: DeviceFaultTable;
  }
}
