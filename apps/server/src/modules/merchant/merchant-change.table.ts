import type { Generated } from 'kysely';

export interface MerchantChangeTable {
  id: Generated<number>;
  merchant_id: number;
  change_code: string;
  /** JSON array of {field, label, before, after}. */
  changes: string;
  reason: string;
  status: number;
  review_remark: string;
  reject_reason: string;
  submitted_by: number;
  submitter_name: string;
  reviewed_by: number | null;
  reviewer_name: string;
  reviewed_at: number | null;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    merchant_change: MerchantChangeTable;
  }
}
