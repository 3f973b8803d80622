import { sql, type Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text } from '../migration-kit.ts';

// Frozen: the wholesale mall's goods (section 107 批发商城). A mall SPU lists one product of the merchant's
// standard library in the mall (sale unit and pieces per unit, 上架/下架); its SKUs carry the tiered wholesale
// prices as validated JSON (priceTiersSchema) with the first break's quantity (MOQ) and the highest and lowest
// unit prices copied into columns for sorting. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await stamped(
    idColumn(db, db.schema.createTable('mall_goods'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('standard_product_id', 'integer', (c) => c.notNull().references('standard_product.id'))
      .addColumn('mall_code', 'varchar(20)', notNull)
      .addColumn('title', 'varchar(60)', notNull)
      .addColumn('category_id', 'integer', notNull)
      .addColumn('sale_unit', 'varchar(4)', notNull)
      .addColumn('pieces_per_unit', 'integer', notNull)
      .addColumn('approval_code', 'varchar(20)', text)
      .addColumn('status', 'integer', notNull),
  ).execute();
  await db.schema.createIndex('mall_goods_code_uq').on('mall_goods').columns(['merchant_id', 'mall_code']).unique().execute();
  // a standard product is listed in the mall at most once
  await db.schema.createIndex('mall_goods_product_uq').on('mall_goods').columns(['merchant_id', 'standard_product_id']).unique().execute();
  await db.schema.createIndex('mall_goods_list_idx').on('mall_goods').columns(['merchant_id', 'id']).execute();

  await stamped(
    idColumn(db, db.schema.createTable('mall_goods_sku'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('mall_goods_id', 'integer', (c) => c.notNull().references('mall_goods.id'))
      .addColumn('sku_code', 'varchar(20)', notNull)
      .addColumn('name', 'varchar(80)', notNull)
      .addColumn('spec_values', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('barcode', 'varchar(14)', notNull)
      .addColumn('category_id', 'integer', notNull)
      .addColumn('price_tiers', 'text', notNull)
      .addColumn('moq', 'integer', notNull)
      .addColumn('base_price', 'integer', notNull)
      .addColumn('lowest_price', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('deleted_at', 'bigint'),
  ).execute();
  await db.schema.createIndex('mall_goods_sku_code_uq').on('mall_goods_sku').columns(['merchant_id', 'sku_code']).unique().execute();
  await db.schema
    .createIndex('mall_goods_sku_barcode_uq')
    .on('mall_goods_sku')
    .columns(['merchant_id', 'barcode'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // keyset paging: each sort with the merchant alone and with a category
  await db.schema.createIndex('mall_goods_sku_list_idx').on('mall_goods_sku').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('mall_goods_sku_price_idx').on('mall_goods_sku').columns(['merchant_id', 'base_price', 'id']).execute();
  await db.schema.createIndex('mall_goods_sku_category_idx').on('mall_goods_sku').columns(['merchant_id', 'category_id', 'id']).execute();
  await db.schema.createIndex('mall_goods_sku_goods_idx').on('mall_goods_sku').columns(['mall_goods_id', 'id']).execute();
}
