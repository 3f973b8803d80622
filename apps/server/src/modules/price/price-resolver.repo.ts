import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import './price.table.ts';

type Db = Kysely<Database> | Transaction<Database>;
const CHUNK = 500;

function chunks<T>(a: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < a.length; i += CHUNK) out.push(a.slice(i, i + CHUNK));
  return out;
}

/** The SKUs' base prices (goods_sku.base_price, read only), within the merchant. */
export async function basePrices(db: Db, merchantId: number, skuIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const ids of chunks(skuIds)) {
    const rows = await db
      .selectFrom('goods_sku')
      .select(['id', 'base_price'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) out.set(Number(r.id), Number(r.base_price));
  }
  return out;
}

export interface LayerPrice {
  sku_id: number;
  scope_type: string;
  scope_key: string;
  price_cents: number;
  order_no: string;
}

/** The current prices of the SKUs on the given layers (sku_price). */
export async function currentPrices(db: Db, merchantId: number, skuIds: number[], scopeTypes: string[]): Promise<LayerPrice[]> {
  const out: LayerPrice[] = [];
  if (scopeTypes.length === 0) return out;
  for (const ids of chunks(skuIds)) {
    const rows = await db
      .selectFrom('sku_price')
      .select(['sku_id', 'scope_type', 'scope_key', 'price_cents', 'order_no'])
      .where('merchant_id', '=', merchantId)
      .where('sku_id', 'in', ids)
      .where('scope_type', 'in', scopeTypes)
      .execute();
    for (const r of rows) out.push({ ...r, sku_id: Number(r.sku_id), price_cents: Number(r.price_cents) });
  }
  return out;
}

/**
 * The prices of the SKUs on the given layers as they were at `at`: for each SKU × layer × target, the latest ledger
 * row that took effect at or before `at` (ties: the later row).
 */
export async function pricesAt(db: Db, merchantId: number, skuIds: number[], scopeTypes: string[], at: number): Promise<LayerPrice[]> {
  const latest = new Map<string, LayerPrice & { effective_at: number; id: number }>();
  if (scopeTypes.length === 0) return [];
  for (const ids of chunks(skuIds)) {
    const rows = await db
      .selectFrom('price_change')
      .select(['id', 'sku_id', 'scope_type', 'scope_key', 'new_price', 'order_no', 'effective_at'])
      .where('merchant_id', '=', merchantId)
      .where('sku_id', 'in', ids)
      .where('scope_type', 'in', scopeTypes)
      .where('effective_at', '<=', at)
      .execute();
    for (const r of rows) {
      const key = `${r.sku_id}|${r.scope_type}|${r.scope_key}`;
      const t = Number(r.effective_at);
      const prev = latest.get(key);
      if (!prev || t > prev.effective_at || (t === prev.effective_at && Number(r.id) > prev.id)) {
        latest.set(key, {
          id: Number(r.id),
          sku_id: Number(r.sku_id),
          scope_type: r.scope_type,
          scope_key: r.scope_key,
          price_cents: Number(r.new_price),
          order_no: r.order_no,
          effective_at: t,
        });
      }
    }
  }
  return [...latest.values()];
}

/** The merchant's second channels by id (enabled or not) with their first channel. */
export async function secondChannels(db: Db, merchantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('price_channel')
    .select(['id', 'first_channel_code', 'name', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .execute();
}

/** The second channel (under `firstChannel`) each of the cabinets belongs to, with its name and status. */
export async function cabinetChannels(db: Db, merchantId: number, firstChannel: string, deviceCodes: string[]) {
  const out: { device_code: string; channel_id: number; name: string; status: number }[] = [];
  for (const codes of chunks(deviceCodes)) {
    const rows = await db
      .selectFrom('price_channel_device as d')
      .innerJoin('price_channel as c', 'c.id', 'd.channel_id')
      .select(['d.device_code', 'd.channel_id', 'c.name', 'c.status'])
      .where('d.merchant_id', '=', merchantId)
      .where('d.first_channel_code', '=', firstChannel)
      .where('d.device_code', 'in', codes)
      .execute();
    for (const r of rows) out.push({ ...r, channel_id: Number(r.channel_id), status: Number(r.status) });
  }
  return out;
}
