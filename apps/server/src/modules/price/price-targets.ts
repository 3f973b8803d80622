import { PRICE_CHANNEL_ENABLED } from '@merchant/contracts/price/price-channel';
import { LOCAL_LIFE_ALL_STORES, PRICE_SCOPE_TARGETS, type PriceScope } from '@merchant/contracts/price/price-fields';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badInput } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { devicesByCodes } from '../device/device.service.ts';
import { storesByIds } from '../merchant/store.service.ts';
import { channelList } from '../permission/session.service.ts';
import * as resolverRepo from './price-resolver.repo.ts';

// The targets of a price layer (scope keys) in words, and their check: a first channel the merchant has opened, a
// second channel of the merchant (enabled, to set prices on), a cabinet of the merchant, a store or 全部门店.

type Db = Kysely<Database> | Transaction<Database>;

/** The merchant's first channels (code → name), as the top bar offers them. */
export async function firstChannels(ctx: SessionOpContext): Promise<Map<string, string>> {
  return new Map((await channelList(ctx)).selectList.map((c) => [c.code, c.name]));
}

/** Names of the targets of one scope, for display (a key not found keeps its key). */
export async function targetNames(ctx: SessionOpContext, scope: string, keys: string[], db: Db = ctx.db): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const uniq = [...new Set(keys)];
  if (uniq.length === 0) return out;
  if (scope === 'channel1') {
    const ch = await firstChannels(ctx);
    for (const k of uniq) out.set(k, ch.get(k) ?? k);
  } else if (scope === 'channel2') {
    const ids = uniq.map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const rows = await resolverRepo.secondChannels(db, ctx.merchantId, ids);
    const ch = await firstChannels(ctx);
    for (const r of rows) out.set(String(r.id), `${ch.get(r.first_channel_code) ?? r.first_channel_code} / ${r.name}`);
  } else if (scope === 'cabinet') {
    for (const d of await devicesByCodes(db, ctx.merchantId, uniq)) out.set(d.device_code, `${d.name}（${d.device_code}）`);
  } else if (scope === 'localLife') {
    const ids = uniq.filter((k) => k !== LOCAL_LIFE_ALL_STORES).map(Number);
    const stores = await storesByIds(
      ctx,
      ids.filter((n) => Number.isInteger(n) && n > 0),
    );
    for (const k of uniq) out.set(k, k === LOCAL_LIFE_ALL_STORES ? '全部门店' : (stores.get(Number(k))?.name ?? k));
  }
  for (const k of uniq) if (!out.has(k)) out.set(k, k);
  return out;
}

/**
 * Checks every target of an order's lines (`field` names the lines for the message): refuses what the merchant does
 * not have (another merchant's cabinet, channel or store is refused like one that does not exist).
 */
export async function checkTargets(
  ctx: SessionOpContext,
  db: Db,
  scope: PriceScope,
  lines: { scopeKey: string }[],
): Promise<Map<string, string>> {
  const keys = [...new Set(lines.map((l) => l.scopeKey))];
  const what = PRICE_SCOPE_TARGETS[scope];
  const bad = (k: string, why = '不存在', name = k) => {
    const n = lines.findIndex((l) => l.scopeKey === k);
    return badInput(`${what}「${name}」${why}（字段：lines.${n}.scopeKey）`);
  };
  if (scope === 'channel1') {
    const ch = await firstChannels(ctx);
    for (const k of keys) if (!ch.has(k)) throw bad(k, '不存在或未开通');
  } else if (scope === 'channel2') {
    const ids = keys.map(Number);
    for (const k of keys) if (!/^\d+$/.test(k)) throw bad(k);
    const rows = new Map((await resolverRepo.secondChannels(db, ctx.merchantId, ids)).map((r) => [String(r.id), r]));
    for (const k of keys) {
      const r = rows.get(k);
      if (!r) throw bad(k);
      if (Number(r.status) !== PRICE_CHANNEL_ENABLED) throw bad(k, '已停用，不能调价', r.name);
    }
  } else if (scope === 'cabinet') {
    const found = new Set((await devicesByCodes(db, ctx.merchantId, keys)).map((d) => d.device_code));
    for (const k of keys) if (!found.has(k)) throw bad(k);
  } else if (scope === 'localLife') {
    const ids = keys.filter((k) => k !== LOCAL_LIFE_ALL_STORES);
    for (const k of ids) if (!/^\d+$/.test(k)) throw bad(k);
    const stores = await storesByIds(ctx, ids.map(Number));
    for (const k of ids) if (!stores.has(Number(k))) throw bad(k);
  }
  return targetNames(ctx, scope, keys, db);
}

/** The resolver query that prices a SKU on a target of a scope (the effective price there). */
export function queryOf(scope: string, key: string, skuId: number) {
  if (scope === 'cabinet') return { skuId, deviceCode: key };
  if (scope === 'channel2') return { skuId, secondChannelId: Number(key) };
  if (scope === 'localLife') return key === LOCAL_LIFE_ALL_STORES ? { skuId, channelCode: 'locallife' } : { skuId, storeId: Number(key) };
  return { skuId, channelCode: key };
}
