import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  LOCK_ABOVE_STOCK_MESSAGE,
  STOCK_AVAILABILITY,
  cabinetBalanceOps,
  frontBalanceOps,
  hubBalanceOps,
  wholesalerBalanceOps,
  type StockBalanceRow,
  type StockEditResult,
  type StockLocationOption,
} from '@merchant/contracts/stock/stock-balance';
import {
  cabinetMovementOps,
  frontMovementOps,
  stockMovementOps,
  wholesalerMovementOps,
  type StockMovementRow,
} from '@merchant/contracts/stock/stock-movement';
import { wholesaleGoodsStockOps, type WholesaleGoodsStockRow } from '@merchant/contracts/stock/goods-stock';
import { mallSkuOps, type MallSkuRow } from '@merchant/contracts/mall/mall-sku';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { filterSummary } from '../../platform/export/filter-summary.ts';
import { frontBalanceList } from './stock-balance.ops.ts';
import { postMovements } from './stock-ledger.service.ts';

// The balance and movement pages of the location kinds other than the hub (docs/stock.md): 批发商库存 (108: 库存管理,
// 库存编辑, 库存流水), 前置仓 (123: 实时库存, 库存流水 by warehouse), 智能柜库存 (105: 实时库存, 库存流水 by device) — the
// hub's code path bound to each kind's own operation set and page.

