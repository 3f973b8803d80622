import type { Generated } from 'kysely';

export interface MerchantTable {
  id: Generated<number>;
  code: string;
  name: string;
  bus_code: string;
  status: number;
  created_at: number;
}

export interface MerchantProfileTable {
  merchant_id: number;
  merchant_type: string;
  short_name: string;
  /** Comma-separated codes. */
  main_tags: string;
  contact_name: string;
  contact_phone: string;
  service_phone: string;
  email: string;
  province: string;
  city: string;
  district: string;
  address: string;
  intro: string;
  subject_type: string;
  subject_name: string;
  legal_person: string;
  cert_no: string;
  cert_file_id: number | null;
  business_lines: string;
  settled_at: number | null;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    merchant: MerchantTable;
    merchant_profile: MerchantProfileTable;
  }
}
