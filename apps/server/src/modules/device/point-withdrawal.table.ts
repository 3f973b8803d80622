import type { Generated } from 'kysely';

/** 撤点申请 (migration 0023). */
export interface PointWithdrawalTable {
  id: Generated<number>;
  merchant_id: number;
  /** CD + yyMMdd + 4 digits, unique per merchant. */
  apply_code: string;
  point_id: number;
  /** The point's code and name when applied (the document keeps them). */
  point_code: string;
  point_name: string;
  /** The point while the application is open (待审核 / 已通过), else NULL (unique: one open application per point). */
  open_point_id: number | null;
  reason: string;
  planned_date: string;
  /** WITHDRAWAL_STATUS: 1 待审核, 2 已通过, 3 已驳回, 4 已撤回, 5 已完成. */
  status: number;
  review_remark: string;
  applicant_id: number;
  applicant_name: string;
  reviewer_id: number | null;
  reviewer_name: string;
  reviewed_at: number | null;
  completed_at: number | null;
  completer_name: string;
  unbound_count: number;
  version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    point_withdrawal: PointWithdrawalTable;
  }
}
