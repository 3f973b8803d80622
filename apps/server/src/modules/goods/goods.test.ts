import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { goodsOps, type AdoptableRow, type GoodsDetail, type GoodsRow } from '@merchant/contracts/goods/goods';
import { skuOps, type SkuRow } from '@merchant/contracts/goods/sku';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, rowCount } from '../../test/calls.ts';
import { categoryBranch, ean13, merchantIdOf, nextBarcode, standardProduct } from '../../test/goods-fixtures.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('merchant goods (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let cat: Awaited<ReturnType<typeof categoryBranch>>;
  const valid = () => ({
    name: '农夫山泉饮用天然水',
    brand: '农夫山泉',
    categoryId: cat.leaf,
    unit: '瓶',
    storageStyle: 1,
    shelfLifeDays: 365,
    imageIds: [],
    description: '天然水源',
    skus: [
      { specValues: [{ name: '规格', value: '550ml' }], barcode: nextBarcode(), basePrice: 200 },
      { specValues: [{ name: '规格', value: '1.5L' }], barcode: nextBarcode(), basePrice: 450, storageStyle: 2 },
    ],
  });
  const writes = async () => [await rowCount(t, 'goods'), await rowCount(t, 'goods_sku'), await rowCount(t, 'record_history')];
  const detailOf = async (goodsId: number, c = admin) => data<GoodsDetail>(await op(c, goodsOps.detail, { goodsId }));

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // a merchant of its own: the demo merchant's seeded goods would blur totals and filters
    admin = await registerMerchant(t, '本店商品', 'goodsowner', '13700000065');
    other = await registerMerchant(t, '别家商品', 'goodsboss', '13700000066');
    cat = await categoryBranch(t, await merchantIdOf(t, 'goodsowner'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a goods with its SKUs, codes, names, price range and history', async () => {
    const input = valid();
    const res = data<{ goodsId: number; goodsCode: string }>(await op(admin, goodsOps.create, input));
    expect(res.goodsCode).toMatch(/^G\d{8}$/);
    const d = await detailOf(res.goodsId);
    expect(d).toMatchObject({
      name: '农夫山泉饮用天然水',
      categoryPath: '食品/饮料/饮用水',
      status: 1,
      statusName: '在售',
      skuCount: 2,
      minPrice: 200,
      maxPrice: 450,
      storageStyleName: '常温',
      version: 0,
    });
    expect(d.skus.map((s) => [s.name, s.storageStyle, s.status, s.barcode])).toEqual([
      ['农夫山泉饮用天然水 550ml', 1, 1, input.skus[0].barcode],
      ['农夫山泉饮用天然水 1.5L', 2, 1, input.skus[1].barcode],
    ]);
    expect(d.skus.every((s) => /^K\d{8}$/.test(s.skuCode))).toBe(true);
    const h = data<Paged<HistoryEntry>>(await op(admin, goodsOps.history, { goodsId: res.goodsId }));
    expect(h.list).toHaveLength(1);
    expect(h.list[0]).toMatchObject({ action: 'create', actionLabel: '新增商品', operatorName: 'goodsowner' });
    expect(h.list[0].changes).toContainEqual({ field: 'categoryId', label: '商品分类', before: '（空）', after: '食品/饮料/饮用水' });
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const before = await writes();
    const v = valid();
    for (const [patch, msg] of [
      [{ name: '' }, '商品名称至少2个字（字段：name）'],
      [{ categoryId: 'x' }, '请选择商品分类（字段：categoryId）'],
      [{ storageStyle: 7 }, '储存方式只能是常温、冷藏或冷冻（字段：storageStyle）'],
      [{ skus: [] }, '请至少添加一个SKU（字段：skus）'],
      [{ skus: [{ ...v.skus[0], barcode: '6901234567890' }] }, 'SKU条码校验位不正确，请核对（字段：skus.0.barcode）'],
      [{ skus: [v.skus[0], { ...v.skus[1], barcode: v.skus[0].barcode }] }, 'SKU条码与第1行重复（字段：skus.1.barcode）'],
      [{ skus: [{ ...v.skus[0], basePrice: 1.5 }] }, '销售价以分为单位，须为整数（字段：skus.0.basePrice）'],
      [{ categoryId: cat.mid }, '请选择第三级商品分类（字段：categoryId）'],
      [{ categoryId: 999999 }, '商品分类不存在，请重新选择（字段：categoryId）'],
    ] as const) {
      expect(await op(admin, goodsOps.create, { ...v, ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(await writes()).toEqual(before);
  });

  it('lists with filters (category incl. descendants, keyword, status), sorting and export rows', async () => {
    const { goodsId } = data<{ goodsId: number }>(
      await op(admin, goodsOps.create, { ...valid(), name: '可口可乐', categoryId: cat.leaf2 }),
    );
    const byTop = data<Paged<GoodsRow>>(await op(admin, goodsOps.list, { categoryId: cat.top, pageSize: 200 }));
    expect(byTop.total).toBeGreaterThanOrEqual(2);
    const byLeaf2 = data<Paged<GoodsRow>>(await op(admin, goodsOps.list, { categoryId: cat.leaf2 }));
    expect(byLeaf2.list.map((g) => g.goodsId)).toEqual([goodsId]);
    const g = byLeaf2.list[0];
    expect((await op(admin, goodsOps.list, { keyword: g.goodsCode })).data).toMatchObject({ total: 1 });
    expect((await op(admin, goodsOps.list, { keyword: '可口' })).data).toMatchObject({ total: 1 });
    expect((await op(admin, goodsOps.list, { status: 2, categoryId: cat.leaf2 })).data).toMatchObject({ total: 0 });
    const sorted = data<Paged<GoodsRow>>(await op(admin, goodsOps.list, { sortField: 'goodsCode', sortOrder: 'ascend' }));
    expect(sorted.list.map((r) => r.goodsCode)).toEqual([...sorted.list.map((r) => r.goodsCode)].sort());
    expect((await op(admin, goodsOps.list, { sortField: 'name' })).code).toBe(CODES.badInput);
  });

  it('updates with the version: SKUs follow the name; a stale version is refused and writes nothing', async () => {
    const { goodsId } = data<{ goodsId: number }>(await op(admin, goodsOps.create, { ...valid(), name: '百岁山矿泉水' }));
    const d = await detailOf(goodsId);
    const { skus: _s, ...spu } = valid();
    const up = data<{ version: number }>(await op(admin, goodsOps.update, { ...spu, goodsId, version: d.version, name: '景田百岁山' }));
    expect(up.version).toBe(d.version + 1);
    const after = await detailOf(goodsId);
    expect(after.name).toBe('景田百岁山');
    expect(after.skus[0].name).toBe('景田百岁山 550ml');
    const before = await writes();
    const stale = await op(admin, goodsOps.update, { ...spu, goodsId, version: d.version, name: '别的名字' });
    expect(stale).toMatchObject({ code: CODES.conflict, msg: '该记录已被他人修改，请刷新后重试' });
    expect(await writes()).toEqual(before);
    expect((await detailOf(goodsId)).name).toBe('景田百岁山');
    const h = data<Paged<HistoryEntry>>(await op(admin, skuOps.history, { skuId: after.skus[0].skuId }));
    expect(h.list[0]).toMatchObject({
      action: 'follow',
      changes: [{ field: 'name', before: '百岁山矿泉水 550ml', after: '景田百岁山 550ml' }],
    });
  });

  it('停售 takes every SKU off the shelf in the same transaction; delete only when 停售, SKUs with it', async () => {
    const { goodsId } = data<{ goodsId: number }>(await op(admin, goodsOps.create, { ...valid(), name: '怡宝纯净水' }));
    let d = await detailOf(goodsId);
    const before = await writes();
    expect(await op(admin, goodsOps.delete, { goodsId, version: d.version })).toMatchObject({
      code: CODES.conflict,
      msg: '商品在售中，请先停售再删除',
    });
    expect(await op(admin, goodsOps.setStatus, { goodsId, version: d.version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '商品已是在售状态',
    });
    expect(await writes()).toEqual(before);
    data(await op(admin, goodsOps.setStatus, { goodsId, version: d.version, status: 2 }));
    d = await detailOf(goodsId);
    expect(d.statusName).toBe('停售');
    expect(d.skus.map((s) => s.statusName)).toEqual(['下架', '下架']);
    const skuHistory = data<Paged<HistoryEntry>>(await op(admin, skuOps.history, { skuId: d.skus[0].skuId }));
    expect(skuHistory.list[0]).toMatchObject({ actionLabel: '下架', remark: '随商品停售' });
    // 上架 under a 停售 goods is refused
    expect(await op(admin, skuOps.setStatus, { skuId: d.skus[0].skuId, version: d.skus[0].version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '商品已停售，SKU不能上架；请先将商品设为在售',
    });
    expect(await op(admin, goodsOps.delete, { goodsId, version: d.version - 1 })).toMatchObject({ code: CODES.conflict });
    data(await op(admin, goodsOps.delete, { goodsId, version: d.version }));
    expect((await op(admin, goodsOps.detail, { goodsId })).code).toBe(CODES.notFound);
    expect((await op(admin, skuOps.detail, { skuId: d.skus[0].skuId })).code).toBe(CODES.notFound);
    // the deleted SKUs' barcodes are free again
    const again = { ...valid(), name: '怡宝纯净水' };
    again.skus[0].barcode = d.skus[0].barcode;
    expect((await op(admin, goodsOps.create, again)).code).toBe(CODES.ok);
  });

  it('adopts standard products: one goods and one SKU each; an adopted one is refused by name; all or nothing', async () => {
    const mid = await merchantIdOf(t, 'goodsowner');
    const a = await standardProduct(t, mid, cat.leaf, { name: '农夫山泉茶π柠檬红茶', spec: '500ml', guidePrice: 500 });
    const b = await standardProduct(t, mid, cat.leaf, { name: '康师傅冰红茶', spec: '1L', guidePrice: 400 });
    const c = await standardProduct(t, mid, cat.leaf2, { name: '雪碧', spec: '330ml', guidePrice: 300 });
    const adoptable = data<Paged<AdoptableRow>>(await op(admin, goodsOps.adoptable, { pageSize: 200 }));
    expect(adoptable.list.map((r) => r.standardProductId)).toEqual(expect.arrayContaining([a, b, c]));
    const res = data<{ goods: { standardProductId: number; goodsId: number; skuId: number }[] }>(
      await op(admin, goodsOps.adopt, { standardProductIds: [a, b], basePrices: { [String(b)]: 380 } }),
    );
    expect(res.goods).toHaveLength(2);
    const ga = await detailOf(res.goods[0].goodsId);
    expect(ga).toMatchObject({ name: '农夫山泉茶π柠檬红茶', standardProductId: a, skuCount: 1, minPrice: 500 });
    expect(ga.origin).toEqual({ goodsNo: expect.stringMatching(/^SP\d{8}$/), approvalCode: '' });
    expect(ga.skus[0]).toMatchObject({ name: '农夫山泉茶π柠檬红茶 500ml', specValues: [{ name: '规格', value: '500ml' }] });
    expect((await detailOf(res.goods[1].goodsId)).minPrice).toBe(380);
    const left = data<Paged<AdoptableRow>>(await op(admin, goodsOps.adoptable, { pageSize: 200 }));
    expect(left.list.map((r) => r.standardProductId)).not.toContain(a);
    const before = await writes();
    expect(await op(admin, goodsOps.adopt, { standardProductIds: [c, a] })).toMatchObject({
      code: CODES.conflict,
      msg: '「农夫山泉茶π柠檬红茶」已在商品列表中，不能重复选品',
    });
    expect(await writes()).toEqual(before);
    expect((await op(admin, goodsOps.adopt, { standardProductIds: [] })).code).toBe(CODES.badInput);
    expect((await op(admin, goodsOps.adopt, { standardProductIds: Array.from({ length: 51 }, (_, i) => i + 1) })).code).toBe(
      CODES.badInput,
    );
    // another merchant's standard product is not found
    expect((await op(other, goodsOps.adopt, { standardProductIds: [c] })).code).toBe(CODES.notFound);
    expect(await writes()).toEqual(before);
  });

  it('refuses roles without the anchor', async () => {
    const finance = await t.signIn('finance');
    for (const o of [
      goodsOps.list,
      goodsOps.detail,
      goodsOps.create,
      goodsOps.adopt,
      goodsOps.update,
      goodsOps.setStatus,
      goodsOps.delete,
      goodsOps.history,
    ]) {
      expect((await op(finance, o, { goodsId: 1, version: 0, status: 2 })).code).toBe(CODES.forbidden);
    }
  });

  it('treats another merchant’s goods as not found and changes nothing', async () => {
    const { goodsId } = data<{ goodsId: number }>(await op(admin, goodsOps.create, { ...valid(), name: '娃哈哈纯净水' }));
    const d = await detailOf(goodsId);
    const before = await writes();
    const { skus: _s, ...spu } = valid();
    expect((await op(other, goodsOps.detail, { goodsId })).code).toBe(CODES.notFound);
    expect((await op(other, goodsOps.history, { goodsId })).code).toBe(CODES.notFound);
    expect((await op(other, goodsOps.update, { ...spu, goodsId, version: d.version })).code).toBe(CODES.notFound);
    expect((await op(other, goodsOps.setStatus, { goodsId, version: d.version, status: 2 })).code).toBe(CODES.notFound);
    expect((await op(other, goodsOps.delete, { goodsId, version: d.version })).code).toBe(CODES.notFound);
    expect((await op(other, skuOps.create, { goodsId, specValues: [], barcode: ean13('690000000001'), basePrice: 100 })).code).toBe(
      CODES.notFound,
    );
    expect(data<Paged<GoodsRow>>(await op(other, goodsOps.list, {})).total).toBe(0);
    expect(data<KeysetPage<SkuRow>>(await op(other, skuOps.list, {})).total).toBe(0);
    expect(await writes()).toEqual(before);
  });
});
