import type { Generated } from 'kysely';

export interface RoleTable {
  id: Generated<number>;
  merchant_id: number;
  organization_id: number;
  name: string;
  package_name: string;
  is_admin: number;
  created_at: number;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

declare module '../../db/database.ts' {
  interface Database {
    role: RoleTable;
    role_menu: RoleMenuTable;
  }
}
