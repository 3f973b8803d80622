import type { Generated } from 'kysely';

export interface AccountTable {
  id: Generated<number>;
  merchant_id: number;
  user_name: string;
  phone: string;
  password_hash: string;
  merchant_account_type: number;
  use_site: number;
  bus_code: string;
  status: number;
  password_changed_at: number;
  created_at: number;
  updated_at: number;
}

export interface MembershipTable {
  account_id: number;
  organization_id: number;
  role_id: number;
  merchant_id: number;
}

declare module '../../db/database.ts' {
  interface Database {
    account: AccountTable;
    membership: MembershipTable;
  }
}
