import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { categoryAndDescendants } from './category.repo.ts';
import type { SupplySpuTable } from './supply-goods.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SupplyGoodsFilter {
  keyword?: string;
  supplierId?: number;
  /** A category of any level: its descendants included. */
  categoryId?: number;
  status?: number;
  sortField?: 'createdAt' | 'spuCode';
  sortOrder: 'ascend' | 'descend';
}

/** The supply SPU list's query (live SPUs with supplier, linked standard product and SKU figures), without paging. */
export function supplyGoodsQuery(db: Db, merchantId: number, f: SupplyGoodsFilter) {
  let q = db
    .selectFrom('supply_spu')
    .innerJoin('supplier', 'supplier.id', 'supply_spu.supplier_id')
    .leftJoin('standard_product', 'standard_product.id', 'supply_spu.standard_product_id')
    .where('supply_spu.merchant_id', '=', merchantId)
    .where('supply_spu.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('supply_spu.name', k), contains('supply_spu.spu_code', k), contains('supply_spu.brand', k)]));
  }
  if (f.supplierId !== undefined) q = q.where('supply_spu.supplier_id', '=', f.supplierId);
  if (f.categoryId !== undefined) q = q.where('supply_spu.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  if (f.status !== undefined) q = q.where('supply_spu.status', '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const col = f.sortField === 'spuCode' ? 'supply_spu.spu_code' : 'supply_spu.id';
  const skus = (eb: ExpressionBuilder<Database, 'supply_spu'>) =>
    eb.selectFrom('supply_sku').whereRef('supply_sku.spu_id', '=', 'supply_spu.id').where('supply_sku.deleted_at', 'is', null);
  return q
    .selectAll('supply_spu')
    .select([
      'supplier.supplier_code',
      'supplier.name as supplier_name',
      'supplier.status as supplier_status',
      'standard_product.barcode as standard_barcode',
      'standard_product.name as standard_name',
    ])
    .select((eb) => [
      skus(eb)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('sku_count'),
      skus(eb)
        .select((e) => e.fn.min('supply_sku.purchase_price').as('p'))
        .as('min_price'),
      skus(eb)
        .select((e) => e.fn.max('supply_sku.purchase_price').as('p'))
        .as('max_price'),
    ])
    .orderBy(col, dir)
    .orderBy('supply_spu.id', dir);
}
export type SupplyGoodsListRow = Awaited<ReturnType<ReturnType<typeof supplyGoodsQuery>['execute']>>[number];

export function listSupplyGoods(db: Db, merchantId: number, f: SupplyGoodsFilter & { pageNum: number; pageSize: number }) {
  return fetchPage(db, supplyGoodsQuery(db, merchantId, f), f);
}

export function findSupplyGoods(db: Db, merchantId: number, spuId: number) {
  return supplyGoodsQuery(db, merchantId, { sortOrder: 'descend' }).where('supply_spu.id', '=', spuId).executeTakeFirst();
}

/** Live SPUs to pick on the SKU form (name or code), at most `limit`. */
export function supplyGoodsOptions(db: Db, merchantId: number, keyword: string | undefined, limit: number) {
  let q = db
    .selectFrom('supply_spu')
    .innerJoin('supplier', 'supplier.id', 'supply_spu.supplier_id')
    .select(['supply_spu.id', 'supply_spu.spu_code', 'supply_spu.name', 'supply_spu.status', 'supplier.name as supplier_name'])
    .where('supply_spu.merchant_id', '=', merchantId)
    .where('supply_spu.deleted_at', 'is', null);
  if (keyword) q = q.where((eb) => eb.or([contains('supply_spu.name', keyword), contains('supply_spu.spu_code', keyword)]));
  return q.orderBy('supply_spu.id', 'desc').limit(limit).execute();
}

/** A live SPU locked for the rest of the transaction (a no-op update takes the row lock on both dialects). */
export async function lockSupplyGoods(db: Db, merchantId: number, spuId: number) {
  const res = await db
    .updateTable('supply_spu')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', spuId)
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('supply_spu').selectAll().where('id', '=', spuId).executeTakeFirstOrThrow();
}

export async function spuCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db.selectFrom('supply_spu').select('id').where('merchant_id', '=', merchantId).where('spu_code', '=', code).executeTakeFirst(),
  );
}

export async function insertSupplyGoods(db: Db, row: Omit<SupplySpuTable, 'id' | 'version' | 'deleted_at'>) {
  return Number((await db.insertInto('supply_spu').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export type SupplyGoodsValues = Partial<Omit<SupplySpuTable, 'id' | 'merchant_id' | 'spu_code' | 'version' | 'created_by' | 'created_at'>>;

/** The versioned update of a live SPU (no row: changed since `version`, see assertFresh). */
export function updateSupplyGoodsVersioned(db: Db, merchantId: number, spuId: number, version: number, values: SupplyGoodsValues) {
  return db
    .updateTable('supply_spu')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', spuId)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
