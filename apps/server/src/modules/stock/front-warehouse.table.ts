import type { Generated } from 'kysely';

/** 前置仓: a front warehouse, its owner (仓主) and its stock location. */
export interface FrontWarehouseTable {
  id: Generated<number>;
  merchant_id: number;
  /** QZ + 8 digits, unique per merchant. */
  warehouse_code: string;
  name: string;
  owner_name: string;
  owner_phone: string;
  contact_tel: string;
  province: string;
  city: string;
  district: string;
  address: string;
  /** m², 0 when not given. */
  area: number;
  /** FRONT_WAREHOUSE_STATUS: 1 启用, 0 停用. */
  status: number;
  remark: string;
  /** Its stock_location (kind 'front'). */
  location_id: number;
  version: Generated<number>;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    front_warehouse: FrontWarehouseTable;
  }
}
