import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { bankPriceOf } from './goods-bank.repo.ts';
import type { StoreGoodsTable } from './store-goods.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoreGoodsFilter {
  storeId?: number;
  keyword?: string;
  /** Effective state. */
  status?: number;
  sortField?: 'createdAt' | 'price';
  sortOrder: 'ascend' | 'descend';
}

/** Effective 上架 (1): set 上架 in the store, the SKU 上架 and its goods 可售 in the bank; else 下架 (2). */
const effective = sql<number>`case when store_goods.status = 1 and goods_sku.status = 1 and goods_bank.status = 1 then 1 else 2 end`;

/** The store goods list's query (rows of live SKUs), without paging; store names come from the merchant module. */
export function storeGoodsQuery(db: Db, merchantId: number, f: StoreGoodsFilter) {
  let q = db
    .selectFrom('store_goods')
    .innerJoin('goods_sku', 'goods_sku.id', 'store_goods.sku_id')
    .innerJoin('goods', 'goods.id', 'store_goods.goods_id')
    .innerJoin('goods_bank', (j) =>
      j.onRef('goods_bank.goods_id', '=', 'store_goods.goods_id').on('goods_bank.merchant_id', '=', merchantId),
    )
    .where('store_goods.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null);
  if (f.storeId !== undefined) q = q.where('store_goods.store_id', '=', f.storeId);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  if (f.status !== undefined) q = q.where(effective, '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const col = f.sortField === 'price' ? 'store_goods.price' : 'store_goods.id';
  return q
    .selectAll('store_goods')
    .select([
      'goods_sku.sku_code',
      'goods_sku.name as sku_name',
      'goods_sku.barcode',
      'goods_sku.status as sku_status',
      'goods.goods_code',
      'goods_bank.status as bank_status',
    ])
    .select((eb) => [bankPriceOf(eb).as('bank_price'), effective.as('effective_status')])
    .orderBy(col, dir)
    .orderBy('store_goods.id', dir);
}
export type StoreGoodsListRow = Awaited<ReturnType<ReturnType<typeof storeGoodsQuery>['execute']>>[number];

/**
 * The list's sorts: 铺货时间 by id, 门店价; ties by id. Each is served, with the merchant alone or with a store, by an
 * index (merchant_id[, store_id], column, id): store_goods_list_idx (0017) and the indexes of migration 0030.
 */
const SORTS = {
  createdAt: { column: 'store_goods.id', value: (r: StoreGoodsListRow) => Number(r.id) },
  price: { column: 'store_goods.price', value: (r: StoreGoodsListRow) => Number(r.price) },
} as const;

/** A page of the list by keyset (the cursor names the merchant; the first page counts up to `countUpTo`). */
export function listStoreGoods(db: Db, merchantId: number, f: StoreGoodsFilter & { cursor?: string; pageSize: number }, countUpTo: number) {
  const sort = SORTS[f.sortField ?? 'createdAt'];
  return fetchKeysetPage(db as Kysely<Database>, storeGoodsQuery(db, merchantId, f), {
    sort: { key: f.sortField ?? 'createdAt', column: sort.column, type: 'number', value: sort.value },
    id: { column: 'store_goods.id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: countUpTo },
    scope: merchantId,
  });
}

export function findStoreGoods(db: Db, merchantId: number, id: number) {
  return storeGoodsQuery(db, merchantId, { sortOrder: 'descend' }).where('store_goods.id', '=', id).executeTakeFirst();
}
export function findStoreGoodsByKey(db: Db, merchantId: number, storeId: number, skuId: number) {
  return storeGoodsQuery(db, merchantId, { sortOrder: 'descend', storeId }).where('store_goods.sku_id', '=', skuId).executeTakeFirst();
}

/** The (store, SKU) pairs among these that already exist. */
export function existingPairs(db: Db, merchantId: number, storeIds: number[], skuIds: number[]) {
  return db
    .selectFrom('store_goods')
    .select(['store_id', 'sku_id'])
    .where('merchant_id', '=', merchantId)
    .where('store_id', 'in', storeIds)
    .where('sku_id', 'in', skuIds)
    .execute();
}

export async function insertStoreGoods(db: Db, row: Omit<StoreGoodsTable, 'id' | 'version'>) {
  return Number((await db.insertInto('store_goods').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export function updateStoreGoodsVersioned(
  db: Db,
  merchantId: number,
  id: number,
  version: number,
  values: Partial<Pick<StoreGoodsTable, 'price' | 'status' | 'updated_at'>>,
) {
  return db
    .updateTable('store_goods')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** A shelf change that follows the bank's 停售 (the bank's versioned update guards it). */
export function setStatusFollowing(db: Db, merchantId: number, id: number, status: number, now: number) {
  return db
    .updateTable('store_goods')
    .set({ status, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .execute();
}

/** Removes a row (after the versioned update that proved the caller's version fresh). */
export function deleteStoreGoods(db: Db, merchantId: number, id: number) {
  return db.deleteFrom('store_goods').where('id', '=', id).where('merchant_id', '=', merchantId).execute();
}

/** Rows of one goods set 上架 (the bank's 停售 takes them off). */
export function onShelfOfGoods(db: Db, merchantId: number, goodsId: number) {
  return db
    .selectFrom('store_goods')
    .select(['id', 'store_id', 'sku_id'])
    .where('merchant_id', '=', merchantId)
    .where('goods_id', '=', goodsId)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
}

export async function countOfGoods(db: Db, merchantId: number, goodsId: number) {
  const r = await db
    .selectFrom('store_goods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('goods_id', '=', goodsId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
