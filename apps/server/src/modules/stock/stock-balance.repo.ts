import { LOW_STOCK_THRESHOLD, type StockAvailability } from '@merchant/contracts/stock/stock-balance';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface BalanceFilter {
  keyword?: string;
  /** A category: the SKUs of it and of every category under it. */
  categoryId?: number;
  availability?: StockAvailability;
  /** One location of the kind. */
  locationId?: number;
  /** A cabinet: every slot of the device. */
  deviceCode?: string;
  sortField?: 'skuCode' | 'onHand' | 'locked' | 'available' | 'updatedAt';
  sortOrder: 'ascend' | 'descend';
}

/**
 * The ids of a category of the merchant and of every category under it (the tree has at most three levels; goods_category
 * read only) — a subquery for `category_id in (…)`.
 */
export function categoryAndBelow(db: Db, merchantId: number, categoryId: number) {
  const children = (parents: ReturnType<typeof level>) =>
    db.selectFrom('goods_category').select('id').where('merchant_id', '=', merchantId).where('parent_id', 'in', parents);
  const level = (id: number) => db.selectFrom('goods_category').select('id').where('merchant_id', '=', merchantId).where('id', '=', id);
  const first = level(categoryId);
  return db
    .selectFrom('goods_category')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('id', '=', categoryId), eb('parent_id', '=', categoryId), eb('parent_id', 'in', children(first))]));
}

const available = sql<number>`(stock_balance.on_hand - stock_balance.locked)`;

/**
 * The balances of one location kind with their SKU (goods_sku read only) and location: one row per location × SKU
 * (the hub has one location, so one row per SKU). Served by stock_balance_kind_idx.
 */
export function balanceQuery(
  db: Db,
  merchantId: number,
  kind: string,
  f: Omit<BalanceFilter, 'sortField' | 'sortOrder'> & Partial<BalanceFilter>,
) {
  let q = db
    .selectFrom('stock_balance')
    .innerJoin('goods_sku', 'goods_sku.id', 'stock_balance.sku_id')
    .innerJoin('stock_location', 'stock_location.id', 'stock_balance.location_id')
    .select([
      'stock_balance.id',
      'stock_balance.location_id',
      'stock_location.name as location_name',
      'stock_location.code as location_code',
      'stock_location.device_code',
      'stock_location.slot_no',
      'stock_balance.sku_id',
      'stock_balance.on_hand',
      'stock_balance.locked',
      'stock_balance.version',
      'stock_balance.updated_at',
      'goods_sku.goods_id',
      'goods_sku.sku_code',
      'goods_sku.name as sku_name',
      'goods_sku.barcode',
      'goods_sku.category_id',
    ])
    .where('stock_balance.merchant_id', '=', merchantId)
    .where('stock_balance.location_kind', '=', kind);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  if (f.categoryId !== undefined) q = q.where('goods_sku.category_id', 'in', categoryAndBelow(db, merchantId, f.categoryId));
  if (f.locationId !== undefined) q = q.where('stock_balance.location_id', '=', f.locationId);
  if (f.deviceCode) q = q.where('stock_location.device_code', '=', f.deviceCode.toUpperCase());
  if (f.availability === 'zero') q = q.where(sql<boolean>`${available} <= 0`);
  if (f.availability === 'low') q = q.where(sql<boolean>`${available} > 0`).where(sql<boolean>`${available} < ${LOW_STOCK_THRESHOLD}`);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  switch (f.sortField) {
    case 'skuCode':
      q = q.orderBy('goods_sku.sku_code', dir);
      break;
    case 'onHand':
      q = q.orderBy('stock_balance.on_hand', dir);
      break;
    case 'locked':
      q = q.orderBy('stock_balance.locked', dir);
      break;
    case 'available':
      q = q.orderBy(available, dir);
      break;
    default:
      q = q.orderBy('stock_balance.updated_at', f.sortField ? dir : 'desc');
  }
  // a kind with many locations: within a sort key, its rows grouped by location (a cabinet's slots in order)
  return q.orderBy('stock_location.code', 'asc').orderBy('stock_balance.id', 'desc');
}
export type BalanceDbRow = Awaited<ReturnType<ReturnType<typeof balanceQuery>['execute']>>[number];

