import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: the front warehouses 前置仓 (issue 15, section 123 entrepot, docs/stock.md). Each warehouse has an owner
// (仓主), an address, a status (1 启用 / 0 停用) and its own stock location (stock_location kind 'front', code = the
// warehouse code) where the ledger keeps its stock. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('front_warehouse'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // QZ + 8 digits, unique per merchant
      .addColumn('warehouse_code', 'varchar(12)', notNull)
      .addColumn('name', 'varchar(40)', notNull)
      .addColumn('owner_name', 'varchar(20)', notNull)
      .addColumn('owner_phone', 'varchar(20)', notNull)
      .addColumn('contact_tel', 'varchar(20)', text)
      .addColumn('province', 'varchar(20)', notNull)
      .addColumn('city', 'varchar(20)', notNull)
      .addColumn('district', 'varchar(20)', text)
      .addColumn('address', 'varchar(100)', notNull)
      // m², 0 when not given
      .addColumn('area', 'integer', zero)
      // FRONT_WAREHOUSE_STATUS: 1 启用, 0 停用
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(200)', text)
      // its stock_location (kind 'front')
      .addColumn('location_id', 'integer', (c) => c.notNull().references('stock_location.id'))
      .addColumn('updated_by', 'integer', zero),
  ).execute();
  await db.schema
    .createIndex('front_warehouse_code_uq')
    .on('front_warehouse')
    .columns(['merchant_id', 'warehouse_code'])
    .unique()
    .execute();
  await db.schema.createIndex('front_warehouse_name_uq').on('front_warehouse').columns(['merchant_id', 'name']).unique().execute();
  // the list: newest first, by status, by city; the options: enabled ones by name
  await db.schema.createIndex('front_warehouse_time_idx').on('front_warehouse').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('front_warehouse_status_idx').on('front_warehouse').columns(['merchant_id', 'status', 'name']).execute();
  await db.schema
    .createIndex('front_warehouse_region_idx')
    .on('front_warehouse')
    .columns(['merchant_id', 'province', 'city', 'district'])
    .execute();
  await db.schema.createIndex('front_warehouse_location_idx').on('front_warehouse').columns(['location_id']).execute();
}
