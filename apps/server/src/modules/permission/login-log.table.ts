import type { Generated } from 'kysely';

export interface LoginLogTable {
  id: Generated<number>;
  merchant_id: number | null;
  account_id: number | null;
  user_name: string;
  method: string;
  success: number;
  reason: string;
  ip: string;
  user_agent: string;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    login_log: LoginLogTable;
  }
}
