import type { Kysely } from 'kysely';

// Frozen: 门店商品 (store_goods, SKU × store) pages by keyset (docs/goods.md), within one merchant, optionally within
// one store, sorted by 铺货时间 (id) or 门店价 (price), ties broken by id. One index per sort, with the merchant alone
// and with a store: (merchant_id, id) is store_goods_list_idx (0017); these add the price, and both sorts within a
// store. Keyword and effective state are read along the index. Dialect-neutral.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('store_goods_price_idx').on('store_goods').columns(['merchant_id', 'price', 'id']).execute();
  await db.schema.createIndex('store_goods_store_idx').on('store_goods').columns(['merchant_id', 'store_id', 'id']).execute();
  await db.schema
    .createIndex('store_goods_store_price_idx')
    .on('store_goods')
    .columns(['merchant_id', 'store_id', 'price', 'id'])
    .execute();
}