export const listBalances = (
  db: Kysely<Database>,
  merchantId: number,
  kind: string,
  f: BalanceFilter & { pageNum: number; pageSize: number },
) => fetchPage(db, balanceQuery(db, merchantId, kind, f), f);

/** A live SKU of the merchant with its balance at the location kind's (one) location, if any. */
export function skuWithBalance(db: Db, merchantId: number, kind: string, skuId: number) {
  return db
    .selectFrom('goods_sku')
    .leftJoin('stock_balance', (j) =>
      j
        .onRef('stock_balance.sku_id', '=', 'goods_sku.id')
        .on('stock_balance.merchant_id', '=', merchantId)
        .on('stock_balance.location_kind', '=', kind),
    )
    .leftJoin('stock_location', 'stock_location.id', 'stock_balance.location_id')
    .select([
      'goods_sku.id as sku_id',
      'goods_sku.goods_id',
      'goods_sku.sku_code',
      'goods_sku.name as sku_name',
      'goods_sku.barcode',
      'goods_sku.category_id',
      'stock_balance.id',
      'stock_balance.location_id',
      'stock_location.name as location_name',
      'stock_location.code as location_code',
      'stock_location.device_code',
      'stock_location.slot_no',
      'stock_balance.on_hand',
      'stock_balance.locked',
      'stock_balance.version',
      'stock_balance.updated_at',
    ])
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.id', '=', skuId)
    .where('goods_sku.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Takes the balance row for this transaction if it still has the version the edit began from (a no-op update: on
 * PostgreSQL it holds the row lock until commit, so the numbers read next are the ones the movements start from).
 * False: the row changed since (or is missing).
 */
export async function claimVersion(
  db: Db,
  key: { merchantId: number; locationId: number; skuId: number },
  version: number,
): Promise<boolean> {
  const r = await db
    .updateTable('stock_balance')
    .set({ version: sql<number>`version` })
    .where('merchant_id', '=', key.merchantId)
    .where('location_id', '=', key.locationId)
    .where('sku_id', '=', key.skuId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Live SKUs by name, code or barcode (for picking one to edit). */
export function skuOptions(db: Db, merchantId: number, keyword: string | undefined) {
  let q = db
    .selectFrom('goods_sku')
    .select(['id', 'sku_code', 'name', 'barcode'])
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null);
  if (keyword) q = q.where((eb) => eb.or([contains('name', keyword), contains('sku_code', keyword), contains('barcode', keyword)]));
  return q.orderBy('id', 'desc').limit(20).execute();
}

/**
 * The locations of a kind (the 实时库存 / 库存流水 filter): every location by name — for cabinets one row per device
 * (code = the device code, name = the device's name when it is still the merchant's).
 */
export function kindLocations(db: Db, merchantId: number, kind: string) {
  if (kind === 'cabinet') {
    return db
      .selectFrom('stock_location')
      .leftJoin('device', (j) => j.onRef('device.device_code', '=', 'stock_location.device_code').on('device.merchant_id', '=', merchantId))
      .select(['stock_location.device_code as code', sql<string>`max(device.name)`.as('name')])
      .where('stock_location.merchant_id', '=', merchantId)
      .where('stock_location.kind', '=', kind)
      .groupBy('stock_location.device_code')
      .orderBy('stock_location.device_code')
      .execute()
      .then((rows) => rows.map((r) => ({ locationId: 0, code: r.code, name: r.name ?? r.code, deviceCode: r.code })));
  }
  return db
    .selectFrom('stock_location')
    .select(['id', 'code', 'name', 'device_code'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .orderBy('name')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ locationId: Number(r.id), code: r.code, name: r.name, deviceCode: r.device_code })));
}
