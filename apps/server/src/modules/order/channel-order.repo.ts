import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The channel's own order number, unique per merchant and channel (0045, a partial index). */
export const CHANNEL_NO_INDEX = {
  index: 'sale_order_channel_no_uq',
  table: 'sale_order',
  columns: ['merchant_id', 'channel', 'channel_order_no'],
};

export interface ChannelOrderFilter {
  orderNoSub?: string;
  channelOrderNo?: string;
  status?: number;
  payStatus?: number;
  userId?: string;
  createdRange?: [number, number];
}

/** A channel's orders by the filters (0043: sale_order_list_idx, _status_idx, _pay_status_idx, _user_idx; 0045: a number is one row). */
export function listQuery(db: Db, merchantId: number, channel: string, f: ChannelOrderFilter) {
  let q = db.selectFrom('sale_order').selectAll().where('merchant_id', '=', merchantId).where('channel', '=', channel);
  if (f.orderNoSub) q = q.where('order_no_sub', '=', f.orderNoSub.toUpperCase());
  // with the literal condition of sale_order_channel_no_uq (a partial index) so that the planner takes it
  if (f.channelOrderNo) q = q.where('channel_order_no', '=', f.channelOrderNo).where(sql<boolean>`channel_order_no <> ''`);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.payStatus !== undefined) q = q.where('pay_status', '=', f.payStatus);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.createdRange) q = q.where('created_at', '>=', f.createdRange[0]).where('created_at', '<=', f.createdRange[1]);
  return q;
}

export const byChannelNoQuery = (db: Db, merchantId: number, channel: string, channelOrderNo: string) =>
  db
    .selectFrom('sale_order')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('channel', '=', channel)
    .where('channel_order_no', '=', channelOrderNo)
    .where(sql<boolean>`channel_order_no <> ''`);
export const findByChannelNo = (db: Db, merchantId: number, channel: string, channelOrderNo: string) =>
  byChannelNoQuery(db, merchantId, channel, channelOrderNo).executeTakeFirst();

/** The merchant's live goods SKUs by code. */
export const goodsSkusByCode = (db: Db, merchantId: number, codes: string[]) =>
  db
    .selectFrom('goods_sku')
    .select(['id', 'sku_code', 'name', 'barcode', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('sku_code', 'in', codes)
    .where('deleted_at', 'is', null)
    .execute();

/** The merchant's live mall SKUs by code, with the goods SKU of the same barcode (the wholesaler stock is kept by it). */
export const mallSkusByCode = (db: Db, merchantId: number, codes: string[]) =>
  db
    .selectFrom('mall_goods_sku as m')
    .leftJoin('goods_sku as g', (j) =>
      j.onRef('g.barcode', '=', 'm.barcode').on('g.merchant_id', '=', merchantId).on('g.deleted_at', 'is', null),
    )
    .select(['m.sku_code', 'm.name', 'm.price_tiers', 'm.status', 'g.id as goods_sku_id'])
    .where('m.merchant_id', '=', merchantId)
    .where('m.sku_code', 'in', codes)
    .where('m.deleted_at', 'is', null)
    .execute();

export const storeOf = (db: Db, merchantId: number, storeCode: string) =>
  db
    .selectFrom('store')
    .select(['id', 'store_code', 'name', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('store_code', '=', storeCode)
    .executeTakeFirst();

/** Unpaid channel orders past their deadline, over all merchants (0045 sale_order_pay_deadline_idx), oldest first. */
export const overdueUnpaidQuery = (db: Db, now: number, limit: number) =>
  db
    .selectFrom('sale_order')
    .select(['merchant_id', 'order_no_sub'])
    // literal, as the partial index's condition reads
    .where(sql<boolean>`status = 0 and pay_deadline > 0`)
    .where('pay_deadline', '<=', now)
    .orderBy('pay_deadline')
    .limit(limit);
export const overdueUnpaid = (db: Db, now: number, limit: number) => overdueUnpaidQuery(db, now, limit).execute();
