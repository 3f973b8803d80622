import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import type { FrontWarehouseTable } from './front-warehouse.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface FrontWarehouseFilter {
  keyword?: string;
  owner?: string;
  status?: number;
  /** province [, city [, district]] names. */
  region?: string[];
  sortField?: 'createdAt' | 'name';
  sortOrder: 'ascend' | 'descend';
}

/** The front warehouse list's query: filters, merchant scope and order, without paging (the list and its export). */
export function listQuery(db: Db, merchantId: number, f: FrontWarehouseFilter) {
  let q = db.selectFrom('front_warehouse as w').selectAll('w').where('w.merchant_id', '=', merchantId);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('w.name', k), contains('w.warehouse_code', k)]));
  }
  if (f.owner) {
    const o = f.owner;
    q = q.where((eb) => eb.or([contains('w.owner_name', o), contains('w.owner_phone', o)]));
  }
  if (f.status !== undefined) q = q.where('w.status', '=', f.status);
  const [province, city, district] = f.region ?? [];
  if (province) q = q.where('w.province', '=', province);
  if (city) q = q.where('w.city', '=', city);
  if (district) q = q.where('w.district', '=', district);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  return f.sortField === 'name' ? q.orderBy('w.name', dir).orderBy('w.id', dir) : q.orderBy('w.created_at', dir).orderBy('w.id', dir);
}
export type FrontWarehouseDbRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

export const findWarehouse = (db: Db, merchantId: number, id: number) =>
  db.selectFrom('front_warehouse').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();

export async function codeTaken(db: Db, merchantId: number, code: string): Promise<boolean> {
  const r = await db
    .selectFrom('front_warehouse')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('warehouse_code', '=', code)
    .executeTakeFirst();
  return r !== undefined;
}

export async function nameTaken(db: Db, merchantId: number, name: string, exceptId = 0): Promise<boolean> {
  const r = await db
    .selectFrom('front_warehouse')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('name', '=', name)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return r !== undefined;
}

/** The enabled warehouses, by name (the pickers of the other entrepot pages). */
export const enabledOptions = (db: Db, merchantId: number) =>
  db
    .selectFrom('front_warehouse')
    .select(['id', 'warehouse_code', 'name', 'location_id'])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();

export async function insertWarehouse(db: Db, row: Insertable<FrontWarehouseTable>): Promise<number> {
  return Number((await db.insertInto('front_warehouse').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export const updateWarehouse = (db: Db, merchantId: number, id: number, version: number, set: Updateable<FrontWarehouseTable>) =>
  db
    .updateTable('front_warehouse')
    .set({ ...set, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();

/** Keeps the stock location's name with the warehouse's (the ledger pages show it). */
export const renameLocation = (db: Db, merchantId: number, locationId: number, name: string, now: number) =>
  db
    .updateTable('stock_location')
    .set({ name, updated_at: now })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', locationId)
    .execute();
