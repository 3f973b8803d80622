import type { Generated } from 'kysely';

export interface SettleApplyTable {
  id: Generated<number>;
  merchant_id: number;
  apply_code: string;
  subject_type: string;
  subject_name: string;
  cert_no: string;
  legal_person: string;
  contact_name: string;
  contact_phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  cert_file_id: number | null;
  business_lines: string;
  remark: string;
  status: number;
  review_remark: string;
  reject_reason: string;
  submitted_at: number | null;
  reviewed_by: number | null;
  reviewer_name: string;
  reviewed_at: number | null;
  created_by: number;
  creator_name: string;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    settle_apply: SettleApplyTable;
  }
}
