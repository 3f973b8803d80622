import { type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A place's layers, strongest first: each a group of (scope, key) targets (local life: the store, then 全部门店). */
export type LayerGroup = { layer: string; targets: { scope: string; key: string }[] };

export interface SheetFilter {
  keyword?: string;
  categoryId?: number;
  /** Only SKUs whose price comes from this layer (given the place's layer groups). */
  layer?: string;
  /** Only these SKUs (the pickers' prefilled SKUs). */
  skuIds?: number[];
}

type Eb = ExpressionBuilder<Database, 'goods_sku'>;
const hasPrice = (eb: Eb, merchantId: number, g: LayerGroup) =>
  eb.exists(
    eb
      .selectFrom('sku_price as p')
      .select('p.id')
      .where('p.merchant_id', '=', merchantId)
      .whereRef('p.sku_id', '=', 'goods_sku.id')
      .where((e) => e.or(g.targets.map((t) => e.and([e('p.scope_type', '=', t.scope), e('p.scope_key', '=', t.key)])))),
  );

/**
 * The merchant's live SKUs for a price sheet (goods_sku read only: the goods module owns it), with the goods name.
 * With `layer`, only those whose winning layer it is: a price on it and none on a stronger one.
 */
export function sheetQuery(db: Db, merchantId: number, f: SheetFilter, groups: LayerGroup[]) {
  let q = db
    .selectFrom('goods_sku')
    .innerJoin('goods', 'goods.id', 'goods_sku.goods_id')
    .select([
      'goods_sku.id',
      'goods_sku.sku_code',
      'goods_sku.name',
      'goods_sku.barcode',
      'goods_sku.category_id',
      'goods_sku.base_price',
      'goods_sku.storage_style',
      'goods_sku.status',
      'goods_sku.created_at',
      'goods.name as goods_name',
    ])
    .where('goods_sku.merchant_id', '=', merchantId)
    .where('goods_sku.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('goods_sku.name', k), contains('goods_sku.sku_code', k), contains('goods_sku.barcode', k)]));
  }
  if (f.categoryId !== undefined) q = q.where('goods_sku.category_id', '=', f.categoryId);
  if (f.skuIds) q = f.skuIds.length ? q.where('goods_sku.id', 'in', f.skuIds) : q.where((eb) => eb.val(1), '=', 0);
  if (f.layer) {
    const at = groups.findIndex((g) => g.layer === f.layer);
    const stronger = at < 0 ? groups : groups.slice(0, at);
    if (at < 0 && f.layer !== 'base') q = q.where((eb) => eb.val(1), '=', 0);
    else {
      q = q.where((eb) =>
        eb.and([...(at >= 0 ? [hasPrice(eb, merchantId, groups[at])] : []), ...stronger.map((g) => eb.not(hasPrice(eb, merchantId, g)))]),
      );
    }
  }
  return q;
}
export type SheetRow = Awaited<ReturnType<ReturnType<typeof sheetQuery>['execute']>>[number];

export const countCabinetPrices = async (db: Db, merchantId: number, deviceCode: string) =>
  Number(
    (
      await db
        .selectFrom('sku_price')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('scope_type', '=', 'cabinet')
        .where('scope_key', '=', deviceCode)
        .executeTakeFirstOrThrow()
    ).n,
  );
