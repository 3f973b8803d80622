import {
  cabinetPriceGoodsOps,
  type CabinetPriceGoodsRow,
  type CabinetPriceRow,
} from '@merchant/contracts/cabinet-goods/cabinet-price-goods';
import { deviceGoodsOps, type DeviceGoodsRow } from '@merchant/contracts/cabinet-goods/device-goods';
import { goodsInsightOps, similarGoodsOps, type OptimizeRow, type SimilarGoodsRow } from '@merchant/contracts/cabinet-goods/goods-insight';
import { myGoodsOps, type MyGoodsContainer, type MyGoodsRow } from '@merchant/contracts/cabinet-goods/my-goods';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { priceSheetOps, type QuoteRow } from '@merchant/contracts/price/price-sheet';
import { adjustmentOps } from '@merchant/contracts/price/price-adjustment';
import { templateOps } from '@merchant/contracts/cabinet-goods/template';
import { APPROVAL_PDF_PATH, approvalOps, type ApprovalRow } from '@merchant/contracts/goods/approval';
import { goodsOps, type AdoptableRow } from '@merchant/contracts/goods/goods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';

describe.each(DIALECTS)('cabinet goods views (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let finance: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家柜品公司', 'cabviewboss', '13700000092');
    finance = await t.signIn('finance');
  });
  afterAll(async () => {
    await t.close();
  });

  it('设备商品: the demo cabinets’ slots, by device then slot, with filters and the cabinet price', async () => {
    const page = await call<Paged<DeviceGoodsRow>>(admin, deviceGoodsOps.list, { pageSize: 40 });
    expect(page.total).toBeGreaterThanOrEqual(50);
    const first = page.list[0];
    const mine = page.list.filter((r) => r.deviceCode === first.deviceCode);
    expect(mine.slice(0, 3).map((r) => r.slotNo)).toEqual(['1-1', '1-2', '1-3']);
    expect(page.list.every((r) => r.parLevel <= r.capacity && r.price > 0)).toBe(true);
    const one = await call<Paged<DeviceGoodsRow>>(admin, deviceGoodsOps.list, { deviceCode: first.deviceCode, pageSize: 200 });
    expect(one.list.every((r) => r.deviceCode === first.deviceCode)).toBe(true);
    const byModel = await call<Paged<DeviceGoodsRow>>(admin, deviceGoodsOps.list, { modelCode: 'XS-S1-C', pageSize: 10 });
    expect(byModel.list.every((r) => r.modelName === '单门冷藏柜')).toBe(true);
    expect(await op(admin, deviceGoodsOps.list, { sortField: 'price' })).toMatchObject({ code: CODES.badInput });
    expect((await call<Paged<DeviceGoodsRow>>(other, deviceGoodsOps.list)).total).toBe(0);
    expect((await op(finance, deviceGoodsOps.list)).code).toBe(CODES.forbidden);
  });

  it('exports 设备商品 with the filters', async () => {
    const code = (await call<Paged<DeviceGoodsRow>>(admin, deviceGoodsOps.list, { pageSize: 1 })).list[0].deviceCode;
    const page = await call<Paged<DeviceGoodsRow>>(admin, deviceGoodsOps.list, { deviceCode: code, pageSize: 200 });
    const file = await exportList(admin, deviceGoodsOps.list, { deviceCode: code });
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '设备编号');
    expect(rows[header]).toContain('货道');
    expect(rows.length - header - 1).toBe(page.total);
    expect(rows.slice(header + 1).every((r) => r[0] === code)).toBe(true);
  });

  it('exports 商品模板, 模板商品, 我的商品 and 柜价商品 with the rows the lists show', async () => {
    for (const [o, body, first] of [
      [templateOps.list, {}, '模板编号'],
      [templateOps.goods, { modelCode: 'XS-S1-N' }, '模板编号'],
      [myGoodsOps.list, { carried: 1 }, '商品编码'],
      [cabinetPriceGoodsOps.list, {}, 'SKU编码'],
    ] as const) {
      const page = await call<Paged<unknown>>(admin, o, { ...body, pageSize: 1 });
      const file = await exportList(admin, o, body);
      if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
      const rows = sheetRows(file.workbook);
      const header = rows.findIndex((r) => r[0] === first);
      expect(header, o.name).toBeGreaterThanOrEqual(0);
      expect(rows.length - header - 1, o.name).toBe(page.total);
    }
  });

  it('我的商品: goods with their cabinet counts; container-list shows where one is sold', async () => {
    const carried = await call<Paged<MyGoodsRow>>(admin, myGoodsOps.list, { carried: 1, sortField: 'cabinetCount', pageSize: 20 });
    expect(carried.total).toBeGreaterThan(0);
    expect(carried.list.every((r) => r.cabinetCount > 0 && r.slotCount >= r.cabinetCount)).toBe(true);
    const counts = carried.list.map((r) => r.cabinetCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const none = await call<Paged<MyGoodsRow>>(admin, myGoodsOps.list, { carried: 2, pageSize: 5 });
    expect(none.list.every((r) => r.cabinetCount === 0)).toBe(true);
    const all = await call<Paged<MyGoodsRow>>(admin, myGoodsOps.list, { pageSize: 1 });
    expect(all.total).toBe(carried.total + none.total);
    const g = carried.list[0];
    const c = await call<Paged<MyGoodsContainer> & { goodsName: string }>(admin, myGoodsOps.containers, {
      goodsId: g.goodsId,
      pageSize: 100,
    });
    expect(c.goodsName).toBe(g.name);
    expect(c.total).toBe(g.cabinetCount);
    expect(c.list.reduce((n, r) => n + r.slots.length, 0)).toBe(g.slotCount);
    expect(c.list.every((r) => r.minPrice > 0 && r.minPrice <= r.maxPrice)).toBe(true);
    expect(await op(admin, myGoodsOps.list, { carried: 3 })).toMatchObject({
      code: CODES.badInput,
      msg: '铺货情况不正确（字段：carried）',
    });
    expect(await op(admin, myGoodsOps.containers, { goodsId: 'x' })).toMatchObject({ code: CODES.badInput });
    expect((await op(other, myGoodsOps.containers, { goodsId: g.goodsId })).code).toBe(CODES.notFound);
    expect((await op(finance, myGoodsOps.list)).code).toBe(CODES.forbidden);
  });

  it('柜价商品: SKUs on cabinets with the price range; the per-cabinet prices of chosen SKUs', async () => {
    const page = await call<Paged<CabinetPriceGoodsRow>>(admin, cabinetPriceGoodsOps.list, { pageSize: 10, sortField: 'cabinetCount' });
    expect(page.total).toBeGreaterThan(0);
    const [a, b] = page.list;
    expect(a.cabinetCount).toBeGreaterThanOrEqual(b.cabinetCount);
    expect(a.minPrice).toBeLessThanOrEqual(a.maxPrice);
    const prices = await call<Paged<CabinetPriceRow>>(admin, cabinetPriceGoodsOps.prices, {
      skuIds: `${a.skuId},${b.skuId}`,
      pageSize: 200,
    });
    expect(prices.total).toBe(a.cabinetCount + b.cabinetCount);
    expect(prices.list.every((r) => r.slots.length > 0 && r.price > 0)).toBe(true);
    // Each cabinet price is the one resolver's answer for that SKU at that cabinet (the seed has cabinet overrides).
    const quoted = await call<QuoteRow[]>(admin, priceSheetOps.quote, {
      items: prices.list.map((r) => ({ skuId: r.skuId, deviceCode: r.deviceCode })),
    });
    expect(prices.list.map((r) => r.price)).toEqual(quoted.map((q) => q.priceCents));
    // A cabinet price set by an adjustment order shows on that cabinet's row and no other.
    const target = prices.list[0];
    const newPrice = target.price + 7;
    await call(admin, adjustmentOps.quick, {
      scopeType: 'cabinet',
      effectiveMode: 'now',
      reason: '单柜调价',
      lines: [{ skuId: target.skuId, scopeKey: target.deviceCode, newPrice }],
    });
    const after = await call<Paged<CabinetPriceRow>>(admin, cabinetPriceGoodsOps.prices, {
      skuIds: `${a.skuId},${b.skuId}`,
      pageSize: 200,
    });
    const key = (r: CabinetPriceRow) => `${r.deviceCode}:${r.skuId}`;
    const moved = after.list.filter((r) => r.price !== prices.list.find((p) => key(p) === key(r))?.price);
    expect(moved.map((r) => [key(r), r.price])).toEqual([[key(target), newPrice]]);
    expect(await op(admin, cabinetPriceGoodsOps.prices, { skuIds: '1,,2' })).toMatchObject({
      code: CODES.badInput,
      msg: 'SKU不正确（字段：skuIds）',
    });
    expect((await call<Paged<CabinetPriceRow>>(other, cabinetPriceGoodsOps.prices, { skuIds: String(a.skuId) })).total).toBe(0);
    expect((await op(finance, cabinetPriceGoodsOps.list)).code).toBe(CODES.forbidden);
  });

  it('相似商品: same category, brand or leading name word, never the goods itself', async () => {
    const g = (await call<Paged<MyGoodsRow>>(admin, myGoodsOps.list, { pageSize: 1 })).list[0];
    const empty = await call<{ goods: null; total: number }>(admin, similarGoodsOps.list, {});
    expect(empty).toMatchObject({ goods: null, total: 0 });
    let compared = 0;
    for (const basis of ['category', 'brand', 'name'] as const) {
      const r = await call<Paged<SimilarGoodsRow> & { goods: { goodsId: number } }>(admin, similarGoodsOps.list, {
        goodsId: g.goodsId,
        basis,
        pageSize: 50,
      });
      expect(r.goods.goodsId).toBe(g.goodsId);
      expect(r.list.every((x) => x.goodsId !== g.goodsId)).toBe(true);
      if (basis === 'category') expect(r.list.every((x) => x.categoryPath === g.categoryPath)).toBe(true);
      if (basis === 'brand') expect(r.list.every((x) => x.brand === g.brand)).toBe(true);
      // each row carries what 我的商品 shows of the goods (the container-list link's storage style, status and SPU)
      const mine = await call<Paged<MyGoodsRow>>(admin, myGoodsOps.list, { pageSize: 200 });
      for (const x of r.list) {
        const m = mine.list.find((y) => y.goodsId === x.goodsId);
        if (!m) continue;
        compared++;
        expect({ storageStyle: x.storageStyle, status: x.status, spuId: x.spuId }).toEqual({
          storageStyle: m.storageStyle,
          status: m.status,
          spuId: m.spuId,
        });
      }
    }
    expect(compared).toBeGreaterThan(0);
    expect(await op(admin, similarGoodsOps.list, { goodsId: g.goodsId, basis: 'colour' })).toMatchObject({
      code: CODES.badInput,
      msg: '相似依据不正确（字段：basis）',
    });
    expect((await op(other, similarGoodsOps.list, { goodsId: g.goodsId })).code).toBe(CODES.notFound);
    expect((await call<unknown[]>(admin, similarGoodsOps.goodsOptions, { keyword: g.name.slice(0, 2) })).length).toBeGreaterThan(0);
  });

  it('热销商品 and 商品优化 say honestly what they cannot know yet; 空货道 come from device goods', async () => {
    const hot = await call<{ available: boolean; reason: string; total: number }>(admin, goodsInsightOps.hot, {});
    expect(hot).toMatchObject({ available: false, total: 0 });
    expect(hot.reason).toContain('订单');
    const empty = await call<Paged<OptimizeRow> & { available: boolean }>(admin, goodsInsightOps.optimize, {
      kind: 'empty',
      pageSize: 200,
    });
    expect(empty.available).toBe(true);
    // the demo templates leave the last slot of the top layer empty
    expect(empty.list.some((r) => r.slotNo !== '全部' && r.templateCode !== '')).toBe(true);
    // cabinets of models without a template have no goods at all
    expect(empty.list.some((r) => r.slotNo === '全部')).toBe(true);
    const below = await call<{ available: boolean; reason: string }>(admin, goodsInsightOps.optimize, { kind: 'below' });
    expect(below.available).toBe(false);
    expect(below.reason).toContain('库存');
    expect(await op(admin, goodsInsightOps.optimize, { kind: 'x' })).toMatchObject({
      code: CODES.badInput,
      msg: '优化类型不正确（字段：kind）',
    });
    expect((await call<Paged<OptimizeRow>>(other, goodsInsightOps.optimize, {})).total).toBe(0);
    expect((await op(finance, goodsInsightOps.hot)).code).toBe(CODES.forbidden);
  });

  it('公共商品库 and 新品申请 (with its PDF) of section 129 reach the goods module’s operations with their own anchors', async () => {
    // 财务 holds neither the goods section (102) nor 商户商品 (129)
    expect((await op(finance, goodsOps.adoptable)).code).toBe(CODES.forbidden);
    expect((await op(finance, approvalOps.list)).code).toBe(CODES.forbidden);
    const anyCode = (await call<Paged<ApprovalRow>>(admin, approvalOps.list, { pageSize: 1 })).list[0].approvalCode;
    expect(await finance.envelope({ method: 'GET', path: APPROVAL_PDF_PATH, query: { approvalCode: anyCode } })).toMatchObject({
      code: CODES.forbidden,
    });
    const role = await t.db.db.selectFrom('role').select('id').where('name', '=', '财务').orderBy('id').executeTakeFirstOrThrow();
    const menus = [129, 12901, 12910];
    await t.db.db
      .insertInto('role_menu')
      .values(menus.map((menu_id) => ({ role_id: role.id, menu_id })))
      .execute();
    try {
      const adoptable = await call<Paged<{ standardProductId: number }>>(finance, goodsOps.adoptable, { pageSize: 5 });
      expect(adoptable.total).toBeGreaterThan(0);
      const applications = await call<Paged<ApprovalRow>>(finance, approvalOps.list, { pageSize: 5 });
      expect(applications.total).toBeGreaterThan(0);
      // marchant-apply-detail-pdf: the printable application the server renders, by the same anchor
      const pdf = await finance.send({
        method: 'GET',
        path: APPROVAL_PDF_PATH,
        query: { approvalCode: applications.list[0].approvalCode },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // only those: the goods list itself stays the goods section's
      expect((await op(finance, goodsOps.list)).code).toBe(CODES.forbidden);
      expect((await op(finance, myGoodsOps.list)).code).toBe(CODES.forbidden);
    } finally {
      await t.db.db.deleteFrom('role_menu').where('role_id', '=', role.id).where('menu_id', 'in', menus).execute();
    }
  });

  /** The data rows of an exported sheet (after the header row whose first cell is `first`). */
  async function exported(client: ApiClient, o: { name: string }, body: Record<string, unknown>, first: string) {
    const file = await exportList(client, o.name, body);
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === first);
    expect(header, o.name).toBeGreaterThanOrEqual(0);
    return { header: rows[header], rows: rows.slice(header + 1) };
  }

  it('exports 相似商品, 商品优化, 热销商品, 铺货设备, 商品柜价 and 公共商品库 with the filter and sort the list shows', async () => {
    const g = (await call<Paged<MyGoodsRow>>(admin, myGoodsOps.list, { carried: 1, sortField: 'cabinetCount', pageSize: 1 })).list[0];
    // 相似商品 by 商品编码 ascending: the export has the list's rows in the list's order
    const simBody = { goodsId: g.goodsId, basis: 'category', sortField: 'goodsCode', sortOrder: 'ascend' };
    const sim = await call<Paged<SimilarGoodsRow>>(admin, similarGoodsOps.list, { ...simBody, pageSize: 200 });
    expect(sim.total).toBeGreaterThan(1);
    const codes = sim.list.map((r) => r.goodsCode);
    expect(codes).toEqual([...codes].sort());
    const simSheet = await exported(admin, similarGoodsOps.list, simBody, '商品编码');
    expect(simSheet.rows.map((r) => r[0])).toEqual(codes);
    expect(simSheet.header).toContain('相似依据');
    // 铺货设备数 descending on the page
    const byCount = await call<Paged<SimilarGoodsRow>>(admin, similarGoodsOps.list, {
      ...simBody,
      sortField: 'cabinetCount',
      sortOrder: 'descend',
    });
    const counts = byCount.list.map((r) => r.cabinetCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // 商品优化 空货道 of one cabinet, device code descending
    const opt = await call<Paged<OptimizeRow>>(admin, goodsInsightOps.optimize, {
      kind: 'empty',
      pageSize: 200,
      sortField: 'deviceCode',
      sortOrder: 'descend',
    });
    const devs = opt.list.map((r) => r.deviceCode);
    expect(devs).toEqual([...devs].sort().reverse());
    const one = opt.list[0].deviceCode;
    const optOne = await call<Paged<OptimizeRow>>(admin, goodsInsightOps.optimize, { kind: 'empty', deviceCode: one, pageSize: 200 });
    const optSheet = await exported(admin, goodsInsightOps.optimize, { kind: 'empty', deviceCode: one }, '设备编号');
    expect(optSheet.rows.length).toBe(optOne.total);
    expect(optSheet.rows.every((r) => String(r[0]).includes(one))).toBe(true);
    expect(optSheet.rows.map((r) => r[3])).toEqual(optOne.list.map((r) => r.slotNo));
    // 低于标准库存 cannot be known yet: an empty sheet, not made-up rows
    expect((await exported(admin, goodsInsightOps.optimize, { kind: 'below' }, '设备编号')).rows).toEqual([]);
    // 热销商品: paged and sorted on the server, honestly empty (no orders yet) on the page and in the sheet
    const hot = await call<Paged<unknown> & { available: boolean }>(admin, goodsInsightOps.hot, {
      pageNum: 2,
      pageSize: 5,
      sortField: 'salesAmount',
      sortOrder: 'ascend',
    });
    expect(hot).toMatchObject({ available: false, total: 0, pageNum: 2, pageSize: 5, list: [] });
    expect((await exported(admin, goodsInsightOps.hot, { sortField: 'soldQty' }, '商品名称')).rows).toEqual([]);
    // 铺货设备 of the goods, by device name
    const cBody = { goodsId: g.goodsId, sortField: 'deviceName', sortOrder: 'ascend' };
    const cont = await call<Paged<MyGoodsContainer>>(admin, myGoodsOps.containers, { ...cBody, pageSize: 200 });
    const names = cont.list.map((r) => r.deviceName);
    expect(names).toEqual([...names].sort());
    const cSheet = await exported(admin, myGoodsOps.containers, cBody, '设备编号');
    expect(cSheet.rows.map((r) => r[0])).toEqual(cont.list.map((r) => r.deviceCode));
    expect(cSheet.rows.map((r) => r[4])).toEqual(cont.list.map((r) => r.slots.join('、')));
    // 商品柜价 of two SKUs, filtered by a device name, device code descending
    const skus = (await call<Paged<CabinetPriceGoodsRow>>(admin, cabinetPriceGoodsOps.list, { pageSize: 2, sortField: 'cabinetCount' }))
      .list;
    const pBody = { skuIds: skus.map((r) => r.skuId).join(','), sortField: 'deviceCode', sortOrder: 'descend' };
    const pr = await call<Paged<CabinetPriceRow>>(admin, cabinetPriceGoodsOps.prices, { ...pBody, pageSize: 200 });
    const pSheet = await exported(admin, cabinetPriceGoodsOps.prices, pBody, '设备编号');
    expect(pSheet.rows.map((r) => `${String(r[0])}:${String(r[3])}`)).toEqual(pr.list.map((r) => `${r.deviceCode}:${r.skuCode}`));
    expect(pSheet.rows.map((r) => Number(r[7]))).toEqual(pr.list.map((r) => r.price / 100));
    const word = pr.list[0].deviceName.slice(0, 2);
    const prWord = await call<Paged<CabinetPriceRow>>(admin, cabinetPriceGoodsOps.prices, { ...pBody, deviceName: word, pageSize: 200 });
    expect((await exported(admin, cabinetPriceGoodsOps.prices, { ...pBody, deviceName: word }, '设备编号')).rows.length).toBe(prWord.total);
    // 公共商品库 by 商品编号 ascending, with a keyword
    const all = await call<Paged<AdoptableRow>>(admin, goodsOps.adoptable, { sortField: 'goodsNo', sortOrder: 'ascend', pageSize: 200 });
    expect(all.total).toBeGreaterThan(0);
    const nos = all.list.map((r) => r.goodsNo);
    expect(nos).toEqual([...nos].sort());
    const aSheet = await exported(admin, goodsOps.adoptable, { sortField: 'goodsNo', sortOrder: 'ascend' }, '商品编号');
    expect(aSheet.rows.map((r) => r[0])).toEqual(nos);
    const kw = all.list[0].name.slice(0, 2);
    const some = await call<Paged<AdoptableRow>>(admin, goodsOps.adoptable, { keyword: kw, pageSize: 200 });
    expect((await exported(admin, goodsOps.adoptable, { keyword: kw }, '商品编号')).rows.length).toBe(some.total);
  });

  it('the new exports and sorts refuse bad input, a role without the page, and another merchant’s goods', async () => {
    const g = (await call<Paged<MyGoodsRow>>(admin, myGoodsOps.list, { carried: 1, pageSize: 1 })).list[0];
    const sku = (await call<Paged<CabinetPriceGoodsRow>>(admin, cabinetPriceGoodsOps.list, { pageSize: 1 })).list[0];
    // sort fields are allow-listed
    for (const [o, body] of [
      [goodsInsightOps.hot, { sortField: 'skuName' }],
      [goodsInsightOps.optimize, { sortField: 'slotNo' }],
      [similarGoodsOps.list, { goodsId: g.goodsId, sortField: 'name' }],
      [myGoodsOps.containers, { goodsId: g.goodsId, sortField: 'capacity' }],
      [cabinetPriceGoodsOps.prices, { skuIds: String(sku.skuId), sortField: 'price' }],
      [goodsOps.adoptable, { sortField: 'name' }],
    ] as const) {
      expect(await op(admin, o, body), o.name).toMatchObject({ code: CODES.badInput });
      const file = await exportList(admin, o, body);
      expect(file.kind === 'json' && file.envelope.code, o.name).toBe(CODES.badInput);
    }
    const bad = await exportList(admin, similarGoodsOps.list, { goodsId: g.goodsId, basis: 'colour' });
    expect(bad.kind === 'json' && bad.envelope.msg).toBe('相似依据不正确（字段：basis）');
    // 财务 holds none of these pages: neither the list nor its export
    for (const [o, body] of [
      [goodsInsightOps.hot, {}],
      [goodsInsightOps.optimize, {}],
      [similarGoodsOps.list, { goodsId: g.goodsId }],
      [myGoodsOps.containers, { goodsId: g.goodsId }],
      [cabinetPriceGoodsOps.prices, { skuIds: String(sku.skuId) }],
      [goodsOps.adoptable, {}],
    ] as const) {
      expect((await op(finance, o, body)).code, o.name).toBe(CODES.forbidden);
      const file = await exportList(finance, o, body);
      expect(file.kind === 'json' && file.envelope.code, o.name).toBe(CODES.forbidden);
    }
    // another merchant: the goods is not found, its cabinets and prices are invisible
    const sim = await exportList(other, similarGoodsOps.list, { goodsId: g.goodsId });
    expect(sim.kind === 'json' && sim.envelope.code).toBe(CODES.notFound);
    expect((await exported(other, myGoodsOps.containers, { goodsId: g.goodsId }, '设备编号')).rows).toEqual([]);
    expect((await exported(other, cabinetPriceGoodsOps.prices, { skuIds: String(sku.skuId) }, '设备编号')).rows).toEqual([]);
    expect((await exported(other, goodsInsightOps.optimize, {}, '设备编号')).rows).toEqual([]);
    const mine = new Set(
      (await call<Paged<AdoptableRow>>(admin, goodsOps.adoptable, { pageSize: 200 })).list.map((r) => r.standardProductId),
    );
    const theirs = await call<Paged<AdoptableRow>>(other, goodsOps.adoptable, { pageSize: 200 });
    expect(theirs.list.some((r) => mine.has(r.standardProductId))).toBe(false);
    const theirSheet = await exported(other, goodsOps.adoptable, {}, '商品编号');
    expect(theirSheet.rows.length).toBe(theirs.total);
  });
});
