import { sql, type Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text } from '../migration-kit.ts';

// Frozen: supply-chain goods (section 113 供应链商品): suppliers, their SPUs and SKUs with purchase price (分),
// minimum order quantity and lead time (days). Dialect-neutral. The category is a leaf of the merchant's
// goods_category tree (checked by the service, no foreign key: the library owns the tree's lifecycle).

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- suppliers (供应商) ----
  await stamped(
    idColumn(db, db.schema.createTable('supplier'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('supplier_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(40)', notNull)
      .addColumn('contact', 'varchar(20)', notNull)
      .addColumn('phone', 'varchar(20)', notNull)
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('status', 'integer', notNull),
  ).execute();
  await db.schema.createIndex('supplier_code_uq').on('supplier').columns(['merchant_id', 'supplier_code']).unique().execute();
  await db.schema.createIndex('supplier_name_uq').on('supplier').columns(['merchant_id', 'name']).unique().execute();

  // ---- supply SPUs ----
  await stamped(
    idColumn(db, db.schema.createTable('supply_spu'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('supplier_id', 'integer', (c) => c.notNull().references('supplier.id'))
      .addColumn('spu_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(60)', notNull)
      .addColumn('brand', 'varchar(30)', text)
      .addColumn('category_id', 'integer', notNull)
      .addColumn('unit', 'varchar(10)', notNull)
      .addColumn('standard_product_id', 'integer', (c) => c.references('standard_product.id'))
      .addColumn('remark', 'varchar(200)', text)
      .addColumn('status', 'integer', notNull)
      .addColumn('deleted_at', 'bigint'),
  ).execute();
  await db.schema.createIndex('supply_spu_code_uq').on('supply_spu').columns(['merchant_id', 'spu_code']).unique().execute();
  await db.schema.createIndex('supply_spu_list_idx').on('supply_spu').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('supply_spu_supplier_idx').on('supply_spu').columns(['supplier_id', 'id']).execute();

  // ---- supply SKUs: supplier and category copied from the SPU so the list filters on one index ----
  await stamped(
    idColumn(db, db.schema.createTable('supply_sku'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('supplier_id', 'integer', (c) => c.notNull().references('supplier.id'))
      .addColumn('spu_id', 'integer', (c) => c.notNull().references('supply_spu.id'))
      .addColumn('sku_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(80)', notNull)
      .addColumn('spec_values', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('barcode', 'varchar(14)', notNull)
      .addColumn('category_id', 'integer', notNull)
      .addColumn('purchase_price', 'integer', notNull)
      .addColumn('moq', 'integer', notNull)
      .addColumn('lead_time_days', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('deleted_at', 'bigint'),
  ).execute();
  await db.schema.createIndex('supply_sku_code_uq').on('supply_sku').columns(['merchant_id', 'sku_code']).unique().execute();
  // a barcode is unique per supplier among live supply SKUs
  await db.schema
    .createIndex('supply_sku_barcode_uq')
    .on('supply_sku')
    .columns(['supplier_id', 'barcode'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('supply_sku_list_idx').on('supply_sku').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('supply_sku_category_idx').on('supply_sku').columns(['merchant_id', 'category_id', 'id']).execute();
  await db.schema.createIndex('supply_sku_spu_idx').on('supply_sku').columns(['spu_id', 'id']).execute();
}
