import type { Generated } from 'kysely';

export interface StoreStaffTable {
  id: Generated<number>;
  merchant_id: number;
  staff_no: string;
  name: string;
  phone: string;
  position: string;
  status: number;
  /** Business date 'YYYY-MM-DD' (migration 0007). */
  entry_date: string | null;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface StoreStaffStoreTable {
  staff_id: number;
  store_id: number;
  merchant_id: number;
}

declare module '../../db/database.ts' {
  interface Database {
    store_staff: StoreStaffTable;
    store_staff_store: StoreStaffStoreTable;
  }
}
