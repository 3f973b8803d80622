import type { TestApp } from './harness.ts';

/** The demo merchant's ids the price tests work with: its first SKUs and cabinets (activated or not), a store. */
export async function priceFixtures(t: TestApp, skuCount = 3) {
  const admin = await t.db.db
    .selectFrom('account')
    .select(['id', 'merchant_id'])
    .where('user_name', '=', 'admin')
    .executeTakeFirstOrThrow();
  const merchantId = Number(admin.merchant_id);
  const skus = await t.db.db
    .selectFrom('goods_sku')
    .select(['id', 'sku_code', 'base_price'])
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(skuCount)
    .execute();
  const devices = await t.db.db
    .selectFrom('device')
    .select(['device_code', 'status'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .limit(4)
    .execute();
  const store = await t.db.db
    .selectFrom('store')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    merchantId,
    skus: skus.map((s) => ({ id: Number(s.id), code: s.sku_code, base: Number(s.base_price) })),
    devices: devices.map((d) => d.device_code),
    storeId: Number(store.id),
  };
}
