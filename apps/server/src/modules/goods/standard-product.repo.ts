import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import type { StandardProductTable } from './standard-product.table.ts';
import { categoryAndDescendants } from './category.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface StandardProductFilter {
  keyword?: string;
  brand?: string;
  /** A category at any level: the category and its descendants. */
  categoryId?: number;
  storageStyle?: number;
  status?: number;
  sortField?: 'createdAt' | 'goodsNo' | 'guidePrice';
  sortOrder: 'ascend' | 'descend';
}

/** The library list's query: filters, merchant scope and order, without paging (the list and its export). */
export function standardProductQuery(db: Db, merchantId: number, f: StandardProductFilter) {
  let q = db.selectFrom('standard_product').where('standard_product.merchant_id', '=', merchantId);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) =>
      eb.or([contains('standard_product.name', k), contains('standard_product.barcode', k), contains('standard_product.goods_no', k)]),
    );
  }
  if (f.brand) q = q.where(contains('standard_product.brand', f.brand));
  if (f.categoryId) q = q.where('standard_product.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  if (f.storageStyle !== undefined) q = q.where('standard_product.storage_style', '=', f.storageStyle);
  if (f.status !== undefined) q = q.where('standard_product.status', '=', f.status);
  const col =
    f.sortField === 'goodsNo'
      ? 'standard_product.goods_no'
      : f.sortField === 'guidePrice'
        ? 'standard_product.guide_price'
        : 'standard_product.id';
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  return q.selectAll('standard_product').orderBy(col, dir).orderBy('standard_product.id', dir);
}

export function listStandardProducts(db: Db, merchantId: number, f: StandardProductFilter & { pageNum: number; pageSize: number }) {
  return fetchPage(db, standardProductQuery(db, merchantId, f), f);
}

export function findByGoodsNo(db: Db, merchantId: number, goodsNo: string) {
  return db
    .selectFrom('standard_product')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('goods_no', '=', goodsNo)
    .executeTakeFirst();
}

/** The merchant's product with a barcode (its id, number, name and barcode). */
export function findByBarcode(db: Db, merchantId: number, barcode: string) {
  return db
    .selectFrom('standard_product')
    .select(['id', 'goods_no', 'name', 'barcode'])
    .where('merchant_id', '=', merchantId)
    .where('barcode', '=', barcode)
    .executeTakeFirst();
}

export async function barcodeTaken(db: Db, merchantId: number, barcode: string, exceptId?: number) {
  let q = db.selectFrom('standard_product').select('id').where('merchant_id', '=', merchantId).where('barcode', '=', barcode);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function goodsNoTaken(db: Db, merchantId: number, goodsNo: string) {
  return Boolean(
    await db
      .selectFrom('standard_product')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('goods_no', '=', goodsNo)
      .executeTakeFirst(),
  );
}

export async function insertStandardProduct(db: Db, row: Omit<StandardProductTable, 'id' | 'version'>) {
  return (await db.insertInto('standard_product').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Many rows at once (the demo seed). */
export async function insertStandardProducts(db: Db, rows: Omit<StandardProductTable, 'id' | 'version'>[]) {
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('standard_product')
      .values(rows.slice(i, i + 100))
      .execute();
}

/** An edit at the version it began with (0 rows: someone else changed the product meanwhile). */
export function updateStandardProductAt(
  db: Db,
  merchantId: number,
  id: number,
  version: number,
  values: Omit<Updateable<StandardProductTable>, 'id' | 'merchant_id' | 'version'> & { updated_at: number },
) {
  return db
    .updateTable('standard_product')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export function findStandardProductById(db: Db, merchantId: number, id: number) {
  return db.selectFrom('standard_product').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

/** Enabled standard products of the merchant that no live merchant goods has adopted yet (从标准库选品). */
export function adoptableQuery(
  db: Db,
  merchantId: number,
  f: { keyword?: string; categoryId?: number; sortField?: 'createdAt' | 'goodsNo'; sortOrder: 'ascend' | 'descend' },
) {
  let q = db
    .selectFrom('standard_product as sp')
    .where('sp.merchant_id', '=', merchantId)
    .where('sp.status', '=', STANDARD_PRODUCT_ENABLED)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('goods')
            .select('goods.id')
            .whereRef('goods.standard_product_id', '=', 'sp.id')
            .where('goods.merchant_id', '=', merchantId)
            .where('goods.deleted_at', 'is', null),
        ),
      ),
    );
  if (f.categoryId !== undefined) q = q.where('sp.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('sp.name', k), contains('sp.barcode', k), contains('sp.goods_no', k)]));
  }
  return q
    .select([
      'sp.id',
      'sp.goods_no',
      'sp.name',
      'sp.barcode',
      'sp.brand',
      'sp.spec',
      'sp.unit',
      'sp.category_id',
      'sp.storage_style',
      'sp.guide_price',
    ])
    .$if(f.sortField === 'goodsNo', (qb) => qb.orderBy('sp.goods_no', f.sortOrder === 'ascend' ? 'asc' : 'desc'))
    .orderBy('sp.id', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}

/** standard_product.status of a product that can be adopted (启用). */
export const STANDARD_PRODUCT_ENABLED = 1;
