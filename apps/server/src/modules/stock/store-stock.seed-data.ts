import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { editMoves } from './stock-balance.service.ts';
import { ensureLocation, postMovements, type StockActor, type StockMove } from './stock-ledger.service.ts';

const DAY = 86_400_000;

/**
 * The demo's store stock (本地库存, section 128): the first twelve open stores receive ten SKUs through 入库 documents
 * (RK…, one per store and date) 35, 18 and 4 days ago, and one hand edit (库存编辑 KB…) per store 2 days ago — so 库存列表,
 * 详情 and the 库存报表 of this month and the last have numbers. Every quantity through postMovements.
 */
export async function seedStoreStock(db: Kysely<Database>, mid: number, actorAt: (at: number) => StockActor, now: number) {
  const stores = await db
    .selectFrom('store')
    .select(['store_code', 'name'])
    .where('merchant_id', '=', mid)
    .where('status', '=', 1)
    .orderBy('id')
    .limit(12)
    .execute();
  const skus = await db
    .selectFrom('goods_sku')
    .select('id')
    .where('merchant_id', '=', mid)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(10)
    .execute();
  if (stores.length === 0 || skus.length === 0) return;
  // serials below 1000: the demo's stock orders number theirs from 1000
  let serial = 1;
  const code = (prefix: string, at: number) => `${prefix}${cstDate(at)}${String(serial++).padStart(4, '0')}`;
  await db.transaction().execute(async (trx) => {
    for (const [s, store] of stores.entries()) {
      const location = await ensureLocation(trx, mid, { kind: 'store', code: store.store_code, name: store.name }, now - 40 * DAY);
      const onHand = new Map<number, number>();
      for (const [round, daysAgo] of [35, 18, 4].entries()) {
        const at = now - daysAgo * DAY - s * 3_600_000;
        const docCode = code('RK', at);
        const moves: StockMove[] = skus.map((k, i) => {
          const quantity = 12 * (1 + ((i + s + round) % 4));
          onHand.set(k.id, (onHand.get(k.id) ?? 0) + quantity);
          return { locationId: location.id, skuId: k.id, type: 'inbound', quantity, docType: 'inbound', docCode, reason: '门店到货' };
        });
        await postMovements(trx, actorAt(at), moves);
      }
      // one hand edit per store: a count that found fewer, some locked for pick-up orders
      const sku = skus[s % skus.length].id;
      const from = { onHand: onHand.get(sku) ?? 0, locked: 0 };
      const at = now - 2 * DAY;
      await postMovements(
        trx,
        actorAt(at),
        editMoves(
          from,
          { stock: from.onHand - 3, lockStock: 2 },
          { locationId: location.id, skuId: sku, docCode: code('KB', at), reason: '盘点少3，锁定2件待自提' },
        ),
      );
    }
  });
}
