import type { Generated } from 'kysely';

export interface OrganizationTable {
  id: Generated<number>;
  merchant_id: number;
  parent_id: number | null;
  name: string;
  structure_type: number;
  sort: number;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    organization: OrganizationTable;
  }
}
