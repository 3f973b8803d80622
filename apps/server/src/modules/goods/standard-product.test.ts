import { categoryOps, type CategoryRoot } from '@merchant/contracts/goods/category';
import { standardProductOps, type StandardProductRow } from '@merchant/contracts/goods/standard-product';
import { barcodeCheckDigitOk, gs1CheckDigit } from '@merchant/contracts/goods/goods-fields';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { barcodeInLibrary, createStandardProduct } from './standard-product.service.ts';
import { assertLeafCategory, categoryPaths } from './category.service.ts';

const ean13 = (body12: string) => body12 + String(gs1CheckDigit(body12));

describe.each(DIALECTS)('standard product library (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let tree: CategoryRoot[];
  let sample: StandardProductRow;

  const list = (body: Record<string, unknown> = {}) => call<Paged<StandardProductRow>>(admin, standardProductOps.list, body);
  const detail = (goodsNo: string) => call<StandardProductRow>(admin, standardProductOps.detail, { goodsNo });
  const editBody = (p: StandardProductRow) => ({
    goodsNo: p.goodsNo,
    name: p.name,
    barcode: p.barcode,
    brand: p.brand,
    categoryId: p.categoryId,
    spec: p.spec,
    unit: p.unit,
    shelfLifeDays: p.shelfLifeDays,
    storageStyle: p.storageStyle,
    imageIds: p.imageIds,
    guidePrice: p.guidePrice,
    version: p.version,
  });
  const written = async () => [await rowCount(t, 'standard_product'), await rowCount(t, 'record_history')];
  const leafNamed = (name: string) => tree.flatMap((r) => r.children.flatMap((m) => m.children)).find((l) => l.name === name)!;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家便利', 'spboss', '13700000062');
    tree = await call<CategoryRoot[]>(admin, categoryOps.tree);
    sample = (await list({ keyword: '农夫山泉饮用天然水 550ml' })).list[0];
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds 300+ products with valid EAN-13 barcodes, unique goodsNos and storage consistent with the category', async () => {
    const rows = await t.db.db.selectFrom('standard_product').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.every((r) => r.barcode.length === 13 && r.barcode.startsWith('69') && barcodeCheckDigitOk(r.barcode))).toBe(true);
    expect(new Set(rows.map((r) => r.barcode)).size).toBe(rows.length);
    expect(rows.every((r) => /^SP\d{8}$/.test(r.goods_no))).toBe(true);
    const frozen = await list({ categoryId: tree.find((r) => r.name === '冷冻食品')!.id, pageSize: 100 });
    expect(frozen.total).toBeGreaterThan(10);
    expect(frozen.list.every((r) => r.storageStyleName === '冷冻')).toBe(true);
    const yogurt = await list({ categoryId: leafNamed('低温酸奶').id });
    expect(yogurt.list.every((r) => r.storageStyle === 2)).toBe(true);
  });

  it('lists with keyword, brand, category at any level, storage and status filters, sorting and paging', async () => {
    expect(sample).toMatchObject({
      brand: '农夫山泉',
      categoryPath: '饮料/水/饮用水',
      storageStyleName: '常温',
      statusName: '启用',
      guidePrice: 200,
    });
    expect((await list({ keyword: sample.barcode })).list.map((r) => r.goodsNo)).toEqual([sample.goodsNo]);
    expect((await list({ keyword: sample.goodsNo })).total).toBe(1);
    const byBrand = await list({ brand: '康师傅', pageSize: 100 });
    expect(byBrand.total).toBeGreaterThan(5);
    expect(byBrand.list.every((r) => r.brand === '康师傅')).toBe(true);
    const drinks = tree.find((r) => r.name === '饮料')!;
    const water = drinks.children.find((m) => m.name === '水')!;
    const all = await list({ categoryId: drinks.id, pageSize: 200 });
    expect(all.total).toBe(drinks.productCount);
    expect(all.list.every((r) => r.categoryPath.startsWith('饮料/'))).toBe(true);
    expect((await list({ categoryId: water.id })).total).toBe(water.productCount);
    const disabled = await list({ status: 2 });
    expect(disabled.total).toBeGreaterThan(0);
    expect(disabled.list.every((r) => r.statusName === '停用')).toBe(true);
    const cheap = await list({ sortField: 'guidePrice', sortOrder: 'ascend', pageSize: 10 });
    expect(cheap.list.map((r) => r.guidePrice)).toEqual([...cheap.list.map((r) => r.guidePrice)].sort((a, b) => a - b));
    const page2 = await list({ pageNum: 2, pageSize: 20 });
    expect(page2.list).toHaveLength(20);
    expect((await op(admin, standardProductOps.list, { sortField: 'name' })).code).toBe(CODES.badInput);
    expect((await op(admin, standardProductOps.list, { storageStyle: 9 })).msg).toBe(
      '储存方式只能是常温、冷藏或冷冻（字段：storageStyle）',
    );
    // a category of another merchant finds nothing
    const mine = await call<Paged<StandardProductRow>>(other, standardProductOps.list, { categoryId: drinks.id });
    expect(mine.total).toBe(0);
  });

  it('exports the filtered list with Chinese headers and prices in 元', async () => {
    const res = await exportList(admin, standardProductOps.list, { categoryId: leafNamed('饮用水').id });
    if (res.kind !== 'file') throw new Error(JSON.stringify(res));
    const rows = sheetRows(res.workbook);
    const header = rows.findIndex((r) => r.includes('商品编号'));
    expect(rows[header]).toEqual(
      expect.arrayContaining(['商品编号', '商品名称', '商品条码', '商品分类', '储存方式', '建议零售价（元）', '状态']),
    );
    const body = rows.slice(header + 1);
    expect(body.length).toBe(leafNamed('饮用水').productCount);
    const row = body.find((r) => r.includes(sample.goodsNo))!;
    expect(row).toEqual(expect.arrayContaining(['饮料/水/饮用水', '常温', '启用']));
    expect(row.some((c) => c === 2 || c === '2.00')).toBe(true);
  });

  it('edits a product with its version, recording before and after; a stale version is refused', async () => {
    const p = await detail(sample.goodsNo);
    const sparkling = leafNamed('苏打水');
    const res = await call<{ changes: unknown[] }>(admin, standardProductOps.update, {
      ...editBody(p),
      name: '农夫山泉饮用天然水 550ml（新包装）',
      guidePrice: 250,
      categoryId: sparkling.id,
    });
    expect(res.changes).toEqual([
      { field: 'name', label: '商品名称', before: '农夫山泉饮用天然水 550ml', after: '农夫山泉饮用天然水 550ml（新包装）' },
      { field: 'categoryId', label: '商品分类', before: '饮料/水/饮用水', after: '饮料/水/苏打水' },
      { field: 'guidePrice', label: '建议零售价', before: '¥2.00', after: '¥2.50' },
    ]);
    const after = await detail(sample.goodsNo);
    expect(after).toMatchObject({ version: p.version + 1, guidePrice: 250, categoryPath: '饮料/水/苏打水' });
    const before = await written();
    expect(await op(admin, standardProductOps.update, { ...editBody(p), name: '旧页面的修改' })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await written()).toEqual(before);
    const h = await call<Paged<HistoryEntry>>(admin, standardProductOps.history, { goodsNo: sample.goodsNo });
    expect(h.list.map((e) => e.action)).toEqual(['update', 'create']);
    expect(h.list[0]).toMatchObject({ actionLabel: '编辑商品', operatorName: 'admin' });
    // no change: nothing written, the version stays
    expect((await call<{ changes: unknown[] }>(admin, standardProductOps.update, editBody(after))).changes).toEqual([]);
    expect(await written()).toEqual(before);
  });

  it('refuses bad input, a duplicate barcode and a category that is not a leaf, writing nothing', async () => {
    const p = await detail(sample.goodsNo);
    const otherProduct = (await list({ keyword: '可口可乐可乐 330ml' })).list[0];
    const before = await written();
    for (const [patch, code, msg] of [
      [{ name: '' }, CODES.badInput, '商品名称至少2个字（字段：name）'],
      [{ barcode: '6901234567890' }, CODES.badInput, '商品条码校验位不正确，请核对（字段：barcode）'],
      [{ barcode: '12345' }, CODES.badInput, '商品条码应为13位（EAN-13）、8位（EAN-8）或12位（UPC-A）（字段：barcode）'],
      [{ guidePrice: 1.5 }, CODES.badInput, '建议零售价以分为单位，须为整数（字段：guidePrice）'],
      [{ guidePrice: 0 }, CODES.badInput, '建议零售价须大于0（字段：guidePrice）'],
      [{ storageStyle: 4 }, CODES.badInput, '储存方式只能是常温、冷藏或冷冻（字段：storageStyle）'],
      [{ shelfLifeDays: 0 }, CODES.badInput, '保质期至少1天（字段：shelfLifeDays）'],
      [{ categoryId: tree[0].id }, CODES.badInput, '请选择第三级商品分类（字段：categoryId）'],
      [{ categoryId: tree[0].children[0].id }, CODES.badInput, '请选择第三级商品分类（字段：categoryId）'],
      [{ categoryId: 987_654 }, CODES.badInput, '商品分类不存在，请重新选择（字段：categoryId）'],
      [{ barcode: otherProduct.barcode }, CODES.conflict, '标准商品库中已有该条码的商品，请核对条码（字段：barcode）'],
      [{ version: undefined }, CODES.badInput, '缺少数据版本，请刷新后重试（字段：version）'],
    ] as const) {
      expect(await op(admin, standardProductOps.update, { ...editBody(p), ...patch })).toMatchObject({ code, msg });
    }
    expect(await written()).toEqual(before);
    expect(await detail(p.goodsNo)).toEqual(p);
  });

  it('switches 启用 ⇄ 停用 with the version; the same status again is refused', async () => {
    const p = await detail(sample.goodsNo);
    const res = await call<{ changes: unknown[] }>(admin, standardProductOps.setStatus, {
      goodsNo: p.goodsNo,
      status: 2,
      version: p.version,
    });
    expect(res.changes).toEqual([{ field: 'status', label: '状态', before: '启用', after: '停用' }]);
    const stopped = await detail(p.goodsNo);
    expect(stopped).toMatchObject({ status: 2, statusName: '停用', version: p.version + 1 });
    const before = await written();
    expect(await op(admin, standardProductOps.setStatus, { goodsNo: p.goodsNo, status: 2, version: stopped.version })).toMatchObject({
      code: CODES.conflict,
      msg: '该商品已是停用状态，无需重复操作',
    });
    expect(await op(admin, standardProductOps.setStatus, { goodsNo: p.goodsNo, status: 1, version: p.version })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await op(admin, standardProductOps.setStatus, { goodsNo: p.goodsNo, status: 3, version: stopped.version })).toMatchObject({
      code: CODES.badInput,
      msg: '状态只能是启用或停用（字段：status）',
    });
    expect(await written()).toEqual(before);
    await call(admin, standardProductOps.setStatus, { goodsNo: p.goodsNo, status: 1, version: stopped.version });
    const h = await call<Paged<HistoryEntry>>(admin, standardProductOps.history, { goodsNo: p.goodsNo });
    expect(h.list.slice(0, 2).map((e) => e.actionLabel)).toEqual(['启用', '停用']);
  });

  it('lets the operator read but not edit or switch; another merchant finds nothing', async () => {
    const operator = await t.signIn('operator');
    const p = await detail(sample.goodsNo);
    expect((await call<Paged<StandardProductRow>>(operator, standardProductOps.list, {})).total).toBeGreaterThanOrEqual(300);
    expect((await call<StandardProductRow>(operator, standardProductOps.detail, { goodsNo: p.goodsNo })).goodsNo).toBe(p.goodsNo);
    const before = await written();
    expect((await op(operator, standardProductOps.update, { ...editBody(p), name: '运营改名' })).code).toBe(CODES.forbidden);
    expect((await op(operator, standardProductOps.setStatus, { goodsNo: p.goodsNo, status: 2, version: p.version })).code).toBe(
      CODES.forbidden,
    );
    for (const [o, body] of [
      [standardProductOps.detail, { goodsNo: p.goodsNo }],
      [standardProductOps.history, { goodsNo: p.goodsNo }],
      [standardProductOps.update, { ...editBody(p), name: '别家改名' }],
      [standardProductOps.setStatus, { goodsNo: p.goodsNo, status: 2, version: p.version }],
    ] as const) {
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    }
    expect((await call<Paged<StandardProductRow>>(other, standardProductOps.list, {})).total).toBe(0);
    expect(await written()).toEqual(before);
    expect(await detail(p.goodsNo)).toEqual(p);
  });

  it('createStandardProduct (for new-product approvals): generated goodsNo, history, refusals', async () => {
    const merchantId = (await t.db.db.selectFrom('merchant').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    const ctx = {
      db: t.db.db,
      merchantId,
      clock: t.clock,
      session: { accountId: 1, userName: 'admin', merchantId },
    } as unknown as SessionOpContext;
    const leaf = leafNamed('薯片');
    const v = {
      name: '乐事大波浪薯片 70g',
      barcode: ean13('690000000012'),
      brand: '乐事',
      categoryId: leaf.id,
      spec: '70g',
      unit: '袋',
      shelfLifeDays: 270,
      storageStyle: 1,
      imageIds: [],
      guidePrice: 790,
    };
    const made = await t.db.db
      .transaction()
      .execute((trx) => createStandardProduct(trx, ctx, v, { source: 2, approvalCode: 'XP2611210001' }));
    expect(made.goodsNo).toMatch(/^SP\d{8}$/);
    const row = await detail(made.goodsNo);
    expect(row).toMatchObject({
      source: 2,
      sourceName: '新品申请',
      approvalCode: 'XP2611210001',
      categoryPath: '零食/膨化食品/薯片',
      status: 1,
    });
    const h = await call<Paged<HistoryEntry>>(admin, standardProductOps.history, { goodsNo: made.goodsNo });
    expect(h.list[0]).toMatchObject({ action: 'create', actionLabel: '新品申请入库', remark: '新品申请 XP2611210001 审核通过' });
    expect(await barcodeInLibrary(t.db.db, merchantId, v.barcode)).toBe(true);
    expect(await barcodeInLibrary(t.db.db, merchantId, ean13('690000000099'))).toBe(false);
    const before = await written();
    await expect(t.db.db.transaction().execute((trx) => createStandardProduct(trx, ctx, v, { source: 1 }))).rejects.toThrow(
      '标准商品库中已有该条码的商品，请核对条码（字段：barcode）',
    );
    await expect(
      t.db.db
        .transaction()
        .execute((trx) => createStandardProduct(trx, ctx, { ...v, barcode: ean13('690000000029'), categoryId: tree[0].id }, { source: 1 })),
    ).rejects.toThrow('请选择第三级商品分类（字段：categoryId）');
    expect(await written()).toEqual(before);
    await expect(assertLeafCategory(t.db.db, merchantId, leaf.id)).resolves.toBeUndefined();
    expect((await categoryPaths(t.db.db, merchantId, [leaf.id, tree[0].id])).get(leaf.id)).toBe('零食/膨化食品/薯片');
  });
});
