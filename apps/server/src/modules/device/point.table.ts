import type { Generated } from 'kysely';

/** 点位: the site where cabinets stand (place + business terms). */
export interface PointTable {
  id: Generated<number>;
  merchant_id: number;
  /** 'P' + 8 digits, unique per merchant. */
  point_code: string;
  name: string;
  /** POINT_SCENES. */
  scene: number;
  province_code: string;
  city_code: string;
  /** '' where the city has no districts. */
  district_code: string;
  address: string;
  /** GCJ-02 degrees × 1e6. */
  lng_e6: number;
  lat_e6: number;
  contact_name: string;
  contact_phone: string;
  rent_cents: number;
  /** Basis points (万分比). */
  commission_bp: number;
  open_time: string;
  close_time: string;
  /** An account of the merchant. */
  operator_id: number;
  remark: string;
  /** POINT_STATUS: 1 营业中, 2 暂停营业, 3 已撤点. */
  status: number;
  version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** One stay of a device at a point; `active_device_id` is the device id while open, NULL once closed. */
export interface PointDeviceBindingTable {
  id: Generated<number>;
  merchant_id: number;
  point_id: number;
  device_id: number;
  active_device_id: number | null;
  bound_at: number;
  bound_by: number;
  bound_by_name: string;
  unbound_at: number;
  unbound_by: number;
  unbound_by_name: string;
}

declare module '../../db/database.ts' {
  interface Database {
    point: PointTable;
    point_device_binding: PointDeviceBindingTable;
  }
}
