import type { Generated } from 'kysely';

export interface RecordHistoryTable {
  id: Generated<number>;
  merchant_id: number;
  /** What kind of record: `<area>.<resource>` (goods.standard-product). */
  subject: string;
  /** The record's key as people know it (goodsNo, approvalCode) or its id. */
  subject_id: string;
  action: string;
  action_label: string;
  /** JSON array of {field, label, before, after} (text). */
  changes: string;
  remark: string;
  operator_id: number;
  operator_name: string;
  created_at: number;
}

declare module '../db/database.ts' {
  interface Database {
    record_history: RecordHistoryTable;
  }
}
