import type { Generated } from 'kysely';

/** 点位公告 (migration 0023). */
export interface PointBulletinTable {
  id: Generated<number>;
  merchant_id: number;
  /** GG + yyMMdd + 4 digits, unique per merchant. */
  bulletin_code: string;
  title: string;
  /** BULLETIN_TYPES key. */
  bulletin_type: string;
  content: string;
  /** Business dates 'YYYY-MM-DD'; end_date '' = open-ended. */
  start_date: string;
  end_date: string;
  /** 'all' | 'points' (point_bulletin_point). */
  scope: string;
  point_count: number;
  /** BULLETIN_STATUS: 1 草稿, 2 已发布, 3 已撤回 (已过期 is derived by date). */
  status: number;
  published_at: number | null;
  publisher_name: string;
  creator_name: string;
  version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface PointBulletinPointTable {
  id: Generated<number>;
  merchant_id: number;
  bulletin_id: number;
  point_id: number;
}

declare module '../../db/database.ts' {
  interface Database {
    point_bulletin: PointBulletinTable;
    point_bulletin_point: PointBulletinPointTable;
  }
}
