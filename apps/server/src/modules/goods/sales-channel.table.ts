import type { Generated } from 'kysely';

/** The shelf state of a SKU in one sales channel (no row: 下架, never set). */
export interface GoodsChannelShelfTable {
  id: Generated<number>;
  merchant_id: number;
  sku_id: number;
  /** channel.code (container, mall, online, locallife). */
  channel_code: string;
  /** 1 上架, 2 下架. */
  status: number;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    goods_channel_shelf: GoodsChannelShelfTable;
  }
}
