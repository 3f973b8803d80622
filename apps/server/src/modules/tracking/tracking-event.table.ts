import type { Generated } from 'kysely';

export interface TrackingEventTable {
  id: Generated<number>;
  merchant_id: number | null;
  account_id: number | null;
  app_key: string;
  type: string;
  page: string;
  target: string;
  event_at: number;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    tracking_event: TrackingEventTable;
  }
}
