import type { Generated } from 'kysely';

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  content: string;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    sms_outbox: SmsOutboxTable;
  }
}
