import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { categoryAndDescendants } from './category.repo.ts';
import type { MallGoodsSkuTable } from './mall-sku.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface MallSkuFilter {
  keyword?: string;
  categoryId?: number;
  /** The category and its descendants, read beforehand (as the goods SKU list does). */
  categoryIds?: readonly number[];
  status?: number;
  mallGoodsId?: number;
  sortField?: 'createdAt' | 'skuCode' | 'basePrice';
  sortOrder: 'ascend' | 'descend';
}

/** Sorts with their indexes: mall_goods_sku_list_idx / _category_idx (id), _code_uq, _price_idx (migration 0019). */
const SORTS = {
  createdAt: { column: 'k.id', type: 'number', value: (r: { id: number }) => Number(r.id) },
  skuCode: { column: 'k.sku_code', type: 'string', value: (r: { sku_code: string }) => r.sku_code },
  basePrice: { column: 'k.base_price', type: 'number', value: (r: { base_price: number }) => Number(r.base_price) },
} as const;

/** Live mall SKUs of the merchant with their SPU's code, title, status and sale unit (left join: every SKU has one). */
export function mallSkuQuery(db: Db, merchantId: number, f: MallSkuFilter) {
  let q = db
    .selectFrom('mall_goods_sku as k')
    .leftJoin('mall_goods as m', 'm.id', 'k.mall_goods_id')
    .where('k.merchant_id', '=', merchantId)
    .where('k.deleted_at', 'is', null);
  if (f.keyword) {
    const w = f.keyword;
    q = q.where((eb) => eb.or([contains('k.name', w), contains('k.sku_code', w), contains('k.barcode', w)]));
  }
  if (f.categoryIds) {
    const ids = f.categoryIds;
    q = ids.length === 1 ? q.where('k.category_id', '=', ids[0]!) : q.where('k.category_id', 'in', ids.length ? ids : [0]);
  } else if (f.categoryId !== undefined) {
    q = q.where('k.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  }
  if (f.status !== undefined) q = q.where('k.status', '=', f.status);
  if (f.mallGoodsId !== undefined) q = q.where('k.mall_goods_id', '=', f.mallGoodsId);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  return q
    .selectAll('k')
    .select((eb) => [
      eb.fn.coalesce('m.mall_code', eb.val('')).as('mall_code'),
      eb.fn.coalesce('m.title', eb.val('')).as('mall_title'),
      eb.fn.coalesce('m.status', eb.val(0)).as('mall_status'),
      eb.fn.coalesce('m.sale_unit', eb.val('')).as('sale_unit'),
      eb.fn.coalesce('m.pieces_per_unit', eb.val(1)).as('pieces_per_unit'),
    ])
    .orderBy(SORTS[f.sortField ?? 'createdAt'].column, dir)
    .orderBy('k.id', dir);
}
export type MallSkuListRow = Awaited<ReturnType<ReturnType<typeof mallSkuQuery>['execute']>>[number];

export async function listMallSkus(
  db: Db,
  merchantId: number,
  f: MallSkuFilter & { cursor?: string; pageSize: number },
  countUpTo: number,
) {
  const sort = SORTS[f.sortField ?? 'createdAt'];
  const categoryIds =
    f.categoryId === undefined
      ? undefined
      : (await categoryAndDescendants(db, merchantId, f.categoryId).execute()).map((c) => Number(c.id));
  return fetchKeysetPage(db as Kysely<Database>, mallSkuQuery(db, merchantId, { ...f, categoryIds }), {
    sort: {
      key: f.sortField ?? 'createdAt',
      column: sort.column,
      type: sort.type,
      value: sort.value as (r: MallSkuListRow) => number | string,
    },
    id: { column: 'k.id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: countUpTo },
    scope: merchantId,
  });
}

export function findMallSku(db: Db, merchantId: number, id: number) {
  return mallSkuQuery(db, merchantId, { sortOrder: 'descend' }).where('k.id', '=', id).executeTakeFirst();
}

export function skusOfMallGoods(db: Db, merchantId: number, mallGoodsId: number) {
  return mallSkuQuery(db, merchantId, { mallGoodsId, sortOrder: 'ascend' }).execute();
}

export async function mallSkuCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db
      .selectFrom('mall_goods_sku')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('sku_code', '=', code)
      .executeTakeFirst(),
  );
}

/** The live mall SKU holding a barcode (another than `exceptId`). */
export function mallSkuWithBarcode(db: Db, merchantId: number, barcode: string, exceptId?: number) {
  let q = db
    .selectFrom('mall_goods_sku')
    .select(['id', 'sku_code', 'name'])
    .where('merchant_id', '=', merchantId)
    .where('barcode', '=', barcode)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertMallSku(db: Db, row: Omit<MallGoodsSkuTable, 'id' | 'version' | 'deleted_at'>) {
  return Number(
    (
      await db
        .insertInto('mall_goods_sku')
        .values({ ...row, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
}

export function updateMallSkuVersioned(db: Db, merchantId: number, id: number, version: number, values: Updateable<MallGoodsSkuTable>) {
  return db
    .updateTable('mall_goods_sku')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A change that follows its SPU (name, status): bumps the version so a page holding the old one is stale. */
export function updateMallSkuFollowing(db: Db, merchantId: number, id: number, values: Updateable<MallGoodsSkuTable>) {
  return db
    .updateTable('mall_goods_sku')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .execute();
}
