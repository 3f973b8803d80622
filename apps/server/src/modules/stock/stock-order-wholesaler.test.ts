import { CODES, type ApiClient } from '@merchant/contracts';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  hubStockOrderOps as hub,
  wholesalerStockOrderOps as ops,
  type StockOrderDetail,
  type StockOrderRow,
  type StockOrderState,
} from '@merchant/contracts/stock/stock-order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';

// 批发商库存 · 入库管理 (wholesaler-add-list): the same stock-order resource bound to the wholesaler stock — its own
// location, its own orders (the hub's are not visible through it, nor its through the hub's), its own page grant.

describe.each(DIALECTS)('wholesaler stock orders 批发商库存 · 入库管理 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;

  const counts = () =>
    Promise.all(['stock_order', 'stock_order_line', 'stock_movement', 'stock_balance'].map((n) => rowCount(t, n as never)));
  /** On hand of a SKU at the merchant's location of a kind (0 without a balance). */
  const onHand = async (kind: 'hub' | 'wholesaler', skuId: number) => {
    const r = await t.db.db
      .selectFrom('stock_balance')
      .innerJoin('stock_location', 'stock_location.id', 'stock_balance.location_id')
      .select('stock_balance.on_hand')
      .where('stock_location.merchant_id', '=', fx.merchantId)
      .where('stock_location.kind', '=', kind)
      .where('stock_balance.sku_id', '=', skuId)
      .executeTakeFirst();
    return Number(r?.on_hand ?? 0);
  };
  const inbound = (quantity = 24) => ({
    orderType: 'inbound',
    counterparty: '农夫山泉华东经销商',
    remark: '批发备货',
    lines: [
      { skuId: fx.skus[0].id, quantity, unitCost: 120 },
      { skuId: fx.skus[1].id, quantity: 6, unitCost: 800 },
    ],
  });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    fx = await priceFixtures(t, 2);
  });
  afterAll(() => t.close());

  it('creates and confirms an order on the wholesaler stock: its balance moves, the hub’s does not', async () => {
    const hub0 = await onHand('hub', fx.skus[0].id);
    const w0 = await onHand('wholesaler', fx.skus[0].id);
    const s = await call<StockOrderState>(admin, ops.create, inbound());
    expect(s.orderCode).toMatch(/^RK\d{10}$/);
    const d = await call<StockOrderDetail>(admin, ops.detail, { orderCode: s.orderCode });
    expect(d).toMatchObject({ locationName: '批发商库存', status: 0, lineCount: 2, totalQuantity: 30 });
    const done = await call<StockOrderState>(admin, ops.confirm, { orderCode: s.orderCode, version: s.version });
    expect(done).toMatchObject({ status: 1, statusName: '已确认', version: 2 });
    expect(await onHand('wholesaler', fx.skus[0].id)).toBe(w0 + 24);
    expect(await onHand('hub', fx.skus[0].id)).toBe(hub0);
    const moves = await t.db.db
      .selectFrom('stock_movement')
      .select(['location_kind', 'quantity', 'on_hand_before', 'on_hand_after'])
      .where('doc_code', '=', s.orderCode)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => [m.location_kind, Number(m.quantity), Number(m.on_hand_before), Number(m.on_hand_after)])[0]).toEqual([
      'wholesaler',
      24,
      w0,
      w0 + 24,
    ]);
    const detail = await call<StockOrderDetail>(admin, ops.detail, { orderCode: s.orderCode });
    expect(detail.lines[0]).toMatchObject({ onHandBefore: w0, onHandAfter: w0 + 24 });

    // a return beyond the wholesaler's stock is refused naming the wholesaler stock, though the hub may hold more
    const ret = await call<StockOrderState>(admin, ops.create, {
      orderType: 'return',
      counterparty: '退回农夫山泉华东经销商',
      lines: [{ skuId: fx.skus[0].id, quantity: w0 + 25, unitCost: 120 }],
    });
    const before = await counts();
    const refused = await op(admin, ops.confirm, { orderCode: ret.orderCode, version: 1 });
    expect(refused.code).toBe(CODES.conflict);
    expect(refused.msg).toMatch(/^库存不足：.*在「批发商库存」现有/);
    expect(await counts()).toEqual(before);
  });

  it('keeps the books apart: the hub’s orders are not found through the wholesaler’s operations, nor its through the hub’s', async () => {
    const mine = await call<StockOrderState>(admin, ops.create, inbound(12));
    const theirs = await call<StockOrderState>(admin, hub.create, inbound(12));
    const wList = await call<KeysetPage<StockOrderRow>>(admin, ops.list, { pageSize: 100 });
    const codes = wList.list.map((r) => r.orderCode);
    expect(codes).toContain(mine.orderCode);
    expect(codes).not.toContain(theirs.orderCode);
    expect(wList.list.every((r) => r.locationName === '批发商库存')).toBe(true);
    // the demo's hub orders are not among them either
    const hubList = await call<KeysetPage<StockOrderRow>>(admin, hub.list, { pageSize: 100 });
    expect(hubList.list.map((r) => r.orderCode)).toContain(theirs.orderCode);
    expect(hubList.list.map((r) => r.orderCode)).not.toContain(mine.orderCode);
    expect(hubList.list.length).toBeGreaterThan(wList.list.length);

    const before = await counts();
    for (const [a, b] of [
      [ops, theirs],
      [hub, mine],
    ] as const) {
      for (const [o, body] of [
        [a.detail, { orderCode: b.orderCode }],
        [a.update, { ...inbound(), orderCode: b.orderCode, version: b.version }],
        [a.confirm, { orderCode: b.orderCode, version: b.version }],
        [a.cancel, { orderCode: b.orderCode, version: b.version, cancelReason: '走错仓库' }],
        [a.history, { orderCode: b.orderCode }],
      ] as const) {
        expect((await op(admin, o, body)).code, `${o.name} ${b.orderCode}`).toBe(CODES.notFound);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('needs the 批发商库存 · 入库管理 page: a role with the hub’s 入库管理 but without wholesaler-add-list is refused', async () => {
    // take the page away from the non-admin roles that hold it (运营 holds all of section 108 in the demo)
    await t.db.db.deleteFrom('role_menu').where('menu_id', '=', 10804).execute();
    const operator = await t.signIn('operator');
    expect((await op(operator, hub.list, {})).code).toBe(CODES.ok);
    const before = await counts();
    for (const [o, body] of [
      [ops.list, {}],
      [ops.create, inbound()],
      [ops.detail, { orderCode: 'RK0000000000' }],
      [ops.skuOptions, {}],
    ] as const) {
      expect((await op(operator, o, body)).code, o.name).toBe(CODES.forbidden);
    }
    const finance = await t.signIn('finance');
    expect((await op(finance, ops.list, {})).code).toBe(CODES.forbidden);
    expect(await counts()).toEqual(before);
  });
});
