import { CABINET_CHANNEL } from '@merchant/contracts/price/price-fields';
import { OPEN_APP_ENABLED } from '@merchant/contracts/open-api/signing';
import type { PlanogramSyncData } from '@merchant/contracts/device/device-protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { parseJsonArray } from '../../platform/field-changes.ts';
import { provisionOpenApp } from '../../platform/open-api/open-app.repo.ts';
import { CHANNEL_ORDER_KINDS, type ChannelOrderKind } from '@merchant/contracts/order/channel-order';

/** What the simulator's consumers need to shop at some cabinets (npm run simulate, docs/orders.md). */
export interface ShoppingSetup {
  /** The 智能柜 open app of each cabinet's merchant: the consumer app's credentials. */
  appOf: Map<string, { appKey: string; secret: string; name: string }>;
  /** Each cabinet's planogram (device_goods), as a 同步货道 would have given it. */
  planogramOf: Map<string, PlanogramSyncData>;
}

/**
 * The credentials and planograms the simulator's consumers use: each merchant's enabled 智能柜 open app (one named
 * 设备模拟器（消费者） is made when it has none) and each cabinet's slots.
 */
export async function shoppingSetup(db: Kysely<Database>, deviceCodes: string[], now: number): Promise<ShoppingSetup> {
  const appOf: ShoppingSetup['appOf'] = new Map();
  const planogramOf: ShoppingSetup['planogramOf'] = new Map();
  if (!deviceCodes.length) return { appOf, planogramOf };
  const devices = await db.selectFrom('device').select(['device_code', 'merchant_id']).where('device_code', 'in', deviceCodes).execute();
  const byMerchant = new Map<number, { appKey: string; secret: string; name: string }>();
  for (const d of devices) {
    let app = byMerchant.get(d.merchant_id);
    if (!app) {
      const found = await db
        .selectFrom('open_app')
        .select(['app_key', 'secret', 'name'])
        .where('merchant_id', '=', d.merchant_id)
        .where('channel_code', '=', CABINET_CHANNEL)
        .where('status', '=', OPEN_APP_ENABLED)
        .orderBy('id')
        .executeTakeFirst();
      if (found) app = { appKey: found.app_key, secret: found.secret, name: found.name };
      else {
        const name = '设备模拟器（消费者）';
        app = { ...(await provisionOpenApp(db, { merchantId: d.merchant_id, channelCode: CABINET_CHANNEL, name, now })), name };
      }
      byMerchant.set(d.merchant_id, app);
    }
    appOf.set(d.device_code, app);
  }
  const slots = await db
    .selectFrom('device_goods as dg')
    .innerJoin('goods_sku as s', 's.id', 'dg.sku_id')
    .select(['dg.device_code', 'dg.slot_no', 'dg.sku_id', 'dg.capacity', 'dg.par_level', 'dg.template_code', 's.sku_code', 's.name'])
    .where('dg.device_code', 'in', deviceCodes)
    .orderBy('dg.device_code')
    .orderBy('dg.layer')
    .orderBy('dg.col')
    .execute();
  for (const s of slots) {
    let p = planogramOf.get(s.device_code);
    if (!p) planogramOf.set(s.device_code, (p = { planogramVersion: 1, templateCode: s.template_code, templateVersion: 0, slots: [] }));
    p.slots.push({
      slotNo: s.slot_no,
      skuId: Number(s.sku_id),
      skuCode: s.sku_code,
      skuName: s.name,
      capacity: Number(s.capacity),
      parLevel: Number(s.par_level),
      price: 0,
    });
  }
  return { appOf, planogramOf };
}

/**
 * What a channel can sell now (the demo seed, the simulator's buyers): up to 12 SKUs with stock at its shipping location
 * (批发: mall SKUs on shelf with their minimum quantity) and, for 本地生活, a store with stock.
 */
