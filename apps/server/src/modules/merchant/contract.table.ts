import type { Generated } from 'kysely';

export interface ContractTable {
  id: Generated<number>;
  merchant_id: number;
  contract_no: string;
  name: string;
  contract_type: string;
  party_name: string;
  /** Cents. */
  amount: number;
  /** Business dates 'YYYY-MM-DD' (migration 0007). */
  sign_date: string;
  start_date: string;
  end_date: string;
  file_id: number | null;
  remark: string;
  /** 智能柜投放合同 (migration 0021): the cabinet model, cabinets covered, cabinets activated against it. */
  cabinet_model_code: string | null;
  cabinet_count: number;
  cabinet_activated: number;
  terminated_at: number | null;
  terminate_reason: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    contract: ContractTable;
  }
}
