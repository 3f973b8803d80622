import { GOODS_STOCK_KINDS } from '@merchant/contracts/stock/goods-stock';
import { LOW_STOCK_THRESHOLD } from '@merchant/contracts/stock/stock-balance';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { categoryAndBelow } from './stock-balance.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface GoodsStockFilter {
  keyword?: string;
  categoryId?: number;
  held?: boolean;
  sortField?: 'skuCode' | 'onHand' | 'available';
  sortOrder: 'ascend' | 'descend';
}

/** The raw row: the SKU and its sums (null when it has no balance anywhere); `k_<kind>` on hand by location kind. */
export interface GoodsStockDbRow {
  sku_id: number;
  sku_code: string;
  sku_name: string;
  barcode: string;
  category_id: number;
  on_hand: number | string | null;
  locked: number | string | null;
  [kindColumn: `k_${string}`]: number | string | null;
}

const onHand = sql<number>`coalesce(t.on_hand, 0)`;
const availableExpr = sql<number>`(coalesce(t.on_hand, 0) - coalesce(t.locked, 0))`;

/** Every live SKU of the merchant with its stock summed per location kind (stock_balance_sku_idx). */
export function goodsStockQuery(db: Db, merchantId: number, f: Omit<GoodsStockFilter, 'sortOrder'> & { sortOrder?: 'ascend' | 'descend' }) {
  const sums = db
    .selectFrom('stock_balance')
    .select('sku_id')
    .select(GOODS_STOCK_KINDS.map((k) => sql<number>`sum(case when location_kind = ${k} then on_hand else 0 end)`.as(`k_${k}`)))
    .select((eb) => [eb.fn.sum<number>('on_hand').as('on_hand'), eb.fn.sum<number>('locked').as('locked')])
    .where('merchant_id', '=', merchantId)
    .groupBy('sku_id')
    .as('t');
  let q = db
    .selectFrom('goods_sku')
    .leftJoin(sums, 't.sku_id', 'goods_sku.id')
    .selectAll('t')
    .select(['goods_sku.id as sku_id', 'goods_sku.sku_code', 'goods_sku.name as sku_name', 'goods_sku.barcode', 'goods_sku.category_id'])
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  if (f.categoryId !== undefined) q = q.where('goods_sku.category_id', 'in', categoryAndBelow(db, merchantId, f.categoryId));
  if (f.held) q = q.where(sql<boolean>`${onHand} > 0`);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  if (f.sortField === 'skuCode') q = q.orderBy('goods_sku.sku_code', dir);
  else if (f.sortField === 'onHand') q = q.orderBy(onHand, dir);
  else if (f.sortField === 'available') q = q.orderBy(availableExpr, dir);
  // the row type spelled out: the per-kind sums are dynamic columns
  return q.orderBy('goods_sku.id', 'desc') as unknown as GoodsStockQuery;
}
type GoodsStockQuery = SelectQueryBuilder<Database, 'goods_sku', GoodsStockDbRow>;

export const listGoodsStock = (db: Kysely<Database>, merchantId: number, f: GoodsStockFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db, goodsStockQuery(db, merchantId, f), f);

// ---------------------------------------------------------------- 批发库存 (by goods, one location kind)

export interface KindGoodsStockFilter {
  keyword?: string;
  categoryId?: number;
  held?: boolean;
  sortField?: 'goodsCode' | 'onHand' | 'available';
  sortOrder: 'ascend' | 'descend';
}

/** The live SKUs of the merchant with their balance at a location kind (null when none), summed per SKU. */
function kindSkuStock(db: Db, merchantId: number, kind: string) {
  return db
    .selectFrom('goods_sku')
    .leftJoin('stock_balance', (j) =>
      j
        .onRef('stock_balance.sku_id', '=', 'goods_sku.id')
        .on('stock_balance.merchant_id', '=', merchantId)
        .on('stock_balance.location_kind', '=', kind),
    )
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null);
}

const gOnHand = sql<number>`coalesce(t.on_hand, 0)`;
const gAvailable = sql<number>`(coalesce(t.on_hand, 0) - coalesce(t.locked, 0))`;

/** Live goods of the merchant with their SKUs' stock at a location kind summed (goods_sku and goods read only). */
export function kindGoodsStockQuery(
  db: Db,
  merchantId: number,
  kind: string,
  f: Omit<KindGoodsStockFilter, 'sortOrder'> & { sortOrder?: 'ascend' | 'descend' },
) {
  const sums = kindSkuStock(db, merchantId, kind)
    .select('goods_sku.goods_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('sku_count'),
      sql<number>`sum(coalesce(stock_balance.on_hand, 0))`.as('on_hand'),
      sql<number>`sum(coalesce(stock_balance.locked, 0))`.as('locked'),
      sql<number>`sum(case when coalesce(stock_balance.on_hand, 0) - coalesce(stock_balance.locked, 0) < ${LOW_STOCK_THRESHOLD} then 1 else 0 end)`.as(
        'low_count',
      ),
    ])
    .groupBy('goods_sku.goods_id')
    .as('t');
  let q = db
    .selectFrom('goods')
    .innerJoin(sums, 't.goods_id', 'goods.id')
    .select(['goods.id as goods_id', 'goods.goods_code', 'goods.name as goods_name', 'goods.brand', 'goods.category_id'])
    .select(['t.sku_count', 't.on_hand', 't.locked', 't.low_count'])
    .where('goods.merchant_id', '=', merchantId)
    .where('goods.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    const bySku = db
      .selectFrom('goods_sku')
      .select('goods_id')
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([contains('name', k), contains('sku_code', k), contains('barcode', k)]));
    q = q.where((eb) => eb.or([contains('goods.name', k), contains('goods.goods_code', k), eb('goods.id', 'in', bySku)]));
  }
  if (f.categoryId !== undefined) q = q.where('goods.category_id', 'in', categoryAndBelow(db, merchantId, f.categoryId));
  if (f.held) q = q.where(sql<boolean>`${gOnHand} > 0`);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  if (f.sortField === 'goodsCode') q = q.orderBy('goods.goods_code', dir);
  else if (f.sortField === 'onHand') q = q.orderBy(gOnHand, dir);
  else if (f.sortField === 'available') q = q.orderBy(gAvailable, dir);
  return q.orderBy('goods.id', 'desc');
}
export type KindGoodsStockDbRow = Awaited<ReturnType<ReturnType<typeof kindGoodsStockQuery>['execute']>>[number];

export const listKindGoodsStock = (
  db: Kysely<Database>,
  merchantId: number,
  kind: string,
  f: KindGoodsStockFilter & { pageNum: number; pageSize: number },
) => fetchPage(db, kindGoodsStockQuery(db, merchantId, kind, f), f);

/** The SKUs of these goods with their stock at a location kind. */
export function kindSkusOfGoods(db: Db, merchantId: number, kind: string, goodsIds: number[]) {
  if (goodsIds.length === 0) return Promise.resolve([]);
  return kindSkuStock(db, merchantId, kind)
    .select([
      'goods_sku.id',
      'goods_sku.goods_id',
      'goods_sku.sku_code',
      'goods_sku.name',
      'goods_sku.barcode',
      sql<number>`coalesce(stock_balance.on_hand, 0)`.as('on_hand'),
      sql<number>`coalesce(stock_balance.locked, 0)`.as('locked'),
    ])
    .where('goods_sku.goods_id', 'in', goodsIds)
    .orderBy('goods_sku.sku_code')
    .execute();
}
