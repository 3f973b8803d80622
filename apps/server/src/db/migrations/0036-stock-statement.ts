import type { Kysely } from 'kysely';

// Frozen: the 库存报表 (stock statement, issue 15, docs/stock.md) reads one period of a location kind's movements and,
// per balance, the last movement before the period (its on_hand_after is the opening). Both indexes cover what they
// serve, so neither read touches the table rows: the period's movements by (merchant, kind, time) with the columns
// summed, and the last movement of a balance before a time by (location, SKU, time, id) with its on_hand_after.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('stock_movement_period_idx')
    .on('stock_movement')
    .columns(['merchant_id', 'location_kind', 'created_at', 'location_id', 'sku_id', 'type', 'quantity'])
    .execute();
  await db.schema
    .createIndex('stock_movement_opening_idx')
    .on('stock_movement')
    .columns(['location_id', 'sku_id', 'created_at', 'id', 'on_hand_after'])
    .execute();
}
