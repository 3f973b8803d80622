import { GOODS_STOCK_KINDS } from '@merchant/contracts/stock/goods-stock';
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
