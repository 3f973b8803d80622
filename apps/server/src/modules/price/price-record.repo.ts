import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface RecordFilter {
  skuId?: number;
  scopeType?: string;
  scopeKey?: string;
  orderNo?: string;
  effectiveRange?: [number, number];
}

/**
 * The ledger's query with the SKU (goods_sku read only). Each filter + the effective-time sort has its index
 * (0031: price_change_time / sku / scope / target / order).
 */
export function recordQuery(db: Db, merchantId: number, f: RecordFilter) {
  let q = db
    .selectFrom('price_change')
    .innerJoin('goods_sku', 'goods_sku.id', 'price_change.sku_id')
    .select([
      'price_change.id',
      'price_change.sku_id',
      'price_change.scope_type',
      'price_change.scope_key',
      'price_change.old_price',
      'price_change.new_price',
      'price_change.order_no',
      'price_change.reason',
      'price_change.operator_name',
      'price_change.effective_at',
      'goods_sku.sku_code',
      'goods_sku.name as sku_name',
      'goods_sku.barcode',
    ])
    .where('price_change.merchant_id', '=', merchantId);
  if (f.skuId !== undefined) q = q.where('price_change.sku_id', '=', f.skuId);
  if (f.scopeType) q = q.where('price_change.scope_type', '=', f.scopeType);
  if (f.scopeType && f.scopeKey) q = q.where('price_change.scope_key', '=', f.scopeKey);
  if (f.orderNo) q = q.where('price_change.order_no', '=', f.orderNo.toUpperCase());
  if (f.effectiveRange) {
    q = q.where('price_change.effective_at', '>=', f.effectiveRange[0]).where('price_change.effective_at', '<=', f.effectiveRange[1]);
  }
  return q;
}
export type RecordDbRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number];
