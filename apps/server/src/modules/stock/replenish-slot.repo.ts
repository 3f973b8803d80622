import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SlotFilter {
  deviceCode?: string;
  deviceCodes?: readonly string[];
  sku?: string;
  belowMin?: boolean;
}

/**
 * The merchant's cabinet slots (device_goods, read only) with their settings (replenish_slot, else par level /
 * capacity) and the slot's stock (its cabinet location's balance of the slot's SKU, 0 when none). Bounded by the
 * merchant's slots (device_goods_list_idx).
 */
export function slotQuery(db: Db, merchantId: number, f: SlotFilter) {
  const onHand = sql<number>`coalesce(b.on_hand, 0)`;
  const available = sql<number>`coalesce(b.on_hand, 0) - coalesce(b.locked, 0)`;
  const minLevel = sql<number>`coalesce(rs.min_level, dg.par_level)`;
  let q = db
    .selectFrom('device_goods as dg')
    .innerJoin('goods_sku as s', 's.id', 'dg.sku_id')
    .leftJoin('replenish_slot as rs', (j) =>
      j
        .onRef('rs.merchant_id', '=', 'dg.merchant_id')
        .onRef('rs.device_code', '=', 'dg.device_code')
        .onRef('rs.slot_no', '=', 'dg.slot_no'),
    )
    .leftJoin('stock_location as l', (j) =>
      j
        .onRef('l.merchant_id', '=', 'dg.merchant_id')
        .on('l.kind', '=', 'cabinet')
        .onRef('l.device_code', '=', 'dg.device_code')
        .onRef('l.slot_no', '=', 'dg.slot_no'),
    )
    .leftJoin('stock_balance as b', (j) => j.onRef('b.location_id', '=', 'l.id').onRef('b.sku_id', '=', 'dg.sku_id'))
    .select([
      'dg.device_code',
      'dg.slot_no',
      'dg.sku_id',
      'dg.capacity',
      'dg.par_level',
      's.sku_code',
      's.name as sku_name',
      'rs.min_level',
      'rs.max_level',
      'rs.version',
      'l.id as location_id',
    ])
    .select([onHand.as('on_hand'), available.as('available')])
    .where('dg.merchant_id', '=', merchantId);
  if (f.deviceCode) q = q.where('dg.device_code', '=', f.deviceCode);
  if (f.deviceCodes?.length) q = q.where('dg.device_code', 'in', [...f.deviceCodes]);
  if (f.sku) {
    const k = f.sku;
    q = q.where((eb) => eb.or([contains('s.name', k), contains('s.sku_code', k), contains('s.barcode', k)]));
  }
  if (f.belowMin) q = q.where(sql<boolean>`${available} <= ${minLevel}`);
  return q;
}
export type SlotRow = Awaited<ReturnType<ReturnType<typeof slotQuery>['execute']>>[number];

export const orderedSlots = (q: ReturnType<typeof slotQuery>) => q.orderBy('dg.device_code').orderBy('dg.layer').orderBy('dg.col');

/** The cabinets with planogram slots, with how many, and how many of them have their own settings. */
export const devices = (db: Db, merchantId: number) =>
  db
    .selectFrom('device_goods')
    .select([
      'device_code',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) =>
        eb
          .selectFrom('replenish_slot as rs')
          .select((e) => e.fn.countAll<number>().as('c'))
          .where('rs.merchant_id', '=', merchantId)
          .whereRef('rs.device_code', '=', 'device_goods.device_code')
          .as('configured'),
    ])
    .where('merchant_id', '=', merchantId)
    .groupBy('device_code')
    .orderBy('device_code')
    .execute();

export const findSetting = (db: Db, merchantId: number, deviceCode: string, slotNo: string) =>
  db
    .selectFrom('replenish_slot')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('device_code', '=', deviceCode)
    .where('slot_no', '=', slotNo)
    .executeTakeFirst();
