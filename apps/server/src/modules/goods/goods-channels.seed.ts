import { BANK_OFF_SALE, BANK_ON_SALE } from '@merchant/contracts/goods/goods-bank';
import { CHANNEL_OFF_SHELF, CHANNEL_ON_SHELF } from '@merchant/contracts/goods/sales-channel';
import { SKU_ON_SHELF } from '@merchant/contracts/goods/sku';
import { STORE_OFF_SHELF, STORE_ON_SHELF } from '@merchant/contracts/goods/store-goods';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { seedHistory } from '../../platform/record-history.ts';
import { BANK_SUBJECT } from './goods-bank.service.ts';
import { CHANNEL_SHELF_SUBJECT } from './sales-channel.service.ts';
import { STORE_GOODS_SUBJECT } from './store-goods.service.ts';

const BANK = 80;
const ASSIGN_GOODS = 24;
const STORES = 6;
/** Which SKUs (by their order) a channel carries: 智能柜 nearly all, the others fewer. */
const CHANNEL_SHARE: Record<string, (n: number) => boolean> = {
  container: (n) => n % 6 !== 5,
  mall: (n) => n % 2 === 0,
  online: (n) => n % 3 !== 2,
  locallife: (n) => n % 5 === 0,
};

/**
 * Where the demo merchant's goods are sold (after its goods, order 41): its first 80 goods banked (every 11th
 * 停售; every 4th SKU's store price 5% above its sale price, rounded to 10 分), the SKUs of the first 24
 * banked goods assigned to its first 6 stores (each store's price varies a little; SKUs 下架 at SKU level and
 * every 9th row start 下架), and every live SKU set 上架/下架 in each sales channel (a SKU 下架 at SKU level is
 * never 上架 anywhere). Deterministic. No goods: nothing.
 */
export const seed: Seed = {
  order: 42,
  isEmpty: async (db) => !(await db.selectFrom('goods_bank').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedGoodsChannels(db, now),
};

export async function seedGoodsChannels(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const goods = await db
    .selectFrom('goods')
    .select(['id', 'goods_code'])
    .where('merchant_id', '=', mid)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(BANK)
    .execute();
  if (goods.length === 0) return;
  const skus = await db
    .selectFrom('goods_sku')
    .select(['id', 'goods_id', 'base_price', 'status'])
    .where('merchant_id', '=', mid)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const stores = await db
    .selectFrom('store')
    .select(['id', 'name', 'store_code'])
    .where('merchant_id', '=', mid)
    .orderBy('id')
    .limit(STORES)
    .execute();
  const channels = await db
    .selectFrom('merchant_channel')
    .innerJoin('channel', 'channel.code', 'merchant_channel.channel_code')
    .select(['merchant_channel.channel_code', 'channel.name'])
    .where('merchant_channel.merchant_id', '=', mid)
    .execute();
  const admin = await demoAccount(db, mid, 'admin');
  const by = admin?.id ?? 0;

  await db.transaction().execute(async (trx) => {
    // each row's 创建 in its record history, as the operations write it (subjects and ids of their services)
    const history = seedHistory(trx, mid, admin);
    const bankPrice = new Map<number, number>();
    const bankOff = new Set<number>();
    for (const [i, g] of goods.entries()) {
      const at = now - (goods.length - i) * 1_800_000;
      const off = i % 11 === 10;
      if (off) bankOff.add(Number(g.id));
      const bankId = Number(
        (
          await trx
            .insertInto('goods_bank')
            .values({
              merchant_id: mid,
              goods_id: g.id,
              status: off ? BANK_OFF_SALE : BANK_ON_SALE,
              remark: i % 7 === 0 ? '门店主推' : '',
              created_by: by,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      for (const s of skus.filter((x) => x.goods_id === g.id)) {
        const price = Number(s.id) % 4 === 0 ? Math.round((Number(s.base_price) * 1.05) / 10) * 10 : Number(s.base_price);
        bankPrice.set(Number(s.id), price);
        await trx.insertInto('goods_bank_price').values({ merchant_id: mid, bank_id: bankId, sku_id: s.id, store_price: price }).execute();
      }
      await history(BANK_SUBJECT, g.id, 'create', '加入商品库', g.goods_code, at);
    }

    const assigned = new Set(goods.slice(0, ASSIGN_GOODS).map((g) => Number(g.id)));
    let row = 0;
    for (const [k, st] of stores.entries()) {
      for (const s of skus.filter((x) => assigned.has(Number(x.goods_id)))) {
        row += 1;
        const base = bankPrice.get(Number(s.id)) ?? Number(s.base_price);
        const on = Number(s.status) === SKU_ON_SHELF && !bankOff.has(Number(s.goods_id)) && row % 9 !== 0;
        const at = now - (stores.length - k) * 86_400_000;
        await trx
          .insertInto('store_goods')
          .values({
            merchant_id: mid,
            store_id: st.id,
            sku_id: s.id,
            goods_id: s.goods_id,
            price: k % 3 === 1 ? base + 50 : base,
            status: on ? STORE_ON_SHELF : STORE_OFF_SHELF,
            created_by: by,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await history(STORE_GOODS_SUBJECT, `${st.id}:${s.id}`, 'create', '铺货', `${st.name}（${st.store_code}）`, at);
      }
    }

    for (const [n, s] of skus.entries()) {
      for (const c of channels) {
        const share = CHANNEL_SHARE[c.channel_code] ?? (() => false);
        // a channel row only where the SKU was ever set there; a SKU 下架 at SKU level is 下架 everywhere
        if (!share(n) && n % 4 !== 1) continue;
        const on = share(n) && Number(s.status) === SKU_ON_SHELF;
        await trx
          .insertInto('goods_channel_shelf')
          .values({
            merchant_id: mid,
            sku_id: s.id,
            channel_code: c.channel_code,
            status: on ? CHANNEL_ON_SHELF : CHANNEL_OFF_SHELF,
            version: 1,
            created_by: by,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await history(CHANNEL_SHELF_SUBJECT, s.id, 'shelf', `${c.name}${on ? '上架' : '下架'}`, c.name, now);
      }
    }
  });
}
