import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GoodsApprovalTable } from './approval.table.ts';
import { contains } from '../../platform/like.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const APPROVAL_SUBJECT = 'goods.approval';

export interface ApprovalFilter {
  approvalCode?: string;
  title?: string;
  kind?: number;
  status?: number;
  applicant?: string;
  submittedAt?: [number, number];
  /** The kinds of the asking pages (approval.service FAMILY_KINDS). */
  kinds?: readonly number[];
  sortField?: 'createdAt' | 'submittedAt';
  sortOrder: 'ascend' | 'descend';
}

/** The application list's query (list and export): filters, merchant scope, order; deleted rows left out. */
export function approvalQuery(db: Db, merchantId: number, f: ApprovalFilter) {
  let q = db.selectFrom('goods_approval').where('merchant_id', '=', merchantId).where('deleted_at', 'is', null);
  if (f.approvalCode) q = q.where(contains('approval_code', f.approvalCode));
  if (f.title) q = q.where(contains('title', f.title));
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind);
  if (f.kinds) q = q.where('kind', 'in', f.kinds);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.applicant) q = q.where(contains('applicant_name', f.applicant));
  if (f.submittedAt) q = q.where('submitted_at', '>=', f.submittedAt[0]).where('submitted_at', '<=', f.submittedAt[1]);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  if (f.sortField === 'submittedAt') q = q.orderBy('submitted_at', dir);
  return q.selectAll().orderBy('id', f.sortField === 'createdAt' ? dir : 'desc');
}

export function listApprovals(db: Kysely<Database>, merchantId: number, f: ApprovalFilter & { pageNum: number; pageSize: number }) {
  return fetchPage(db, approvalQuery(db, merchantId, f), f);
}

