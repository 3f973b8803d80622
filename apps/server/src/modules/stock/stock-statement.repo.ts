import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { categoryAndBelow } from './stock-balance.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface StatementFilter {
  /** A location kind (STOCK_LOCATION_KINDS). */
  kind: string;
  /** The period [from, to], epoch ms, both inclusive. */
  from: number;
  to: number;
  /** One location of the kind, by its code (a store's code). */
  locationCode?: string;
  keyword?: string;
  categoryId?: number;
  sortField?: 'skuCode' | 'opening' | 'inQty' | 'outQty' | 'closing';
  sortOrder: 'ascend' | 'descend';
}

/** Movement types whose quantity counts as 入库 / 出库 (the others, adjust / stocktake, as 调整). */
const INBOUND = ['inbound', 'replenish', 'transfer'];
const RETURNED = ['return', 'outbound'];
const ADJUSTED = ['adjust', 'stocktake'];
const inList = (types: string[]) => sql.join(types.map((t) => sql.lit(t)));

interface StatementSums {
  sku_id: number;
  opening: number;
  in_inbound: number;
  in_adjust: number;
  in_qty: number;
  out_sale: number;
  out_return: number;
  out_adjust: number;
  out_qty: number;
}

/**
 * 库存报表 per SKU of one location kind over a period: opening + in − out = closing. It reads only
 *  - one row per balance (location × SKU) for the opening: the on_hand_after of its last movement before the period
 *    (0036 stock_movement_opening_idx, covering; 0 when none), and
 *  - the period's movements of the kind (0036 stock_movement_period_idx, covering), summed per balance by sign and type.
 * Lock / unlock movements move nothing on hand (quantity 0) and count nowhere.
 */
