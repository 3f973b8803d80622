import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { resolveCabinets } from '../price/price.resolver.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The seam between cabinet goods and the price engine: the price (cents) a consumer pays for each SKU at each
 * cabinet, keyed `${deviceCode}:${skuId}`, from the one resolver (cabinet > second channel > first channel 智能柜 >
 * the SKU's base price). No other file of this module reads prices. The callers pass the merchant's own SKUs and
 * cabinets (the resolver refuses another merchant's SKU as not found).
 */
export async function pricesAtCabinets(db: Db, merchantId: number, deviceCodes: string[], skuIds: number[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (deviceCodes.length === 0 || skuIds.length === 0) return out;
  const resolved = await resolveCabinets(db, merchantId, [...new Set(deviceCodes)], [...new Set(skuIds)]);
  for (const r of resolved) out.set(`${r.deviceCode}:${r.skuId}`, r.priceCents);
  return out;
}