export function findApproval(db: Db, merchantId: number, approvalCode: string) {
  return db
    .selectFrom('goods_approval')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('approval_code', '=', approvalCode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether a code is used by any application of the merchant (deleted ones included: codes are never reused). */
export async function approvalCodeTaken(db: Db, merchantId: number, approvalCode: string) {
  const row = await db
    .selectFrom('goods_approval')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('approval_code', '=', approvalCode)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertApproval(db: Db, row: Omit<GoodsApprovalTable, 'id' | 'version'>) {
  return (await db.insertInto('goods_approval').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** The versioned update (docs/architecture: assertFresh): no row changed means a stale version. */
export function updateApproval(db: Db, id: number, version: number, values: Updateable<GoodsApprovalTable>) {
  return db
    .updateTable('goods_approval')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** What an approval created (inside the approval's transaction, after its versioned update). */
export async function setApprovalResult(
  db: Db,
  id: number,
  made: Pick<Updateable<GoodsApprovalTable>, 'standard_product_id' | 'goods_id' | 'sku_id'>,
) {
  await db.updateTable('goods_approval').set(made).where('id', '=', id).execute();
}

/** Removes a never-submitted draft (at the version the caller read). */
export async function deleteDraft(db: Db, id: number, version: number) {
  const r = await db
    .deleteFrom('goods_approval')
    .where('id', '=', id)
    .where('version', '=', version)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Another application of the merchant waiting for review with this barcode. */
export async function pendingWithBarcode(db: Db, merchantId: number, barcode: string, exceptId: number) {
  const row = await db
    .selectFrom('goods_approval')
    .select('approval_code')
    .where('merchant_id', '=', merchantId)
    .where('barcode', '=', barcode)
    .where('status', '=', 1)
    .where('deleted_at', 'is', null)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row?.approval_code;
}

// ---------------------------------------------------------------- the review trail (审核记录)

export interface RecordFilter {
  approvalCode?: string;
  action?: string;
  operator?: string;
  createdAt?: [number, number];
  sortOrder: 'ascend' | 'descend';
}

/** Every history row of the merchant's applications joined to the application (list and export). */
export function recordQuery(db: Db, merchantId: number, f: RecordFilter) {
  let q = db
    .selectFrom('record_history as h')
    .innerJoin('goods_approval as a', (j) => j.onRef('a.approval_code', '=', 'h.subject_id').onRef('a.merchant_id', '=', 'h.merchant_id'))
    .where('h.merchant_id', '=', merchantId)
    .where('h.subject', '=', APPROVAL_SUBJECT);
  if (f.approvalCode) q = q.where(contains('h.subject_id', f.approvalCode));
  if (f.action) q = q.where('h.action', '=', f.action);
  if (f.operator) q = q.where(contains('h.operator_name', f.operator));
  if (f.createdAt) q = q.where('h.created_at', '>=', f.createdAt[0]).where('h.created_at', '<=', f.createdAt[1]);
  return q
    .select([
      'h.id',
      'h.subject_id as approvalCode',
      'h.action',
      'h.action_label',
      'h.changes',
      'h.remark',
      'h.operator_name',
      'h.created_at',
      'a.kind',
      'a.title',
      'a.status',
      'a.deleted_at',
    ])
    .orderBy('h.id', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}

/**
 * A page of 审核记录 by keyset (record_history grows without bound): newest first by id (= by time), on the
 * index (merchant_id, subject, id); the first page counts up to 10,000 rows.
 */
export function recordPage(db: Kysely<Database>, merchantId: number, f: RecordFilter & { cursor?: string; pageSize: number }) {
  return fetchKeysetPage(db, recordQuery(db, merchantId, f), {
    sort: { key: 'createdAt', column: 'h.id', value: (row) => Number(row.id) },
    id: { column: 'h.id', value: (row) => Number(row.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: 10_000 },
  });
}

// ---------------------------------------------------------------- reads of the catalogue
// The category tree, the standard library, merchant goods and SKUs are read through their own services and
// repos; only the goods an application names is read here (with the columns the application shows).

export function findLiveGoods(db: Db, merchantId: number, goodsId: number) {
  return db
    .selectFrom('goods')
    .select(['id', 'goods_code', 'name', 'category_id', 'storage_style'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', goodsId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The codes of what an approved application created (standard product, SPU, SKU), scoped by the merchant: goods and
 * goods SKU for kinds 1–2, mall SPU and mall SKU for kinds 3–4. '' where there is none (or it is gone).
 */
export async function createdCodes(
  db: Db,
  merchantId: number,
  r: Pick<GoodsApprovalTable, 'kind' | 'standard_product_id' | 'goods_id' | 'sku_id'>,
): Promise<{ goodsNo: string; spuCode: string; skuCode: string }> {
  const mall = r.kind >= 3;
  const [sp, spu, sku] = await Promise.all([
    r.standard_product_id === null
      ? undefined
      : db
          .selectFrom('standard_product')
          .select('goods_no as code')
          .where('merchant_id', '=', merchantId)
          .where('id', '=', r.standard_product_id)
          .executeTakeFirst(),
    r.goods_id === null
      ? undefined
      : mall
        ? db
            .selectFrom('mall_goods')
            .select('mall_code as code')
            .where('merchant_id', '=', merchantId)
            .where('id', '=', r.goods_id)
            .executeTakeFirst()
        : db
            .selectFrom('goods')
            .select('goods_code as code')
            .where('merchant_id', '=', merchantId)
            .where('id', '=', r.goods_id)
            .where('deleted_at', 'is', null)
            .executeTakeFirst(),
    r.sku_id === null
      ? undefined
      : mall
        ? db
            .selectFrom('mall_goods_sku')
            .select('sku_code as code')
            .where('merchant_id', '=', merchantId)
            .where('id', '=', r.sku_id)
            .where('deleted_at', 'is', null)
            .executeTakeFirst()
        : db
            .selectFrom('goods_sku')
            .select('sku_code as code')
            .where('merchant_id', '=', merchantId)
            .where('id', '=', r.sku_id)
            .where('deleted_at', 'is', null)
            .executeTakeFirst(),
  ]);
  return { goodsNo: sp?.code ?? '', spuCode: spu?.code ?? '', skuCode: sku?.code ?? '' };
}
