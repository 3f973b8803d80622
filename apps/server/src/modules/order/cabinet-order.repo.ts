import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SaleOrderLineTable, SaleOrderTable } from './order.table.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type OrderRow = Selectable<SaleOrderTable>;
export type LineRow = Selectable<SaleOrderLineTable>;

export const CABINET = 'container';
export const ORDER_NO_INDEX = { index: 'sale_order_no_uq', table: 'sale_order', columns: ['merchant_id', 'order_no_sub'] };
export const ORDER_APPLY_INDEX = { index: 'sale_order_apply_uq', table: 'sale_order', columns: ['merchant_id', 'apply_code'] };

export interface OrderFilter {
  orderNoSub?: string;
  applyCode?: string;
  deviceCode?: string;
  status?: number;
  payStatus?: number;
  excepType?: string;
  userId?: string;
  createdRange?: [number, number];
}

/**
 * The merchant's cabinet orders by the filters (0043: sale_order_list_idx, _device_idx, _status_idx,
 * _device_status_idx, _pay_status_idx, _user_idx, _excep_idx; an order number or door code is one row).
 */
export function listQuery(db: Db, merchantId: number, f: OrderFilter) {
  let q = db.selectFrom('sale_order').selectAll().where('merchant_id', '=', merchantId).where('channel', '=', CABINET);
  if (f.orderNoSub) q = q.where('order_no_sub', '=', f.orderNoSub.toUpperCase());
  // with the literal condition of sale_order_apply_uq (a partial index) so that the planner takes it
  if (f.applyCode) q = q.where('apply_code', '=', f.applyCode.toUpperCase()).where(sql<boolean>`apply_code <> ''`);
  if (f.deviceCode) q = q.where('device_code', '=', f.deviceCode.toUpperCase());
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.payStatus !== undefined) q = q.where('pay_status', '=', f.payStatus);
  if (f.excepType) q = q.where('excep_type', '=', f.excepType);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.createdRange) q = q.where('created_at', '>=', f.createdRange[0]).where('created_at', '<=', f.createdRange[1]);
  return q;
}

export const findOrder = (db: Db, merchantId: number, orderNoSub: string) =>
  db
    .selectFrom('sale_order')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('order_no_sub', '=', orderNoSub.toUpperCase())
    .executeTakeFirst();

export const orderOfSession = (db: Db, merchantId: number, applyCode: string) =>
  db.selectFrom('sale_order').selectAll().where('merchant_id', '=', merchantId).where('apply_code', '=', applyCode).executeTakeFirst();

export const orderNoTaken = async (db: Db, merchantId: number, code: string) =>
  (await db
    .selectFrom('sale_order')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('order_no_sub', '=', code)
    .executeTakeFirst()) !== undefined;

export async function insertOrder(db: Db, row: Insertable<SaleOrderTable>): Promise<number> {
  return Number((await db.insertInto('sale_order').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export const insertLines = (db: Db, rows: Insertable<SaleOrderLineTable>[]) =>
  rows.length ? db.insertInto('sale_order_line').values(rows).execute() : Promise.resolve([]);

export const deleteLines = (db: Db, orderId: number) => db.deleteFrom('sale_order_line').where('order_id', '=', orderId).execute();

export const linesOf = (db: Db, orderId: number) =>
  db.selectFrom('sale_order_line').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute();

/** An order's SKUs and the units of each sold (what its payment's split gives the consigning suppliers). */
export const soldUnits = (db: Db, orderId: number) =>
  db.selectFrom('sale_order_line').select(['sku_id as skuId', 'quantity']).where('order_id', '=', orderId).orderBy('line_no').execute();

/** A conditional update: only from the given states (a transition lost to another one changes nothing). */
export const updateOrder = (db: Db, id: number, set: Updateable<SaleOrderTable>, fromStatus: readonly number[]) =>
  db
    .updateTable('sale_order')
    .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', 'in', [...fromStatus])
    .executeTakeFirst();
