import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import { categoryAndDescendants } from './category.repo.ts';
import type { GoodsChannelShelfTable } from './sales-channel.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ChannelShelfFilter {
  channelCode: string;
  keyword?: string;
  categoryId?: number;
  /** Effective state. */
  status?: number;
  sortField?: 'createdAt' | 'skuCode';
  sortOrder: 'ascend' | 'descend';
}

/** The state set in the channel (no row: 下架). */
const setting = sql<number>`coalesce(goods_channel_shelf.status, 2)`;
/** Effective 上架 (1) only when set 上架 in the channel and the SKU itself is 上架. */
const effective = sql<number>`case when coalesce(goods_channel_shelf.status, 2) = 1 and goods_sku.status = 1 then 1 else 2 end`;

/** Live SKUs of the merchant with their shelf state in one channel, without paging. */
export function channelShelfQuery(db: Db, merchantId: number, f: ChannelShelfFilter) {
  let q = db
    .selectFrom('goods_sku')
    .innerJoin('goods', 'goods.id', 'goods_sku.goods_id')
    .leftJoin('goods_channel_shelf', (j) =>
      j
        .onRef('goods_channel_shelf.sku_id', '=', 'goods_sku.id')
        .on('goods_channel_shelf.merchant_id', '=', merchantId)
        .on('goods_channel_shelf.channel_code', '=', f.channelCode),
    )
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  if (f.categoryId !== undefined) q = q.where('goods_sku.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  if (f.status !== undefined) q = q.where(effective, '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const col = f.sortField === 'skuCode' ? 'goods_sku.sku_code' : 'goods_sku.id';
  return q
    .select([
      'goods_sku.id',
      'goods_sku.sku_code',
      'goods_sku.name',
      'goods_sku.barcode',
      'goods_sku.category_id',
      'goods_sku.base_price',
      'goods_sku.status as sku_status',
      'goods_sku.updated_at as sku_updated_at',
      'goods.name as goods_name',
      'goods_channel_shelf.version as shelf_version',
      'goods_channel_shelf.updated_at as shelf_updated_at',
    ])
    .select([
      setting.as('shelf_status'),
      effective.as('effective_status'),
      sql<string>`cast(${f.channelCode} as varchar(20))`.as('channel_code'),
    ])
    .orderBy(col, dir)
    .orderBy('goods_sku.id', dir);
}
export type ChannelShelfListRow = Awaited<ReturnType<ReturnType<typeof channelShelfQuery>['execute']>>[number];

/** Sorts with the goods_sku indexes they walk: goods_sku_list_idx / _category_idx (id), goods_sku_code_uq and _category_code_idx. */
const SORTS = {
  createdAt: { column: 'goods_sku.id', type: 'number', value: (r: { id: number }) => Number(r.id) },
  skuCode: { column: 'goods_sku.sku_code', type: 'string', value: (r: { sku_code: string }) => r.sku_code },
} as const;

/** A page of the channel's list by keyset (the cursor names the merchant; the first page counts up to `countUpTo`). */
export function listChannelShelf(
  db: Db,
  merchantId: number,
  f: ChannelShelfFilter & { cursor?: string; pageSize: number },
  countUpTo: number,
) {
  const sort = SORTS[f.sortField ?? 'createdAt'];
  return fetchKeysetPage(db as Kysely<Database>, channelShelfQuery(db, merchantId, f), {
    sort: {
      key: f.sortField ?? 'createdAt',
      column: sort.column,
      type: sort.type,
      value: sort.value as (r: ChannelShelfListRow) => number | string,
    },
    id: { column: 'goods_sku.id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: countUpTo },
    scope: merchantId,
  });
}

/** The rows of some SKUs in one channel (live SKUs only; another merchant's ids are absent). */
export function shelfRowsOf(db: Db, merchantId: number, channelCode: string, skuIds: number[]) {
  return channelShelfQuery(db, merchantId, { channelCode, sortOrder: 'ascend' }).where('goods_sku.id', 'in', skuIds).execute();
}

export function insertShelf(db: Db, row: Omit<GoodsChannelShelfTable, 'id' | 'version'> & { version: number }) {
  return db.insertInto('goods_channel_shelf').values(row).execute();
}

export function updateShelfVersioned(
  db: Db,
  merchantId: number,
  skuId: number,
  channelCode: string,
  version: number,
  status: number,
  now: number,
) {
  return db
    .updateTable('goods_channel_shelf')
    .set({ status, updated_at: now, version: sql<number>`version + 1` })
    .where('merchant_id', '=', merchantId)
    .where('sku_id', '=', skuId)
    .where('channel_code', '=', channelCode)
    .where('version', '=', version)
    .executeTakeFirst();
}
