import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import type { PriceChannelTable } from './price.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ChannelFilter {
  firstChannelCode?: string;
  name?: string;
  status?: number;
  sortField?: 'createdAt' | 'name';
  sortOrder: 'ascend' | 'descend';
}

/** The second channel list's query (with its cabinet and price counts). */
export function listQuery(db: Db, merchantId: number, f: ChannelFilter) {
  let q = db
    .selectFrom('price_channel as c')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('price_channel_device as d')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('d.channel_id', '=', 'c.id')
        .as('device_count'),
      eb
        .selectFrom('sku_price as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('p.merchant_id', '=', merchantId)
        .where('p.scope_type', '=', 'channel2')
        .whereRef('p.scope_key', '=', sql<string>`cast(c.id as varchar(32))`)
        .as('price_count'),
    ])
    .where('c.merchant_id', '=', merchantId);
  if (f.firstChannelCode) q = q.where('c.first_channel_code', '=', f.firstChannelCode);
  if (f.name) q = q.where(contains('c.name', f.name));
  if (f.status !== undefined) q = q.where('c.status', '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  return f.sortField === 'name' ? q.orderBy('c.name', dir).orderBy('c.id', dir) : q.orderBy('c.created_at', dir).orderBy('c.id', dir);
}
export type ChannelListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

export const findChannel = (db: Db, merchantId: number, id: number) =>
  listQuery(db, merchantId, { sortOrder: 'descend' }).where('c.id', '=', id).executeTakeFirst();

export async function insertChannel(db: Db, row: Insertable<PriceChannelTable>): Promise<number> {
  return Number((await db.insertInto('price_channel').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export const updateChannel = (db: Db, merchantId: number, id: number, version: number, set: Updateable<PriceChannelTable>) =>
  db
    .updateTable('price_channel')
    .set({ ...set, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();

export const devicesOf = (db: Db, channelId: number) =>
  db.selectFrom('price_channel_device').select(['device_code']).where('channel_id', '=', channelId).orderBy('device_code').execute();

/** Which of the cabinets are bound to another second channel under the same first channel. */
export const boundElsewhere = (db: Db, merchantId: number, firstChannel: string, channelId: number, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('price_channel_device as d')
        .innerJoin('price_channel as c', 'c.id', 'd.channel_id')
        .select(['d.device_code', 'c.name'])
        .where('d.merchant_id', '=', merchantId)
        .where('d.first_channel_code', '=', firstChannel)
        .where('d.channel_id', '<>', channelId)
        .where('d.device_code', 'in', codes)
        .execute();

export async function replaceDevices(db: Db, merchantId: number, channelId: number, firstChannel: string, codes: string[], now: number) {
  await db.deleteFrom('price_channel_device').where('channel_id', '=', channelId).execute();
  for (let i = 0; i < codes.length; i += 200) {
    await db
      .insertInto('price_channel_device')
      .values(
        codes.slice(i, i + 200).map((device_code) => ({
          merchant_id: merchantId,
          channel_id: channelId,
          first_channel_code: firstChannel,
          device_code,
          created_at: now,
        })),
      )
      .execute();
  }
}
