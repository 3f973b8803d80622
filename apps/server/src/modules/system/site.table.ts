import type { Generated } from 'kysely';

export interface SiteTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  organization_id: number | null;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    site: SiteTable;
  }
}
