import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { categoryAndDescendants } from './category.repo.ts';
import type { GoodsSkuTable } from './sku.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SkuFilter {
  keyword?: string;
  /** A category of any level: its descendants included. */
  categoryId?: number;
  status?: number;
  storageStyle?: number;
  goodsId?: number;
  sortField?: 'createdAt' | 'skuCode' | 'basePrice';
  sortOrder: 'ascend' | 'descend';
}

/** The SKU list's query (live SKUs of the merchant with their goods' code, name and status), without paging. */
export function skuQuery(db: Db, merchantId: number, f: SkuFilter) {
  let q = db
    .selectFrom('goods_sku')
    .innerJoin('goods', 'goods.id', 'goods_sku.goods_id')
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  if (f.categoryId !== undefined) q = q.where('goods_sku.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  if (f.status !== undefined) q = q.where('goods_sku.status', '=', f.status);
  if (f.storageStyle !== undefined) q = q.where('goods_sku.storage_style', '=', f.storageStyle);
  if (f.goodsId !== undefined) q = q.where('goods_sku.goods_id', '=', f.goodsId);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const col = f.sortField === 'skuCode' ? 'goods_sku.sku_code' : f.sortField === 'basePrice' ? 'goods_sku.base_price' : 'goods_sku.id';
  return q
    .selectAll('goods_sku')
    .select(['goods.goods_code', 'goods.name as goods_name', 'goods.status as goods_status'])
    .orderBy(col, dir)
    .orderBy('goods_sku.id', dir);
}
export type SkuListRow = Awaited<ReturnType<ReturnType<typeof skuQuery>['execute']>>[number];

export function listSkus(db: Db, merchantId: number, f: SkuFilter & { pageNum: number; pageSize: number }) {
  return fetchPage(db, skuQuery(db, merchantId, f), f);
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
