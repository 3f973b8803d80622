import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: 商品模板 (goods_template, a planogram per cabinet model) with its slots, what each cabinet sells
// (device_planogram header + device_goods rows, set by applying a template) and the apply records with the
// 同步货道 command sent to each cabinet (planogram_apply). Section 129. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('goods_template'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('template_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(30)', notNull)
      .addColumn('model_code', 'varchar(20)', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('slot_count', 'integer', zero)
      .addColumn('sku_count', 'integer', zero)
      .addColumn('creator_name', 'varchar(64)', text)
      // 0 = never applied (only such a template may be deleted)
      .addColumn('last_applied_at', 'bigint', zero)
      .addColumn('deleted_at', 'bigint'),
  ).execute();
  await db.schema.createIndex('goods_template_code_uq').on('goods_template').columns(['merchant_id', 'template_code']).unique().execute();
  await db.schema.createIndex('goods_template_list_idx').on('goods_template').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('goods_template_model_idx').on('goods_template').columns(['merchant_id', 'model_code', 'status']).execute();

  await idColumn(db, db.schema.createTable('goods_template_slot'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('template_id', 'integer', (c) => c.notNull().references('goods_template.id'))
    .addColumn('slot_no', 'varchar(8)', notNull)
    // layer and column of slot_no, for ordering (1-2 before 1-10)
    .addColumn('layer', 'integer', notNull)
    .addColumn('col', 'integer', notNull)
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    .addColumn('capacity', 'integer', notNull)
    .addColumn('par_level', 'integer', notNull)
    .execute();
  await db.schema.createIndex('goods_template_slot_uq').on('goods_template_slot').columns(['template_id', 'slot_no']).unique().execute();
  await db.schema.createIndex('goods_template_slot_sku_idx').on('goods_template_slot').columns(['merchant_id', 'sku_id']).execute();

  // one header per cabinet: the template (and its version) its device goods come from
  await idColumn(db, db.schema.createTable('device_planogram'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('device_code', 'varchar(20)', notNull)
    .addColumn('template_id', 'integer', (c) => c.notNull().references('goods_template.id'))
    .addColumn('template_code', 'varchar(20)', notNull)
    .addColumn('template_version', 'integer', notNull)
    .addColumn('apply_code', 'varchar(20)', notNull)
    .addColumn('applied_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('device_planogram_device_uq').on('device_planogram').columns(['device_id']).unique().execute();
  await db.schema.createIndex('device_planogram_template_idx').on('device_planogram').columns(['merchant_id', 'template_id']).execute();

  await idColumn(db, db.schema.createTable('device_goods'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('device_code', 'varchar(20)', notNull)
    .addColumn('slot_no', 'varchar(8)', notNull)
    .addColumn('layer', 'integer', notNull)
    .addColumn('col', 'integer', notNull)
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('capacity', 'integer', notNull)
    .addColumn('par_level', 'integer', notNull)
    .addColumn('template_code', 'varchar(20)', notNull)
    .addColumn('applied_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('device_goods_slot_uq').on('device_goods').columns(['device_id', 'slot_no']).unique().execute();
  // merchant-list: by device then slot, and by applied time
  await db.schema.createIndex('device_goods_list_idx').on('device_goods').columns(['merchant_id', 'device_code', 'layer', 'col']).execute();
  await db.schema.createIndex('device_goods_applied_idx').on('device_goods').columns(['merchant_id', 'applied_at', 'id']).execute();
  // my goods / cabinet prices: which cabinets carry a goods or a SKU
  await db.schema.createIndex('device_goods_goods_idx').on('device_goods').columns(['merchant_id', 'goods_id', 'device_code']).execute();
  await db.schema.createIndex('device_goods_sku_idx').on('device_goods').columns(['merchant_id', 'sku_id', 'device_code']).execute();

  // one row per cabinet of an apply (apply_code groups one apply's cabinets), with the command sent
  await idColumn(db, db.schema.createTable('planogram_apply'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('apply_code', 'varchar(20)', notNull)
    .addColumn('template_id', 'integer', (c) => c.notNull().references('goods_template.id'))
    .addColumn('template_version', 'integer', notNull)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('device_code', 'varchar(20)', notNull)
    .addColumn('slot_count', 'integer', zero)
    // '' when the link was off (the device goods are set; the cabinet gets them with its next sync)
    .addColumn('command_no', 'varchar(40)', text)
    .addColumn('operator_name', 'varchar(64)', text)
    .addColumn('applied_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('planogram_apply_template_idx').on('planogram_apply').columns(['template_id', 'id']).execute();
  await db.schema.createIndex('planogram_apply_code_idx').on('planogram_apply').columns(['merchant_id', 'apply_code']).execute();
}
