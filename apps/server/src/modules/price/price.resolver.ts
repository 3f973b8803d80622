import {
  CABINET_CHANNEL,
  LOCAL_LIFE_ALL_STORES,
  LOCAL_LIFE_CHANNEL,
  PRICE_LAYERS,
  type PriceLayer,
  type PriceScope,
} from '@merchant/contracts/price/price-fields';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { PRICE_CHANNEL_ENABLED } from '@merchant/contracts/price/price-channel';
import * as repo from './price-resolver.repo.ts';

// The one price resolver (DESIGN §5a, issue 14): the price of a SKU at a moment = the cabinet's price, else the
// second channel's, else (local life) the store's, else the all-stores local-life price, else the first channel's,
// else the SKU's base price. Every later area (orders, promotions) prices through it. docs/prices.md.

type Db = Kysely<Database> | Transaction<Database>;

/** Where a SKU is priced: a cabinet (its first channel 智能柜 and its second channel follow), a channel, a store. */
export interface PriceQuery {
  skuId: number;
  /** First channel code; default 智能柜 with a cabinet, 本地生活 with a store. */
  channelCode?: string;
  /** A second channel (taken when enabled and under the first channel); a cabinet brings its own. */
  secondChannelId?: number;
  deviceCode?: string;
  /** Local life: the store's own price, then the all-stores price. */
  storeId?: number;
}

export interface ResolvedPrice {
  skuId: number;
  channelCode: string;
  secondChannelId: number | null;
  deviceCode: string;
  storeId: number | null;
  priceCents: number;
  layer: PriceLayer;
  layerName: string;
  /** The winning layer's target ('' for the base price). */
  scopeKey: string;
  /** The adjustment order that set the winning price ('' for the base price). */
  orderNo: string;
  /** Every layer's price for the query (null: not set), for the price sheets. */
  layers: Record<PriceLayer, number | null>;
}

interface Candidate {
  layer: PriceLayer;
  scope: PriceScope;
  key: string;
}

interface Norm {
  deviceCode: string;
  secondChannelId: number | null;
  channelCode: string;
  storeId: number | null;
}

/** The layers a query looks at, strongest first. */
function candidates(q: Norm): Candidate[] {
  const out: Candidate[] = [];
  if (q.deviceCode) out.push({ layer: 'cabinet', scope: 'cabinet', key: q.deviceCode });
  if (q.secondChannelId !== null) out.push({ layer: 'channel2', scope: 'channel2', key: String(q.secondChannelId) });
  if (q.channelCode === LOCAL_LIFE_CHANNEL) {
    if (q.storeId !== null) out.push({ layer: 'localLife', scope: 'localLife', key: String(q.storeId) });
    out.push({ layer: 'localLife', scope: 'localLife', key: LOCAL_LIFE_ALL_STORES });
  }
  if (q.channelCode) out.push({ layer: 'channel1', scope: 'channel1', key: q.channelCode });
  return out;
}

/**
 * Resolves the price of each query, now or at a past instant `at` (epoch ms; answered from the price ledger: the
 * latest change of each layer that took effect at or before it). Second channels and cabinet bindings are read as
 * they are now; so is the base price (SKU edits are in the SKU's record history, not in the price ledger). An `at`
 * not before `now` answers the current prices. A SKU not of the merchant: not found.
 */
