import type { Generated } from 'kysely';

/** 商品模板 (migration 0032): a planogram per cabinet model. */
export interface GoodsTemplateTable {
  id: Generated<number>;
  merchant_id: number;
  /** MB + yyMMdd + 4 digits, unique per merchant. */
  template_code: string;
  name: string;
  model_code: string;
  /** TEMPLATE_STATUS: 1 启用, 2 停用. */
  status: number;
  remark: string;
  slot_count: number;
  sku_count: number;
  creator_name: string;
  /** 0 = never applied (only such a template may be deleted). */
  last_applied_at: number;
  deleted_at: number | null;
  version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface GoodsTemplateSlotTable {
  id: Generated<number>;
  merchant_id: number;
  template_id: number;
  /** layer-column, e.g. 1-1 */
  slot_no: string;
  layer: number;
  col: number;
  sku_id: number;
  capacity: number;
  par_level: number;
}

/** What a cabinet's device goods come from: one row per cabinet. */
export interface DevicePlanogramTable {
  id: Generated<number>;
  merchant_id: number;
  device_id: number;
  device_code: string;
  template_id: number;
  template_code: string;
  template_version: number;
  apply_code: string;
  applied_at: number;
}

/** 设备商品: one row per slot of a cabinet. */
export interface DeviceGoodsTable {
  id: Generated<number>;
  merchant_id: number;
  device_id: number;
  device_code: string;
  slot_no: string;
  layer: number;
  col: number;
  sku_id: number;
  goods_id: number;
  capacity: number;
  par_level: number;
  template_code: string;
  applied_at: number;
}

/** One cabinet of an apply, with the 同步货道 command sent to it ('' when the link was off). */
export interface PlanogramApplyTable {
  id: Generated<number>;
  merchant_id: number;
  apply_code: string;
  template_id: number;
  template_version: number;
  device_id: number;
  device_code: string;
  slot_count: number;
  command_no: string;
  operator_name: string;
  applied_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    goods_template: GoodsTemplateTable;
    goods_template_slot: GoodsTemplateSlotTable;
    device_planogram: DevicePlanogramTable;
    device_goods: DeviceGoodsTable;
    planogram_apply: PlanogramApplyTable;
  }
}
