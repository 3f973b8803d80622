import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  STOCK_DOC_TYPES,
  STOCK_MOVEMENT_TYPES,
  type StockDocType,
  type StockLocationKind,
  type StockMovementType,
} from '@merchant/contracts/stock/stock-fields';
import { STOCK_MOVEMENT_COUNT_UP_TO, type StockMovementRow } from '@merchant/contracts/stock/stock-movement';
import { fetchKeysetPage } from '../../platform/keyset-page.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import * as repo from './stock-movement.repo.ts';

// 库存流水 (docs/stock.md): the movements of a location kind, newest first, keyset paged. Takes the kind, so the
// wholesaler, front warehouse and store pages read through the same code later.

export type MovementListFilter = repo.MovementFilter;

export const toMovementRow = (r: repo.MovementDbRow): StockMovementRow => ({
  id: Number(r.id),
  locationId: Number(r.location_id),
  locationName: r.location_name,
  locationCode: r.location_code,
  deviceCode: r.device_code,
  slotNo: r.slot_no,
  skuId: Number(r.sku_id),
  skuCode: r.sku_code,
  skuName: r.sku_name,
  barcode: r.barcode,
  type: r.type,
  typeName: STOCK_MOVEMENT_TYPES[r.type as StockMovementType] ?? r.type,
  quantity: Number(r.quantity),
  lockDelta: Number(r.lock_delta),
  onHandBefore: Number(r.on_hand_before),
  onHandAfter: Number(r.on_hand_after),
  lockedBefore: Number(r.locked_before),
  lockedAfter: Number(r.locked_after),
  docType: r.doc_type,
  docTypeName: STOCK_DOC_TYPES[r.doc_type as StockDocType]?.label ?? r.doc_type,
  docCode: r.doc_code,
  reason: r.reason,
  operatorName: r.operator_name,
  createdAt: Number(r.created_at),
});

export async function listMovements(
  ctx: SessionOpContext,
  kind: StockLocationKind,
  f: MovementListFilter & { cursor?: string; pageSize: number; sortOrder: 'ascend' | 'descend' },
): Promise<KeysetPage<StockMovementRow>> {
  const page = await fetchKeysetPage(ctx.db, repo.movementQuery(ctx.db, ctx.merchantId, kind, f), {
    sort: { key: 'createdAt', column: 'stock_movement.created_at', value: (r) => Number(r.created_at) },
    id: { column: 'stock_movement.id', value: (r) => Number(r.id) },
    order: f.sortOrder === 'ascend' ? 'asc' : 'desc',
    cursor: f.cursor,
    pageSize: f.pageSize,
    count: f.cursor ? false : { upTo: STOCK_MOVEMENT_COUNT_UP_TO },
    scope: ctx.merchantId,
  });
  return { ...page, list: page.list.map(toMovementRow) };
}

export function movementExportQuery(ctx: SessionOpContext, kind: StockLocationKind, f: MovementListFilter) {
  return repo
    .movementQuery(ctx.db, ctx.merchantId, kind, f)
    .orderBy('stock_movement.created_at', 'desc')
    .orderBy('stock_movement.id', 'desc');
}
