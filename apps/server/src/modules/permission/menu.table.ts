export interface MenuTable {
  id: number;
  parent_id: number;
  name: string;
  icon_url: string;
  menu_type: number;
  sort: number;
  hidden: number;
  anchor: string;
  route_path: string;
}

declare module '../../db/database.ts' {
  interface Database {
    menu: MenuTable;
  }
}
