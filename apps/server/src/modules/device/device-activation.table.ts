import type { Generated } from 'kysely';

/** 激活申请 (migration 0021). */
export interface DeviceActivationTable {
  id: Generated<number>;
  merchant_id: number;
  /** JH + yyMMdd + 4 digits, unique per merchant. */
  apply_code: string;
  contract_id: number;
  /** The contract's number and name when applied (the document keeps them). */
  contract_no: string;
  contract_name: string;
  model_code: string;
  device_count: number;
  /** ACTIVATION_STATUS: 1 待审核, 2 已通过, 3 已驳回, 4 已撤回. */
  status: number;
  remark: string;
  reason: string;
  applicant_id: number;
  applicant_name: string;
  reviewer_id: number | null;
  reviewer_name: string;
  reviewed_at: number | null;
  version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface DeviceActivationItemTable {
  id: Generated<number>;
  merchant_id: number;
  activation_id: number;
  device_id: number;
  device_code: string;
  /** The device while its application is 待审核, else NULL (unique: one pending application per device). */
  pending_device_id: number | null;
}

declare module '../../db/database.ts' {
  interface Database {
    device_activation: DeviceActivationTable;
    device_activation_item: DeviceActivationItemTable;
  }
}
