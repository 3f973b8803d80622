import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, text } from '../migration-kit.ts';

// Frozen: the faults cabinets report (event `fault` of the device protocol, issue 13): one row per report, read by the
// device page's 故障记录 (keyset by id per device). Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('device_fault'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('fault_code', 'varchar(32)', notNull)
    .addColumn('message', 'varchar(200)', text)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('device_fault_device_idx').on('device_fault').columns(['device_id', 'id']).execute();
}
