import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: 盘点单 stocktakes of one smart cabinet (issue 15, section 105 check-stockList-list, docs/stock.md). Creating one
// snapshots the system on hand of every slot location of the cabinet (stocktake_line.system_qty); staff enter the counted
// quantity; an approved stocktake posts counted − snapshot as 盘点差异 movements. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('stocktake'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // PD + yyMMdd + 4 digits, unique per merchant
      .addColumn('stocktake_code', 'varchar(20)', notNull)
      .addColumn('device_code', 'varchar(20)', notNull)
      .addColumn('device_name', 'varchar(30)', text)
      // STOCKTAKE_STATUS: 0 盘点中, 1 待审核, 2 已过账, 3 已作废
      .addColumn('status', 'integer', zero)
      .addColumn('line_count', 'integer', zero)
      // lines counted so far, lines whose counted ≠ snapshot, Σ (counted − snapshot)
      .addColumn('counted_count', 'integer', zero)
      .addColumn('variance_lines', 'integer', zero)
      .addColumn('variance_total', 'integer', zero)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('creator_name', 'varchar(40)', text)
      .addColumn('submitted_at', 'bigint', zero)
      .addColumn('reviewer_name', 'varchar(40)', text)
      .addColumn('reviewed_at', 'bigint', zero)
      // the last 退回 reason, or the 作废 reason
      .addColumn('reason', 'varchar(200)', text),
  ).execute();
  await db.schema.createIndex('stocktake_code_uq').on('stocktake').columns(['merchant_id', 'stocktake_code']).unique().execute();
  // the list newest first; by 状态; by 设备 (keyset on created_at, id)
  await db.schema.createIndex('stocktake_list_idx').on('stocktake').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('stocktake_status_idx').on('stocktake').columns(['merchant_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('stocktake_device_idx').on('stocktake').columns(['merchant_id', 'device_code', 'created_at', 'id']).execute();

  await idColumn(db, db.schema.createTable('stocktake_line'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('stocktake_id', 'integer', (c) => c.notNull().references('stocktake.id'))
    // the slot's stock location (kind 'cabinet')
    .addColumn('location_id', 'integer', (c) => c.notNull().references('stock_location.id'))
    .addColumn('slot_no', 'varchar(20)', notNull)
    .addColumn('sku_id', 'integer', notNull)
    // the system on hand when the stocktake was created (the snapshot the staff count against)
    .addColumn('system_qty', 'integer', notNull)
    // null until counted
    .addColumn('counted_qty', 'integer')
    .execute();
  await db.schema
    .createIndex('stocktake_line_uq')
    .on('stocktake_line')
    .columns(['stocktake_id', 'location_id', 'sku_id'])
    .unique()
    .execute();
}
