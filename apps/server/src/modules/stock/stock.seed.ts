import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { seedFrontWarehouses } from './front-warehouse.service.ts';
import { ensureLocations, postOpeningBalances, type StockActor } from './stock-ledger.service.ts';
import { seedStockOrders } from './stock-order.seed-data.ts';
import { seedStoreStock } from './store-stock.seed-data.ts';
import { seedStocktakes } from './stocktake.seed-data.ts';
import { seedReplenishment } from './replenish.seed-data.ts';

const DAY = 86_400_000;

/**
 * The demo's stock (after devices 30, goods 41, cabinet goods 45), every quantity posted through the ledger so that stock
 * = Σ movements holds in the seed itself (`npm run reconcile` passes on a fresh demo):
 * - twelve front warehouses 前置仓 with their owners and stock locations (the last one 停用), 65 days ago;
 * - every slot of the demo cabinets that carry goods gets its 期初库存 60 days ago (an opening balance document, QC…) —
 *   most at or near the slot's par level, some below it, a few empty (sales come with the orders of issue 16);
 * - the wholesaler stock 批发商库存 and every enabled front warehouse get their 期初库存 60 days ago (one QC… each);
 * - 入库单 / 退货单 of 库存中心, 批发商库存 and the 前置仓 (stock-order.seed-data.ts), 本地库存 of twelve stores
 *   (store-stock.seed-data.ts), 补货单 (replenish.seed-data.ts), then 盘点单 (stocktake.seed-data.ts) — each page 50+
 *   rows over the last two months, every state, every quantity through the ledger in time order per cabinet.
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
  await seedFrontWarehouses(db, mid, now - 65 * DAY);
  const actorAt = (at: number): StockActor => ({
    merchantId: mid,
    operatorId: admin?.id ?? 0,
    operatorName: admin?.user_name ?? '系统',
    now: at,
  });
  await seedCabinetSlots(db, mid, now, actorAt);
  await seedWholesalerAndFrontOpenings(db, mid, now, actorAt);
  await seedStockOrders(db, mid, admin, now);
  await seedStoreStock(db, mid, actorAt, now);
  await seedReplenishment(db, mid, admin, now);
  await seedStocktakes(db, mid, admin, now);
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
  const openedAt = now - 60 * DAY;
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

/**
 * 期初库存 of the wholesaler stock (批发商库存: the first 60 live SKUs, in cases of 12, a few low or empty) and of every
 * enabled front warehouse (15 SKUs each, rotating through the catalogue): one opening document per location.
 */
async function seedWholesalerAndFrontOpenings(db: Kysely<Database>, mid: number, now: number, actorAt: (at: number) => StockActor) {
  const skus = await db
    .selectFrom('goods_sku')
    .select('id')
    .where('merchant_id', '=', mid)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(60)
    .execute();
  if (skus.length === 0) return;
  const warehouses = await db
    .selectFrom('front_warehouse')
    .select(['location_id'])
    .where('merchant_id', '=', mid)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const openedAt = now - 60 * DAY;
  await db.transaction().execute(async (trx) => {
    const [wholesale] = await ensureLocations(trx, mid, [{ kind: 'wholesaler', code: 'WHOLESALE', name: '批发商库存' }], openedAt);
    const front = await trx
      .selectFrom('stock_location')
      .selectAll()
      .where('merchant_id', '=', mid)
      .where('id', 'in', warehouses.length ? warehouses.map((w) => Number(w.location_id)) : [0])
      .orderBy('id')
      .execute();
    const code = (n: number) => `QC${cstDate(openedAt)}${String(900 + n).padStart(4, '0')}`;
    const lines = [
      // wholesale: cases of 12, every ninth SKU low (3) and every thirteenth empty
      ...skus.map((k, i) => ({
        locationId: wholesale!.id,
        skuId: Number(k.id),
        quantity: i % 13 === 7 ? 0 : i % 9 === 4 ? 3 : 12 * (2 + ((i * 7) % 9)),
        docCode: code(0),
        reason: '批发仓期初库存',
      })),
      ...front.flatMap((l, w) =>
        Array.from({ length: Math.min(15, skus.length) }, (_, j) => ({
          locationId: Number(l.id),
          skuId: Number(skus[(w * 5 + j) % skus.length]!.id),
          quantity: j % 7 === 3 ? 4 : 6 * (1 + ((w + j) % 6)),
          docCode: code(w + 1),
          reason: '前置仓开仓期初库存',
        })),
      ),
    ];
    await postOpeningBalances(trx, actorAt(openedAt), [wholesale!, ...front.map((l) => ({ ...l, id: Number(l.id) }))], lines);
  });
}
