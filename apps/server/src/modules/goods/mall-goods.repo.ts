import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { categoryAndDescendants } from './category.repo.ts';
import type { MallGoodsTable } from './mall-goods.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface MallGoodsFilter {
  keyword?: string;
  categoryId?: number;
  status?: number;
  sortField?: 'createdAt' | 'mallCode';
  sortOrder: 'ascend' | 'descend';
}

/** The mall SPU list's query: each SPU with its standard product and its live SKUs' counts and prices. */
export function mallGoodsQuery(db: Db, merchantId: number, f: MallGoodsFilter) {
  let q = db
    .selectFrom('mall_goods as m')
    .innerJoin('standard_product as p', 'p.id', 'm.standard_product_id')
    .where('m.merchant_id', '=', merchantId);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('m.title', k), contains('m.mall_code', k), contains('p.barcode', k), contains('p.brand', k)]));
  }
  if (f.categoryId !== undefined) q = q.where('m.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  if (f.status !== undefined) q = q.where('m.status', '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  return q
    .selectAll('m')
    .select(['p.goods_no', 'p.barcode', 'p.brand', 'p.spec', 'p.unit', 'p.image_ids'])
    .select((eb) => [
      eb
        .selectFrom('mall_goods_sku as k')
        .whereRef('k.mall_goods_id', '=', 'm.id')
        .where('k.deleted_at', 'is', null)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('sku_count'),
      eb
        .selectFrom('mall_goods_sku as k')
        .whereRef('k.mall_goods_id', '=', 'm.id')
        .where('k.deleted_at', 'is', null)
        .select((e) => e.fn.min<number>('k.moq').as('v'))
        .as('moq'),
      eb
        .selectFrom('mall_goods_sku as k')
        .whereRef('k.mall_goods_id', '=', 'm.id')
        .where('k.deleted_at', 'is', null)
        .select((e) => e.fn.min<number>('k.lowest_price').as('v'))
        .as('min_price'),
      eb
        .selectFrom('mall_goods_sku as k')
        .whereRef('k.mall_goods_id', '=', 'm.id')
        .where('k.deleted_at', 'is', null)
        .select((e) => e.fn.max<number>('k.base_price').as('v'))
        .as('max_price'),
    ])
    .orderBy(f.sortField === 'mallCode' ? 'm.mall_code' : 'm.id', dir)
    .orderBy('m.id', dir);
}
export type MallGoodsListRow = Awaited<ReturnType<ReturnType<typeof mallGoodsQuery>['execute']>>[number];

export function listMallGoods(db: Kysely<Database>, merchantId: number, f: MallGoodsFilter & { pageNum: number; pageSize: number }) {
  return fetchPage(db, mallGoodsQuery(db, merchantId, f), f);
}

export function findMallGoods(db: Db, merchantId: number, id: number) {
  return mallGoodsQuery(db, merchantId, { sortOrder: 'descend' }).where('m.id', '=', id).executeTakeFirst();
}

/** The SPU row held for the caller's transaction (a no-op update locks it on PostgreSQL and serialises SQLite writers). */
export async function lockMallGoods(db: Db, merchantId: number, id: number) {
  await db
    .updateTable('mall_goods')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .execute();
  return db.selectFrom('mall_goods').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

export function mallGoodsOptions(db: Db, merchantId: number, keyword: string | undefined) {
  let q = db.selectFrom('mall_goods').select(['id', 'mall_code', 'title', 'sale_unit', 'status']).where('merchant_id', '=', merchantId);
  if (keyword) q = q.where((eb) => eb.or([contains('title', keyword), contains('mall_code', keyword)]));
  return q.orderBy('id', 'desc').limit(50).execute();
}

export async function mallCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db.selectFrom('mall_goods').select('id').where('merchant_id', '=', merchantId).where('mall_code', '=', code).executeTakeFirst(),
  );
}

export async function mallGoodsOfProduct(db: Db, merchantId: number, standardProductId: number) {
  return db
    .selectFrom('mall_goods')
    .select(['id', 'mall_code'])
    .where('merchant_id', '=', merchantId)
    .where('standard_product_id', '=', standardProductId)
    .executeTakeFirst();
}

export async function insertMallGoods(db: Db, row: Omit<MallGoodsTable, 'id' | 'version'>) {
  return Number((await db.insertInto('mall_goods').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export function updateMallGoodsVersioned(db: Db, merchantId: number, id: number, version: number, values: Updateable<MallGoodsTable>) {
  return db
    .updateTable('mall_goods')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
}
