import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import type { PointWithdrawalTable } from './point-withdrawal.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const WITHDRAWAL_SUBJECT = 'point.withdrawal';

export interface WithdrawalFilter {
  applyCode?: string;
  /** Point name or code. */
  point?: string;
  status?: number;
  applicant?: string;
  plannedDate?: [string, string];
  createdAt?: [number, number];
  sortField?: 'createdAt' | 'plannedDate' | 'reviewedAt';
  sortOrder: 'ascend' | 'descend';
}

/** The application list's query (list and export), with the point's status now. */
export function withdrawalQuery(db: Db, merchantId: number, f: WithdrawalFilter) {
  let q = db.selectFrom('point_withdrawal as w').innerJoin('point as p', 'p.id', 'w.point_id').where('w.merchant_id', '=', merchantId);
  if (f.applyCode) q = q.where(contains('w.apply_code', f.applyCode));
  if (f.point) {
    const k = f.point;
    q = q.where((eb) => eb.or([contains('w.point_name', k), contains('w.point_code', k)]));
  }
  if (f.status !== undefined) q = q.where('w.status', '=', f.status);
  if (f.applicant) q = q.where(contains('w.applicant_name', f.applicant));
  if (f.plannedDate) q = q.where('w.planned_date', '>=', f.plannedDate[0]).where('w.planned_date', '<=', f.plannedDate[1]);
  if (f.createdAt) q = q.where('w.created_at', '>=', f.createdAt[0]).where('w.created_at', '<=', f.createdAt[1]);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  if (f.sortField === 'plannedDate') q = q.orderBy('w.planned_date', dir);
  if (f.sortField === 'reviewedAt') q = q.orderBy('w.reviewed_at', dir);
  return q
    .selectAll('w')
    .select('p.status as point_status')
    .orderBy('w.id', f.sortField === 'createdAt' ? dir : 'desc');
}

export const listWithdrawals = (db: Kysely<Database>, merchantId: number, f: WithdrawalFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db, withdrawalQuery(db, merchantId, f), f);

export const findWithdrawal = (db: Db, merchantId: number, applyCode: string) =>
  withdrawalQuery(db, merchantId, { sortOrder: 'descend' }).where('w.apply_code', '=', applyCode).executeTakeFirst();

export async function codeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db
      .selectFrom('point_withdrawal')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('apply_code', '=', code)
      .executeTakeFirst(),
  );
}

export async function insertWithdrawal(db: Db, row: Omit<PointWithdrawalTable, 'id'>) {
  return (await db.insertInto('point_withdrawal').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Versioned update (assertFresh: no row when the version moved on). */
export const updateWithdrawal = (db: Db, id: number, version: number, values: Updateable<PointWithdrawalTable>) =>
  db
    .updateTable('point_withdrawal')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();

/** The open application of a point (待审核 / 已通过), if any. */
export const openFor = (db: Db, pointId: number) =>
  db.selectFrom('point_withdrawal').select(['apply_code', 'status']).where('open_point_id', '=', pointId).executeTakeFirst();

/** Point ids of the merchant held by open applications. */
export const openPointIds = async (db: Db, merchantId: number) =>
  (
    await db
      .selectFrom('point_withdrawal')
      .select('open_point_id')
      .where('merchant_id', '=', merchantId)
      .where('open_point_id', 'is not', null)
      .execute()
  ).map((r) => Number(r.open_point_id));

/** Whether the account filters by site (ability.useSite). */
export const accountUsesSite = async (db: Db, accountId: number) =>
  (await db.selectFrom('account').select('use_site').where('id', '=', accountId).executeTakeFirst())?.use_site === 1;
