import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';

/**
 * The merchant's cabinets a 货道 of which holds any of `skuIds` (the planogram, device_goods, read as 商品柜价 reads it),
 * their name holding `deviceName`; device codes ascending, at most `limit`. Both tables on the merchant: another
 * merchant's SKU ids find nothing.
 */
export async function cabinetsCarrying(
  db: Kysely<Database>,
  merchantId: number,
  skuIds: number[],
  deviceName: string | undefined,
  limit: number,
): Promise<string[]> {
  let q = db
    .selectFrom('device_goods as dg')
    .innerJoin('device as d', 'd.id', 'dg.device_id')
    .select('dg.device_code')
    .distinct()
    .where('dg.merchant_id', '=', merchantId)
    .where('d.merchant_id', '=', merchantId)
    .where('dg.sku_id', 'in', skuIds);
  if (deviceName) q = q.where(contains('d.name', deviceName));
  return (await q.orderBy('dg.device_code').limit(limit).execute()).map((r) => r.device_code);
}
