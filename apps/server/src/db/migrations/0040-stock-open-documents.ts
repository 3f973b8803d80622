import { sql, type Kysely } from 'kysely';

// Frozen: the database is the last word on "one open document per cabinet" (issue 15, docs/stock.md). The services check
// first for a friendly answer, but two requests racing past that check would each have opened one; these partial unique
// indexes refuse the second. Plus the 前置仓 入库单 / 退货单 lists by warehouse and type. Dialect-neutral (SQLite and
// PostgreSQL both index a `where`).

export async function up(db: Kysely<unknown>): Promise<void> {
  // REPLENISH_ORDER_STATUS 0 已生成 / 1 配送中: at most one per cabinet
  await db.schema
    .createIndex('replenish_order_open_uq')
    .on('replenish_order')
    .columns(['merchant_id', 'device_code'])
    .unique()
    .where(sql<boolean>`status in (0, 1)`)
    .execute();
  // STOCKTAKE 0 盘点中 / 1 待审核: at most one per cabinet
  await db.schema
    .createIndex('stocktake_open_uq')
    .on('stocktake')
    .columns(['merchant_id', 'device_code'])
    .unique()
    .where(sql<boolean>`status in (0, 1)`)
    .execute();
  // a front-warehouse page keeps one order type; picking a warehouse narrows it to that location
  await db.schema
    .createIndex('stock_order_location_type_idx')
    .on('stock_order')
    .columns(['merchant_id', 'location_id', 'order_type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_order_type_status_idx')
    .on('stock_order')
    .columns(['merchant_id', 'location_kind', 'order_type', 'status', 'created_at', 'id'])
    .execute();
}
