import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: devices (section 120 设备管理, issue 13 first slice): cabinet models (product data), devices with
// their per-device secret (hashed), online state and latest telemetry, the commands sent to them with
// their acknowledgement, and the online/offline log. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- cabinet models (柜型): product data, the same for every merchant ----
  await idColumn(db, db.schema.createTable('device_model'))
    .addColumn('code', 'varchar(20)', notNull)
    .addColumn('name', 'varchar(30)', notNull)
    .addColumn('door_count', 'integer', notNull)
    .addColumn('slot_rows', 'integer', notNull)
    .addColumn('slot_cols', 'integer', notNull)
    .addColumn('storage_style', 'integer', notNull)
    .addColumn('sort', 'integer', zero)
    .execute();
  await db.schema.createIndex('device_model_code_uq').on('device_model').column('code').unique().execute();

  // ---- devices: the device code is the MQTT user name, unique over all merchants ----
  await stamped(
    idColumn(db, db.schema.createTable('device'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('device_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(30)', notNull)
      .addColumn('model_code', 'varchar(20)', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('firmware', 'varchar(40)', text)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('secret_hash', 'varchar(200)', notNull)
      .addColumn('online', 'integer', zero)
      .addColumn('last_seen_at', 'bigint', zero)
      // latest telemetry: temperature in tenths of a degree (null: never reported), door open/closed/''
      .addColumn('temperature_dc', 'integer')
      .addColumn('door_state', 'varchar(10)', text)
      .addColumn('telemetry_at', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('device_code_uq').on('device').column('device_code').unique().execute();
  await db.schema.createIndex('device_merchant_idx').on('device').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('device_online_idx').on('device').columns(['online', 'last_seen_at']).execute();

  // ---- commands down to a device and their acknowledgement ----
  await idColumn(db, db.schema.createTable('device_command'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('command_no', 'varchar(40)', notNull)
    .addColumn('command_type', 'varchar(20)', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('result', 'varchar(200)', text)
    .addColumn('operator_name', 'varchar(64)', text)
    .addColumn('sent_at', 'bigint', notNull)
    .addColumn('acked_at', 'bigint', zero)
    .execute();
  await db.schema.createIndex('device_command_no_uq').on('device_command').column('command_no').unique().execute();
  await db.schema.createIndex('device_command_device_idx').on('device_command').columns(['device_id', 'id']).execute();
  await db.schema.createIndex('device_command_pending_idx').on('device_command').columns(['status', 'sent_at']).execute();

  // ---- online / offline log ----
  await idColumn(db, db.schema.createTable('device_link_log'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('event', 'varchar(20)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('device_link_log_device_idx').on('device_link_log').columns(['device_id', 'id']).execute();
}
