import { STORE_CATEGORIES } from '@merchant/contracts/merchant/store';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';

import type { Database } from '../../db/database.ts';
import type { StoreTable } from './store.table.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoreFilter {
  storeCode?: string;
  name?: string;
  categoryCode?: string;
  status?: number;
  tagCode?: string;
  city?: string;
  pageNum: number;
  pageSize: number;
  sortField?: 'createdAt' | 'storeCode' | 'name';
  sortOrder: 'ascend' | 'descend';
}

const staffCount = (eb: ExpressionBuilder<Database, 'store'>) =>
  eb
    .selectFrom('store_staff_store')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('store_staff_store.store_id', '=', 'store.id')
    .as('staffCount');

/** The store list's query: filters, merchant scope and order, without paging (the list and its export). */
export function storeQuery(db: Db, merchantId: number, f: Omit<StoreFilter, 'pageNum' | 'pageSize'>) {
  let q = db.selectFrom('store').where('store.merchant_id', '=', merchantId);
  if (f.storeCode) q = q.where(contains('store.store_code', f.storeCode));
  if (f.name) q = q.where(contains('store.name', f.name));
  if (f.categoryCode) {
    const parent = STORE_CATEGORIES.find((c) => c.code === f.categoryCode);
    const codes = parent ? (parent.children ?? []).map((c) => c.code) : [f.categoryCode];
    q = q.where('store.category_code', 'in', codes);
  }
  if (f.status !== undefined) q = q.where('store.status', '=', f.status);
  if (f.tagCode) q = q.where(contains(sql<string>`',' || store.tag_codes || ','`, `,${f.tagCode},`));
  if (f.city) q = q.where(contains('store.city', f.city));
  const col = f.sortField === 'storeCode' ? 'store.store_code' : f.sortField === 'name' ? 'store.name' : 'store.id';
  return q
    .selectAll('store')
    .select(staffCount)
    .orderBy(col, f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .orderBy('store.id', 'desc');
}

export async function listStores(db: Db, merchantId: number, f: StoreFilter) {
  const q = storeQuery(db, merchantId, f);
  return fetchPage(db, q, f);
}

export function findStoreByCode(db: Db, merchantId: number, storeCode: string) {
  return db
    .selectFrom('store')
    .selectAll('store')
    .select(staffCount)
    .where('merchant_id', '=', merchantId)
    .where('store_code', '=', storeCode)
    .executeTakeFirst();
}

export async function storeCodeTaken(db: Db, merchantId: number, storeCode: string) {
  return Boolean(
    await db.selectFrom('store').select('id').where('merchant_id', '=', merchantId).where('store_code', '=', storeCode).executeTakeFirst(),
  );
}

export async function storeNameTaken(db: Db, merchantId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('store').select('id').where('merchant_id', '=', merchantId).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export type StoreValues = Omit<StoreTable, 'id' | 'merchant_id' | 'store_code' | 'created_by' | 'created_at' | 'updated_at'>;

export async function insertStore(db: Db, row: Omit<StoreTable, 'id'>) {
  return (await db.insertInto('store').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export function updateStore(db: Db, id: number, values: Partial<StoreValues> & { updated_at: number }) {
  return db.updateTable('store').set(values).where('id', '=', id).execute();
}

export function insertChangeRecord(
  db: Db,
  row: {
    merchant_id: number;
    store_id: number;
    change_type: string;
    changes: string;
    operator_id: number;
    operator_name: string;
    created_at: number;
  },
) {
  return db.insertInto('store_change_record').values(row).execute();
}

/** A store's change records, newest first, found by its code within the merchant (the list and its export). */
export function changeRecordQuery(db: Db, merchantId: number, storeCode: string) {
  return db
    .selectFrom('store_change_record')
    .innerJoin('store', 'store.id', 'store_change_record.store_id')
    .where('store_change_record.merchant_id', '=', merchantId)
    .where('store.merchant_id', '=', merchantId)
    .where('store.store_code', '=', storeCode)
    .selectAll('store_change_record')
    .select(['store.store_code as storeCode', 'store.name as storeName'])
    .orderBy('store_change_record.id', 'desc');
}

export async function listChangeRecords(db: Db, merchantId: number, storeCode: string, pageNum: number, pageSize: number) {
  const q = changeRecordQuery(db, merchantId, storeCode);
  return fetchPage(db, q, { pageNum, pageSize });
}

export function findStoreById(db: Db, merchantId: number, id: number) {
  return db.selectFrom('store').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}
