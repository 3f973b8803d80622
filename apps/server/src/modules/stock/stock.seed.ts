import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { seedFrontWarehouses } from './front-warehouse.service.ts';
import { ensureLocations, postOpeningBalances, type StockActor } from './stock-ledger.service.ts';
import { seedStockOrders } from './stock-order.seed-data.ts';
import { seedReplenishment } from './replenish.seed-data.ts';

const DAY = 86_400_000;

/**
 * The demo's stock (after devices 30, goods 41, cabinet goods 45), every quantity posted through the ledger so that stock
 * = Σ movements holds in the seed itself (`npm run reconcile` passes on a fresh demo):
 * - twelve front warehouses 前置仓 with their owners and stock locations (the last one 停用);
 * - every slot of the demo cabinets that carry goods gets its 期初库存 (an opening balance document, QC…) — most at or
 *   near the slot's par level, some below it, a few empty (sales come with the orders of issue 16).
 */
export const seed: Seed = {
  order: 50,
  isEmpty: async (db) => !(await db.selectFrom('stock_movement').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedStock(db, now),
};

export async function seedStock(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  await seedFrontWarehouses(db, mid, now - 40 * DAY);
  const actorAt = (at: number): StockActor => ({
    merchantId: mid,
    operatorId: admin?.id ?? 0,
    operatorName: admin?.user_name ?? '系统',
    now: at,
  });
  await seedCabinetSlots(db, mid, now, actorAt);
  await seedStockOrders(db, mid, admin, now);
  await seedReplenishment(db, mid, admin, now);
}

/** 期初库存 for every planogram slot of the demo cabinets: one opening document per cabinet. */
async function seedCabinetSlots(db: Kysely<Database>, mid: number, now: number, actorAt: (at: number) => StockActor) {
  // the cabinets' slots as applied from their templates (device_goods is read only here)
  const slots = await db
    .selectFrom('device_goods')
    .select(['device_code', 'slot_no', 'sku_id', 'capacity', 'par_level'])
    .where('merchant_id', '=', mid)
    .orderBy('device_code')
    .orderBy('layer')
    .orderBy('col')
    .execute();
  if (slots.length === 0) return;
  const openedAt = now - 10 * DAY;
  const codeOf = new Map(
    [...new Set(slots.map((s) => s.device_code))].map((d, n) => [d, `QC${cstDate(openedAt)}${String(n + 1).padStart(4, '0')}`]),
  );
  await db.transaction().execute(async (trx) => {
    const locations = await ensureLocations(
      trx,
      mid,
      slots.map((s) => ({
        kind: 'cabinet' as const,
        code: `${s.device_code}-${s.slot_no}`,
        name: `${s.device_code} 货道${s.slot_no}`,
        deviceCode: s.device_code,
        slotNo: s.slot_no,
      })),
      openedAt,
    );
    // opening stock: par level, a little under it now and then, every eleventh slot empty
    await postOpeningBalances(
      trx,
      actorAt(openedAt),
      locations,
      slots.map((s, i) => ({
        locationId: locations[i]!.id,
        skuId: s.sku_id,
        quantity: i % 11 === 5 ? 0 : Math.max(1, s.par_level - ((i * 3) % 4)),
        docCode: codeOf.get(s.device_code)!,
        reason: '智能柜上线期初库存',
      })),
    );
  });
}
