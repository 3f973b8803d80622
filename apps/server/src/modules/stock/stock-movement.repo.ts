import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface MovementFilter {
  skuId?: number;
  /** A SKU code or barcode (exact): one SKU, see skuIdByCode. */
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
 * The movements of one location kind with their SKU (goods_sku read only) and location. Every filter reads along an
 * index already in the keyset order (created_at, id), no sort step: the kind alone and the time range
 * stock_movement_kind_idx, SKU (id or code / barcode) stock_movement_kind_sku_idx, type stock_movement_kind_type_idx,
 * location stock_movement_location_idx (0034), document stock_movement_kind_doc_idx, device
 * stock_movement_kind_device_idx (0042). The plan test in stock-movement.test.ts checks each.
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
  // the slot's device is kept on the movement (0042: stock_movement_kind_device_idx)
  if (f.deviceCode) q = q.where('stock_movement.device_code', '=', f.deviceCode.toUpperCase());
  if (f.skuId !== undefined) q = q.where('stock_movement.sku_id', '=', f.skuId);
  // one SKU, found first (a constant subquery), so stock_movement_kind_sku_idx serves it like a skuId
  if (f.sku) q = q.where('stock_movement.sku_id', '=', skuIdByCode(db, merchantId, f.sku));
  if (f.type) q = q.where('stock_movement.type', '=', f.type);
  // 0042: stock_movement_kind_doc_idx, only the document's movements
  if (f.docCode) q = q.where('stock_movement.doc_code', '=', f.docCode.toUpperCase());
  if (f.createdRange) {
    const [from, to] = f.createdRange;
    q = q.where((eb) => eb.between('stock_movement.created_at', from, to));
  }
  return q;
}
export type MovementDbRow = Awaited<ReturnType<ReturnType<typeof movementQuery>['execute']>>[number];

/**
 * The one SKU a code or barcode names (a scalar subquery, evaluated once): the SKU of that code (unique per merchant),
 * else the live SKU of that barcode (unique among live SKUs), else the latest deleted one of that barcode; null (no
 * movement matches) when none.
 */
function skuIdByCode(db: Db, merchantId: number, code: string) {
  const skus = () => db.selectFrom('goods_sku').select('id').where('merchant_id', '=', merchantId);
  return db.selectNoFrom((eb) =>
    eb.fn
      .coalesce(
        skus().where('sku_code', '=', code.toUpperCase()),
        skus().where('barcode', '=', code).where('deleted_at', 'is', null),
        skus().where('barcode', '=', code).orderBy('id', 'desc').limit(1),
      )
      .as('id'),
  );
}