export function statementQuery(db: Db, merchantId: number, f: StatementFilter) {
  const skuFilter = f.keyword !== undefined || f.categoryId !== undefined;
  let skus = db.selectFrom('goods_sku').select('goods_sku.id').where('goods_sku.merchant_id', '=', merchantId);
  if (f.keyword) {
    const k = f.keyword;
    skus = skus.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  if (f.categoryId !== undefined) skus = skus.where('goods_sku.category_id', 'in', categoryAndBelow(db, merchantId, f.categoryId));
  const location = f.locationCode
    ? db
        .selectFrom('stock_location')
        .select('stock_location.id')
        .where('stock_location.merchant_id', '=', merchantId)
        .where('stock_location.kind', '=', f.kind)
        .where('stock_location.code', '=', f.locationCode)
    : undefined;
  const sums = sql<StatementSums>`(
    select bal.sku_id as sku_id,
      sum(bal.opening) as opening,
      coalesce(sum(mv.in_inbound), 0) as in_inbound,
      coalesce(sum(mv.in_adjust), 0) as in_adjust,
      coalesce(sum(mv.in_qty), 0) as in_qty,
      coalesce(sum(mv.out_sale), 0) as out_sale,
      coalesce(sum(mv.out_return), 0) as out_return,
      coalesce(sum(mv.out_adjust), 0) as out_adjust,
      coalesce(sum(mv.out_qty), 0) as out_qty
    from (
      select b.location_id, b.sku_id, coalesce((
        select o.on_hand_after from stock_movement o
         where o.location_id = b.location_id and o.sku_id = b.sku_id and o.created_at < ${f.from}
         order by o.created_at desc, o.id desc limit 1), 0) as opening
        from stock_balance b
       where b.merchant_id = ${merchantId} and b.location_kind = ${f.kind}
       ${location ? sql`and b.location_id in (${location})` : sql``}
       ${skuFilter ? sql`and b.sku_id in (${skus})` : sql``}
    ) bal
    left join (
      select m.location_id, m.sku_id,
        sum(case when m.quantity > 0 and m.type in (${inList(INBOUND)}) then m.quantity else 0 end) as in_inbound,
        sum(case when m.quantity > 0 and m.type in (${inList(ADJUSTED)}) then m.quantity else 0 end) as in_adjust,
        sum(case when m.quantity > 0 then m.quantity else 0 end) as in_qty,
        sum(case when m.quantity < 0 and m.type = 'sale' then -m.quantity else 0 end) as out_sale,
        sum(case when m.quantity < 0 and m.type in (${inList(RETURNED)}) then -m.quantity else 0 end) as out_return,
        sum(case when m.quantity < 0 and m.type in (${inList(ADJUSTED)}) then -m.quantity else 0 end) as out_adjust,
        sum(case when m.quantity < 0 then -m.quantity else 0 end) as out_qty
        from stock_movement m
       where m.merchant_id = ${merchantId} and m.location_kind = ${f.kind}
         and m.created_at >= ${f.from} and m.created_at <= ${f.to}
         ${location ? sql`and m.location_id in (${location})` : sql``}
       group by m.location_id, m.sku_id
    ) mv on mv.location_id = bal.location_id and mv.sku_id = bal.sku_id
    group by bal.sku_id
  )`;
  const closing = sql<number>`(st.opening + st.in_qty - st.out_qty)`;
  let q = db
    .selectFrom(sums.as('st'))
    .innerJoin('goods_sku', 'goods_sku.id', 'st.sku_id')
    .select([
      'st.sku_id',
      'st.opening',
      'st.in_inbound',
      'st.in_adjust',
      'st.in_qty',
      'st.out_sale',
      'st.out_return',
      'st.out_adjust',
      'st.out_qty',
      closing.as('closing'),
      'goods_sku.sku_code',
      'goods_sku.name as sku_name',
      'goods_sku.barcode',
      'goods_sku.category_id',
    ]);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  switch (f.sortField) {
    case 'opening':
      q = q.orderBy('st.opening', dir);
      break;
    case 'inQty':
      q = q.orderBy('st.in_qty', dir);
      break;
    case 'outQty':
      q = q.orderBy('st.out_qty', dir);
      break;
    case 'closing':
      q = q.orderBy(closing, dir);
      break;
    case 'skuCode':
      q = q.orderBy('goods_sku.sku_code', dir);
      break;
    default:
      q = q.orderBy('goods_sku.sku_code', 'asc');
  }
  return q.orderBy('st.sku_id', 'asc');
}
export type StatementDbRow = Awaited<ReturnType<ReturnType<typeof statementQuery>['execute']>>[number];

/**
 * How many rows the statement has: the SKUs holding a balance of the kind (at the location) that pass the SKU filters —
 * counted on stock_balance alone, so the period's movements are summed once per page, not twice.
 */
export function statementCount(db: Db, merchantId: number, f: StatementFilter) {
  let q = db
    .selectFrom('stock_balance')
    .innerJoin('goods_sku', 'goods_sku.id', 'stock_balance.sku_id')
    .select((eb) => eb.fn.count<number>('stock_balance.sku_id').distinct().as('n'))
    .where('stock_balance.merchant_id', '=', merchantId)
    .where('stock_balance.location_kind', '=', f.kind);
  if (f.locationCode) {
    const code = f.locationCode;
    q = q.where('stock_balance.location_id', 'in', (eb) =>
      eb
        .selectFrom('stock_location')
        .select('stock_location.id')
        .where('stock_location.merchant_id', '=', merchantId)
        .where('stock_location.kind', '=', f.kind)
        .where('stock_location.code', '=', code),
    );
  }
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  if (f.categoryId !== undefined) q = q.where('goods_sku.category_id', 'in', categoryAndBelow(db, merchantId, f.categoryId));
  return q;
}

/** One page of the statement and its total. */
export async function statementPage(db: Kysely<Database>, merchantId: number, f: StatementFilter & { pageNum: number; pageSize: number }) {
  const [count, list] = await Promise.all([
    statementCount(db, merchantId, f).executeTakeFirstOrThrow(),
    statementQuery(db, merchantId, f)
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize)
      .execute(),
  ]);
  return { list, total: Number(count.n) };
}
