import type { Kysely } from 'kysely';

// Frozen: the device page's 上下线记录 and 故障记录 get search fields (docs/devices.md): link logs by 上线/离线 and a
// time range, faults by 故障代码 (exact) and a time range, both newest first by created_at, ties by id. One index per
// filter + sort, within one device: (device_id, created_at, id) serves the time range alone and the sort; with the
// event or the fault code in front, the filter, the time range and the sort. They replace the (device_id, id)
// indexes of 0014 / 0025, which nothing reads any more. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('device_link_log_time_idx').on('device_link_log').columns(['device_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('device_link_log_event_idx')
    .on('device_link_log')
    .columns(['device_id', 'event', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('device_link_log_device_idx').execute();
  await db.schema.createIndex('device_fault_time_idx').on('device_fault').columns(['device_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('device_fault_code_idx')
    .on('device_fault')
    .columns(['device_id', 'fault_code', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('device_fault_device_idx').execute();
}
