import type { Kysely } from 'kysely';

// Frozen: the SKU list pages by keyset (docs/goods.md), within one merchant, optionally within a category
// (and its descendants), sorted by 创建时间 (id), SKU编码 or 销售价, ties broken by id. One index per sort,
// with the merchant alone and with a category: id is served by goods_sku_list_idx and goods_sku_category_idx,
// the code alone by goods_sku_code_uq (0009, codes are unique per merchant); these add the price, and the
// code within a category. Keyword (a substring of name, code or barcode), status and storage style are read
// along the index. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('goods_sku_price_idx').on('goods_sku').columns(['merchant_id', 'base_price', 'id']).execute();
  await db.schema
    .createIndex('goods_sku_category_price_idx')
    .on('goods_sku')
    .columns(['merchant_id', 'category_id', 'base_price', 'id'])
    .execute();
  await db.schema
    .createIndex('goods_sku_category_code_idx')
    .on('goods_sku')
    .columns(['merchant_id', 'category_id', 'sku_code', 'id'])
    .execute();
}
