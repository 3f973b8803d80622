import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import type { PointDeviceBindingTable } from './point.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The devices bound to a point now, with their binding. */
export function boundDevicesQuery(
  db: Db,
  merchantId: number,
  pointId: number,
  f: { keyword?: string; sortField?: string; sortOrder: string },
) {
  let q = db
    .selectFrom('point_device_binding as b')
    .innerJoin('device as d', 'd.id', 'b.device_id')
    .where('b.merchant_id', '=', merchantId)
    .where('b.point_id', '=', pointId)
    .where('b.active_device_id', 'is not', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('d.device_code', k), contains('d.name', k)]));
  }
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  return q
    .select(['b.id as binding_id', 'b.bound_at', 'b.bound_by_name', 'd.device_code', 'd.name', 'd.model_code', 'd.status', 'd.online'])
    .orderBy(f.sortField === 'deviceCode' ? 'd.device_code' : 'b.id', dir)
    .orderBy('b.id', dir);
}

export const listBoundDevices = (
  db: Db,
  merchantId: number,
  pointId: number,
  f: { keyword?: string; sortField?: string; sortOrder: string; pageNum: number; pageSize: number },
) => fetchPage(db as Kysely<Database>, boundDevicesQuery(db, merchantId, pointId, f), f);

/** The merchant's devices bound nowhere, 停用 ones left out. */
export function candidatesQuery(db: Db, merchantId: number, f: { keyword?: string; sortOrder: string }) {
  let q = db
    .selectFrom('device as d')
    .where('d.merchant_id', '=', merchantId)
    .where('d.status', '<>', 3)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('point_device_binding as b').select('b.id').whereRef('b.active_device_id', '=', 'd.id'))),
    );
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('d.device_code', k), contains('d.name', k)]));
  }
  return q
    .select(['d.device_code', 'd.name', 'd.model_code', 'd.status', 'd.online'])
    .orderBy('d.device_code', f.sortOrder === 'descend' ? 'desc' : 'asc');
}

export const listCandidates = (db: Db, merchantId: number, f: { keyword?: string; sortOrder: string; pageNum: number; pageSize: number }) =>
  fetchPage(db as Kysely<Database>, candidatesQuery(db, merchantId, f), f);

/** The open binding of a device, with its point. */
export const openBindingOfDevice = (db: Db, deviceId: number) =>
  db
    .selectFrom('point_device_binding as b')
    .innerJoin('point as p', 'p.id', 'b.point_id')
    .select(['b.id', 'b.point_id', 'p.point_code', 'p.name as point_name'])
    .where('b.active_device_id', '=', deviceId)
    .executeTakeFirst();

export const insertBinding = (db: Db, row: Omit<PointDeviceBindingTable, 'id'>) =>
  db.insertInto('point_device_binding').values(row).execute();

/** Closes the device's open binding at the point; 0 rows when it is not (or no longer) bound there. */
export const closeBinding = (
  db: Db,
  merchantId: number,
  pointId: number,
  deviceId: number,
  by: { id: number; name: string },
  now: number,
) =>
  db
    .updateTable('point_device_binding')
    .set({ active_device_id: null, unbound_at: now, unbound_by: by.id, unbound_by_name: by.name })
    .where('merchant_id', '=', merchantId)
    .where('point_id', '=', pointId)
    .where('active_device_id', '=', deviceId)
    .executeTakeFirst();

/** The points the devices stand at now (the device list's 所在点位). */
export async function pointsOfDevices(db: Db, deviceIds: number[]) {
  if (!deviceIds.length) return new Map<number, { pointId: number; pointCode: string; pointName: string }>();
  const rows = await db
    .selectFrom('point_device_binding as b')
    .innerJoin('point as p', 'p.id', 'b.point_id')
    .select(['b.device_id', 'p.id', 'p.point_code', 'p.name'])
    .where('b.active_device_id', 'in', deviceIds)
    .execute();
  return new Map(rows.map((r) => [r.device_id, { pointId: r.id, pointCode: r.point_code, pointName: r.name }]));
}
