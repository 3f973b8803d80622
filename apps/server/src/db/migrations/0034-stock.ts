import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: the stock ledger (issue 15, docs/stock.md). Where stock is (stock_location: the hub warehouse 库存中心,
// wholesaler stock, front warehouses, cabinet slots, stores), how much of each SKU is there (stock_balance: on hand and
// locked, a cache of the movements that the conditional updates keep from going negative) and every change
// (stock_movement, 库存流水: before → after, the document that made it, who, when). Stock documents (入库单 / 退货单)
// with their lines post movements when confirmed. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('stock_location'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // STOCK_LOCATION_KINDS: hub, wholesaler, front, cabinet, store
      .addColumn('kind', 'varchar(12)', notNull)
      .addColumn('code', 'varchar(40)', notNull)
      .addColumn('name', 'varchar(60)', notNull)
      // the front warehouse's owner (仓主) or the store, 0 when none
      .addColumn('owner_id', 'integer', zero)
      // a cabinet slot: its device and slot number
      .addColumn('device_code', 'varchar(20)', text)
      .addColumn('slot_no', 'varchar(8)', text)
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await db.schema.createIndex('stock_location_code_uq').on('stock_location').columns(['merchant_id', 'kind', 'code']).unique().execute();
  await db.schema
    .createIndex('stock_location_device_idx')
    .on('stock_location')
    .columns(['merchant_id', 'device_code', 'slot_no'])
    .execute();

  await idColumn(db, db.schema.createTable('stock_balance'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('stock_location.id'))
    .addColumn('location_kind', 'varchar(12)', notNull)
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    .addColumn('on_hand', 'integer', zero)
    .addColumn('locked', 'integer', zero)
    .addColumn('version', 'integer', zero)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('stock_balance_uq').on('stock_balance').columns(['location_id', 'sku_id']).unique().execute();
  await db.schema.createIndex('stock_balance_kind_idx').on('stock_balance').columns(['merchant_id', 'location_kind', 'sku_id']).execute();
  await db.schema.createIndex('stock_balance_sku_idx').on('stock_balance').columns(['merchant_id', 'sku_id']).execute();

  await idColumn(db, db.schema.createTable('stock_movement'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('stock_location.id'))
    .addColumn('location_kind', 'varchar(12)', notNull)
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    // STOCK_MOVEMENT_TYPES
    .addColumn('type', 'varchar(12)', notNull)
    // the change of on hand (signed) and of locked (signed)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('lock_delta', 'integer', zero)
    .addColumn('on_hand_before', 'integer', notNull)
    .addColumn('on_hand_after', 'integer', notNull)
    .addColumn('locked_before', 'integer', notNull)
    .addColumn('locked_after', 'integer', notNull)
    // the document that posted it (STOCK_DOC_TYPES) and its code
    .addColumn('doc_type', 'varchar(16)', notNull)
    .addColumn('doc_code', 'varchar(30)', notNull)
    .addColumn('reason', 'varchar(200)', text)
    .addColumn('operator_id', 'integer', zero)
    .addColumn('operator_name', 'varchar(64)', text)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  // 库存流水: newest first by merchant, by location kind (alone, + SKU, + type), by location; a document's movements
  await db.schema.createIndex('stock_movement_time_idx').on('stock_movement').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('stock_movement_kind_idx')
    .on('stock_movement')
    .columns(['merchant_id', 'location_kind', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_movement_kind_sku_idx')
    .on('stock_movement')
    .columns(['merchant_id', 'location_kind', 'sku_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_movement_kind_type_idx')
    .on('stock_movement')
    .columns(['merchant_id', 'location_kind', 'type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_movement_location_idx')
    .on('stock_movement')
    .columns(['merchant_id', 'location_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('stock_movement_doc_idx').on('stock_movement').columns(['merchant_id', 'doc_code']).execute();
  // the reconcile: Σ movements per balance key
  await db.schema.createIndex('stock_movement_balance_idx').on('stock_movement').columns(['location_id', 'sku_id', 'id']).execute();

  // 入库单 / 退货单: 草稿 → 已确认 (posts its lines) / 已取消
  await stamped(
    idColumn(db, db.schema.createTable('stock_order'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // STOCK_ORDER_TYPES: inbound, return
      .addColumn('order_type', 'varchar(12)', notNull)
      .addColumn('order_code', 'varchar(20)', notNull)
      .addColumn('location_id', 'integer', (c) => c.notNull().references('stock_location.id'))
      .addColumn('location_kind', 'varchar(12)', notNull)
      // STOCK_ORDER_STATUS: 0 草稿, 1 已确认, 2 已取消
      .addColumn('status', 'integer', zero)
      // where it came from (inbound: the supplier) or goes to (return)
      .addColumn('counterparty', 'varchar(60)', text)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('line_count', 'integer', zero)
      .addColumn('total_quantity', 'integer', zero)
      .addColumn('total_amount', 'bigint', zero)
      .addColumn('creator_name', 'varchar(64)', text)
      .addColumn('confirmed_at', 'bigint', zero)
      .addColumn('confirmer_name', 'varchar(64)', text)
      .addColumn('cancel_reason', 'varchar(200)', text),
  ).execute();
  await db.schema.createIndex('stock_order_code_uq').on('stock_order').columns(['merchant_id', 'order_code']).unique().execute();
  // the list of one location kind (a page), newest first: all, by 单据类型, by 状态, and one location's (a front warehouse)
  await db.schema
    .createIndex('stock_order_list_idx')
    .on('stock_order')
    .columns(['merchant_id', 'location_kind', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_order_type_idx')
    .on('stock_order')
    .columns(['merchant_id', 'location_kind', 'order_type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_order_status_idx')
    .on('stock_order')
    .columns(['merchant_id', 'location_kind', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_order_location_idx')
    .on('stock_order')
    .columns(['merchant_id', 'location_id', 'created_at', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('stock_order_line'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('stock_order.id'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    .addColumn('quantity', 'integer', notNull)
    // 分 per unit (the purchase or return price), 0 when not given
    .addColumn('unit_cost', 'integer', zero)
    .addColumn('remark', 'varchar(100)', text)
    .execute();
  await db.schema.createIndex('stock_order_line_uq').on('stock_order_line').columns(['order_id', 'sku_id']).unique().execute();
  await db.schema.createIndex('stock_order_line_sku_idx').on('stock_order_line').columns(['merchant_id', 'sku_id']).execute();
}
