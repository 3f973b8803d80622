import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GoodsCategoryTable } from './category.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Every category of the merchant (the tree is small: tens to a few hundred rows), in display order. */
export function allCategories(db: Db, merchantId: number) {
  return db
    .selectFrom('goods_category')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('level')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * The ids of a category and of every category below it, as a subquery (three levels at most: the category,
 * its children, their children), for "category incl. descendants" filters of every goods list.
 */
export function categoryAndDescendants(db: Db, merchantId: number, categoryId: number) {
  return db
    .selectFrom('goods_category as c')
    .select('c.id')
    .where('c.merchant_id', '=', merchantId)
    .where((w) =>
      w.or([
        w('c.id', '=', categoryId),
        w('c.parent_id', '=', categoryId),
        w(
          'c.parent_id',
          'in',
          w.selectFrom('goods_category as p').select('p.id').where('p.merchant_id', '=', merchantId).where('p.parent_id', '=', categoryId),
        ),
      ]),
    );
}

export function findCategory(db: Db, merchantId: number, id: number) {
  return db.selectFrom('goods_category').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

/**
 * Locks a category row for the rest of the transaction (PostgreSQL `FOR UPDATE`; SQLite's one connection runs
 * one transaction at a time) and answers whether it is still there: a child's insert and its parent's delete
 * both take this lock, so one of them sees what the other did.
 */
export async function lockCategory(trx: Transaction<Database>, merchantId: number, id: number): Promise<boolean> {
  let q = trx.selectFrom('goods_category').select('id').where('merchant_id', '=', merchantId).where('id', '=', id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
  return (await q.executeTakeFirst()) !== undefined;
}

export async function siblingNameTaken(db: Db, merchantId: number, parentId: number, name: string, exceptId?: number) {
  let q = db
    .selectFrom('goods_category')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('parent_id', '=', parentId)
    .where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function insertCategory(db: Db, row: Omit<GoodsCategoryTable, 'id' | 'version'>) {
  return (await db.insertInto('goods_category').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Rename / re-sort at the version the edit began with (0 rows: someone else changed it). */
export function updateCategoryAt(
  db: Db,
  merchantId: number,
  id: number,
  version: number,
  values: { name: string; sort: number; updated_at: number },
) {
  return db
    .updateTable('goods_category')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function deleteCategoryAt(db: Db, merchantId: number, id: number, version: number) {
  const r = await db
    .deleteFrom('goods_category')
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function childCount(db: Db, merchantId: number, id: number) {
  const r = await db
    .selectFrom('goods_category')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Standard products per category (direct, not rolled up). */
export async function productCounts(db: Db, merchantId: number) {
  const rows = await db
    .selectFrom('standard_product')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('merchant_id', '=', merchantId)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

export async function standardProductCount(db: Db, merchantId: number, categoryId: number) {
  const r = await db
    .selectFrom('standard_product')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Rows of a goods table in a category: merchant goods (deleted ones too — they keep the reference), supply SPUs,
 * wholesale mall SPUs and mall SKUs (deleted ones too). None of these has a foreign key on `category_id`, so this
 * count in the delete's transaction is what keeps them from pointing at a deleted category.
 */
export async function holdersCount(
  db: Db,
  table: 'goods' | 'supply_spu' | 'mall_goods' | 'mall_goods_sku',
  merchantId: number,
  categoryId: number,
) {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
