import type { Generated } from 'kysely';

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  merchant_id: number;
  organization_id: number | null;
  role_ids: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
  ip: string;
  user_agent: string;
}

declare module '../../db/database.ts' {
  interface Database {
    session: SessionTable;
  }
}
