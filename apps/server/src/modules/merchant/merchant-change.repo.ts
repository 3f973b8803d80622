import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MerchantChangeTable } from './merchant-change.table.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ChangeRow = Selectable<MerchantChangeTable>;

export interface ChangeFilter {
  changeCode?: string;
  status?: number;
  createdRange?: [number, number];
  pageNum: number;
  pageSize: number;
  sortField?: 'createdAt';
  sortOrder: 'ascend' | 'descend';
}

export function findChange(db: Db, merchantId: number, id: number) {
  return db.selectFrom('merchant_change').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

export function pendingChange(db: Db, merchantId: number) {
  return db
    .selectFrom('merchant_change')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 1)
    .limit(1)
    .executeTakeFirst();
}

export async function changeCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db
      .selectFrom('merchant_change')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('change_code', '=', code)
      .executeTakeFirst(),
  );
}

/** The change request list's query: filters, merchant scope and order, without paging (the list and its export). */
export function changeQuery(db: Db, merchantId: number, f: Omit<ChangeFilter, 'pageNum' | 'pageSize'>) {
  let q = db.selectFrom('merchant_change').where('merchant_id', '=', merchantId);
  if (f.changeCode) q = q.where(contains('change_code', f.changeCode));
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.createdRange) q = q.where('created_at', '>=', f.createdRange[0]).where('created_at', '<=', f.createdRange[1]);
  return q.selectAll().orderBy('id', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}

export async function listChanges(db: Db, merchantId: number, f: ChangeFilter) {
  const q = changeQuery(db, merchantId, f);
  return fetchPage(db, q, f);
}

export async function insertChange(db: Db, row: Omit<MerchantChangeTable, 'id'>) {
  return (await db.insertInto('merchant_change').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateChangeIf(db: Db, id: number, fromStatus: number, values: Updateable<MerchantChangeTable>) {
  const res = await db.updateTable('merchant_change').set(values).where('id', '=', id).where('status', '=', fromStatus).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
