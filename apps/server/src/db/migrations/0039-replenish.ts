import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: 智能柜补货 (issue 15, section 105 container-stock, docs/stock.md "补货"). Per cabinet slot its 补货线 / 补满量
// (replenish_slot: only the slots someone configured; the others default to the planogram's par level and capacity),
// the merchant's 补货规则 (replenish_rule) and the 补货单 (replenish_order + lines) whose dispatch and completion post
// to the stock ledger. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('replenish_slot'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('device_code', 'varchar(20)', notNull)
      .addColumn('slot_no', 'varchar(8)', notNull)
      // 补货线 / 补满量, 0 ≤ min ≤ max ≤ the slot's capacity
      .addColumn('min_level', 'integer', notNull)
      .addColumn('max_level', 'integer', notNull)
      .addColumn('updated_by', 'integer', zero),
  ).execute();
  await db.schema
    .createIndex('replenish_slot_uq')
    .on('replenish_slot')
    .columns(['merchant_id', 'device_code', 'slot_no'])
    .unique()
    .execute();

  await stamped(
    idColumn(db, db.schema.createTable('replenish_rule'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('name', 'varchar(30)', notNull)
      // REPLENISH_TRIGGERS: 'min' (可用 ≤ 补货线) or 'percent' (可用 ≤ trigger_percent % of capacity)
      .addColumn('trigger_mode', 'varchar(10)', notNull)
      .addColumn('trigger_percent', 'integer', zero)
      // REPLENISH_FILL_TO: 'max' (补满量) or 'capacity'
      .addColumn('fill_to', 'varchar(10)', notNull)
      // a slot needing fewer than this is skipped
      .addColumn('min_lot', 'integer', zero)
      // the source stock: its kind (hub / front) and location
      .addColumn('source_kind', 'varchar(10)', notNull)
      .addColumn('source_location_id', 'integer', (c) => c.notNull().references('stock_location.id'))
      // covered cabinets: '' = all, else device codes joined by ','
      .addColumn('device_codes', 'varchar(2000)', text)
      // 1 启用, 0 停用
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('updated_by', 'integer', zero),
  ).execute();
  await db.schema.createIndex('replenish_rule_name_uq').on('replenish_rule').columns(['merchant_id', 'name']).unique().execute();

  await stamped(
    idColumn(db, db.schema.createTable('replenish_order'))
      .addColumn('merchant_id', 'integer', merchantRef)
      // BH + yyMMdd + 4 digits, unique per merchant
      .addColumn('order_code', 'varchar(20)', notNull)
      .addColumn('device_code', 'varchar(20)', notNull)
      // the rule it was generated from (0: by hand)
      .addColumn('rule_id', 'integer', zero)
      .addColumn('rule_name', 'varchar(30)', text)
      .addColumn('source_location_id', 'integer', (c) => c.notNull().references('stock_location.id'))
      // REPLENISH_ORDER_STATUS: 0 已生成, 1 配送中, 2 已完成, 3 已取消
      .addColumn('status', 'integer', zero)
      .addColumn('line_count', 'integer', zero)
      .addColumn('total_sent', 'integer', zero)
      .addColumn('total_loaded', 'integer', zero)
      .addColumn('creator_name', 'varchar(64)', text)
      .addColumn('dispatched_at', 'bigint', zero)
      .addColumn('completed_at', 'bigint', zero)
      .addColumn('cancel_reason', 'varchar(200)', text),
  ).execute();
  await db.schema.createIndex('replenish_order_code_uq').on('replenish_order').columns(['merchant_id', 'order_code']).unique().execute();
  // the list newest first; by 状态; by 设备 (keyset on created_at, id)
  await db.schema.createIndex('replenish_order_list_idx').on('replenish_order').columns(['merchant_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('replenish_order_status_idx')
    .on('replenish_order')
    .columns(['merchant_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('replenish_order_device_idx')
    .on('replenish_order')
    .columns(['merchant_id', 'device_code', 'created_at', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('replenish_order_line'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('replenish_order.id'))
    .addColumn('slot_no', 'varchar(8)', notNull)
    // the cabinet slot's stock location
    .addColumn('location_id', 'integer', (c) => c.notNull().references('stock_location.id'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    // on hand in the slot when the order was made
    .addColumn('on_hand', 'integer', zero)
    .addColumn('quantity', 'integer', notNull)
    // loaded into the slot on completion (-1 until then)
    .addColumn('loaded', 'integer', (c) => c.notNull().defaultTo(-1))
    .execute();
  await db.schema
    .createIndex('replenish_order_line_order_idx')
    .on('replenish_order_line')
    .columns(['order_id', 'slot_no'])
    .unique()
    .execute();
}
