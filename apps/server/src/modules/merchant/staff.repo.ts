import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { StoreStaffTable } from './staff.table.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type StaffDbRow = Selectable<StoreStaffTable>;

export interface StaffFilter {
  name?: string;
  phone?: string;
  position?: string;
  status?: number;
  storeId?: number;
  pageNum: number;
  pageSize: number;
  sortField?: 'createdAt' | 'staffNo' | 'name';
  sortOrder: 'ascend' | 'descend';
}

/** The staff list's query: filters, merchant scope and order, without paging (the list and its export). */
export function staffQuery(db: Db, merchantId: number, f: Omit<StaffFilter, 'pageNum' | 'pageSize'>) {
  let q = db.selectFrom('store_staff').where('store_staff.merchant_id', '=', merchantId);
  if (f.name) q = q.where(contains('store_staff.name', f.name));
  if (f.phone) q = q.where(contains('store_staff.phone', f.phone));
  if (f.position) q = q.where('store_staff.position', '=', f.position);
  if (f.status !== undefined) q = q.where('store_staff.status', '=', f.status);
  if (f.storeId) {
    const storeId = f.storeId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('store_staff_store')
          .select('staff_id')
          .whereRef('store_staff_store.staff_id', '=', 'store_staff.id')
          .where('store_staff_store.store_id', '=', storeId),
      ),
    );
  }
  const col = f.sortField === 'staffNo' ? 'store_staff.staff_no' : f.sortField === 'name' ? 'store_staff.name' : 'store_staff.id';
  return q
    .selectAll('store_staff')
    .orderBy(col, f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .orderBy('store_staff.id', 'desc');
}

export async function listStaff(db: Db, merchantId: number, f: StaffFilter) {
  const q = staffQuery(db, merchantId, f);
  return fetchPage(db, q, f);
}

export function findStaff(db: Db, merchantId: number, id: number) {
  return db.selectFrom('store_staff').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

export async function phoneTaken(db: Db, merchantId: number, phone: string, exceptId?: number) {
  let q = db.selectFrom('store_staff').select('id').where('merchant_id', '=', merchantId).where('phone', '=', phone);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function staffNoTaken(db: Db, merchantId: number, no: string) {
  return Boolean(
    await db.selectFrom('store_staff').select('id').where('merchant_id', '=', merchantId).where('staff_no', '=', no).executeTakeFirst(),
  );
}

export function storesOfStaff(db: Db, staffIds: number[]) {
  if (staffIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('store_staff_store')
    .innerJoin('store', 'store.id', 'store_staff_store.store_id')
    .select(['store_staff_store.staff_id as staffId', 'store.id', 'store.store_code as storeCode', 'store.name'])
    .where('store_staff_store.staff_id', 'in', staffIds)
    .orderBy('store.id')
    .execute();
}

/** This merchant's stores among `ids`. */
export function ownStores(db: Db, merchantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('store').select('id').where('merchant_id', '=', merchantId).where('id', 'in', ids).execute();
}

export function allStores(db: Db, merchantId: number) {
  return db
    .selectFrom('store')
    .select(['id', 'store_code as storeCode', 'name', 'status', 'city'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
}

export async function insertStaff(db: Db, row: Omit<StoreStaffTable, 'id'>) {
  return (await db.insertInto('store_staff').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export function updateStaff(db: Db, id: number, values: Updateable<StoreStaffTable>) {
  return db.updateTable('store_staff').set(values).where('id', '=', id).execute();
}

export async function replaceStaffStores(db: Db, merchantId: number, staffId: number, storeIds: number[]) {
  await db.deleteFrom('store_staff_store').where('staff_id', '=', staffId).execute();
  if (storeIds.length)
    await db
      .insertInto('store_staff_store')
      .values(storeIds.map((store_id) => ({ staff_id: staffId, store_id, merchant_id: merchantId })))
      .execute();
}
