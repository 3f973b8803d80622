import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: points (点位, issue 13): the site where cabinets stand (place and business terms), and the binding of
// devices to points with its history. A device has at most one open binding: `active_device_id` holds the
// device id while the binding is open and NULL once it is closed, under a unique index (NULLs never collide on
// SQLite or PostgreSQL). Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('point'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('point_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(40)', notNull)
      .addColumn('scene', 'integer', notNull)
      .addColumn('province_code', 'varchar(6)', notNull)
      .addColumn('city_code', 'varchar(6)', notNull)
      .addColumn('district_code', 'varchar(6)', text)
      .addColumn('address', 'varchar(100)', notNull)
      // GCJ-02, degrees × 1e6 (integers: exact on both databases)
      .addColumn('lng_e6', 'integer', notNull)
      .addColumn('lat_e6', 'integer', notNull)
      .addColumn('contact_name', 'varchar(20)', notNull)
      .addColumn('contact_phone', 'varchar(20)', notNull)
      .addColumn('rent_cents', 'integer', zero)
      .addColumn('commission_bp', 'integer', zero)
      .addColumn('open_time', 'varchar(5)', notNull)
      .addColumn('close_time', 'varchar(5)', notNull)
      .addColumn('operator_id', 'integer', zero)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('status', 'integer', notNull),
  ).execute();
  await db.schema.createIndex('point_code_uq').on('point').columns(['merchant_id', 'point_code']).unique().execute();
  await db.schema.createIndex('point_merchant_idx').on('point').columns(['merchant_id', 'id']).execute();
  await db.schema
    .createIndex('point_region_idx')
    .on('point')
    .columns(['merchant_id', 'province_code', 'city_code', 'district_code'])
    .execute();

  await idColumn(db, db.schema.createTable('point_device_binding'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('point_id', 'integer', (c) => c.notNull().references('point.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    // the device id while bound, NULL once unbound: at most one open binding per device
    .addColumn('active_device_id', 'integer')
    .addColumn('bound_at', 'bigint', notNull)
    .addColumn('bound_by', 'integer', zero)
    .addColumn('bound_by_name', 'varchar(64)', text)
    .addColumn('unbound_at', 'bigint', zero)
    .addColumn('unbound_by', 'integer', zero)
    .addColumn('unbound_by_name', 'varchar(64)', text)
    .execute();
  await db.schema.createIndex('point_binding_active_uq').on('point_device_binding').column('active_device_id').unique().execute();
  await db.schema.createIndex('point_binding_point_idx').on('point_device_binding').columns(['point_id', 'unbound_at', 'id']).execute();
  await db.schema.createIndex('point_binding_device_idx').on('point_device_binding').columns(['device_id', 'id']).execute();
}
