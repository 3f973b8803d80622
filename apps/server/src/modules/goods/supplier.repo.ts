import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import type { SupplierTable } from './supplier.table.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SupplierFilter {
  keyword?: string;
  status?: number;
  sortField?: 'createdAt' | 'supplierCode';
  sortOrder: 'ascend' | 'descend';
}

/** The supplier list's query (with each supplier's live SPU count), without paging. */
export function supplierQuery(db: Db, merchantId: number, f: SupplierFilter) {
  let q = db.selectFrom('supplier').where('supplier.merchant_id', '=', merchantId);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([contains('supplier.name', k), contains('supplier.supplier_code', k), contains('supplier.contact', k)]));
  }
  if (f.status !== undefined) q = q.where('supplier.status', '=', f.status);
  const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const col = f.sortField === 'supplierCode' ? 'supplier.supplier_code' : 'supplier.id';
  return q
    .selectAll('supplier')
    .select((eb) =>
      eb
        .selectFrom('supply_spu')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('supply_spu.supplier_id', '=', 'supplier.id')
        .where('supply_spu.deleted_at', 'is', null)
        .as('spu_count'),
    )
    .orderBy(col, dir)
    .orderBy('supplier.id', dir);
}
export type SupplierListRow = Awaited<ReturnType<ReturnType<typeof supplierQuery>['execute']>>[number];

export function listSuppliers(db: Db, merchantId: number, f: SupplierFilter & { pageNum: number; pageSize: number }) {
  return fetchPage(db, supplierQuery(db, merchantId, f), f);
}

export function findSupplier(db: Db, merchantId: number, supplierId: number) {
  return supplierQuery(db, merchantId, { sortOrder: 'descend' }).where('supplier.id', '=', supplierId).executeTakeFirst();
}

/** Every supplier of the merchant (the pickers), by name. */
export function supplierOptions(db: Db, merchantId: number) {
  return db
    .selectFrom('supplier')
    .select(['id', 'supplier_code', 'name', 'status'])
    .where('merchant_id', '=', merchantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** A supplier locked for the rest of the transaction (a no-op update takes the row lock on both dialects). */
export async function lockSupplier(db: Db, merchantId: number, supplierId: number) {
  const res = await db
    .updateTable('supplier')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', supplierId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('supplier').selectAll().where('id', '=', supplierId).executeTakeFirstOrThrow();
}

export async function supplierCodeTaken(db: Db, merchantId: number, code: string) {
  return Boolean(
    await db.selectFrom('supplier').select('id').where('merchant_id', '=', merchantId).where('supplier_code', '=', code).executeTakeFirst(),
  );
}

export function supplierWithName(db: Db, merchantId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('supplier').select(['id', 'supplier_code']).where('merchant_id', '=', merchantId).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertSupplier(db: Db, row: Omit<SupplierTable, 'id' | 'version'>) {
  return Number((await db.insertInto('supplier').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export type SupplierValues = Partial<Omit<SupplierTable, 'id' | 'merchant_id' | 'supplier_code' | 'version' | 'created_by' | 'created_at'>>;

/** The versioned update of a supplier (no row: changed since `version`, see assertFresh). */
export function updateSupplierVersioned(db: Db, merchantId: number, supplierId: number, version: number, values: SupplierValues) {
  return db
    .updateTable('supplier')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', supplierId)
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();
}
