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
});
