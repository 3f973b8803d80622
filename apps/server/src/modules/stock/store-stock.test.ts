import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import { storeOps } from '@merchant/contracts/merchant/store';
import type { StockEditResult } from '@merchant/contracts/stock/stock-balance';
import { storeStockOps, type StoreStockDetail, type StoreStockRow } from '@merchant/contracts/stock/store-stock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, data, rest, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { clearStock } from '../../test/stock-fixtures.ts';
import { validStore } from '../../test/store-data.ts';
import { reconcile } from './stock-ledger.service.ts';

describe.each(DIALECTS)('本地库存: store stock (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  let open: string;
  let open2: string;
  let paused: string;
  let foreign: string;
  const counts = () => Promise.all((['stock_balance', 'stock_movement', 'stock_location'] as const).map((n) => rowCount(t, n)));
  const list = (body: Record<string, unknown> = {}) => call<Paged<StoreStockRow>>(admin, storeStockOps.list, body);
  const get = (body: Record<string, unknown>) => call<StoreStockDetail>(admin, storeStockOps.get, body);
  const add = (storeCode: string, skuId: number, quantity: number, reason = '门店到货') =>
    call<{ id: number; docCode: string; onHand: number; version: number }>(admin, storeStockOps.add, {
      storeCode,
      skuId,
      quantity,
      reason,
    });
  const makeStore = async (client: ApiClient, name: string, status = 1) => {
    const { storeCode } = data<{ storeCode: string }>(await rest(client, storeOps.create, { ...validStore, name }));
    if (status !== 1) data(await op(client, storeOps.setStatus, { storeCode, status }));
    return storeCode;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家门店库存公司', 'storestockother', '13700000171');
    fx = await priceFixtures(t, 3);
    // these tests count the stores' whole stock: start from an empty ledger (no seeded stock)
    await clearStock(t, fx.merchantId);
    open = await makeStore(admin, '本地库存测试一店');
    open2 = await makeStore(admin, '本地库存测试二店');
    paused = await makeStore(admin, '本地库存暂停店', 2);
    foreign = await makeStore(other, '别家的门店');
  });
  afterAll(() => t.close());

  it('adds store stock as an 入库 movement (the location made on first use), lists it with its store, shows the detail', async () => {
    const r = await add(open, fx.skus[0].id, 30);
    expect(r).toMatchObject({ onHand: 30, version: 1 });
    expect(r.docCode).toMatch(/^RK\d{10}$/);
    await add(open, fx.skus[0].id, 5, '补货到店');
    await add(open2, fx.skus[1].id, 12);
    const page = await list({ sortField: 'onHand', sortOrder: 'descend' });
    expect(page.total).toBe(2);
    expect(page.list.map((x) => [x.storeCode, x.storeName, x.skuId, x.onHand, x.available])).toEqual([
      [open, '本地库存测试一店', fx.skus[0].id, 35, 35],
      [open2, '本地库存测试二店', fx.skus[1].id, 12, 12],
    ]);
    expect((await list({ storeCode: open2 })).list.map((x) => x.skuId)).toEqual([fx.skus[1].id]);
    expect((await list({ keyword: fx.skus[1].code })).total).toBe(1);
    expect((await list({ availability: 'zero' })).total).toBe(0);
    const d = await get({ id: r.id });
    expect(d.balance).toMatchObject({ id: r.id, storeCode: open, onHand: 35, version: 2 });
    expect(d.movements.map((m) => [m.type, m.quantity, m.onHandBefore, m.onHandAfter, m.docTypeName, m.reason])).toEqual([
      ['inbound', 5, 30, 35, '入库单', '补货到店'],
      ['inbound', 30, 0, 30, '入库单', '门店到货'],
    ]);
    expect((await get({ storeCode: open, skuId: fx.skus[0].id })).balance.id).toBe(r.id);
    expect(await reconcile(t.db.db, fx.merchantId)).toMatchObject({ bad: [], orphans: [], brokenChains: [] });
  });

  it('edits a store balance (调整 / 锁定 / 解锁) with its version; the detail lists the edits', async () => {
    const [row] = (await list({ storeCode: open })).list;
    const e = await call<StockEditResult>(admin, storeStockOps.edit, {
      id: row.id,
      stock: 20,
      lockStock: 4,
      reason: '盘点修正',
      version: row.version,
    });
    expect(e).toMatchObject({ onHand: 20, locked: 4, available: 16, movements: 2, version: row.version + 2 });
    expect(e.docCode).toMatch(/^KB/);
    const d = await get({ id: row.id });
    expect(d.edits.map((m) => [m.type, m.quantity, m.lockDelta])).toEqual([
      ['lock', 0, 4],
      ['adjust', -15, 0],
    ]);
    // only this store's balance changed
    expect((await list({ storeCode: open2 })).list[0].onHand).toBe(12);
    const u = await call<StockEditResult>(admin, storeStockOps.edit, { id: row.id, lockStock: 0, reason: '解锁', version: e.version });
    expect(u).toMatchObject({ onHand: 20, locked: 0, movements: 1 });
    expect(await reconcile(t.db.db, fx.merchantId)).toMatchObject({ bad: [], orphans: [], brokenChains: [] });
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const [row] = (await list({ storeCode: open })).list;
    const before = await counts();
    for (const [body, msg] of [
      [{ skuId: fx.skus[0].id, quantity: 1, reason: 'x' }, '请选择门店（字段：storeCode）'],
      [{ storeCode: open, quantity: 1, reason: 'x' }, '请选择SKU（字段：skuId）'],
      [{ storeCode: open, skuId: fx.skus[0].id, quantity: 0, reason: 'x' }, '入库数量至少为1（字段：quantity）'],
      [{ storeCode: open, skuId: fx.skus[0].id, quantity: 1.5, reason: 'x' }, '入库数量必须是整数（字段：quantity）'],
      [{ storeCode: open, skuId: fx.skus[0].id, quantity: 1, reason: ' ' }, '请输入原因（字段：reason）'],
    ] as const) {
      expect(await op(admin, storeStockOps.add, body)).toMatchObject({ code: CODES.badInput, msg });
    }
    for (const [body, msg] of [
      [{ id: row.id, stock: 3, lockStock: 5, reason: 'x', version: row.version }, '锁定库存不能大于库存（字段：lockStock）'],
      [{ id: row.id, stock: -1, lockStock: 0, reason: 'x', version: row.version }, '库存不能小于0（字段：stock）'],
      [{ id: row.id, stock: 3, lockStock: 0, reason: 'x' }, '缺少数据版本，请刷新后重试（字段：version）'],
      [{ stock: 3, lockStock: 0, reason: 'x', version: row.version }, '库存记录不正确（字段：id）'],
    ] as const) {
      expect(await op(admin, storeStockOps.edit, body)).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(
      await op(admin, storeStockOps.edit, { id: row.id, stock: row.onHand, lockStock: row.locked, reason: 'x', version: row.version }),
    ).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining('没有变化'),
    });
    expect(await op(admin, storeStockOps.get, {})).toMatchObject({ code: CODES.badInput, msg: '请指定库存记录（字段：id）' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a paused or foreign store, an unknown SKU, a stale version, another merchant and a role without the page', async () => {
    const [row] = (await list({ storeCode: open })).list;
    const before = await counts();
    expect(await op(admin, storeStockOps.add, { storeCode: paused, skuId: fx.skus[0].id, quantity: 1, reason: 'x' })).toMatchObject({
      code: CODES.badInput,
      msg: '门店「本地库存暂停店」不在营业中，不能新增库存（字段：storeCode）',
    });
    expect((await op(admin, storeStockOps.add, { storeCode: foreign, skuId: fx.skus[0].id, quantity: 1, reason: 'x' })).code).toBe(
      CODES.notFound,
    );
    expect((await op(admin, storeStockOps.add, { storeCode: open, skuId: 99_999_999, quantity: 1, reason: 'x' })).code).toBe(
      CODES.notFound,
    );
    expect(
      await op(admin, storeStockOps.edit, { id: row.id, stock: 9, lockStock: 0, reason: 'x', version: row.version - 1 }),
    ).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    // the other merchant finds nothing of ours, and cannot stock our store with its SKUs or ours
    expect((await op(other, storeStockOps.get, { id: row.id })).code).toBe(CODES.notFound);
    expect((await op(other, storeStockOps.edit, { id: row.id, stock: 9, lockStock: 0, reason: 'x', version: row.version })).code).toBe(
      CODES.notFound,
    );
    expect((await op(other, storeStockOps.add, { storeCode: open, skuId: fx.skus[0].id, quantity: 1, reason: 'x' })).code).toBe(
      CODES.notFound,
    );
    expect((await op(other, storeStockOps.add, { storeCode: foreign, skuId: fx.skus[0].id, quantity: 1, reason: 'x' })).code).toBe(
      CODES.notFound,
    );
    expect((await call<Paged<StoreStockRow>>(other, storeStockOps.list, {})).total).toBe(0);
    expect(await op(admin, storeStockOps.list, { merchantId: fx.merchantId + 999 })).toMatchObject({ code: CODES.forbidden });
    const finance = await t.signIn('finance');
    expect((await op(finance, storeStockOps.list, {})).code).toBe(CODES.forbidden);
    expect((await op(finance, storeStockOps.add, { storeCode: open, skuId: fx.skus[0].id, quantity: 1, reason: 'x' })).code).toBe(
      CODES.forbidden,
    );
    expect((await op(finance, storeStockOps.edit, { id: row.id, stock: 9, lockStock: 0, reason: 'x', version: row.version })).code).toBe(
      CODES.forbidden,
    );
    expect(await counts()).toEqual(before);
  });

  it('offers open stores only, SKUs and categories; exports the list with the store column', async () => {
    const stores = await call<{ storeCode: string; name: string }[]>(admin, storeStockOps.stores, { keyword: '本地库存' });
    expect(stores.map((s) => s.storeCode).sort()).toEqual([open, open2].sort());
    expect(await call(other, storeStockOps.stores, { keyword: '本地库存' })).toEqual([]);
    expect((await call<{ skuId: number }[]>(admin, storeStockOps.skuOptions, { keyword: fx.skus[2].code })).map((o) => o.skuId)).toEqual([
      fx.skus[2].id,
    ]);
    expect((await call<unknown[]>(admin, storeStockOps.categories, {})).length).toBeGreaterThan(0);
    const file = await exportList(admin, storeStockOps.list, { sortField: 'skuCode', sortOrder: 'ascend' });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') {
      const rows = sheetRows(file.workbook);
      const header = rows.findIndex((r) => r[0] === '门店编码');
      expect(rows[header]).toEqual(expect.arrayContaining(['门店', '现有库存', '可用库存']));
      expect(
        rows
          .slice(header + 1)
          .map((r) => r[0])
          .sort(),
      ).toEqual([open, open2].sort());
    }
  });
});
