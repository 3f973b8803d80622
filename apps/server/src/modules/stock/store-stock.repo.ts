import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { balanceQuery, type BalanceFilter } from './stock-balance.repo.ts';
import { movementQuery } from './stock-movement.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Store stock: the balances of kind `store` (one location per store, code = the store code). */
export interface StoreStockFilter extends BalanceFilter {
  storeCode?: string;
}

/** The balance list's query (stock-balance.repo's) with the store: its code and its current name. */
export function storeStockQuery(db: Db, merchantId: number, f: Omit<StoreStockFilter, 'sortOrder'> & Partial<StoreStockFilter>) {
  let q = balanceQuery(db, merchantId, 'store', f)
    .leftJoin('store', (j) => j.onRef('store.store_code', '=', 'stock_location.code').on('store.merchant_id', '=', merchantId))
    .select(['stock_location.code as store_code', 'store.name as store_name']);
  if (f.storeCode) q = q.where('stock_location.code', '=', f.storeCode);
  return q;
}
export type StoreStockDbRow = Awaited<ReturnType<ReturnType<typeof storeStockQuery>['execute']>>[number];

export const listStoreStock = (db: Kysely<Database>, merchantId: number, f: StoreStockFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db, storeStockQuery(db, merchantId, f), f);

/** One store balance by its id (undefined: unknown, another merchant's, another kind's). */
export const storeBalanceById = (db: Db, merchantId: number, id: number) =>
  storeStockQuery(db, merchantId, {}).where('stock_balance.id', '=', id).executeTakeFirst();

/** One store balance by the store's code and the SKU. */
export const storeBalanceOf = (db: Db, merchantId: number, storeCode: string, skuId: number) =>
  storeStockQuery(db, merchantId, { storeCode }).where('stock_balance.sku_id', '=', skuId).executeTakeFirst();

/** A store of the merchant by its code. */
export const storeByCode = (db: Db, merchantId: number, storeCode: string) =>
  db
    .selectFrom('store')
    .select(['store.store_code', 'store.name', 'store.status'])
    .where('store.merchant_id', '=', merchantId)
    .where('store.store_code', '=', storeCode)
    .executeTakeFirst();

/** The merchant's stores of a status (营业中 for picking), by name or code, at most 50. */
export function storesOfStatus(db: Db, merchantId: number, status: number, keyword: string | undefined) {
  let q = db
    .selectFrom('store')
    .select(['store.store_code', 'store.name'])
    .where('store.merchant_id', '=', merchantId)
    .where('store.status', '=', status);
  if (keyword) q = q.where((eb) => eb.or([contains('store.name', keyword), contains('store.store_code', keyword)]));
  return q.orderBy('store.id', 'desc').limit(50).execute();
}

/** A balance's latest movements (newest first), optionally of one document type only. */
export function balanceMovements(db: Db, merchantId: number, b: { locationId: number; skuId: number }, docType?: string) {
  let q = movementQuery(db, merchantId, 'store', { skuId: b.skuId }).where('stock_movement.location_id', '=', b.locationId);
  if (docType) q = q.where('stock_movement.doc_type', '=', docType);
  return q.orderBy('stock_movement.created_at', 'desc').orderBy('stock_movement.id', 'desc').limit(20).execute();
}
