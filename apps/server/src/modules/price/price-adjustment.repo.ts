import { PostgresAdapter, sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PriceAdjustmentLineTable, PriceAdjustmentPushTable, PriceAdjustmentTable, PriceChangeTable } from './price.table.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type OrderRow = Selectable<PriceAdjustmentTable>;

export const findOrder = (db: Db, merchantId: number, orderNo: string) =>
  db.selectFrom('price_adjustment').selectAll().where('merchant_id', '=', merchantId).where('order_no', '=', orderNo).executeTakeFirst();

export const findOrderById = (db: Db, id: number) => db.selectFrom('price_adjustment').selectAll().where('id', '=', id).executeTakeFirst();

export const orderNoTaken = async (db: Db, merchantId: number, orderNo: string) =>
  (await db
    .selectFrom('price_adjustment')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('order_no', '=', orderNo)
    .executeTakeFirst()) !== undefined;

export async function insertOrder(db: Db, row: Insertable<PriceAdjustmentTable>): Promise<number> {
  const r = await db.insertInto('price_adjustment').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** `update … where id and version` (and, with `fromStatus`, only from those states); version + 1. */
export const updateOrder = (db: Db, id: number, version: number, set: Updateable<PriceAdjustmentTable>, fromStatus?: number[]) => {
  let q = db
    .updateTable('price_adjustment')
    .set({ ...set, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version);
  if (fromStatus) q = q.where('status', 'in', fromStatus);
  return q.executeTakeFirst();
};

/** The conditional apply: 待生效 → 已生效 only while still 待生效 (a cancel racing it: exactly one wins). */
export const markApplied = (db: Db, id: number, now: number) =>
  db
    .updateTable('price_adjustment')
    .set({ status: 3, applied_at: now, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('status', '=', 2)
    .executeTakeFirst();

export const deleteOrder = async (db: Db, id: number) => {
  await db.deleteFrom('price_adjustment_line').where('adjustment_id', '=', id).execute();
  await db.deleteFrom('price_adjustment').where('id', '=', id).execute();
};

export const replaceLines = async (db: Db, adjustmentId: number, lines: Insertable<PriceAdjustmentLineTable>[]) => {
  await db.deleteFrom('price_adjustment_line').where('adjustment_id', '=', adjustmentId).execute();
  for (let i = 0; i < lines.length; i += 200)
    await db
      .insertInto('price_adjustment_line')
      .values(lines.slice(i, i + 200))
      .execute();
};

export const updateLineOld = (db: Db, lineId: number, oldPrice: number) =>
  db.updateTable('price_adjustment_line').set({ old_price: oldPrice }).where('id', '=', lineId).execute();

/** An order's lines with their SKU (id order). */
export const linesOf = (db: Db, adjustmentId: number) =>
  db
    .selectFrom('price_adjustment_line as l')
    .innerJoin('goods_sku as s', 's.id', 'l.sku_id')
    .select(['l.id', 'l.sku_id', 'l.scope_key', 'l.old_price', 'l.new_price', 's.sku_code', 's.name as sku_name', 's.barcode'])
    .where('l.adjustment_id', '=', adjustmentId)
    .orderBy('l.id')
    .execute();
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

export interface AdjustmentFilter {
  orderNo?: string;
  status?: number;
  scopeType?: string;
  createdRange?: [number, number];
  skuId?: number;
}

/** The list's query (newest first by default); keyset paged by created_at or effective_at (null as 0). */
export function listQuery(db: Db, merchantId: number, f: AdjustmentFilter) {
  let q = db.selectFrom('price_adjustment').selectAll().where('merchant_id', '=', merchantId);
  if (f.orderNo) q = q.where('order_no', '=', f.orderNo.toUpperCase());
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.scopeType) q = q.where('scope_type', '=', f.scopeType);
  if (f.createdRange) q = q.where('created_at', '>=', f.createdRange[0]).where('created_at', '<=', f.createdRange[1]);
  if (f.skuId !== undefined) {
    const skuId = f.skuId;
    q = q.where('id', 'in', (eb) =>
      eb.selectFrom('price_adjustment_line').select('adjustment_id').where('merchant_id', '=', merchantId).where('sku_id', '=', skuId),
    );
  }
  return q;
}

// ---------------------------------------------------------------- applying: prices and the ledger

/**
 * Serialises the applies of one merchant (each ledger row's old price is then the price it replaced). PostgreSQL:
 * `FOR NO KEY UPDATE` on the merchant row — not `FOR UPDATE`, which waits on the KEY SHARE locks every insert
 * referencing the merchant holds, so two applies that had both inserted would deadlock. SQLite: the one connection
 * runs one transaction at a time.
 */
export async function lockMerchantPrices(db: Transaction<Database>, merchantId: number): Promise<void> {
  let q = db.selectFrom('merchant').select('id').where('id', '=', merchantId);
  if (db.getExecutor().adapter instanceof PostgresAdapter) q = q.forNoKeyUpdate();
  await q.executeTakeFirst();
}

export const lockPrice = (db: Db, merchantId: number, skuId: number, scopeType: string, scopeKey: string) =>
  db
    .selectFrom('sku_price')
    .select(['id', 'price_cents'])
    .where('merchant_id', '=', merchantId)
    .where('sku_id', '=', skuId)
    .where('scope_type', '=', scopeType)
    .where('scope_key', '=', scopeKey)
    .executeTakeFirst();

export async function setPrice(
  db: Db,
  existing: { id: number } | undefined,
  row: {
    merchant_id: number;
    sku_id: number;
    scope_type: string;
    scope_key: string;
    price_cents: number;
    order_no: string;
    updated_at: number;
  },
) {
  if (existing) {
    await db
      .updateTable('sku_price')
      .set({ price_cents: row.price_cents, order_no: row.order_no, updated_at: row.updated_at })
      .where('id', '=', existing.id)
      .execute();
  } else await db.insertInto('sku_price').values(row).execute();
}

export const insertChanges = async (db: Db, rows: Insertable<PriceChangeTable>[]) => {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('price_change')
      .values(rows.slice(i, i + 200))
      .execute();
};

/** 待生效 orders whose time has come, over all merchants (the sweep), oldest first. */
export const dueOrders = (db: Db, now: number, limit: number) =>
  db
    .selectFrom('price_adjustment')
    .select(['id', 'merchant_id', 'order_no'])
    .where('status', '=', 2)
    .where('effective_at', '<=', now)
    .orderBy('effective_at')
    .limit(limit)
    .execute();

/** 待生效 orders still in the future (re-armed on the in-process runner at start). */
export const futureOrders = (db: Db, now: number) =>
  db
    .selectFrom('price_adjustment')
    .select(['id', 'merchant_id', 'order_no', 'effective_at'])
    .where('status', '=', 2)
    .where('effective_at', '>', now)
    .orderBy('effective_at')
    .limit(10_000)
    .execute();

// ---------------------------------------------------------------- push to cabinets

export type PushRow = Selectable<PriceAdjustmentPushTable>;
export const pushesOf = (db: Db, adjustmentId: number) =>
  db.selectFrom('price_adjustment_push').selectAll().where('adjustment_id', '=', adjustmentId).orderBy('device_code').execute();

export const pushCounts = (db: Db, adjustmentIds: number[]) =>
  adjustmentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('price_adjustment_push')
        .select(['adjustment_id', 'device_code', 'command_no', 'status'])
        .where('adjustment_id', 'in', adjustmentIds)
        .execute();

export const insertPushes = async (db: Db, rows: Insertable<PriceAdjustmentPushTable>[]) => {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('price_adjustment_push')
      .values(rows.slice(i, i + 200))
      .execute();
};

export const updatePush = (db: Db, id: number, set: Updateable<PriceAdjustmentPushTable>) =>
  db.updateTable('price_adjustment_push').set(set).where('id', '=', id).execute();

/** The cabinets bound to second channels (by channel id), under a first channel. */
export const devicesOfChannels = (db: Db, merchantId: number, channelIds: number[]) =>
  channelIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('price_channel_device as d')
        .innerJoin('price_channel as c', 'c.id', 'd.channel_id')
        .select(['d.device_code', 'd.channel_id', 'c.first_channel_code'])
        .where('d.merchant_id', '=', merchantId)
        .where('d.channel_id', 'in', channelIds)
        .execute();
