import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { categoryAndDescendants } from './category.repo.ts';
import type { GoodsTable } from './goods.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface GoodsFilter {
  keyword?: string;
  brand?: string;
  /** A category of any level: its descendants included. */
  categoryId?: number;
  status?: number;
  storageStyle?: number;
  sortField?: 'createdAt' | 'goodsCode';
  sortOrder: 'ascend' | 'descend';
}

const liveSkus = (eb: ExpressionBuilder<Database, 'goods'>) =>
  eb.selectFrom('goods_sku').whereRef('goods_sku.goods_id', '=', 'goods.id').where('goods_sku.deleted_at', 'is', null);

/** The goods list's query (live goods of the merchant, with SKU count and price range), without paging. */
export function goodsQuery(db: Db, merchantId: number, f: GoodsFilter) {
  let q = db.selectFrom('goods').where('goods.merchant_id', '=', merchantId).where('goods.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods.name', k), contains('goods.goods_code', k)]));
  }
  if (f.brand) q = q.where(contains('goods.brand', f.brand));
  if (f.categoryId !== undefined) q = q.where('goods.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  if (f.status !== undefined) q = q.where('goods.status', '=', f.status);
  if (f.storageStyle !== undefined) q = q.where('goods.storage_style', '=', f.storageStyle);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const col = f.sortField === 'goodsCode' ? 'goods.goods_code' : 'goods.id';
  return q
    .selectAll('goods')
    .select((eb) => [
      liveSkus(eb)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('sku_count'),
      liveSkus(eb)
        .select((e) => e.fn.min<number>('goods_sku.base_price').as('p'))
        .as('min_price'),
      liveSkus(eb)
        .select((e) => e.fn.max<number>('goods_sku.base_price').as('p'))
        .as('max_price'),
    ])
    .orderBy(col, dir)
    .orderBy('goods.id', dir);
}
export type GoodsListRow = Awaited<ReturnType<ReturnType<typeof goodsQuery>['execute']>>[number];

export function listGoods(db: Db, merchantId: number, f: GoodsFilter & { pageNum: number; pageSize: number }) {
  return fetchPage(db, goodsQuery(db, merchantId, f), f);
}

/** A live goods of the merchant with its SKU count and price range. */
export function findGoods(db: Db, merchantId: number, goodsId: number) {
  return goodsQuery(db, merchantId, { sortOrder: 'descend' }).where('goods.id', '=', goodsId).executeTakeFirst();
}

export async function goodsCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db.selectFrom('goods').select('id').where('merchant_id', '=', merchantId).where('goods_code', '=', code).executeTakeFirst(),
  );
}

/** The live goods that adopted a standard product, if any. */
export function goodsOfStandardProduct(db: Db, merchantId: number, standardProductId: number) {
  return db
    .selectFrom('goods')
    .select(['id', 'name'])
    .where('merchant_id', '=', merchantId)
    .where('standard_product_id', '=', standardProductId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertGoods(db: Db, row: Omit<GoodsTable, 'id' | 'version' | 'deleted_at'>) {
  return Number((await db.insertInto('goods').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export type GoodsValues = Partial<Omit<GoodsTable, 'id' | 'merchant_id' | 'goods_code' | 'version' | 'created_by' | 'created_at'>>;

/** The versioned update of a live goods (no row: someone changed it since `version`, see assertFresh). */
export function updateGoodsVersioned(db: Db, merchantId: number, goodsId: number, version: number, values: GoodsValues) {
  return db
    .updateTable('goods')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', goodsId)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Holds the live goods' row for the rest of the transaction (a no-op update: PostgreSQL locks the row, so a
 * SKU change and a concurrent 停售 or delete of its goods run one after the other) and reads its state.
 * Undefined when the goods is gone.
 */
export async function lockGoods(db: Db, merchantId: number, goodsId: number) {
  const res = await db
    .updateTable('goods')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', goodsId)
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return undefined;
  return db
    .selectFrom('goods')
    .select(['id', 'goods_code', 'name', 'category_id', 'storage_style', 'status'])
    .where('id', '=', goodsId)
    .executeTakeFirstOrThrow();
}

/** Live goods matching a name or code, newest first (the SKU page's and the SKU application's pickers). */
export function goodsOptions(db: Db, merchantId: number, keyword: string | undefined, limit: number) {
  let q = db
    .selectFrom('goods')
    .select(['id', 'goods_code', 'name', 'category_id', 'storage_style', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null);
  if (keyword) q = q.where((eb) => eb.or([contains('name', keyword), contains('goods_code', keyword)]));
  return q.orderBy('id', 'desc').limit(limit).execute();
}
