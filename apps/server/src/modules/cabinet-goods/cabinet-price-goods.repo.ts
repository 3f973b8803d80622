import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface CabinetPriceGoodsFilter {
  skuName?: string;
  skuCode?: string;
  sortField?: 'skuCode' | 'cabinetCount';
  sortOrder: 'ascend' | 'descend';
}

/** containerPrice-commodity: the SKUs on the merchant's cabinets, one row each (device_goods_sku_idx). */
export function cabinetSkusQuery(db: Db, merchantId: number, f: CabinetPriceGoodsFilter) {
  let q = db
    .selectFrom('device_goods as dg')
    .innerJoin('goods_sku as s', 's.id', 'dg.sku_id')
    .innerJoin('goods as g', 'g.id', 'dg.goods_id')
    .where('dg.merchant_id', '=', merchantId);
  if (f.skuName) q = q.where(contains('s.name', f.skuName));
  if (f.skuCode) q = q.where(contains('s.sku_code', f.skuCode));
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const s = q
    .select((eb) => [
      's.id',
      's.sku_code',
      's.name',
      's.base_price',
      'g.id as goods_id',
      'g.name as goods_name',
      eb.fn.count<number>('dg.device_id').distinct().as('cabinet_count'),
    ])
    .groupBy(['s.id', 's.sku_code', 's.name', 's.base_price', 'g.id', 'g.name']);
  if (f.sortField === 'cabinetCount') return s.orderBy('cabinet_count', dir).orderBy('s.id');
  return s.orderBy('s.sku_code', f.sortField === 'skuCode' ? dir : 'asc');
}
export type CabinetSkuDbRow = Awaited<ReturnType<ReturnType<typeof cabinetSkusQuery>['execute']>>[number];

/** Which cabinets carry each SKU. */
export const cabinetsOfSkus = (db: Db, merchantId: number, skuIds: number[]) =>
  skuIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('device_goods')
        .select(['sku_id', 'device_code'])
        .distinct()
        .where('merchant_id', '=', merchantId)
        .where('sku_id', 'in', skuIds)
        .execute();

/** containerPrice-commodity-price: each (cabinet, SKU) pair of the chosen SKUs. */
export function skuCabinetsQuery(
  db: Db,
  merchantId: number,
  skuIds: number[],
  f: { deviceName?: string; sortField?: 'deviceCode' | 'deviceName'; sortOrder: 'ascend' | 'descend' },
) {
  let q = db
    .selectFrom('device_goods as dg')
    .innerJoin('device as d', 'd.id', 'dg.device_id')
    .innerJoin('goods_sku as s', 's.id', 'dg.sku_id')
    .where('dg.merchant_id', '=', merchantId)
    .where('dg.sku_id', 'in', skuIds.length ? skuIds : [0]);
  if (f.deviceName) q = q.where(contains('d.name', f.deviceName));
  return q
    .select([
      'dg.device_id',
      'dg.device_code',
      'd.name',
      'd.model_code',
      's.id as sku_id',
      's.sku_code',
      's.name as sku_name',
      's.base_price',
    ])
    .groupBy(['dg.device_id', 'dg.device_code', 'd.name', 'd.model_code', 's.id', 's.sku_code', 's.name', 's.base_price'])
    .$if(f.sortField === 'deviceName', (qb) => qb.orderBy('d.name', f.sortOrder === 'ascend' ? 'asc' : 'desc'))
    .orderBy('dg.device_code', f.sortOrder === 'ascend' ? 'asc' : 'desc')
    .orderBy('s.id');
}
export type SkuCabinetDbRow = Awaited<ReturnType<ReturnType<typeof skuCabinetsQuery>['execute']>>[number];

export const slotsOfSkus = (db: Db, merchantId: number, skuIds: number[], deviceIds: number[]) =>
  skuIds.length === 0 || deviceIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('device_goods')
        .select(['device_id', 'sku_id', 'slot_no'])
        .where('merchant_id', '=', merchantId)
        .where('sku_id', 'in', skuIds)
        .where('device_id', 'in', deviceIds)
        .orderBy('layer')
        .orderBy('col')
        .execute();
