import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import type { PointTable } from './point.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface PointFilter {
  keyword?: string;
  pointCode?: string;
  name?: string;
  region?: string[];
  scene?: number;
  status?: number;
  operatorId?: number;
  sortField?: 'createdAt' | 'pointCode' | 'name' | 'rentCents' | 'commissionBp' | 'deviceCount';
  sortOrder: 'ascend' | 'descend';
}

const SORT = {
  createdAt: 'point.id',
  pointCode: 'point.point_code',
  name: 'point.name',
  rentCents: 'point.rent_cents',
  commissionBp: 'point.commission_bp',
  deviceCount: 'device_count',
} as const;

/** The point list's query (list and export): filters, merchant scope, bound device count and order. */
export function pointQuery(db: Db, merchantId: number, f: PointFilter) {
  let q = db.selectFrom('point').where('point.merchant_id', '=', merchantId);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('point.name', k), contains('point.point_code', k)]));
  }
  if (f.pointCode) q = q.where(contains('point.point_code', f.pointCode));
  if (f.name) q = q.where(contains('point.name', f.name));
  const [province, city, district] = f.region ?? [];
  if (province) q = q.where('point.province_code', '=', province);
  if (city) q = q.where('point.city_code', '=', city);
  if (district) q = q.where('point.district_code', '=', district);
  if (f.scene !== undefined) q = q.where('point.scene', '=', f.scene);
  if (f.status !== undefined) q = q.where('point.status', '=', f.status);
  if (f.operatorId !== undefined) q = q.where('point.operator_id', '=', f.operatorId);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  return q
    .selectAll('point')
    .select((eb) =>
      eb
        .selectFrom('point_device_binding as b')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('b.point_id', '=', 'point.id')
        .where('b.active_device_id', 'is not', null)
        .as('device_count'),
    )
    .orderBy(SORT[f.sortField ?? 'createdAt'], dir)
    .orderBy('point.id', dir);
}

export const listPoints = (db: Db, merchantId: number, f: PointFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db as Kysely<Database>, pointQuery(db, merchantId, f), f);

export const findPoint = (db: Db, merchantId: number, id: number) =>
  pointQuery(db, merchantId, { sortOrder: 'descend' }).where('point.id', '=', id).executeTakeFirst();

export async function pointCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db.selectFrom('point').select('id').where('merchant_id', '=', merchantId).where('point_code', '=', code).executeTakeFirst(),
  );
}

export async function insertPoint(db: Db, row: Omit<PointTable, 'id'>) {
  return (await db.insertInto('point').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export type PointEditable = Partial<Omit<PointTable, 'id' | 'merchant_id' | 'point_code' | 'version' | 'created_by' | 'created_at'>>;

/** A versioned edit: changes nothing when the version moved on (the service asserts it is fresh). */
export const updatePointVersioned = (db: Db, merchantId: number, id: number, version: number, values: PointEditable, now: number) =>
  db
    .updateTable('point')
    .set({ ...values, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();

/** The merchant's accounts (运营人员 choices and names). */
export const merchantAccounts = (db: Db, merchantId: number) =>
  db.selectFrom('account').select(['id', 'user_name']).where('merchant_id', '=', merchantId).orderBy('id').execute();

/**
 * Locks the point for the rest of the transaction and reads its status and bound device count (PostgreSQL: FOR
 * UPDATE; SQLite runs one transaction at a time): a bind and a 撤点 of the same point go one after the other, so a
 * point is never withdrawn with a device bound.
 */
export async function lockPoint(trx: Transaction<Database>, merchantId: number, id: number) {
  let q = trx.selectFrom('point').select(['id', 'status']).where('id', '=', id).where('merchant_id', '=', merchantId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const n = await trx
    .selectFrom('point_device_binding')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('point_id', '=', id)
    .where('active_device_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return { status: row.status, deviceCount: Number(n.n) };
}
