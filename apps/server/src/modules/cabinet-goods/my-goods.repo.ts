import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface MyGoodsFilter {
  goodsCode?: string;
  name?: string;
  storageStyle?: number;
  status?: number;
  carried?: number;
  sortField?: 'createdAt' | 'cabinetCount';
  sortOrder: 'ascend' | 'descend';
}

/** my-goods-list: the merchant's live goods with their SKUs and the cabinets that carry them (device_goods_goods_idx). */
export function myGoodsQuery(db: Db, merchantId: number, f: MyGoodsFilter) {
  let q = db.selectFrom('goods as g').where('g.merchant_id', '=', merchantId).where('g.deleted_at', 'is', null);
  if (f.goodsCode) q = q.where(contains('g.goods_code', f.goodsCode));
  if (f.name) q = q.where(contains('g.name', f.name));
  if (f.storageStyle !== undefined) q = q.where('g.storage_style', '=', f.storageStyle);
  if (f.status !== undefined) q = q.where('g.status', '=', f.status);
  const carried = db.selectFrom('device_goods as dg').select('dg.goods_id').where('dg.merchant_id', '=', merchantId);
  if (f.carried === 1) q = q.where('g.id', 'in', carried);
  if (f.carried === 2) q = q.where('g.id', 'not in', carried);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const s = q.select((eb) => [
    'g.id',
    'g.goods_code',
    'g.name',
    'g.brand',
    'g.category_id',
    'g.storage_style',
    'g.status',
    'g.standard_product_id',
    'g.created_at',
    eb
      .selectFrom('goods_sku as s')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('s.goods_id', '=', 'g.id')
      .where('s.deleted_at', 'is', null)
      .as('sku_count'),
    eb
      .selectFrom('goods_sku as s')
      .select((e) => e.fn.min<number>('s.base_price').as('p'))
      .whereRef('s.goods_id', '=', 'g.id')
      .where('s.deleted_at', 'is', null)
      .as('guide_price'),
    eb
      .selectFrom('device_goods as dg')
      .select((e) => e.fn.count<number>('dg.device_id').distinct().as('n'))
      .where('dg.merchant_id', '=', merchantId)
      .whereRef('dg.goods_id', '=', 'g.id')
      .as('cabinet_count'),
    eb
      .selectFrom('device_goods as dg')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('dg.merchant_id', '=', merchantId)
      .whereRef('dg.goods_id', '=', 'g.id')
      .as('slot_count'),
  ]);
  if (f.sortField === 'cabinetCount') return s.orderBy('cabinet_count', dir).orderBy('g.id', 'desc');
  return s.orderBy('g.id', f.sortField === 'createdAt' ? dir : 'desc');
}
export const listMyGoods = (db: Kysely<Database>, merchantId: number, f: MyGoodsFilter & { pageNum: number; pageSize: number }) =>
  fetchPage(db, myGoodsQuery(db, merchantId, f), f);
export type MyGoodsDbRow = Awaited<ReturnType<typeof listMyGoods>>['list'][number];

export const findGoods = (db: Db, merchantId: number, goodsId: number) =>
  db
    .selectFrom('goods')
    .select(['id', 'goods_code', 'name'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', goodsId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** The cabinets carrying a goods, one row each (bounded by the merchant's cabinets). */
export function containersQuery(
  db: Db,
  merchantId: number,
  goodsId: number,
  f: { deviceName?: string; sortField?: 'deviceCode' | 'deviceName'; sortOrder: 'ascend' | 'descend' },
) {
  let q = db
    .selectFrom('device_goods as dg')
    .innerJoin('device as d', 'd.id', 'dg.device_id')
    .where('dg.merchant_id', '=', merchantId)
    .where('dg.goods_id', '=', goodsId);
  if (f.deviceName) q = q.where(contains('d.name', f.deviceName));
  return q
    .select((eb) => [
      'dg.goods_id',
      'dg.device_id',
      'dg.device_code',
      'd.name',
      'd.model_code',
      'd.online',
      'dg.template_code',
      eb.fn.sum<number>('dg.capacity').as('capacity'),
      eb.fn.sum<number>('dg.par_level').as('par_level'),
      eb.fn.max<number>('dg.applied_at').as('applied_at'),
    ])
    .groupBy(['dg.goods_id', 'dg.device_id', 'dg.device_code', 'd.name', 'd.model_code', 'd.online', 'dg.template_code'])
    .$if(f.sortField === 'deviceName', (qb) => qb.orderBy('d.name', f.sortOrder === 'ascend' ? 'asc' : 'desc'))
    .orderBy('dg.device_code', f.sortOrder === 'ascend' ? 'asc' : 'desc');
}
export type ContainerDbRow = Awaited<ReturnType<ReturnType<typeof containersQuery>['execute']>>[number];

/** The slots (and SKUs) of a goods on some cabinets. */
export const slotsOfGoods = (db: Db, merchantId: number, goodsId: number, deviceIds: number[]) =>
  deviceIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('device_goods as dg')
        .innerJoin('goods_sku as s', 's.id', 'dg.sku_id')
        .select(['dg.device_id', 'dg.device_code', 'dg.slot_no', 'dg.sku_id', 's.name as sku_name'])
        .where('dg.merchant_id', '=', merchantId)
        .where('dg.goods_id', '=', goodsId)
        .where('dg.device_id', 'in', deviceIds)
        .orderBy('dg.layer')
        .orderBy('dg.col')
        .execute();
