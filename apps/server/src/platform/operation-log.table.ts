import type { Generated } from 'kysely';

export interface OperationLogTable {
  id: Generated<number>;
  merchant_id: number | null;
  account_id: number | null;
  user_name: string;
  organization_id: number | null;
  role_ids: string;
  operation: string;
  anchor: string;
  client_anchor: string;
  target_ids: string;
  result_code: string;
  result_msg: string;
  ip: string;
  created_at: number;
}

declare module '../db/database.ts' {
  interface Database {
    operation_log: OperationLogTable;
  }
}
