import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { StocktakeLineTable, StocktakeTable } from './stocktake.table.ts';

// 盘点单 (docs/stock.md): the stocktake and its lines; the cabinet's slot balances it snapshots (stock_balance and
// stock_location read only here; quantities move through the ledger).

type Db = Kysely<Database> | Transaction<Database>;
export type StocktakeRow = Selectable<StocktakeTable>;

export const findStocktake = (db: Db, merchantId: number, code: string) =>
  db.selectFrom('stocktake').selectAll().where('merchant_id', '=', merchantId).where('stocktake_code', '=', code).executeTakeFirst();

export const codeTaken = async (db: Db, merchantId: number, code: string) => (await findStocktake(db, merchantId, code)) !== undefined;

/** An open (盘点中 / 待审核) stocktake of the cabinet. */
export const openOfDevice = (db: Db, merchantId: number, deviceCode: string, openStatus: number[]) =>
  db
    .selectFrom('stocktake')
    .select('stocktake_code')
    .where('merchant_id', '=', merchantId)
    .where('device_code', '=', deviceCode)
    .where('status', 'in', openStatus)
    .executeTakeFirst();

/** The cabinets that have slot locations, with their name (device read only) and slot count. */
export const deviceOptions = (db: Db, merchantId: number) =>
  db
    .selectFrom('stock_location as l')
    .leftJoin('device as d', (j) => j.onRef('d.device_code', '=', 'l.device_code').onRef('d.merchant_id', '=', 'l.merchant_id'))
    .select(['l.device_code', sql<string>`max(coalesce(d.name, ''))`.as('device_name'), sql<number>`count(*)`.as('slot_count')])
    .where('l.merchant_id', '=', merchantId)
    .where('l.kind', '=', 'cabinet')
    .groupBy('l.device_code')
    .orderBy('l.device_code')
    .execute();

export const deviceName = async (db: Db, merchantId: number, deviceCode: string) =>
  (
    await db
      .selectFrom('device')
      .select('name')
      .where('merchant_id', '=', merchantId)
      .where('device_code', '=', deviceCode)
      .executeTakeFirst()
  )?.name ?? '';

/** The snapshot: every balance (slot location × SKU) of the cabinet's slots, by slot. */
export const slotBalances = (db: Db, merchantId: number, deviceCode: string) =>
  db
    .selectFrom('stock_balance as b')
    .innerJoin('stock_location as l', 'l.id', 'b.location_id')
    .select(['b.location_id', 'b.sku_id', 'b.on_hand', 'l.slot_no'])
    .where('l.merchant_id', '=', merchantId)
    .where('l.kind', '=', 'cabinet')
    .where('l.device_code', '=', deviceCode)
    .orderBy('l.slot_no')
    .orderBy('b.sku_id')
    .execute();

export async function insertStocktake(db: Db, row: Insertable<StocktakeTable>): Promise<number> {
  return Number((await db.insertInto('stocktake').values(row).returning('id').executeTakeFirstOrThrow()).id);
}
export async function insertLines(db: Db, rows: Insertable<StocktakeLineTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('stocktake_line')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** `update … where id and version and status in fromStatus`; version + 1. No row: stale or moved on. */
export const updateStocktake = (db: Db, id: number, version: number, set: Updateable<StocktakeTable>, fromStatus: number[]) =>
  db
    .updateTable('stocktake')
    .set({ ...set, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', 'in', fromStatus)
    .executeTakeFirst();

export const setCounted = (db: Db, stocktakeId: number, lineId: number, countedQty: number) =>
  db
    .updateTable('stocktake_line')
    .set({ counted_qty: countedQty })
    .where('stocktake_id', '=', stocktakeId)
    .where('id', '=', lineId)
    .execute();

/** The lines with their SKU (goods_sku read only), by slot. */
export const linesOf = (db: Db, stocktakeId: number) =>
  db
    .selectFrom('stocktake_line as l')
    .leftJoin('goods_sku as s', 's.id', 'l.sku_id')
    .select(['l.id', 'l.location_id', 'l.slot_no', 'l.sku_id', 'l.system_qty', 'l.counted_qty', 's.sku_code', 's.name as sku_name'])
    .where('l.stocktake_id', '=', stocktakeId)
    .orderBy('l.slot_no')
    .orderBy('l.id')
    .execute();
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** The 盘点差异 movements a stocktake posted (before → after per slot × SKU). */
export const movementsOf = (db: Db, merchantId: number, code: string) =>
  db
    .selectFrom('stock_movement')
    .select(['location_id', 'sku_id', 'on_hand_before', 'on_hand_after'])
    .where('merchant_id', '=', merchantId)
    .where('doc_code', '=', code)
    .execute();

export interface StocktakeFilter {
  stocktakeCode?: string;
  deviceCode?: string;
  status?: number;
  createdRange?: [number, number];
}

/** The list (0038: stocktake_list_idx, _status_idx, _device_idx). */
export function listQuery(db: Db, merchantId: number, f: StocktakeFilter) {
  let q = db.selectFrom('stocktake').selectAll().where('merchant_id', '=', merchantId);
  if (f.stocktakeCode) q = q.where('stocktake_code', '=', f.stocktakeCode.toUpperCase());
  if (f.deviceCode) q = q.where('device_code', '=', f.deviceCode);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.createdRange) q = q.where('created_at', '>=', f.createdRange[0]).where('created_at', '<=', f.createdRange[1]);
  return q;
}
