import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import {
  LOCK_ABOVE_STOCK_MESSAGE,
  stockBalanceOps,
  type StockBalanceRow,
  type StockCategoryOption,
  type StockEditResult,
} from '@merchant/contracts/stock/stock-balance';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { stockMovementOps, type StockMovementRow } from '@merchant/contracts/stock/stock-movement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { clearStock } from '../../test/stock-fixtures.ts';
import { reconcile } from './stock-ledger.service.ts';

describe.each(DIALECTS)('hub stock balances and 库存编辑 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const counts = () => Promise.all((['stock_balance', 'stock_movement', 'stock_location'] as const).map((n) => rowCount(t, n)));
  const get = (skuId: number) => call<StockBalanceRow>(admin, stockBalanceOps.get, { skuId });
  const edit = (skuId: number, patch: Record<string, unknown>) =>
    op(admin, stockBalanceOps.edit, { skuId, reason: '盘点后修正', ...patch });
  const editOk = async (skuId: number, stock: number | undefined, lockStock: number, reason = '盘点后修正') => {
    const { version } = await get(skuId);
    return call<StockEditResult>(admin, stockBalanceOps.edit, { skuId, stock, lockStock, reason, version });
  };
  const list = (body: Record<string, unknown> = {}) => call<Paged<StockBalanceRow>>(admin, stockBalanceOps.list, body);
  const movements = (body: Record<string, unknown> = {}) => call<KeysetPage<StockMovementRow>>(admin, stockMovementOps.list, body);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家库存公司', 'stockother', '13700000151');
    fx = await priceFixtures(t, 4);
    // these tests count the hub's whole stock and movements: start from an empty ledger (no seeded stock)
    await clearStock(t, fx.merchantId);
  });
  afterAll(() => t.close());

  it('edits a SKU not yet held (version 0): posts 调整 and 锁定 movements of one KB document', async () => {
    const sku = fx.skus[0].id;
    const before = await get(sku);
    expect(before).toMatchObject({ id: 0, onHand: 0, locked: 0, available: 0, version: 0, updatedAt: 0 });
    const r = await call<StockEditResult>(admin, stockBalanceOps.edit, {
      skuId: sku,
      stock: 50,
      lockStock: 5,
      reason: '期初盘点',
      version: 0,
    });
    expect(r).toMatchObject({ skuId: sku, onHand: 50, locked: 5, available: 45, version: 2, movements: 2 });
    expect(r.docCode).toMatch(/^KB\d{10}$/);
    const after = await get(sku);
    expect(after).toMatchObject({ onHand: 50, locked: 5, available: 45, version: 2, skuCode: fx.skus[0].code, locationName: '库存中心' });
    const m = await movements({ skuId: sku });
    expect(m.list.map((x) => [x.type, x.quantity, x.lockDelta, x.onHandBefore, x.onHandAfter, x.lockedBefore, x.lockedAfter])).toEqual([
      ['lock', 0, 5, 50, 50, 0, 5],
      ['adjust', 50, 0, 0, 50, 0, 0],
    ]);
    expect(m.list[0]).toMatchObject({
      docType: 'edit',
      docTypeName: '库存编辑',
      docCode: r.docCode,
      reason: '期初盘点',
      typeName: '锁定',
      operatorName: expect.any(String),
    });
  });

  it('lowers on hand below the old locked while unlocking (unlock first), and keeps on hand when stock is left out', async () => {
    const sku = fx.skus[0].id;
    const r = await editOk(sku, 3, 1, '破损报废');
    expect(r).toMatchObject({ onHand: 3, locked: 1, movements: 2 });
    const m = await movements({ skuId: sku, pageSize: 2 });
    expect(m.list.map((x) => x.type)).toEqual(['adjust', 'unlock']);
    expect(m.list[1]).toMatchObject({ lockDelta: -4, lockedBefore: 5, lockedAfter: 1, onHandBefore: 50, onHandAfter: 50 });
    expect(m.list[0]).toMatchObject({ quantity: -47, onHandBefore: 50, onHandAfter: 3 });
    // only lockStock: on hand stays
    expect(await editOk(sku, undefined, 3)).toMatchObject({ onHand: 3, locked: 3, available: 0, movements: 1 });
    expect(await reconcile(t.db.db, fx.merchantId)).toMatchObject({ bad: [], orphans: [] });
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const sku = fx.skus[1].id;
    const before = await counts();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ stock: 5, lockStock: 6, version: 0 }, new RegExp(LOCK_ABOVE_STOCK_MESSAGE)],
      [{ stock: -1, lockStock: 0, version: 0 }, /库存不能小于0/],
      [{ stock: 1.5, lockStock: 0, version: 0 }, /库存必须是整数/],
      [{ stock: 'abc', lockStock: 0, version: 0 }, /库存必须是数字/],
      [{ stock: 5, version: 0 }, /锁定库存/],
      [{ stock: 5, lockStock: 0, version: 0, reason: '  ' }, /请输入原因/],
      [{ stock: 5, lockStock: 0, reason: 'x' }, /缺少数据版本/],
      [{ stock: 5, lockStock: 0, version: 0, skuId: undefined }, /请选择SKU/],
      [{ stock: 2_000_000, lockStock: 0, version: 0 }, /库存不能超过1000000/],
    ];
    for (const [patch, msg] of cases) {
      const res = await edit(sku, patch);
      expect(res.code, JSON.stringify(patch)).toBe(CODES.badInput);
      expect(res.msg).toMatch(msg);
    }
    // lockStock above the current on hand when stock is left out
    const held = await get(fx.skus[0].id);
    const res = await edit(fx.skus[0].id, { lockStock: held.onHand + 1, version: held.version });
    expect(res).toMatchObject({ code: CODES.badInput });
    expect(res.msg).toContain(LOCK_ABOVE_STOCK_MESSAGE);
    // nothing changes
    expect(await edit(fx.skus[0].id, { stock: held.onHand, lockStock: held.locked, version: held.version })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining('没有变化'),
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a stale version, another merchant’s SKU or merchant id, and a role without the page', async () => {
    const sku = fx.skus[0].id;
    const before = await counts();
    const cur = await get(sku);
    expect(await edit(sku, { stock: 9, lockStock: 0, version: cur.version - 1 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    // a SKU not yet held: only version 0
    expect(await edit(fx.skus[2].id, { stock: 9, lockStock: 0, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    // the other merchant cannot see or edit the demo merchant's SKUs
    expect((await op(other, stockBalanceOps.edit, { skuId: sku, stock: 9, lockStock: 0, reason: '越权', version: cur.version })).code).toBe(
      CODES.notFound,
    );
    expect((await op(other, stockBalanceOps.get, { skuId: sku })).code).toBe(CODES.notFound);
    expect((await call<Paged<StockBalanceRow>>(other, stockBalanceOps.list, {})).total).toBe(0);
    // a merchant id that is not the session's is refused, never obeyed
    expect(await edit(sku, { stock: 9, lockStock: 0, version: cur.version, merchantId: fx.merchantId + 999 })).toMatchObject({
      code: CODES.forbidden,
    });
    const finance = await t.signIn('finance');
    expect((await op(finance, stockBalanceOps.list, {})).code).toBe(CODES.forbidden);
    expect((await op(finance, stockBalanceOps.edit, { skuId: sku, stock: 9, lockStock: 0, reason: 'x', version: cur.version })).code).toBe(
      CODES.forbidden,
    );
    expect(await counts()).toEqual(before);
    // the session's own merchant id is accepted (the web client adds it)
    expect(
      await call<StockEditResult>(admin, stockBalanceOps.edit, {
        skuId: sku,
        stock: 9,
        lockStock: 0,
        reason: '复盘',
        version: cur.version,
        merchantId: fx.merchantId,
      }),
    ).toMatchObject({ onHand: 9 });
  });

  it('lists the hub balances with filters, sorting and paging, and exports them', async () => {
    await editOk(fx.skus[1].id, 100, 0);
    await editOk(fx.skus[2].id, 4, 4);
    const all = await list({ pageSize: 2, sortField: 'onHand', sortOrder: 'descend' });
    expect(all.total).toBe(3);
    expect(all.list.map((r) => r.onHand)).toEqual([100, 9]);
    const p2 = await list({ pageSize: 2, pageNum: 2, sortField: 'onHand', sortOrder: 'descend' });
    expect(p2.list.map((r) => r.onHand)).toEqual([4]);
    expect((await list({ availability: 'zero' })).list.map((r) => r.skuId)).toEqual([fx.skus[2].id]);
    expect((await list({ availability: 'low' })).list.map((r) => r.skuId)).toEqual([fx.skus[0].id]);
    expect((await list({ keyword: fx.skus[1].code })).list.map((r) => r.skuId)).toEqual([fx.skus[1].id]);
    const byAvailable = await list({ sortField: 'available', sortOrder: 'ascend' });
    expect(byAvailable.list.map((r) => r.available)).toEqual([0, 9, 100]);
    // category: the SKU's own category, and its root (a node takes its descendants)
    const cats = await call<StockCategoryOption[]>(admin, stockBalanceOps.categories, {});
    const leaf = all.list[0].categoryId;
    const rootOf = (id: number) => cats.find((r) => JSON.stringify(r).includes(`"value":${id}`))!.value;
    expect((await list({ categoryId: leaf })).list.map((r) => r.skuId)).toContain(fx.skus[1].id);
    expect((await list({ categoryId: rootOf(leaf) })).list.map((r) => r.skuId)).toContain(fx.skus[1].id);
    expect((await list({ categoryId: 99_999_999 })).total).toBe(0);
    expect((await op(admin, stockBalanceOps.list, { sortField: 'version' })).code).toBe(CODES.badInput);
    const file = await exportList(admin, stockBalanceOps.list, { sortField: 'onHand', sortOrder: 'descend' });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') {
      const rows = sheetRows(file.workbook);
      const header = rows.findIndex((r) => r[0] === 'SKU编码');
      expect(rows[header]).toEqual(expect.arrayContaining(['现有库存', '锁定库存', '可用库存']));
      expect(rows.slice(header + 1).map((r) => r[4])).toEqual([100, 9, 4]);
    }
  });

  it('finds SKUs to edit by keyword', async () => {
    const opts = await call<{ skuId: number; skuCode: string }[]>(admin, stockBalanceOps.skuOptions, { keyword: fx.skus[3].code });
    expect(opts.map((o) => o.skuId)).toEqual([fx.skus[3].id]);
    expect(await call(other, stockBalanceOps.skuOptions, { keyword: fx.skus[3].code })).toEqual([]);
  });
});
