import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCount } from '../../test/calls.ts';
import { categoryBranch, merchantIdOf, standardProduct } from '../../test/goods-fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { seedGoods } from './goods.seed.ts';

describe('goods demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds nothing without standard products, then adopts them deterministically with variants and off-sale goods', async () => {
    expect(await rowCount(t, 'goods')).toBe(0);
    const mid = await merchantIdOf(t, 'admin');
    const cat = await categoryBranch(t, mid);
    for (let i = 0; i < 30; i++) await standardProduct(t, mid, cat.leaf, { name: `演示商品${i}`, spec: `${500 + i}ml` });
    await seedGoods(t.db.db, t.clock.now());
    expect(await rowCount(t, 'goods')).toBe(30);
    const skus = await t.db.db.selectFrom('goods_sku').select(['barcode', 'goods_id', 'status', 'name']).execute();
    expect(skus.length).toBe(30 + 2 + 1 + 2); // goods 4 and 24 three SKUs, goods 14 two
    expect(new Set(skus.map((s) => s.barcode)).size).toBe(skus.length);
    expect(skus.some((s) => s.status === 2)).toBe(true);
    expect(skus[0].name).toBe('演示商品0 500ml');
    const offSale = await t.db.db.selectFrom('goods').select('id').where('status', '=', 2).execute();
    expect(offSale.length).toBe(2);
    const offSkus = skus.filter((s) => offSale.some((g) => g.id === s.goods_id));
    expect(offSkus.every((s) => s.status === 2)).toBe(true);
  });
});
