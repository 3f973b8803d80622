import { CODES, type ApiClient } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { frontWarehouseOps, type FrontWarehouseOption, type FrontWarehouseRow } from '@merchant/contracts/stock/front-warehouse';
import {
  frontEntryStockOrderOps as entry,
  frontReturnStockOrderOps as ret,
  hubStockOrderOps as hub,
  type StockOrderDetail,
  type StockOrderRow,
  type StockOrderState,
} from '@merchant/contracts/stock/stock-order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';

// 前置仓 · 入库单 (entrepot-entry-list) and 退货单 (entrepot-returned-list): the stock-order resource on the `front`
// kind with the warehouse picked per order (an enabled one of the merchant) and each page kept to one order type.

describe.each(DIALECTS)('front warehouse stock orders 前置仓 入库单 / 退货单 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  let warehouses: FrontWarehouseOption[];
  let disabledId: number;

  const counts = () =>
    Promise.all(['stock_order', 'stock_order_line', 'stock_movement', 'stock_balance'].map((n) => rowCount(t, n as never)));
  const onHand = async (locationId: number, skuId: number) => {
    const r = await t.db.db
      .selectFrom('stock_balance')
      .select('on_hand')
      .where('location_id', '=', locationId)
      .where('sku_id', '=', skuId)
      .executeTakeFirst();
    return Number(r?.on_hand ?? 0);
  };
  const order = (warehouseId: number | undefined, orderType = 'inbound', quantity = 24) => ({
    orderType,
    warehouseId,
    counterparty: orderType === 'inbound' ? '农夫山泉华东经销商' : '退回农夫山泉华东经销商',
    lines: [
      { skuId: fx.skus[0].id, quantity, unitCost: 120 },
      { skuId: fx.skus[1].id, quantity: 6, unitCost: 800 },
    ],
  });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    fx = await priceFixtures(t, 2);
    other = await registerMerchant(t, '别家前置仓公司', 'fwother', '13700000082');
    warehouses = await call<FrontWarehouseOption[]>(admin, frontWarehouseOps.options, {});
    const d = await t.db.db
      .selectFrom('front_warehouse')
      .select('id')
      .where('merchant_id', '=', fx.merchantId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    disabledId = Number(d.id);
  });
  afterAll(() => t.close());

  it('creates an 入库单 at a picked warehouse and confirms it: that warehouse’s stock moves, the others’ do not', async () => {
    const [a, b] = warehouses;
    const a0 = await onHand(a.locationId, fx.skus[0].id);
    const b0 = await onHand(b.locationId, fx.skus[0].id);
    const s = await call<StockOrderState>(admin, entry.create, order(a.id));
    expect(s.orderCode).toMatch(/^RK\d{10}$/);
    const d = await call<StockOrderDetail>(admin, entry.detail, { orderCode: s.orderCode });
    expect(d).toMatchObject({ locationName: a.name, status: 0, orderType: 'inbound', actions: ['edit', 'confirm', 'cancel'] });
    // edit keeps the warehouse
    const e = await call<StockOrderState>(admin, entry.update, { ...order(undefined), orderCode: s.orderCode, version: 1, remark: '改' });
    expect(e.version).toBe(2);
    const done = await call<StockOrderState>(admin, entry.confirm, { orderCode: s.orderCode, version: 2 });
    expect(done).toMatchObject({ status: 1, version: 3 });
    expect(await onHand(a.locationId, fx.skus[0].id)).toBe(a0 + 24);
    expect(await onHand(b.locationId, fx.skus[0].id)).toBe(b0);
    const m = await t.db.db.selectFrom('stock_movement').select(['location_kind', 'type']).where('doc_code', '=', s.orderCode).execute();
    expect(m.map((x) => [x.location_kind, x.type])).toEqual([
      ['front', 'inbound'],
      ['front', 'inbound'],
    ]);
    // illegal transitions: a confirmed order is neither confirmed again nor edited nor cancelled
    expect((await op(admin, entry.confirm, { orderCode: s.orderCode, version: 3 })).code).toBe(CODES.conflict);
    expect((await op(admin, entry.update, { ...order(undefined), orderCode: s.orderCode, version: 3 })).code).toBe(CODES.conflict);
    expect((await op(admin, entry.cancel, { orderCode: s.orderCode, version: 3, cancelReason: '不要了' })).code).toBe(CODES.conflict);

    // a 退货单 of the same warehouse takes some back; beyond its stock is refused naming the warehouse
    const r = await call<StockOrderState>(admin, ret.create, order(a.id, 'return', 4));
    expect(r.orderCode).toMatch(/^TH\d{10}$/);
    await call(admin, ret.confirm, { orderCode: r.orderCode, version: 1 });
    expect(await onHand(a.locationId, fx.skus[0].id)).toBe(a0 + 20);
    const big = await call<StockOrderState>(admin, ret.create, order(b.id, 'return', b0 + 1));
    const before = await counts();
    const refused = await op(admin, ret.confirm, { orderCode: big.orderCode, version: 1 });
    expect(refused.code).toBe(CODES.conflict);
    expect(refused.msg).toContain(`在「${b.name}」`);
    expect(await counts()).toEqual(before);
  });

  it('lists each page’s type only, with the 前置仓 column and filter', async () => {
    const [a, b] = warehouses;
    const inA = await call<StockOrderState>(admin, entry.create, order(a.id));
    const inB = await call<StockOrderState>(admin, entry.create, order(b.id));
    const retB = await call<StockOrderState>(admin, ret.create, order(b.id, 'return', 1));
    const all = await call<KeysetPage<StockOrderRow>>(admin, entry.list, { pageSize: 100 });
    expect(all.list.every((r) => r.orderType === 'inbound')).toBe(true);
    expect(all.list.map((r) => r.orderCode)).toEqual(expect.arrayContaining([inA.orderCode, inB.orderCode]));
    const onlyA = await call<KeysetPage<StockOrderRow>>(admin, entry.list, { pageSize: 100, warehouseId: a.id });
    expect(onlyA.list.map((r) => r.orderCode)).toContain(inA.orderCode);
    expect(onlyA.list.map((r) => r.orderCode)).not.toContain(inB.orderCode);
    expect(onlyA.list.every((r) => r.locationName === a.name)).toBe(true);
    const returns = await call<KeysetPage<StockOrderRow>>(admin, ret.list, { pageSize: 100 });
    expect(returns.list.map((r) => r.orderCode)).toContain(retB.orderCode);
    expect(returns.list.every((r) => r.orderType === 'return')).toBe(true);
    // the hub's list does not show them
    const hubList = await call<KeysetPage<StockOrderRow>>(admin, hub.list, { pageSize: 100 });
    expect(hubList.list.map((r) => r.orderCode)).not.toContain(inA.orderCode);
    // the other type's filter is refused naming the field
    expect(await op(admin, entry.list, { orderType: 'return' })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining('orderType'),
    });
    // the other page's orders are not found through this page's operations
    for (const [o, body] of [
      [entry.detail, { orderCode: retB.orderCode }],
      [entry.confirm, { orderCode: retB.orderCode, version: 1 }],
      [ret.detail, { orderCode: inA.orderCode }],
      [ret.cancel, { orderCode: inA.orderCode, version: 1, cancelReason: '走错页面' }],
      [hub.detail, { orderCode: inA.orderCode }],
    ] as const)
      expect((await op(admin, o, body)).code, o.name).toBe(CODES.notFound);
  });

  it('refuses a missing, unknown, disabled or foreign warehouse, the other type, and a warehouse on the hub’s orders', async () => {
    const before = await counts();
    const theirs = await call<FrontWarehouseOption[]>(other, frontWarehouseOps.options, {});
    for (const [o, body, msg] of [
      [entry.create, order(undefined), '请选择前置仓（字段：warehouseId）'],
      [entry.create, order(99_999_999), '不存在或不属于本商户（字段：warehouseId）'],
      [entry.create, order(disabledId), '已停用，不能新建单据（字段：warehouseId）'],
      [entry.create, order(warehouses[0].id, 'return'), '本页只有入库单'],
      [ret.create, order(warehouses[0].id, 'inbound'), '本页只有退货单'],
      [entry.create, { ...order(warehouses[0].id), lines: [] }, '请添加商品明细'],
      [entry.create, order(-1), '前置仓'],
      [hub.create, order(warehouses[0].id), '库存中心的单据不选择前置仓'],
    ] as const) {
      expect(await op(admin, o, body), msg).toMatchObject({ code: CODES.badInput, msg: expect.stringContaining(msg) });
    }
    // another merchant cannot use our warehouse (nor see our orders)
    expect(theirs.map((w) => w.id)).not.toContain(warehouses[0].id);
    expect(await op(other, entry.create, order(warehouses[0].id))).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining('不存在或不属于本商户'),
    });
    expect(await counts()).toEqual(before);
    const mine = await call<StockOrderState>(admin, entry.create, order(warehouses[0].id));
    expect((await op(other, entry.detail, { orderCode: mine.orderCode })).code).toBe(CODES.notFound);
    expect((await op(other, entry.confirm, { orderCode: mine.orderCode, version: 1 })).code).toBe(CODES.notFound);
    expect((await call<KeysetPage<StockOrderRow>>(other, entry.list, {})).list).toEqual([]);
  });

  it('carries the version and refuses confirming at a warehouse disabled since', async () => {
    const s = await call<StockOrderState>(admin, entry.create, order(warehouses[2].id));
    expect(await op(admin, entry.confirm, { orderCode: s.orderCode, version: 9 })).toMatchObject({ msg: STALE_VERSION_MESSAGE });
    expect(await op(admin, entry.update, { ...order(undefined), orderCode: s.orderCode, version: 9 })).toMatchObject({
      msg: STALE_VERSION_MESSAGE,
    });
    // an empty warehouse disabled after the order was made: confirming is refused, nothing posted
    // (a new one: the demo's warehouses hold their 期初库存, and a warehouse holding stock cannot be disabled)
    const free = await call<FrontWarehouseRow>(admin, frontWarehouseOps.add, {
      name: '测试新开前置仓',
      ownerName: '周新开',
      ownerPhone: '13800138011',
      province: '上海市',
      city: '上海市',
      district: '静安区',
      address: '南京西路1266号',
    });
    const s2 = await call<StockOrderState>(admin, entry.create, order(free.id));
    const row = await t.db.db.selectFrom('front_warehouse').select('version').where('id', '=', free.id).executeTakeFirstOrThrow();
    const dis = await op(admin, frontWarehouseOps.disable, { id: free.id, version: Number(row.version) });
    expect(dis.code, dis.msg).toBe(CODES.ok);
    const before = await counts();
    expect(await op(admin, entry.confirm, { orderCode: s2.orderCode, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: `前置仓「${free.name}」已停用，不能确认单据：请先启用该前置仓`,
    });
    expect(await counts()).toEqual(before);
  });

  it('needs the page: a role without entrepot-entry-list is refused its operations', async () => {
    await t.db.db.deleteFrom('role_menu').where('menu_id', '=', 12302).execute();
    const operator = await t.signIn('operator');
    for (const [o, body] of [
      [entry.list, {}],
      [entry.create, order(warehouses[0].id)],
      [entry.detail, { orderCode: 'RK0000000000' }],
      [entry.skuOptions, {}],
    ] as const)
      expect((await op(operator, o, body)).code, o.name).toBe(CODES.forbidden);
    const finance = await t.signIn('finance');
    expect((await op(finance, ret.list, {})).code).toBe(CODES.forbidden);
  });
});
