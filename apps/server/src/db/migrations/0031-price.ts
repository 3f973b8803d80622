import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: the price engine (issue 14, docs/prices.md): second channels and their cabinets, the current price of each
// layer (sku_price, a cache of the ledger), the price ledger (price_change), adjustment orders (调价单) with their
// lines and their per-cabinet push. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- 二级渠道 ----
  await stamped(
    idColumn(db, db.schema.createTable('price_channel'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('first_channel_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(30)', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('updated_by', 'integer', zero),
  ).execute();
  await db.schema
    .createIndex('price_channel_name_uq')
    .on('price_channel')
    .columns(['merchant_id', 'first_channel_code', 'name'])
    .unique()
    .execute();
  await db.schema.createIndex('price_channel_list_idx').on('price_channel').columns(['merchant_id', 'id']).execute();

  // ---- the cabinets of a second channel (a cabinet in at most one second channel per first channel) ----
  await idColumn(db, db.schema.createTable('price_channel_device'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('price_channel.id'))
    .addColumn('first_channel_code', 'varchar(20)', notNull)
    .addColumn('device_code', 'varchar(32)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('price_channel_device_uq')
    .on('price_channel_device')
    .columns(['merchant_id', 'first_channel_code', 'device_code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('price_channel_device_channel_idx')
    .on('price_channel_device')
    .columns(['channel_id', 'device_code'])
    .execute();

  // ---- the current price per layer (written only by applying an adjustment order, with its ledger row) ----
  await idColumn(db, db.schema.createTable('sku_price'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    .addColumn('scope_type', 'varchar(12)', notNull)
    .addColumn('scope_key', 'varchar(32)', notNull)
    .addColumn('price_cents', 'integer', notNull)
    .addColumn('order_no', 'varchar(20)', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('sku_price_uq')
    .on('sku_price')
    .columns(['merchant_id', 'sku_id', 'scope_type', 'scope_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sku_price_scope_idx')
    .on('sku_price')
    .columns(['merchant_id', 'scope_type', 'scope_key', 'sku_id'])
    .execute();

  // ---- the price ledger: every change old → new (keyset-paged, an index per filter + sort of 价格记录) ----
  await idColumn(db, db.schema.createTable('price_change'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    .addColumn('scope_type', 'varchar(12)', notNull)
    .addColumn('scope_key', 'varchar(32)', notNull)
    .addColumn('old_price', 'integer')
    .addColumn('new_price', 'integer', notNull)
    .addColumn('order_no', 'varchar(20)', notNull)
    .addColumn('reason', 'varchar(200)', text)
    .addColumn('operator_id', 'integer', zero)
    .addColumn('operator_name', 'varchar(60)', text)
    .addColumn('effective_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('price_change_time_idx').on('price_change').columns(['merchant_id', 'effective_at', 'id']).execute();
  await db.schema.createIndex('price_change_sku_idx').on('price_change').columns(['merchant_id', 'sku_id', 'effective_at', 'id']).execute();
  await db.schema
    .createIndex('price_change_scope_idx')
    .on('price_change')
    .columns(['merchant_id', 'scope_type', 'effective_at', 'id'])
    .execute();
  await db.schema
    .createIndex('price_change_target_idx')
    .on('price_change')
    .columns(['merchant_id', 'scope_type', 'scope_key', 'effective_at', 'id'])
    .execute();
  await db.schema
    .createIndex('price_change_order_idx')
    .on('price_change')
    .columns(['merchant_id', 'order_no', 'effective_at', 'id'])
    .execute();
  // the resolver at a past instant: the latest change of one SKU × layer × target at or before it
  await db.schema
    .createIndex('price_change_layer_idx')
    .on('price_change')
    .columns(['merchant_id', 'sku_id', 'scope_type', 'scope_key', 'effective_at', 'id'])
    .execute();

  // ---- 调价单 ----
  await stamped(
    idColumn(db, db.schema.createTable('price_adjustment'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('order_no', 'varchar(20)', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('scope_type', 'varchar(12)', notNull)
      .addColumn('effective_mode', 'varchar(12)', notNull)
      .addColumn('effective_at', 'bigint')
      .addColumn('reason', 'varchar(200)', text)
      .addColumn('scope_summary', 'varchar(200)', text)
      .addColumn('sku_count', 'integer', zero)
      .addColumn('line_count', 'integer', zero)
      .addColumn('creator_name', 'varchar(60)', text)
      .addColumn('submitted_by', 'integer', zero)
      .addColumn('submitter_name', 'varchar(60)', text)
      .addColumn('submitted_at', 'bigint')
      .addColumn('applied_at', 'bigint')
      .addColumn('cancelled_by', 'integer', zero)
      .addColumn('canceller_name', 'varchar(60)', text)
      .addColumn('cancelled_at', 'bigint')
      .addColumn('cancel_reason', 'varchar(200)', text),
  ).execute();
  await db.schema.createIndex('price_adjustment_no_uq').on('price_adjustment').columns(['merchant_id', 'order_no']).unique().execute();
  await db.schema.createIndex('price_adjustment_created_idx').on('price_adjustment').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('price_adjustment_status_idx')
    .on('price_adjustment')
    .columns(['merchant_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('price_adjustment_scope_idx')
    .on('price_adjustment')
    .columns(['merchant_id', 'scope_type', 'created_at', 'id'])
    .execute();
  // 生效时间 sort (a null effective time sorts as 0, see the repo)
  await db.schema
    .createIndex('price_adjustment_effective_idx')
    .on('price_adjustment')
    .columns(['merchant_id', 'effective_at', 'id'])
    .execute();
  // the catch-up sweep: every 待生效 order whose time has passed, over all merchants
  await db.schema.createIndex('price_adjustment_due_idx').on('price_adjustment').columns(['status', 'effective_at']).execute();

  await idColumn(db, db.schema.createTable('price_adjustment_line'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('adjustment_id', 'integer', (c) => c.notNull().references('price_adjustment.id'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    .addColumn('scope_key', 'varchar(32)', notNull)
    .addColumn('old_price', 'integer', notNull)
    .addColumn('new_price', 'integer', notNull)
    .execute();
  await db.schema
    .createIndex('price_adjustment_line_uq')
    .on('price_adjustment_line')
    .columns(['adjustment_id', 'sku_id', 'scope_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('price_adjustment_line_sku_idx')
    .on('price_adjustment_line')
    .columns(['merchant_id', 'sku_id', 'adjustment_id'])
    .execute();

  // ---- per-cabinet push of an applied order (status follows the 同步价格 command's ack / timeout) ----
  await idColumn(db, db.schema.createTable('price_adjustment_push'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('adjustment_id', 'integer', (c) => c.notNull().references('price_adjustment.id'))
    .addColumn('device_code', 'varchar(32)', notNull)
    .addColumn('command_no', 'varchar(40)', text)
    .addColumn('status', 'integer', notNull)
    .addColumn('message', 'varchar(200)', text)
    .addColumn('attempts', 'integer', zero)
    .addColumn('sent_at', 'bigint')
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('price_adjustment_push_uq')
    .on('price_adjustment_push')
    .columns(['adjustment_id', 'device_code'])
    .unique()
    .execute();
}
