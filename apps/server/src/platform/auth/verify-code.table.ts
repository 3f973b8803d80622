import type { Generated } from 'kysely';

export interface VerifyCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

declare module '../../db/database.ts' {
  interface Database {
    verify_code: VerifyCodeTable;
  }
}
