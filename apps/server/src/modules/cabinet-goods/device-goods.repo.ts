import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DeviceGoodsFilter {
  deviceCode?: string;
  deviceName?: string;
  skuName?: string;
  modelCode?: string;
  templateCode?: string;
  sortField?: 'deviceCode' | 'appliedAt';
  sortOrder: 'ascend' | 'descend';
}

/** merchant-list: each cabinet's slots with their SKU, by device then slot (index device_goods_list_idx). */
export function deviceGoodsQuery(db: Db, merchantId: number, f: DeviceGoodsFilter) {
  let q = db
    .selectFrom('device_goods as dg')
    .innerJoin('device as d', 'd.id', 'dg.device_id')
    .innerJoin('goods_sku as s', 's.id', 'dg.sku_id')
    .innerJoin('goods as g', 'g.id', 'dg.goods_id')
    .innerJoin('device_planogram as p', 'p.device_id', 'dg.device_id')
    .where('dg.merchant_id', '=', merchantId);
  if (f.deviceCode) q = q.where(contains('dg.device_code', f.deviceCode));
  if (f.deviceName) q = q.where(contains('d.name', f.deviceName));
  if (f.skuName) q = q.where(contains('s.name', f.skuName));
  if (f.modelCode) q = q.where('d.model_code', '=', f.modelCode);
  if (f.templateCode) q = q.where(contains('dg.template_code', f.templateCode));
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  let o = q.select([
    'dg.id',
    'dg.device_code',
    'dg.slot_no',
    'dg.sku_id',
    'dg.goods_id',
    'dg.capacity',
    'dg.par_level',
    'dg.template_code',
    'dg.applied_at',
    'p.template_version',
    'd.name as device_name',
    'd.model_code',
    's.sku_code',
    's.name as sku_name',
    'g.name as goods_name',
  ]);
  if (f.sortField === 'appliedAt') o = o.orderBy('dg.applied_at', dir).orderBy('dg.device_code');
  else o = o.orderBy('dg.device_code', f.sortField === 'deviceCode' ? dir : 'asc');
  return o.orderBy('dg.layer').orderBy('dg.col');
}

export const listDeviceGoods = (db: Kysely<Database>, merchantId: number, f: DeviceGoodsFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db, deviceGoodsQuery(db, merchantId, f), f);
export type DeviceGoodsDbRow = Awaited<ReturnType<typeof listDeviceGoods>>['list'][number];