describe.each(DIALECTS)('stock of every location kind (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const counts = () => Promise.all((['stock_balance', 'stock_movement', 'stock_location'] as const).map((n) => rowCount(t, n)));
  const wGet = (skuId: number) => call<StockBalanceRow>(admin, wholesalerBalanceOps.get, { skuId });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家批发公司', 'kindsother', '13700000171');
    fx = await priceFixtures(t, 3);
  });
  afterAll(() => t.close());

  it('批发商库存 · 库存编辑: edits the wholesaler stock only; its 库存流水 shows the movements, the hub’s does not', async () => {
    const sku = fx.skus[0].id;
    const hubBefore = await call<StockBalanceRow>(admin, hubBalanceOps.get, { skuId: sku });
    const cur = await wGet(sku);
    const r = await call<StockEditResult>(admin, wholesalerBalanceOps.edit, {
      merchantName: '演示商户',
      goodsId: cur.goodsId,
      skuId: sku,
      skuName: cur.skuName,
      firstChannelName: '批发',
      secondCateName: '饮料',
      stock: cur.onHand + 40,
      lockStock: cur.locked + 4,
      reason: '批发仓盘点',
      version: cur.version,
    });
    expect(r).toMatchObject({ onHand: cur.onHand + 40, locked: cur.locked + 4, version: cur.version + 2, movements: 2 });
    expect(await wGet(sku)).toMatchObject({ locationName: '批发商库存', locationCode: 'WHOLESALE', onHand: cur.onHand + 40 });
    expect(await call<StockBalanceRow>(admin, hubBalanceOps.get, { skuId: sku })).toMatchObject({
      onHand: hubBefore.onHand,
      version: hubBefore.version,
    });
    const list = await call<Paged<StockBalanceRow>>(admin, wholesalerBalanceOps.list, { keyword: fx.skus[0].code });
    expect(list.list.map((x) => x.skuId)).toEqual([sku]);
    const moves = await call<KeysetPage<StockMovementRow>>(admin, wholesalerMovementOps.list, { docCode: r.docCode });
    expect(moves.list.map((m) => m.type).sort()).toEqual(['adjust', 'lock']);
    expect(moves.list[0]).toMatchObject({ locationName: '批发商库存', locationCode: 'WHOLESALE', reason: '批发仓盘点' });
    const hubMoves = await call<KeysetPage<StockMovementRow>>(admin, stockMovementOps.list, { docCode: r.docCode });
    expect(hubMoves.list).toEqual([]);
  });

  it('批发商库存 · 库存编辑 refuses bad input, a stale version, another merchant and a role without the page', async () => {
    const sku = fx.skus[1].id;
    const cur = await wGet(sku);
    const before = await counts();
    const edit = (patch: Record<string, unknown>, client = admin) =>
      op(client, wholesalerBalanceOps.edit, { skuId: sku, stock: 5, lockStock: 1, reason: '修正', version: cur.version, ...patch });
    const missing = await edit({ lockStock: undefined });
    expect(missing.code).toBe(CODES.badInput);
    expect(missing.msg).toContain('锁定库存');
    expect(await edit({ stock: 2, lockStock: 3 })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining(LOCK_ABOVE_STOCK_MESSAGE),
    });
    expect((await edit({ stock: -1 })).code).toBe(CODES.badInput);
    expect((await edit({ reason: ' ' })).code).toBe(CODES.badInput);
    expect(await edit({ version: cur.version + 7 })).toMatchObject({ code: CODES.conflict, msg: STALE_VERSION_MESSAGE });
    expect((await edit({}, other)).code).toBe(CODES.notFound);
    expect((await op(other, wholesalerBalanceOps.get, { skuId: sku })).code).toBe(CODES.notFound);
    expect((await call<Paged<StockBalanceRow>>(other, wholesalerBalanceOps.list, {})).total).toBe(0);
    expect((await call<KeysetPage<StockMovementRow>>(other, wholesalerMovementOps.list, {})).list).toEqual([]);
    expect((await edit({ merchantId: fx.merchantId + 999 })).code).toBe(CODES.forbidden);
    const finance = await t.signIn('finance');
    for (const o of [wholesalerBalanceOps.list, wholesalerBalanceOps.get, wholesalerMovementOps.list]) {
      expect((await op(finance, o, { skuId: sku })).code, o.name).toBe(CODES.forbidden);
    }
    expect((await edit({}, finance)).code).toBe(CODES.forbidden);
    expect(await counts()).toEqual(before);
  });

  it('front warehouses · 实时库存 / 库存流水: a 前置仓 column and filter; bad filters named; another merchant sees none', async () => {
    const locations = await call<StockLocationOption[]>(admin, frontBalanceOps.locations, {});
    expect(locations.length).toBeGreaterThanOrEqual(2);
    const [a, b] = locations;
    const atA = async (skuId: number) => {
      const code = fx.skus.find((k) => k.id === skuId)!.code;
      const p = await call<Paged<StockBalanceRow>>(admin, frontBalanceOps.list, { locationId: a.locationId, keyword: code });
      return p.list.find((r) => r.skuId === skuId)?.onHand ?? 0;
    };
    const before = [await atA(fx.skus[0].id), await atA(fx.skus[1].id)];
    // stock the two warehouses through the ledger (their 入库单 pages are another slice)
    await t.db.db.transaction().execute((trx) =>
      postMovements(trx, { merchantId: fx.merchantId, operatorId: 0, operatorName: '测试', now: Date.now() }, [
        { locationId: a.locationId, skuId: fx.skus[0].id, type: 'inbound', quantity: 12, docType: 'inbound', docCode: 'RK9900000001' },
        { locationId: a.locationId, skuId: fx.skus[1].id, type: 'inbound', quantity: 6, docType: 'inbound', docCode: 'RK9900000001' },
        { locationId: b.locationId, skuId: fx.skus[0].id, type: 'inbound', quantity: 3, docType: 'inbound', docCode: 'RK9900000002' },
      ]),
    );
    expect([await atA(fx.skus[0].id), await atA(fx.skus[1].id)]).toEqual([before[0] + 12, before[1] + 6]);
    const all = await call<Paged<StockBalanceRow>>(admin, frontBalanceOps.list, { pageSize: 100 });
    expect(all.list.every((r) => locations.some((l) => l.locationId === r.locationId))).toBe(true);
    const ofA = await call<Paged<StockBalanceRow>>(admin, frontBalanceOps.list, { locationId: a.locationId, pageSize: 100 });
    expect(ofA.total).toBeGreaterThanOrEqual(2);
    expect(ofA.list.every((r) => r.locationId === a.locationId && r.locationName === a.name && r.locationCode === a.code)).toBe(true);
    expect(new Set(all.list.map((r) => r.locationId)).size).toBeGreaterThan(1);
    const movesB = await call<KeysetPage<StockMovementRow>>(admin, frontMovementOps.list, { locationId: b.locationId });
    expect(movesB.list.every((m) => m.locationId === b.locationId && m.locationName === b.name)).toBe(true);
    expect(movesB.list[0]).toMatchObject({ quantity: 3, docCode: 'RK9900000002' });
    // the hub's and the wholesaler's lists do not show front stock
    expect((await call<KeysetPage<StockMovementRow>>(admin, wholesalerMovementOps.list, { docCode: 'RK9900000002' })).list).toEqual([]);
    expect((await op(admin, frontBalanceOps.list, { locationId: 'x' })).msg).toContain('库存位置');
    expect((await op(admin, frontMovementOps.list, { locationId: -1 })).code).toBe(CODES.badInput);
    // another merchant's location id finds nothing
    expect((await call<Paged<StockBalanceRow>>(other, frontBalanceOps.list, { locationId: a.locationId })).total).toBe(0);
    expect((await call<KeysetPage<StockMovementRow>>(other, frontMovementOps.list, { locationId: b.locationId })).list).toEqual([]);
    expect(await call<StockLocationOption[]>(other, frontBalanceOps.locations, {})).toEqual([]);
    // the 导出文件 summary names coded filters in words
    expect(filterSummary({ availability: 'low', keyword: '矿泉水' }, frontBalanceList.export)).toBe(
      `可用库存：${STOCK_AVAILABILITY.low}；SKU关键词：矿泉水`,
    );
    // the export carries the 前置仓 column and the filter
    const file = await exportList(admin, frontBalanceOps.list, { locationId: a.locationId });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') {
      const rows = sheetRows(file.workbook);
      const header = rows.findIndex((r) => r[0] === '前置仓');
      expect(header).toBeGreaterThanOrEqual(0);
      expect(rows.slice(header + 1).length).toBe(ofA.total);
      expect(rows.slice(header + 1).every((r) => r[0] === a.name)).toBe(true);
    }
  });

  it('cabinets · 实时库存 / 库存流水: one row per slot with 设备 / 货道, filtered by device (the demo’s 期初库存)', async () => {
    const devices = await call<StockLocationOption[]>(admin, cabinetBalanceOps.locations, {});
    expect(devices.length).toBeGreaterThan(0);
    const d = devices[0];
    expect(d).toMatchObject({ locationId: 0, code: d.deviceCode });
    const slots = await call<Paged<StockBalanceRow>>(admin, cabinetBalanceOps.list, { deviceCode: d.deviceCode, pageSize: 100 });
    expect(slots.total).toBeGreaterThan(0);
    for (const r of slots.list) {
      expect(r.deviceCode).toBe(d.deviceCode);
      expect(r.locationCode).toBe(`${d.deviceCode}-${r.slotNo}`);
    }
    const moves = await call<KeysetPage<StockMovementRow>>(admin, cabinetMovementOps.list, { deviceCode: d.deviceCode, pageSize: 100 });
    expect(moves.list.length).toBeGreaterThan(0);
    expect(moves.list.every((m) => m.deviceCode === d.deviceCode)).toBe(true);
    // the 期初库存 is there (the demo's stocktakes and replenishments move some slots after it)
    expect(moves.list.some((m) => m.docType === 'seed')).toBe(true);
    const oneSlot = slots.list[0];
    const bySlot = await call<Paged<StockBalanceRow>>(admin, cabinetBalanceOps.list, { locationId: oneSlot.locationId });
    expect(bySlot.list.map((r) => r.locationId)).toEqual(bySlot.list.map(() => oneSlot.locationId));
    expect((await op(admin, cabinetBalanceOps.list, { deviceCode: 'X'.repeat(21) })).msg).toContain('设备编号');
    expect((await call<Paged<StockBalanceRow>>(other, cabinetBalanceOps.list, { deviceCode: d.deviceCode })).total).toBe(0);
    expect((await call<KeysetPage<StockMovementRow>>(other, cabinetMovementOps.list, { deviceCode: d.deviceCode })).list).toEqual([]);
  });

  it('批发库存 (goodsstock-lists): the wholesaler stock by goods — SKUs, sums, low count; filters; export; permissions', async () => {
    const sku = fx.skus[2];
    const cur = await wGet(sku.id);
    await call(admin, wholesalerBalanceOps.edit, {
      skuId: sku.id,
      stock: cur.onHand + 7,
      lockStock: cur.locked,
      reason: '到货',
      version: cur.version,
    });
    const page = await call<Paged<WholesaleGoodsStockRow>>(admin, wholesaleGoodsStockOps.list, { keyword: sku.code });
    const goods = page.list.find((g) => g.goodsId === cur.goodsId)!;
    expect(goods).toBeDefined();
    const line = goods.skus.find((k) => k.skuId === sku.id)!;
    expect(line).toMatchObject({ onHand: cur.onHand + 7, available: cur.available + 7 });
    expect(goods.skuCount).toBe(goods.skus.length);
    expect(goods.onHand).toBe(goods.skus.reduce((a, k) => a + k.onHand, 0));
    expect(goods.available).toBe(goods.skus.reduce((a, k) => a + k.available, 0));
    expect(goods.lowSkuCount).toBe(goods.skus.filter((k) => k.available < 10).length);
    const held = await call<Paged<WholesaleGoodsStockRow>>(admin, wholesaleGoodsStockOps.list, { held: true, pageSize: 100 });
    expect(held.list.length).toBeGreaterThan(0);
    expect(held.list.every((g) => g.onHand > 0)).toBe(true);
    const sorted = await call<Paged<WholesaleGoodsStockRow>>(admin, wholesaleGoodsStockOps.list, {
      sortField: 'onHand',
      sortOrder: 'descend',
    });
    expect(sorted.list.map((g) => g.onHand)).toEqual([...sorted.list.map((g) => g.onHand)].sort((a, b) => b - a));
    expect((await op(admin, wholesaleGoodsStockOps.list, { sortField: 'skuName' })).code).toBe(CODES.badInput);
    expect((await op(admin, wholesaleGoodsStockOps.list, { categoryId: 'abc' })).msg).toContain('商品分类');
    expect((await call<Paged<WholesaleGoodsStockRow>>(other, wholesaleGoodsStockOps.list, { keyword: sku.code })).total).toBe(0);
    const finance = await t.signIn('finance');
    expect((await op(finance, wholesaleGoodsStockOps.list, {})).code).toBe(CODES.forbidden);
    const file = await exportList(admin, wholesaleGoodsStockOps.list, { keyword: sku.code });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') {
      const rows = sheetRows(file.workbook);
      expect(rows.some((r) => r[0] === goods.goodsCode)).toBe(true);
    }
  });

  it('the wholesale mall SKU list shows the wholesaler stock’s 可用 of the goods SKU with the same barcode', async () => {
    const pair = await t.db.db
      .selectFrom('mall_goods_sku as k')
      .innerJoin('goods_sku as g', (j) => j.onRef('g.barcode', '=', 'k.barcode').onRef('g.merchant_id', '=', 'k.merchant_id'))
      .select(['k.id as mall_sku_id', 'k.barcode', 'g.id as sku_id'])
      .where('k.merchant_id', '=', fx.merchantId)
      .where('k.deleted_at', 'is', null)
      .where('g.deleted_at', 'is', null)
      .orderBy('k.id')
      .executeTakeFirstOrThrow();
    const cur = await wGet(Number(pair.sku_id));
    await call(admin, wholesalerBalanceOps.edit, {
      skuId: Number(pair.sku_id),
      stock: cur.onHand + 30,
      lockStock: cur.locked + 5,
      reason: '批发备货',
      version: cur.version,
    });
    const page = await call<KeysetPage<MallSkuRow>>(admin, mallSkuOps.list, { keyword: pair.barcode });
    const row = page.list.find((r) => r.mallSkuId === Number(pair.mall_sku_id))!;
    expect(row.wholesaleStock).toBe(cur.available + 25);
    expect((await call<MallSkuRow>(admin, mallSkuOps.detail, { mallSkuId: Number(pair.mall_sku_id) })).wholesaleStock).toBe(
      cur.available + 25,
    );
  });

  it('each kind’s pages are their own grant: a role without them is refused', async () => {
    const finance = await t.signIn('finance');
    for (const o of [
      frontBalanceOps.list,
      frontBalanceOps.locations,
      frontMovementOps.list,
      cabinetBalanceOps.list,
      cabinetMovementOps.list,
    ]) {
      expect((await op(finance, o, {})).code, o.name).toBe(CODES.forbidden);
    }
    // 运营 holds sections 105, 108 and 123; without the wholesaler's 库存管理 / 库存流水 pages it keeps the hub's
    await t.db.db.deleteFrom('role_menu').where('menu_id', 'in', [10802, 10803, 10501]).execute();
    const operator = await t.signIn('operator');
    expect((await op(operator, hubBalanceOps.list, {})).code).toBe(CODES.ok);
    for (const o of [wholesalerBalanceOps.list, wholesalerBalanceOps.edit, wholesalerMovementOps.list, cabinetBalanceOps.list]) {
      expect((await op(operator, o, {})).code, o.name).toBe(CODES.forbidden);
    }
    expect((await op(operator, cabinetMovementOps.list, {})).code).toBe(CODES.ok);
    expect((await op(operator, cabinetBalanceOps.locations, {})).code).toBe(CODES.ok);
  });
});
