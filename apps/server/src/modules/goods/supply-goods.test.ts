import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { supplierOps } from '@merchant/contracts/goods/supplier';
import { supplyGoodsOps, type SupplyGoodsRow, type SupplySpuOption } from '@merchant/contracts/goods/supply-goods';
import { supplySkuOps, type SupplySkuRow } from '@merchant/contracts/goods/supply-sku';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { nextBarcode } from '../../test/goods-fixtures.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { newSpu, newSupplier, supplySetup } from '../../test/supply-fixtures.ts';

describe.each(DIALECTS)('supply goods (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let cat: Awaited<ReturnType<typeof supplySetup>>['cat'];
  let supplierId: number;
  const spuOf = async (spuId: number) => data<SupplyGoodsRow>(await op(admin, supplyGoodsOps.detail, { spuId }));
  const writes = async () => [await rowCount(t, 'supply_spu'), await rowCount(t, 'supply_sku'), await rowCount(t, 'record_history')];
  const addSku = (spuId: number, purchasePrice = 150) =>
    op(admin, supplySkuOps.create, { spuId, specValues: [], barcode: nextBarcode(), purchasePrice, moq: 12, leadTimeDays: 3 });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ admin, other, cat } = await supplySetup(t, 'gd', ['13700000063', '13700000064']));
    supplierId = (await newSupplier(admin, '华东食品供应链有限公司')).supplierId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an SPU on a leaf, linked to a standard product by barcode, with price range and history', async () => {
    const res = await newSpu(admin, supplierId, cat.leaf, '农夫山泉饮用天然水', '6921168509256');
    expect(res.spuCode).toMatch(/^GS\d{8}$/);
    data(await addSku(res.spuId, 120));
    data(await addSku(res.spuId, 160));
    expect(await spuOf(res.spuId)).toMatchObject({
      name: '农夫山泉饮用天然水',
      supplierName: '华东食品供应链有限公司',
      categoryPath: '食品/饮料/饮用水',
      standardBarcode: '6921168509256',
      standardName: '农夫山泉饮用天然水 550ml',
      skuCount: 2,
      minPurchasePrice: 120,
      maxPurchasePrice: 160,
      statusName: '启用',
    });
    const h = data<Paged<HistoryEntry>>(await op(admin, supplyGoodsOps.history, { spuId: res.spuId }));
    expect(h.list[0]).toMatchObject({ action: 'create', actionLabel: '新增供应链商品' });
    expect(h.list[0].changes).toContainEqual({ field: 'category', label: '商品分类', before: '（空）', after: '食品/饮料/饮用水' });
    const opts = data<SupplySpuOption[]>(await op(admin, supplyGoodsOps.options, { keyword: '农夫' }));
    expect(opts.map((o) => o.spuId)).toContain(res.spuId);
  });

  it('refuses bad input, a non-leaf category, an unknown standard barcode and a 停用 supplier, writing nothing', async () => {
    const off = await newSupplier(admin, '已停用的供应商');
    data(await op(admin, supplierOps.setStatus, { supplierId: off.supplierId, version: 0, status: 2 }));
    const before = await writes();
    for (const [patch, code, msg] of [
      [{ name: '水' }, CODES.badInput, '商品名称至少2个字（字段：name）'],
      [{ brand: '' }, CODES.badInput, '请输入品牌（字段：brand）'],
      [{ categoryId: cat.mid }, CODES.badInput, '请选择第三级商品分类（字段：categoryId）'],
      [{ categoryId: 99999 }, CODES.badInput, '商品分类不存在，请重新选择（字段：categoryId）'],
      [{ standardBarcode: '6921168509250' }, CODES.badInput, '标准商品条码校验位不正确，请核对（字段：standardBarcode）'],
      [{ standardBarcode: nextBarcode() }, CODES.badInput, /^标准商品库中没有条码为 \d{13} 的商品（字段：standardBarcode）$/],
      [{ supplierId: off.supplierId }, CODES.conflict, '供应商「已停用的供应商」已停用，不能新增供应链商品'],
      [{ supplierId: 999999 }, CODES.notFound, '供应商不存在'],
    ] as const) {
      const res = await op(admin, supplyGoodsOps.create, {
        supplierId,
        name: '康师傅冰红茶',
        brand: '康师傅',
        categoryId: cat.leaf2,
        unit: '瓶',
        ...(patch as object),
      });
      expect(res.code, JSON.stringify(patch)).toBe(code);
      if (typeof msg === 'string') expect(res.msg).toBe(msg);
      else expect(res.msg).toMatch(msg);
    }
    expect(await writes()).toEqual(before);
  });

  it('updates with the version; name and category follow to the SKUs; a stale version is refused', async () => {
    const { spuId } = await newSpu(admin, supplierId, cat.leaf, '怡宝纯净水');
    const { skuId } = data<{ skuId: number }>(
      await op(admin, supplySkuOps.create, {
        spuId,
        specValues: [{ name: '规格', value: '555ml' }],
        barcode: nextBarcode(),
        purchasePrice: 110,
        moq: 24,
        leadTimeDays: 2,
      }),
    );
    const s = await spuOf(spuId);
    const input = {
      spuId,
      version: s.version,
      name: '怡宝饮用纯净水',
      brand: '怡宝',
      categoryId: cat.leaf2,
      unit: '瓶',
      standardBarcode: '',
    };
    expect(data<{ version: number }>(await op(admin, supplyGoodsOps.update, input)).version).toBe(s.version + 1);
    const sku = data<SupplySkuRow>(await op(admin, supplySkuOps.detail, { skuId }));
    expect(sku).toMatchObject({ name: '怡宝饮用纯净水 555ml', categoryPath: '食品/饮料/碳酸饮料' });
    const before = await writes();
    expect(await op(admin, supplyGoodsOps.update, { ...input, name: '旧版本的名字' })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    expect(await writes()).toEqual(before);
    const h = data<Paged<HistoryEntry>>(await op(admin, supplyGoodsOps.history, { spuId }));
    expect(h.list[0].changes).toContainEqual({ field: 'name', label: '商品名称', before: '怡宝纯净水', after: '怡宝饮用纯净水' });
    const skuHistory = data<Paged<HistoryEntry>>(await op(admin, supplySkuOps.history, { skuId }));
    expect(skuHistory.list[0].actionLabel).toBe('随商品修改');
  });

  it('停用 takes the SKUs along; 启用 needs the supplier 启用; the same status is refused', async () => {
    const sup = await newSupplier(admin, '状态测试供应商');
    const { spuId } = await newSpu(admin, sup.supplierId, cat.leaf, '百岁山矿泉水');
    const { skuId } = data<{ skuId: number }>(await addSku(spuId));
    let s = await spuOf(spuId);
    const before = await writes();
    expect(await op(admin, supplyGoodsOps.setStatus, { spuId, version: s.version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '供应链商品已是启用状态',
    });
    expect(await writes()).toEqual(before);
    data(await op(admin, supplyGoodsOps.setStatus, { spuId, version: s.version, status: 2 }));
    expect(data<SupplySkuRow>(await op(admin, supplySkuOps.detail, { skuId })).statusName).toBe('停用');
    data(await op(admin, supplierOps.setStatus, { supplierId: sup.supplierId, version: 0, status: 2 }));
    s = await spuOf(spuId);
    expect(await op(admin, supplyGoodsOps.setStatus, { spuId, version: s.version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '供应商已停用，商品不能启用；请先启用供应商',
    });
    data(await op(admin, supplierOps.setStatus, { supplierId: sup.supplierId, version: 1, status: 1 }));
    data(await op(admin, supplyGoodsOps.setStatus, { spuId, version: s.version, status: 1 }));
    expect((await spuOf(spuId)).statusName).toBe('启用');
  });

  it('lists with filters and sorting, and exports the same rows', async () => {
    const all = data<Paged<SupplyGoodsRow>>(
      await op(admin, supplyGoodsOps.list, { pageSize: 200, sortField: 'spuCode', sortOrder: 'ascend' }),
    );
    expect(all.list.map((s) => s.spuCode)).toEqual([...all.list.map((s) => s.spuCode)].sort());
    expect(data<Paged<SupplyGoodsRow>>(await op(admin, supplyGoodsOps.list, { categoryId: cat.top })).total).toBe(all.total);
    const water = data<Paged<SupplyGoodsRow>>(await op(admin, supplyGoodsOps.list, { categoryId: cat.leaf }));
    expect(water.list.every((s) => s.categoryPath === '食品/饮料/饮用水')).toBe(true);
    expect(
      data<Paged<SupplyGoodsRow>>(await op(admin, supplyGoodsOps.list, { supplierId })).list.every((s) => s.supplierId === supplierId),
    ).toBe(true);
    const file = await exportList(admin, supplyGoodsOps.list, {});
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '商品编码');
    expect(rows.length - header - 1).toBe(all.total);
  });

  it('refuses roles without section 113', async () => {
    const finance = await t.signIn('finance');
    for (const o of Object.values(supplyGoodsOps)) {
      expect((await op(finance, o, { spuId: 1, version: 0, status: 2 })).code).toBe(CODES.forbidden);
    }
  });

  it('treats another merchant’s SPU, supplier and category as not found, changing nothing', async () => {
    const { spuId } = await newSpu(admin, supplierId, cat.leaf, '别家看不到的水');
    const s = await spuOf(spuId);
    const otherSupplier = await newSupplier(other, '别家的供应商');
    const before = await writes();
    expect((await op(other, supplyGoodsOps.detail, { spuId })).code).toBe(CODES.notFound);
    expect((await op(other, supplyGoodsOps.history, { spuId })).code).toBe(CODES.notFound);
    const edit = { spuId, version: s.version, name: '改名字', brand: '某', categoryId: cat.leaf, unit: '瓶' };
    expect((await op(other, supplyGoodsOps.update, edit)).code).toBe(CODES.notFound);
    expect((await op(other, supplyGoodsOps.setStatus, { spuId, version: s.version, status: 2 })).code).toBe(CODES.notFound);
    // my category and standard barcode mean nothing to the other merchant; my supplier is not theirs
    expect(
      (
        await op(other, supplyGoodsOps.create, {
          supplierId: otherSupplier.supplierId,
          name: '借分类',
          brand: '某',
          categoryId: cat.leaf,
          unit: '瓶',
        })
      ).code,
    ).toBe(CODES.badInput);
    expect(
      (await op(other, supplyGoodsOps.create, { supplierId, name: '借供应商', brand: '某', categoryId: cat.leaf, unit: '瓶' })).code,
    ).toBe(CODES.notFound);
    expect(await writes()).toEqual(before);
    expect(data<SupplySpuOption[]>(await op(other, supplyGoodsOps.options, {}))).toEqual([]);
  });
});
