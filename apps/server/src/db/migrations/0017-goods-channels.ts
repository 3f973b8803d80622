import type { Kysely } from 'kysely';
import { idColumn, merchantRef, notNull, stamped, text } from '../migration-kit.ts';

// Frozen: where the merchant's goods are sold (section 102): the goods bank (商品库: goods offered to the
// merchant's stores, with a default store price per SKU), store goods (门店商品: SKU × store with the store's
// own price and shelf state) and the shelf state of a SKU per sales channel (销售管理). Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- goods bank: one row per banked goods (SPU) ----
  await stamped(
    idColumn(db, db.schema.createTable('goods_bank'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(200)', text),
  ).execute();
  await db.schema.createIndex('goods_bank_goods_uq').on('goods_bank').columns(['merchant_id', 'goods_id']).unique().execute();
  await db.schema.createIndex('goods_bank_list_idx').on('goods_bank').columns(['merchant_id', 'id']).execute();

  // ---- the bank's default store price of each SKU (分) ----
  await idColumn(db, db.schema.createTable('goods_bank_price'))
    .addColumn('merchant_id', 'integer', merchantRef)
    .addColumn('bank_id', 'integer', (c) => c.notNull().references('goods_bank.id'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
    .addColumn('store_price', 'integer', notNull)
    .execute();
  await db.schema.createIndex('goods_bank_price_uq').on('goods_bank_price').columns(['bank_id', 'sku_id']).unique().execute();
  await db.schema.createIndex('goods_bank_price_sku_idx').on('goods_bank_price').columns(['merchant_id', 'sku_id']).execute();

  // ---- store goods: SKU × store (stores of the merchant module) ----
  await stamped(
    idColumn(db, db.schema.createTable('store_goods'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('store_id', 'integer', (c) => c.notNull().references('store.id'))
      .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
      .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
      .addColumn('price', 'integer', notNull)
      .addColumn('status', 'integer', notNull),
  ).execute();
  await db.schema.createIndex('store_goods_uq').on('store_goods').columns(['merchant_id', 'store_id', 'sku_id']).unique().execute();
  await db.schema.createIndex('store_goods_list_idx').on('store_goods').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('store_goods_sku_idx').on('store_goods').columns(['merchant_id', 'sku_id']).execute();

  // ---- shelf state of a SKU per sales channel (no row: never put on shelf there, i.e. 下架 at version 0) ----
  await stamped(
    idColumn(db, db.schema.createTable('goods_channel_shelf'))
      .addColumn('merchant_id', 'integer', merchantRef)
      .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_sku.id'))
      .addColumn('channel_code', 'varchar(20)', notNull)
      .addColumn('status', 'integer', notNull),
  ).execute();
  await db.schema
    .createIndex('goods_channel_shelf_uq')
    .on('goods_channel_shelf')
    .columns(['merchant_id', 'sku_id', 'channel_code'])
    .unique()
    .execute();
}
