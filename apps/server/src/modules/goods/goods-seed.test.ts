import { barcodeCheckDigitOk } from '@merchant/contracts/goods/goods-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

describe('goods demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('adopts about 120 standard products of the library, with variants, off-sale goods and off-shelf SKUs', async () => {
    const db = t.db.db;
    const goods = await db.selectFrom('goods').select(['id', 'standard_product_id', 'status', 'merchant_id']).execute();
    expect(goods.length).toBe(120);
    expect(goods.every((g) => g.standard_product_id !== null)).toBe(true);
    expect(new Set(goods.map((g) => g.standard_product_id)).size).toBe(goods.length);
    const skus = await db.selectFrom('goods_sku').select(['barcode', 'goods_id', 'status', 'name']).execute();
    expect(skus.length).toBeGreaterThan(goods.length);
    expect(new Set(skus.map((s) => s.barcode)).size).toBe(skus.length);
    expect(skus.every((s) => barcodeCheckDigitOk(s.barcode))).toBe(true);
    const offSale = goods.filter((g) => g.status === 2);
    expect(offSale.length).toBeGreaterThan(0);
    expect(skus.filter((s) => offSale.some((g) => g.id === s.goods_id)).every((s) => s.status === 2)).toBe(true);
    expect(skus.some((s) => s.status === 2 && !offSale.some((g) => g.id === s.goods_id))).toBe(true);
    // every adopted goods hangs on a level-3 category of its own merchant
    const wrong = await db
      .selectFrom('goods')
      .leftJoin('goods_category', (j) =>
        j.onRef('goods_category.id', '=', 'goods.category_id').onRef('goods_category.merchant_id', '=', 'goods.merchant_id'),
      )
      .select('goods.id')
      .where((eb) => eb.or([eb('goods_category.id', 'is', null), eb('goods_category.level', '!=', 3)]))
      .execute();
    expect(wrong).toEqual([]);
  });

  it('gives every seeded goods-bank, store-goods and channel row its 创建 in the record history', async () => {
    const db = t.db.db;
    const subjects = async (subject: string) =>
      new Set(
        (await db.selectFrom('record_history').select('subject_id').where('subject', '=', subject).execute()).map((r) => r.subject_id),
      );
    const banked = await db.selectFrom('goods_bank').select('goods_id').execute();
    const bankHistory = await subjects('goods.goods-bank');
    expect(banked.length).toBeGreaterThan(0);
    expect(banked.every((b) => bankHistory.has(String(b.goods_id)))).toBe(true);
    const placed = await db.selectFrom('store_goods').select(['store_id', 'sku_id']).execute();
    const storeHistory = await subjects('goods.store-goods');
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.every((r) => storeHistory.has(`${r.store_id}:${r.sku_id}`))).toBe(true);
    const shelves = await db.selectFrom('goods_channel_shelf').select('sku_id').execute();
    const shelfHistory = await subjects('goods.sales-channel');
    expect(shelves.length).toBeGreaterThan(0);
    expect(shelves.every((r) => shelfHistory.has(String(r.sku_id)))).toBe(true);
  });

  it('has applications in every state (已通过 ones pointing at what they created) and 50+ rows on the supply and mall lists', async () => {
    const db = t.db.db;
    const apps = await db
      .selectFrom('goods_approval')
      .select(['kind', 'status', 'standard_product_id', 'goods_id', 'sku_id', 'barcode'])
      .execute();
    for (const kind of [1, 3])
      for (const status of [0, 1, 2, 3, 4]) expect(apps.some((a) => a.kind === kind && a.status === status)).toBe(true);
    expect(apps.some((a) => a.kind === 2 && a.status === 2)).toBe(true);
    expect(apps.filter((a) => a.kind >= 3).length).toBeGreaterThanOrEqual(50);
    for (const a of apps.filter((x) => x.status === 2)) {
      expect(a.goods_id).not.toBeNull();
      expect(a.sku_id).not.toBeNull();
      const table = a.kind >= 3 ? 'mall_goods_sku' : 'goods_sku';
      const sku = await db.selectFrom(table).select(['barcode']).where('id', '=', a.sku_id!).executeTakeFirstOrThrow();
      expect(sku.barcode).toBe(a.barcode);
    }
    const products = await db.selectFrom('standard_product').select(['approval_code']).where('source', '=', 2).execute();
    expect(products.length).toBeGreaterThanOrEqual(4);
    const suppliers = await db.selectFrom('supply_spu').select('supplier_id').execute();
    expect(suppliers.length).toBeGreaterThanOrEqual(50);
    expect(new Set(suppliers.map((r) => r.supplier_id)).size).toBe(2);
    expect((await db.selectFrom('supply_sku').select('id').execute()).length).toBeGreaterThanOrEqual(50);
    expect((await db.selectFrom('mall_goods').select('id').execute()).length).toBeGreaterThanOrEqual(50);
    const skus = await db.selectFrom('goods_sku').select('id').execute();
    expect(skus.length).toBeGreaterThanOrEqual(120);
  });
});
