import type { KeysetOptions } from '../../platform/keyset-page.ts';

/**
 * Keyset options for the records one cabinet reported (故障记录, 上下线记录): by created_at, ties by id (newest first
 * unless asked otherwise), on the indexes (device_id[, event | fault_code], created_at, id) of migration 0026 — each
 * filter the tab offers (the kind or the code, a time range) and the sort read along one index; the cursor is scoped
 * to the device; the first page counts up to 10,000.
 */
export function deviceRecordPaging<R extends { id: unknown; created_at: unknown }>(
  deviceId: number,
  i: { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): KeysetOptions<R> {
  return {
    sort: { key: 'createdAt', column: 'created_at', value: (r) => Number(r.created_at) },
    id: { column: 'id', value: (r) => Number(r.id) },
    order: i.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: i.cursor,
    pageSize: i.pageSize,
    count: i.cursor ? false : { upTo: 10_000 },
    scope: deviceId,
  };
}
