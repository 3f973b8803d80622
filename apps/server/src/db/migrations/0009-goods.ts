import { sql, type Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text, zero } from '../migration-kit.ts';

// Frozen: the record history every business area writes (who changed what, when), and the goods catalogue
// (section 102): the category tree, the standard product library, merchant goods (SPU) and their SKUs,
// new-product applications. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- record history: one row per change of a business record (platform/record-history.ts) ----
  await idColumn(db, db.schema.createTable('record_history'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('subject', 'varchar(40)', notNull)
    .addColumn('subject_id', 'varchar(64)', notNull)
    .addColumn('action', 'varchar(32)', notNull)
    .addColumn('action_label', 'varchar(40)', notNull)
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('remark', 'varchar(500)', text)
    .addColumn('operator_id', 'integer', zero)
    .addColumn('operator_name', 'varchar(64)', text)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('record_history_subject_idx')
    .on('record_history')
    .columns(['merchant_id', 'subject', 'subject_id', 'id'])
    .execute();
  await db.schema.createIndex('record_history_recent_idx').on('record_history').columns(['merchant_id', 'subject', 'id']).execute();

  // ---- category tree: at most three levels, per merchant ----
  await stamped(
    idColumn(db, db.schema.createTable('goods_category'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('parent_id', 'integer', zero)
      .addColumn('level', 'integer', notNull)
      .addColumn('name', 'varchar(20)', notNull)
      .addColumn('sort', 'integer', zero),
  ).execute();
  await db.schema
    .createIndex('goods_category_name_uq')
    .on('goods_category')
    .columns(['merchant_id', 'parent_id', 'name'])
    .unique()
    .execute();

  // ---- standard product library (标准商品库) ----
  await stamped(
    idColumn(db, db.schema.createTable('standard_product'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('goods_no', 'varchar(20)', notNull)
      .addColumn('barcode', 'varchar(14)', notNull)
      .addColumn('name', 'varchar(60)', notNull)
      .addColumn('brand', 'varchar(30)', text)
      .addColumn('category_id', 'integer', (c) => c.notNull().references('goods_category.id'))
      .addColumn('spec', 'varchar(30)', text)
      .addColumn('unit', 'varchar(10)', notNull)
      .addColumn('shelf_life_days', 'integer', zero)
      .addColumn('storage_style', 'integer', notNull)
      .addColumn('image_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('guide_price', 'integer', zero)
      .addColumn('status', 'integer', notNull)
      .addColumn('source', 'integer', notNull)
      .addColumn('approval_code', 'varchar(20)', text)
      .addColumn('remark', 'varchar(200)', text),
  ).execute();
  await db.schema.createIndex('standard_product_no_uq').on('standard_product').columns(['merchant_id', 'goods_no']).unique().execute();
  await db.schema.createIndex('standard_product_barcode_uq').on('standard_product').columns(['merchant_id', 'barcode']).unique().execute();
  await db.schema
    .createIndex('standard_product_category_idx')
    .on('standard_product')
    .columns(['merchant_id', 'category_id', 'id'])
    .execute();

  // ---- merchant goods (SPU) ----
  await stamped(
    idColumn(db, db.schema.createTable('goods'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('goods_code', 'varchar(20)', notNull)
      .addColumn('standard_product_id', 'integer', (c) => c.references('standard_product.id'))
      .addColumn('name', 'varchar(60)', notNull)
      .addColumn('brand', 'varchar(30)', text)
      .addColumn('category_id', 'integer', (c) => c.notNull().references('goods_category.id'))
      .addColumn('unit', 'varchar(10)', notNull)
      .addColumn('storage_style', 'integer', notNull)
      .addColumn('shelf_life_days', 'integer', zero)
      .addColumn('image_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('description', 'varchar(500)', text)
      .addColumn('status', 'integer', notNull)
      .addColumn('deleted_at', 'bigint'),
  ).execute();
  await db.schema.createIndex('goods_code_uq').on('goods').columns(['merchant_id', 'goods_code']).unique().execute();
  await db.schema.createIndex('goods_merchant_idx').on('goods').columns(['merchant_id', 'category_id', 'id']).execute();
  // one merchant goods per adopted standard product
  await db.schema
    .createIndex('goods_standard_uq')
    .on('goods')
    .columns(['merchant_id', 'standard_product_id'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  // ---- SKUs: category denormalised from the SPU so the SKU list filters and pages on one index ----
  await stamped(
    idColumn(db, db.schema.createTable('goods_sku'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
      .addColumn('sku_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(80)', notNull)
      .addColumn('spec_values', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('barcode', 'varchar(14)', notNull)
      .addColumn('category_id', 'integer', notNull)
      .addColumn('base_price', 'integer', notNull)
      .addColumn('storage_style', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('deleted_at', 'bigint'),
  ).execute();
  await db.schema.createIndex('goods_sku_code_uq').on('goods_sku').columns(['merchant_id', 'sku_code']).unique().execute();
  // a barcode is unique per merchant among live SKUs
  await db.schema
    .createIndex('goods_sku_barcode_uq')
    .on('goods_sku')
    .columns(['merchant_id', 'barcode'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('goods_sku_list_idx').on('goods_sku').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('goods_sku_category_idx').on('goods_sku').columns(['merchant_id', 'category_id', 'id']).execute();
  await db.schema.createIndex('goods_sku_goods_idx').on('goods_sku').columns(['goods_id', 'id']).execute();

  // ---- new-product applications (新品申请, SKU申请) and their review ----
  await stamped(
    idColumn(db, db.schema.createTable('goods_approval'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('approval_code', 'varchar(20)', notNull)
      .addColumn('kind', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('title', 'varchar(80)', notNull)
      .addColumn('barcode', 'varchar(14)', text)
      .addColumn('payload', 'text', notNull)
      .addColumn('applicant_id', 'integer', notNull)
      .addColumn('applicant_name', 'varchar(64)', notNull)
      .addColumn('reviewer_id', 'integer')
      .addColumn('reviewer_name', 'varchar(64)', text)
      .addColumn('reason', 'varchar(500)', text)
      .addColumn('submitted_at', 'bigint')
      .addColumn('reviewed_at', 'bigint')
      .addColumn('standard_product_id', 'integer')
      .addColumn('goods_id', 'integer')
      .addColumn('sku_id', 'integer'),
  ).execute();
  await db.schema.createIndex('goods_approval_code_uq').on('goods_approval').columns(['merchant_id', 'approval_code']).unique().execute();
  await db.schema.createIndex('goods_approval_list_idx').on('goods_approval').columns(['merchant_id', 'kind', 'status', 'id']).execute();
}