export async function resolvePrices(
  db: Db,
  merchantId: number,
  queries: PriceQuery[],
  at?: number,
  now: number = Date.now(),
): Promise<ResolvedPrice[]> {
  if (queries.length === 0) return [];
  const skuIds = [...new Set(queries.map((q) => q.skuId))];
  const base = await repo.basePrices(db, merchantId, skuIds);
  for (const id of skuIds) if (!base.has(id)) throw notFound(`SKU（${id}）`);

  // second channels: named ones, and each cabinet's under its first channel (enabled only)
  const named = await repo.secondChannels(db, merchantId, [
    ...new Set(queries.flatMap((q) => (q.secondChannelId ? [q.secondChannelId] : []))),
  ]);
  const namedById = new Map(named.map((c) => [Number(c.id), c]));
  const deviceFirst = new Map<string, Set<string>>();
  for (const q of queries) {
    if (!q.deviceCode || q.secondChannelId) continue;
    const first = q.channelCode ?? CABINET_CHANNEL;
    let codes = deviceFirst.get(first);
    if (!codes) deviceFirst.set(first, (codes = new Set()));
    codes.add(q.deviceCode);
  }
  const bound = new Map<string, number>();
  for (const [first, codes] of deviceFirst) {
    for (const r of await repo.cabinetChannels(db, merchantId, first, [...codes])) {
      if (r.status === PRICE_CHANNEL_ENABLED) bound.set(`${first}|${r.device_code}`, r.channel_id);
    }
  }

  // each place's layers once (a cabinet page asks one place for many SKUs)
  const places = new Map<string, { norm: Norm; cands: Candidate[] }>();
  const placeOf = (q: PriceQuery) => {
    const named2 = q.secondChannelId ? namedById.get(q.secondChannelId) : undefined;
    const channelCode =
      q.channelCode ?? named2?.first_channel_code ?? (q.deviceCode ? CABINET_CHANNEL : q.storeId ? LOCAL_LIFE_CHANNEL : '');
    const id = `${q.deviceCode ?? ''}|${q.secondChannelId ?? ''}|${channelCode}|${q.storeId ?? ''}`;
    let place = places.get(id);
    if (!place) {
      let secondChannelId: number | null = null;
      if (named2) {
        if (Number(named2.status) === PRICE_CHANNEL_ENABLED && named2.first_channel_code === channelCode)
          secondChannelId = Number(named2.id);
      } else if (q.deviceCode && !q.secondChannelId) {
        secondChannelId = bound.get(`${channelCode}|${q.deviceCode}`) ?? null;
      }
      const norm = { deviceCode: q.deviceCode ?? '', secondChannelId, channelCode, storeId: q.storeId ?? null };
      place = { norm, cands: candidates(norm) };
      places.set(id, place);
    }
    return place;
  };
  const resolved = queries.map((q) => ({ q, ...placeOf(q) }));

  const scopes = [...new Set([...places.values()].flatMap((p) => p.cands.map((c) => c.scope)))];
  const rows =
    at !== undefined && at < now
      ? await repo.pricesAt(db, merchantId, skuIds, scopes, at)
      : await repo.currentPrices(db, merchantId, skuIds, scopes);
  // target (scope|key) → SKU → price
  const byTarget = new Map<string, Map<number, repo.LayerPrice>>();
  for (const r of rows) {
    const id = `${r.scope_type}|${r.scope_key}`;
    let m = byTarget.get(id);
    if (!m) byTarget.set(id, (m = new Map()));
    m.set(r.sku_id, r);
  }
  const targetsOf = new Map<Candidate, Map<number, repo.LayerPrice> | undefined>();
  for (const p of places.values()) for (const c of p.cands) targetsOf.set(c, byTarget.get(`${c.scope}|${c.key}`));

  return resolved.map(({ q, norm, cands }) => {
    const basePrice = base.get(q.skuId)!;
    const layers: Record<PriceLayer, number | null> = { cabinet: null, channel2: null, channel1: null, localLife: null, base: basePrice };
    let win: { layer: PriceLayer; key: string; price: number; orderNo: string } | null = null;
    for (const c of cands) {
      const hit = targetsOf.get(c)?.get(q.skuId);
      if (!hit) continue;
      if (layers[c.layer] === null) layers[c.layer] = hit.price_cents;
      if (!win) win = { layer: c.layer, key: c.key, price: hit.price_cents, orderNo: hit.order_no };
    }
    const w = win ?? { layer: 'base' as const, key: '', price: basePrice, orderNo: '' };
    return {
      skuId: q.skuId,
      channelCode: norm.channelCode,
      secondChannelId: norm.secondChannelId,
      deviceCode: norm.deviceCode,
      storeId: norm.storeId,
      priceCents: w.price,
      layer: w.layer,
      layerName: PRICE_LAYERS[w.layer],
      scopeKey: w.key,
      orderNo: w.orderNo,
      layers,
    };
  });
}

/** The batch form for cabinet pages: every SKU × cabinet pair (cabinet-major order). */
export async function resolveCabinets(
  db: Db,
  merchantId: number,
  deviceCodes: string[],
  skuIds: number[],
  at?: number,
  now?: number,
): Promise<ResolvedPrice[]> {
  const queries = deviceCodes.flatMap((deviceCode) => skuIds.map((skuId) => ({ skuId, deviceCode })));
  return resolvePrices(db, merchantId, queries, at, now);
}
