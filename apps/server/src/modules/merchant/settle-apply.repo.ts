import type { ExpressionBuilder, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SettleApplyTable } from './settle-apply.table.ts';
import { filePublicIdOf } from '../../platform/files/file.repo.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;
/** A row with its certificate file's public id (`cert_file_key`; the row keeps the file's row id). */
export type SettleRow = Selectable<SettleApplyTable> & { cert_file_key: string | null };

const certFileKey = (eb: ExpressionBuilder<Database, 'settle_apply'>) =>
  filePublicIdOf(eb, 'settle_apply.cert_file_id').as('cert_file_key');

export interface SettleFilter {
  applyCode?: string;
  subjectName?: string;
  status?: number;
  subjectType?: string;
  createdRange?: [number, number];
  pageNum: number;
  pageSize: number;
  sortField?: 'createdAt' | 'submittedAt';
  sortOrder: 'ascend' | 'descend';
}

export function findApply(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('settle_apply')
    .selectAll()
    .select(certFileKey)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The draft or pending application, if any (at most one at a time). */
export function openApply(db: Db, merchantId: number) {
  return db
    .selectFrom('settle_apply')
    .selectAll()
    .select(certFileKey)
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', [0, 1])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function latestApply(db: Db, merchantId: number) {
  return db
    .selectFrom('settle_apply')
    .selectAll()
    .select(certFileKey)
    .where('merchant_id', '=', merchantId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function applyCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db
      .selectFrom('settle_apply')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('apply_code', '=', code)
      .executeTakeFirst(),
  );
}

/** The application list's query: filters, merchant scope and order, without paging (the list and its export). */
export function applyQuery(db: Db, merchantId: number, f: Omit<SettleFilter, 'pageNum' | 'pageSize'>) {
  let q = db.selectFrom('settle_apply').where('merchant_id', '=', merchantId);
  if (f.applyCode) q = q.where(contains('apply_code', f.applyCode));
  if (f.subjectName) q = q.where(contains('subject_name', f.subjectName));
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.subjectType) q = q.where('subject_type', '=', f.subjectType);
  if (f.createdRange) q = q.where('created_at', '>=', f.createdRange[0]).where('created_at', '<=', f.createdRange[1]);
  const col = f.sortField === 'submittedAt' ? 'submitted_at' : 'id';
  return q
    .selectAll()
    .select(certFileKey)
    .orderBy(col, f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .orderBy('id', 'desc');
}

export async function listApplies(db: Db, merchantId: number, f: SettleFilter) {
  const q = applyQuery(db, merchantId, f);
  return fetchPage(db, q, f);
}

export async function insertApply(db: Db, row: Omit<SettleApplyTable, 'id'>) {
  return (await db.insertInto('settle_apply').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Updates an application only while it is in `fromStatus`; false when it was not. */
export async function updateApplyIf(db: Db, id: number, fromStatus: number, values: Updateable<SettleApplyTable>) {
  const res = await db.updateTable('settle_apply').set(values).where('id', '=', id).where('status', '=', fromStatus).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
