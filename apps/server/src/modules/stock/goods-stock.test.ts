import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { goodsStockOps, type GoodsStockRow } from '@merchant/contracts/stock/goods-stock';
import { stockBalanceOps, type StockBalanceRow } from '@merchant/contracts/stock/stock-balance';
import { STOCK_LOCATION_KINDS } from '@merchant/contracts/stock/stock-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { clearStock } from '../../test/stock-fixtures.ts';

describe.each(DIALECTS)('商品库存 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const list = (body: Record<string, unknown> = {}) => call<Paged<GoodsStockRow>>(admin, goodsStockOps.list, body);
  const edit = async (skuId: number, stock: number, lockStock: number) => {
    const { version } = await call<StockBalanceRow>(admin, stockBalanceOps.get, { skuId });
    await call(admin, stockBalanceOps.edit, { skuId, stock, lockStock, reason: '期初', version });
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家商品库存公司', 'gsother', '13700000153');
    fx = await priceFixtures(t, 3);
    // the lists below count the merchant's whole stock: start from an empty ledger (no seeded stock)
    await clearStock(t, fx.merchantId);
    await edit(fx.skus[0].id, 40, 5);
    await edit(fx.skus[1].id, 7, 0);
  });
  afterAll(() => t.close());

  it('lists every live SKU with its stock per location kind (zero when none) and the totals', async () => {
    const all = await list({ pageSize: 200 });
    expect(all.total).toBeGreaterThanOrEqual(3);
    const a = all.list.find((r) => r.skuId === fx.skus[0].id)!;
    expect(a.kinds).toEqual(Object.fromEntries(Object.keys(STOCK_LOCATION_KINDS).map((k) => [k, k === 'hub' ? 40 : 0])));
    expect(a).toMatchObject({ onHand: 40, locked: 5, available: 35, skuCode: fx.skus[0].code });
    const c = all.list.find((r) => r.skuId === fx.skus[2].id)!;
    expect(c).toMatchObject({ onHand: 0, locked: 0, available: 0, kinds: expect.objectContaining({ hub: 0, store: 0 }) });
    const held = await list({ held: true, sortField: 'onHand', sortOrder: 'descend' });
    expect(held.list.map((r) => r.skuId)).toEqual([fx.skus[0].id, fx.skus[1].id]);
    expect((await list({ sortField: 'available', sortOrder: 'descend', pageSize: 2 })).list.map((r) => r.available)).toEqual([35, 7]);
    expect((await list({ keyword: fx.skus[1].code })).list.map((r) => r.skuId)).toEqual([fx.skus[1].id]);
    const p2 = await list({ pageSize: 1, pageNum: 2, held: 'true', sortField: 'onHand', sortOrder: 'descend' });
    expect(p2).toMatchObject({ total: 2, pageNum: 2, list: [{ skuId: fx.skus[1].id }] });
  });

  it('refuses bad input, other merchants and a role without the page; exports', async () => {
    expect(await op(admin, goodsStockOps.list, { sortField: 'kinds' })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining('排序字段'),
    });
    expect(await op(admin, goodsStockOps.list, { categoryId: 'x' })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining('商品分类'),
    });
    const theirs = await call<Paged<GoodsStockRow>>(other, goodsStockOps.list, { held: true });
    expect(theirs.total).toBe(0);
    const finance = await t.signIn('finance');
    expect((await op(finance, goodsStockOps.list, {})).code).toBe(CODES.forbidden);
    const file = await exportList(admin, goodsStockOps.list, { held: true, sortField: 'onHand', sortOrder: 'descend' });
    expect(file.kind).toBe('file');
    if (file.kind !== 'file') return;
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === 'SKU编码');
    expect(rows[header]).toEqual(expect.arrayContaining(Object.values(STOCK_LOCATION_KINDS)));
    expect(rows.slice(header + 1).map((r) => r[0])).toEqual([fx.skus[0].code, fx.skus[1].code]);
  });
});
