import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { categoryAndDescendants } from './category.repo.ts';
import type { GoodsSkuTable } from './sku.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SkuFilter {
  keyword?: string;
  /** A category of any level: its descendants included. */
  categoryId?: number;
  /**
   * The category and its descendants, read beforehand (listSkus): the query then filters on their ids, so the
   * planner sees one leaf as an equality (the category indexes serve it) instead of a subquery it cannot size.
   */
  categoryIds?: readonly number[];
  status?: number;
  storageStyle?: number;
  goodsId?: number;
  sortField?: 'createdAt' | 'skuCode' | 'basePrice';
  sortOrder: 'ascend' | 'descend';
}

/**
 * The SKU list's query (live SKUs of the merchant with their goods' code, name and status), without paging.
 * The goods is left-joined (every SKU has one: goods_id is a NOT NULL reference) so that counting the rows,
 * which drops the select, drops the join too (PostgreSQL and SQLite remove an unused left join to a key).
 */
export function skuQuery(db: Db, merchantId: number, f: SkuFilter) {
  let q = db
    .selectFrom('goods_sku')
    .leftJoin('goods', 'goods.id', 'goods_sku.goods_id')
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  if (f.categoryIds) {
    const ids = f.categoryIds;
    q = ids.length === 1 ? q.where('goods_sku.category_id', '=', ids[0]) : q.where('goods_sku.category_id', 'in', ids.length ? ids : [0]);
  } else if (f.categoryId !== undefined) {
    q = q.where('goods_sku.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  }
  if (f.status !== undefined) q = q.where('goods_sku.status', '=', f.status);
  if (f.storageStyle !== undefined) q = q.where('goods_sku.storage_style', '=', f.storageStyle);
  if (f.goodsId !== undefined) q = q.where('goods_sku.goods_id', '=', f.goodsId);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const col = SORTS[f.sortField ?? 'createdAt'].column;
  return q
    .selectAll('goods_sku')
    .select((eb) => [
      eb.fn.coalesce('goods.goods_code', eb.val('')).as('goods_code'),
      eb.fn.coalesce('goods.name', eb.val('')).as('goods_name'),
      eb.fn.coalesce('goods.status', eb.val(0)).as('goods_status'),
    ])
    .orderBy(col, dir)
    .orderBy('goods_sku.id', dir);
}
export type SkuListRow = Awaited<ReturnType<ReturnType<typeof skuQuery>['execute']>>[number];

/**
 * The list's sorts: 创建时间 by id (the order SKUs were created in), SKU编码, 销售价; ties by id. Each is served,
 * with the merchant filter alone or with a category, by an index (merchant_id[, category_id], column, id):
 * goods_sku_list_idx / goods_sku_category_idx (0009), goods_sku_code_uq (0009, codes are unique) and the
 * indexes of migration 0016.
 */
const SORTS = {
  createdAt: { column: 'goods_sku.id', type: 'number', value: (r: { id: number }) => Number(r.id) },
  skuCode: { column: 'goods_sku.sku_code', type: 'string', value: (r: { sku_code: string }) => r.sku_code },
  basePrice: { column: 'goods_sku.base_price', type: 'number', value: (r: { base_price: number }) => Number(r.base_price) },
} as const;

/**
 * A page of the list by keyset (cursor from the previous page; bound to the merchant: another merchant's
 * cursor is refused). The total is counted with the first page only, up to `countUpTo` SKUs (not at all without).
 */
export async function listSkus(db: Db, merchantId: number, f: SkuFilter & { cursor?: string; pageSize: number }, countUpTo?: number) {
  const sort = SORTS[f.sortField ?? 'createdAt'];
  const categoryIds =
    f.categoryId === undefined
      ? undefined
      : (await categoryAndDescendants(db, merchantId, f.categoryId).execute()).map((c) => Number(c.id));
  return fetchKeysetPage(db as Kysely<Database>, skuQuery(db, merchantId, { ...f, categoryIds }), {
    sort: {
      key: f.sortField ?? 'createdAt',
      column: sort.column,
      type: sort.type,
      value: sort.value as (r: SkuListRow) => number | string,
    },
    id: { column: 'goods_sku.id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor || countUpTo === undefined ? false : { upTo: countUpTo },
    scope: merchantId,
  });
}

export function findSku(db: Db, merchantId: number, skuId: number) {
  return skuQuery(db, merchantId, { sortOrder: 'descend' }).where('goods_sku.id', '=', skuId).executeTakeFirst();
}

/** The live SKUs of one goods, oldest first. */
export function skusOfGoods(db: Db, merchantId: number, goodsId: number) {
  return skuQuery(db, merchantId, { goodsId, sortOrder: 'ascend' }).execute();
}

export async function skuCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db.selectFrom('goods_sku').select('id').where('merchant_id', '=', merchantId).where('sku_code', '=', code).executeTakeFirst(),
  );
}

/** The live SKU (other than `exceptId`) holding a barcode, if any. */
export function skuWithBarcode(db: Db, merchantId: number, barcode: string, exceptId?: number) {
  let q = db
    .selectFrom('goods_sku')
    .select(['id', 'name', 'sku_code'])
    .where('merchant_id', '=', merchantId)
    .where('barcode', '=', barcode)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertSku(db: Db, row: Omit<GoodsSkuTable, 'id' | 'version' | 'deleted_at'>) {
  return Number((await db.insertInto('goods_sku').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export type SkuValues = Partial<
  Omit<GoodsSkuTable, 'id' | 'merchant_id' | 'goods_id' | 'sku_code' | 'version' | 'created_by' | 'created_at'>
>;

/** The versioned update of a live SKU (no row: changed since `version`, see assertFresh). */
export function updateSkuVersioned(db: Db, merchantId: number, skuId: number, version: number, values: SkuValues) {
  return db
    .updateTable('goods_sku')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', skuId)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A change of one SKU that follows its goods' change (the goods' versioned update guards it). */
export function updateSkuFollowing(db: Db, merchantId: number, skuId: number, values: SkuValues) {
  return db
    .updateTable('goods_sku')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', skuId)
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function liveSkuCount(db: Db, merchantId: number, goodsId: number) {
  const r = await db
    .selectFrom('goods_sku')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('goods_id', '=', goodsId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
