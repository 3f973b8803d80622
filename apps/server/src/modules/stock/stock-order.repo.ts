import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import type { StockOrderLineTable, StockOrderTable } from './stock-order.table.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type OrderRow = Selectable<StockOrderTable>;

/** An order of the merchant at a location kind (and of a type, when given), by code (another merchant's, kind's or type's: undefined). */
export const findOrder = (db: Db, merchantId: number, kind: string, orderCode: string, orderType?: string) => {
  let q = db
    .selectFrom('stock_order')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('location_kind', '=', kind)
    .where('order_code', '=', orderCode);
  if (orderType) q = q.where('order_type', '=', orderType);
  return q.executeTakeFirst();
};

export async function insertOrder(db: Db, row: Insertable<StockOrderTable>): Promise<number> {
  const r = await db.insertInto('stock_order').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** `update … where id and version and status in fromStatus`; version + 1. No row: stale or moved on. */
export const updateOrder = (db: Db, id: number, version: number, set: Updateable<StockOrderTable>, fromStatus: number[]) =>
  db
    .updateTable('stock_order')
    .set({ ...set, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', 'in', fromStatus)
    .executeTakeFirst();

export const replaceLines = async (db: Db, orderId: number, lines: Insertable<StockOrderLineTable>[]) => {
  await db.deleteFrom('stock_order_line').where('order_id', '=', orderId).execute();
  for (let i = 0; i < lines.length; i += 100)
    await db
      .insertInto('stock_order_line')
      .values(lines.slice(i, i + 100))
      .execute();
};

/** Many orders at once (the demo seed): one insert per 100 rows; their ids by code. */
export async function insertOrders(db: Db, merchantId: number, rows: Insertable<StockOrderTable>[]): Promise<Map<string, number>> {
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('stock_order')
      .values(rows.slice(i, i + 100))
      .execute();
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 500) {
    const found = await db
      .selectFrom('stock_order')
      .select(['id', 'order_code'])
      .where('merchant_id', '=', merchantId)
      .where(
        'order_code',
        'in',
        rows.slice(i, i + 500).map((r) => r.order_code),
      )
      .execute();
    for (const r of found) ids.set(r.order_code, Number(r.id));
  }
  return ids;
}

/** Lines of many orders at once (the demo seed). */
export async function insertLines(db: Db, lines: Insertable<StockOrderLineTable>[]): Promise<void> {
  for (let i = 0; i < lines.length; i += 200)
    await db
      .insertInto('stock_order_line')
      .values(lines.slice(i, i + 200))
      .execute();
}

/** An order's lines with their SKU (goods_sku read only), in line order. */
export const linesOf = (db: Db, orderId: number) =>
  db
    .selectFrom('stock_order_line as l')
    .innerJoin('goods_sku as s', 's.id', 'l.sku_id')
    .select(['l.id', 'l.sku_id', 'l.quantity', 'l.unit_cost', 's.sku_code', 's.name as sku_name', 's.barcode'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/**
 * The movements an order posted (before → after per SKU): of its code at its location only, so a movement of another
 * document that carries the same code (one written before codes were registered, 0042) never shows on the order.
 */
export const movementsOf = (db: Db, merchantId: number, order: { order_code: string; location_id: number; location_kind: string }) =>
  db
    .selectFrom('stock_movement')
    .select(['sku_id', 'on_hand_before', 'on_hand_after'])
    .where('merchant_id', '=', merchantId)
    .where('location_kind', '=', order.location_kind)
    .where('doc_code', '=', order.order_code)
    .where('location_id', '=', Number(order.location_id))
    .execute();

/** Live SKUs of the merchant among these ids. */
export const ownSkus = (db: Db, merchantId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('goods_sku')
        .select(['id', 'sku_code', 'name', 'barcode'])
        .where('merchant_id', '=', merchantId)
        .where('deleted_at', 'is', null)
        .where('id', 'in', ids)
        .execute();

/** The SKU picker: live SKUs of the merchant by code, barcode or name. */
export function skuOptions(db: Db, merchantId: number, keyword: string | undefined, limit: number) {
  let q = db
    .selectFrom('goods_sku')
    .select(['id', 'sku_code', 'name', 'barcode'])
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null);
  if (keyword) {
    q = q.where((eb) => eb.or([contains('name', keyword), contains('sku_code', keyword), contains('barcode', keyword)]));
  }
  return q.orderBy('id').limit(limit).execute();
}

export interface OrderFilter {
  orderCode?: string;
  status?: number;
  orderType?: string;
  /** A front warehouse's orders (its location). */
  warehouseId?: number;
  skuId?: number;
  counterparty?: string;
  createdRange?: [number, number];
}

/** The list's query for one location kind (0034: stock_order_list_idx, _type_idx, _status_idx). */
export function listQuery(db: Db, merchantId: number, kind: string, f: OrderFilter) {
  let q = db
    .selectFrom('stock_order')
    .innerJoin('stock_location', 'stock_location.id', 'stock_order.location_id')
    .selectAll('stock_order')
    .select('stock_location.name as location_name')
    .where('stock_order.merchant_id', '=', merchantId)
    .where('stock_order.location_kind', '=', kind);
  if (f.orderCode) q = q.where('stock_order.order_code', '=', f.orderCode.toUpperCase());
  if (f.status !== undefined) q = q.where('stock_order.status', '=', f.status);
  if (f.orderType) q = q.where('stock_order.order_type', '=', f.orderType);
  if (f.warehouseId !== undefined) {
    const warehouseId = f.warehouseId;
    q = q.where('stock_order.location_id', '=', (eb) =>
      eb.selectFrom('front_warehouse').select('location_id').where('merchant_id', '=', merchantId).where('id', '=', warehouseId),
    );
  }
  if (f.counterparty) {
    q = q.where(contains('stock_order.counterparty', f.counterparty));
  }
  if (f.createdRange)
    q = q.where('stock_order.created_at', '>=', f.createdRange[0]).where('stock_order.created_at', '<=', f.createdRange[1]);
  if (f.skuId !== undefined) {
    const skuId = f.skuId;
    q = q.where('stock_order.id', 'in', (eb) =>
      eb.selectFrom('stock_order_line').select('order_id').where('merchant_id', '=', merchantId).where('sku_id', '=', skuId),
    );
  }
  return q;
}
export type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];
