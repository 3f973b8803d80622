import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { categoryAndDescendants } from './category.repo.ts';
import type { SupplySkuTable } from './supply-sku.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SupplySkuFilter {
  keyword?: string;
  supplierId?: number;
  spuId?: number;
  /** A category of any level: its descendants included. */
  categoryId?: number;
  status?: number;
  sortField?: 'createdAt' | 'skuCode' | 'purchasePrice' | 'leadTimeDays';
  sortOrder: 'ascend' | 'descend';
}

const SORT_COLUMNS = {
  createdAt: 'supply_sku.id',
  skuCode: 'supply_sku.sku_code',
  purchasePrice: 'supply_sku.purchase_price',
  leadTimeDays: 'supply_sku.lead_time_days',
} as const;

/** The supply SKU list's query (live SKUs with their SPU and supplier), without paging. */
export function supplySkuQuery(db: Db, merchantId: number, f: SupplySkuFilter) {
  let q = db
    .selectFrom('supply_sku')
    .innerJoin('supply_spu', 'supply_spu.id', 'supply_sku.spu_id')
    .innerJoin('supplier', 'supplier.id', 'supply_sku.supplier_id')
    .where('supply_sku.merchant_id', '=', merchantId)
    .where('supply_sku.deleted_at', 'is', null);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('supply_sku.name', k), contains('supply_sku.sku_code', k), contains('supply_sku.barcode', k)]));
  }
  if (f.supplierId !== undefined) q = q.where('supply_sku.supplier_id', '=', f.supplierId);
  if (f.spuId !== undefined) q = q.where('supply_sku.spu_id', '=', f.spuId);
  if (f.categoryId !== undefined) q = q.where('supply_sku.category_id', 'in', categoryAndDescendants(db, merchantId, f.categoryId));
  if (f.status !== undefined) q = q.where('supply_sku.status', '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  return q
    .selectAll('supply_sku')
    .select([
      'supply_spu.spu_code',
      'supply_spu.name as spu_name',
      'supply_spu.status as spu_status',
      'supplier.name as supplier_name',
      'supplier.status as supplier_status',
    ])
    .orderBy(SORT_COLUMNS[f.sortField ?? 'createdAt'], dir)
    .orderBy('supply_sku.id', dir);
}
export type SupplySkuListRow = Awaited<ReturnType<ReturnType<typeof supplySkuQuery>['execute']>>[number];

export function listSupplySkus(db: Db, merchantId: number, f: SupplySkuFilter & { pageNum: number; pageSize: number }) {
  return fetchPage(db, supplySkuQuery(db, merchantId, f), f);
}

export function findSupplySku(db: Db, merchantId: number, skuId: number) {
  return supplySkuQuery(db, merchantId, { sortOrder: 'descend' }).where('supply_sku.id', '=', skuId).executeTakeFirst();
}

/** The live SKUs of one SPU, oldest first. */
export function skusOfSpu(db: Db, merchantId: number, spuId: number) {
  return supplySkuQuery(db, merchantId, { spuId, sortOrder: 'ascend' }).execute();
}

export async function supplySkuCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db.selectFrom('supply_sku').select('id').where('merchant_id', '=', merchantId).where('sku_code', '=', code).executeTakeFirst(),
  );
}

/** The live SKU of a supplier (other than `exceptId`) holding a barcode, if any. */
export function supplySkuWithBarcode(db: Db, merchantId: number, supplierId: number, barcode: string, exceptId?: number) {
  let q = db
    .selectFrom('supply_sku')
    .select(['id', 'name', 'sku_code'])
    .where('merchant_id', '=', merchantId)
    .where('supplier_id', '=', supplierId)
    .where('barcode', '=', barcode)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/** Live supply SKUs per category (the classification tree's counts). */
export async function skuCountsByCategory(db: Db, merchantId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('supply_sku')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.category_id), Number(r.n)]));
}

export async function insertSupplySku(db: Db, row: Omit<SupplySkuTable, 'id' | 'version' | 'deleted_at'>) {
  return Number((await db.insertInto('supply_sku').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export type SupplySkuValues = Partial<
  Omit<SupplySkuTable, 'id' | 'merchant_id' | 'spu_id' | 'sku_code' | 'version' | 'created_by' | 'created_at'>
>;

/** The versioned update of a live supply SKU (no row: changed since `version`, see assertFresh). */
export function updateSupplySkuVersioned(db: Db, merchantId: number, skuId: number, version: number, values: SupplySkuValues) {
  return db
    .updateTable('supply_sku')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', skuId)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A change of one SKU that follows its SPU's change (the SPU's versioned update guards it). */
export function updateSupplySkuFollowing(db: Db, merchantId: number, skuId: number, values: SupplySkuValues) {
  return db
    .updateTable('supply_sku')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', skuId)
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .execute();
}
