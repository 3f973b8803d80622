import type { KeysetOptions } from '../../platform/keyset-page.ts';

/**
 * Keyset options for the records one cabinet reported (故障记录, 上下线记录): by id (= by time, newest first unless
 * asked otherwise) on the index (device_id, id), the cursor scoped to the device; the first page counts up to 10,000.
 */
export function deviceRecordPaging<R extends { id: unknown }>(
  deviceId: number,
  i: { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): KeysetOptions<R> {
  return {
    sort: { key: 'createdAt', column: 'id', value: (r) => Number(r.id) },
    id: { column: 'id', value: (r) => Number(r.id) },
    order: i.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: i.cursor,
    pageSize: i.pageSize,
    count: i.cursor ? false : { upTo: 10_000 },
    scope: deviceId,
  };
}
