import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface MovementFilter {
  skuId?: number;
  /** A SKU code or barcode (exact). */
  sku?: string;
  type?: string;
  docCode?: string;
  createdRange?: [number, number];
  /** One location of the kind (stock_movement_location_idx). */
  locationId?: number;
  /** A cabinet: every slot of the device. */
  deviceCode?: string;
}

/**
 * The movements of one location kind with their SKU (goods_sku read only) and location. The kind (+ SKU) and the time
 * sort have their indexes (0034: stock_movement_kind_idx, stock_movement_kind_sku_idx).
 */
export function movementQuery(db: Db, merchantId: number, kind: string, f: MovementFilter) {
  let q = db
    .selectFrom('stock_movement')
    .innerJoin('goods_sku', 'goods_sku.id', 'stock_movement.sku_id')
    .innerJoin('stock_location', 'stock_location.id', 'stock_movement.location_id')
    .select([
      'stock_movement.id',
      'stock_movement.sku_id',
      'stock_movement.type',
      'stock_movement.quantity',
      'stock_movement.lock_delta',
      'stock_movement.on_hand_before',
      'stock_movement.on_hand_after',
      'stock_movement.locked_before',
      'stock_movement.locked_after',
      'stock_movement.doc_type',
      'stock_movement.doc_code',
      'stock_movement.reason',
      'stock_movement.operator_name',
      'stock_movement.created_at',
      'stock_movement.location_id',
      'stock_location.name as location_name',
      'stock_location.code as location_code',
      'stock_location.device_code',
      'stock_location.slot_no',
      'goods_sku.sku_code',
      'goods_sku.name as sku_name',
      'goods_sku.barcode',
    ])
    .where('stock_movement.merchant_id', '=', merchantId)
    .where('stock_movement.location_kind', '=', kind);
  if (f.locationId !== undefined) q = q.where('stock_movement.location_id', '=', f.locationId);
  if (f.deviceCode) {
    const slots = db
      .selectFrom('stock_location')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('kind', '=', kind)
      .where('device_code', '=', f.deviceCode.toUpperCase());
    q = q.where('stock_movement.location_id', 'in', slots);
  }
  if (f.skuId !== undefined) q = q.where('stock_movement.sku_id', '=', f.skuId);
  if (f.sku) q = q.where('stock_movement.sku_id', 'in', skuIdsByCode(db, merchantId, f.sku));
  if (f.type) q = q.where('stock_movement.type', '=', f.type);
  if (f.docCode) q = q.where('stock_movement.doc_code', '=', f.docCode.toUpperCase());
  if (f.createdRange) {
    q = q.where('stock_movement.created_at', '>=', f.createdRange[0]).where('stock_movement.created_at', '<=', f.createdRange[1]);
  }
  return q;
}
export type MovementDbRow = Awaited<ReturnType<ReturnType<typeof movementQuery>['execute']>>[number];

/** The merchant's SKUs whose code or barcode is exactly this (a subquery). */
function skuIdsByCode(db: Db, merchantId: number, code: string) {
  return db
    .selectFrom('goods_sku')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('sku_code', '=', code.toUpperCase()), eb('barcode', '=', code)]));
}
