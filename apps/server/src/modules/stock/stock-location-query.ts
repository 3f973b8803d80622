import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether a location of this merchant still holds stock (any SKU with on hand > 0). Read-only. */
export async function locationHoldsStock(db: Db, merchantId: number, locationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stock_balance')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('location_id', '=', locationId)
    .where('on_hand', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The 可用 (on hand − locked) at a location kind of the merchant's live goods SKUs with these barcodes, summed per
 * barcode (0 for a SKU not held there; a barcode without a goods SKU is absent). Read-only (the mall SKU list's stock).
 */
export async function availableByBarcode(db: Db, merchantId: number, kind: string, barcodes: string[]): Promise<Map<string, number>> {
  if (barcodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('goods_sku')
    .leftJoin('stock_balance', (j) =>
      j
        .onRef('stock_balance.sku_id', '=', 'goods_sku.id')
        .on('stock_balance.merchant_id', '=', merchantId)
        .on('stock_balance.location_kind', '=', kind),
    )
    .select(['goods_sku.barcode', sql<number>`coalesce(sum(stock_balance.on_hand - stock_balance.locked), 0)`.as('available')])
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null)
    .where('goods_sku.barcode', 'in', barcodes)
    .groupBy('goods_sku.barcode')
    .execute();
  return new Map(rows.map((r) => [r.barcode, Number(r.available)]));
}