export async function channelGoods(db: Kysely<Database>, mid: number, channel: ChannelOrderKind) {
  if (channel === 'mall') {
    const rows = await db
      .selectFrom('mall_goods_sku as m')
      .innerJoin('goods_sku as g', (j) => j.onRef('g.barcode', '=', 'm.barcode').onRef('g.merchant_id', '=', 'm.merchant_id'))
      .innerJoin('stock_balance as b', (j) => j.onRef('b.sku_id', '=', 'g.id').on('b.location_kind', '=', 'wholesaler'))
      .select(['m.sku_code', 'm.price_tiers', 'b.on_hand', 'b.locked'])
      .where('m.merchant_id', '=', mid)
      .where('m.status', '=', 1)
      .where('m.deleted_at', 'is', null)
      .where('g.deleted_at', 'is', null)
      .orderBy('m.id')
      .limit(12)
      .execute();
    const skus = rows
      .map((r) => ({
        code: r.sku_code,
        minQty: parseJsonArray<{ minQty: number }>(r.price_tiers)[0]?.minQty ?? 1,
        left: Number(r.on_hand) - Number(r.locked),
      }))
      .filter((s) => s.left >= s.minQty * 20);
    return { skus, storeCode: undefined };
  }
  let storeCode: string | undefined;
  let kind: 'hub' | 'store' = 'hub';
  let code = 'HUB';
  if (channel === 'locallife') {
    const store = await db
      .selectFrom('stock_location as l')
      .innerJoin('store as s', (j) => j.onRef('s.store_code', '=', 'l.code').onRef('s.merchant_id', '=', 'l.merchant_id'))
      .select('s.store_code')
      .where('l.merchant_id', '=', mid)
      .where('l.kind', '=', 'store')
      .where('s.status', '=', 1)
      .orderBy('l.id')
      .executeTakeFirst();
    if (!store) return { skus: [], storeCode };
    storeCode = store.store_code;
    kind = 'store';
    code = store.store_code;
  }
  const rows = await db
    .selectFrom('stock_balance as b')
    .innerJoin('stock_location as l', 'l.id', 'b.location_id')
    .innerJoin('goods_sku as g', 'g.id', 'b.sku_id')
    .select(['g.sku_code', 'b.on_hand', 'b.locked'])
    .where('l.merchant_id', '=', mid)
    .where('l.kind', '=', kind)
    .where('l.code', '=', code)
    .where('g.status', '=', 1)
    .where('g.deleted_at', 'is', null)
    .orderBy('g.id')
    .limit(12)
    .execute();
  const skus = rows.map((r) => ({ code: r.sku_code, minQty: 1, left: Number(r.on_hand) - Number(r.locked) })).filter((s) => s.left >= 30);
  return { skus, storeCode };
}

/** What the simulator's channel buyers need: each channel's enabled open app (one is made when there is none) and goods. */
export interface ChannelBuying {
  channel: ChannelOrderKind;
  app: { appKey: string; secret: string; name: string };
  skus: { code: string; minQty: number }[];
  storeCode: string | undefined;
}

export async function channelBuyingSetup(db: Kysely<Database>, merchantId: number, now: number): Promise<ChannelBuying[]> {
  const out: ChannelBuying[] = [];
  for (const channel of Object.keys(CHANNEL_ORDER_KINDS) as ChannelOrderKind[]) {
    const goods = await channelGoods(db, merchantId, channel);
    if (!goods.skus.length) continue;
    const found = await db
      .selectFrom('open_app')
      .select(['app_key', 'secret', 'name'])
      .where('merchant_id', '=', merchantId)
      .where('channel_code', '=', channel)
      .where('status', '=', OPEN_APP_ENABLED)
      .orderBy('id')
      .executeTakeFirst();
    const name = found?.name ?? `设备模拟器（${CHANNEL_ORDER_KINDS[channel].title}）`;
    const app = found
      ? { appKey: found.app_key, secret: found.secret, name }
      : { ...(await provisionOpenApp(db, { merchantId, channelCode: channel, name, now })), name };
    out.push({ channel, app, skus: goods.skus, storeCode: goods.storeCode });
  }
  return out;
}
