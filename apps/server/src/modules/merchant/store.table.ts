import type { Generated } from 'kysely';

export interface StoreTable {
  id: Generated<number>;
  merchant_id: number;
  store_code: string;
  name: string;
  category_code: string;
  /** Comma-separated codes. */
  tag_codes: string;
  contact_name: string;
  contact_phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  lng: number;
  lat: number;
  open_time: string;
  close_time: string;
  /** Comma-separated 1..7 (Monday..Sunday). */
  business_days: string;
  status: number;
  remark: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface StoreChangeRecordTable {
  id: Generated<number>;
  merchant_id: number;
  store_id: number;
  change_type: string;
  /** JSON array of {field, label, before, after}. */
  changes: string;
  operator_id: number;
  operator_name: string;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    store: StoreTable;
    store_change_record: StoreChangeRecordTable;
  }
}
