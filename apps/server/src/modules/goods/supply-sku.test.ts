import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { barcodeCheckDigitOk } from '@merchant/contracts/goods/goods-fields';
import { supplierOps } from '@merchant/contracts/goods/supplier';
import { supplyGoodsOps } from '@merchant/contracts/goods/supply-goods';
import { supplySkuOps, type SupplyClassRoot, type SupplySkuRow } from '@merchant/contracts/goods/supply-sku';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, rest, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { nextBarcode } from '../../test/goods-fixtures.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { expectWinners, race, type RaceAnswer } from '../../test/race.ts';
import { newSpu, newSupplier, supplySetup } from '../../test/supply-fixtures.ts';

describe.each(DIALECTS)('supply SKUs (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let cat: Awaited<ReturnType<typeof supplySetup>>['cat'];
  let supplierId: number;
  let spuId: number;
  const skuOf = async (skuId: number) => data<SupplySkuRow>(await op(admin, supplySkuOps.detail, { skuId }));
  const writes = async () => [await rowCount(t, 'supply_sku'), await rowCount(t, 'record_history')];
  const fields = (patch: object = {}) => ({
    spuId,
    specValues: [{ name: '规格', value: '550ml' }],
    barcode: nextBarcode(),
    purchasePrice: 135,
    moq: 24,
    leadTimeDays: 3,
    ...patch,
  });
  const create = async (patch: object = {}) =>
    data<{ skuId: number; skuCode: string }>(await op(admin, supplySkuOps.create, fields(patch)));

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ admin, other, cat } = await supplySetup(t, 'sk', ['13700000065', '13700000066']));
    supplierId = (await newSupplier(admin, '粤海饮品批发')).supplierId;
    spuId = (await newSpu(admin, supplierId, cat.leaf)).spuId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a SKU: name from the SPU and spec values, price in cents, MOQ, lead time, history', async () => {
    const res = await create({ purchasePrice: 128, moq: 12, leadTimeDays: 0 });
    expect(res.skuCode).toMatch(/^GK\d{8}$/);
    expect(await skuOf(res.skuId)).toMatchObject({
      name: '农夫山泉饮用天然水 550ml',
      spuName: '农夫山泉饮用天然水',
      supplierName: '粤海饮品批发',
      categoryPath: '食品/饮料/饮用水',
      purchasePrice: 128,
      moq: 12,
      leadTimeDays: 0,
      statusName: '启用',
      specText: '规格：550ml',
    });
    const h = data<Paged<HistoryEntry>>(await op(admin, supplySkuOps.history, { skuId: res.skuId }));
    expect(h.list[0]).toMatchObject({ action: 'create', actionLabel: '创建SKU' });
    expect(h.list[0].changes).toContainEqual({ field: 'purchasePrice', label: '采购价', before: '（空）', after: '¥1.28' });
  });

  it('refuses bad input and a barcode taken under the supplier, writing nothing; another supplier may use it', async () => {
    const { skuId } = await create();
    const taken = (await skuOf(skuId)).barcode;
    const before = await writes();
    for (const [patch, code, msg] of [
      [{ barcode: '6921168509250' }, CODES.badInput, 'SKU条码校验位不正确，请核对（字段：barcode）'],
      [{ purchasePrice: 0 }, CODES.badInput, '采购价须大于0（字段：purchasePrice）'],
      [{ purchasePrice: 1.5 }, CODES.badInput, '采购价以分为单位，须为整数（字段：purchasePrice）'],
      [{ moq: 0 }, CODES.badInput, '起订量至少为1（字段：moq）'],
      [{ leadTimeDays: 366 }, CODES.badInput, '供货周期不能超过365天（字段：leadTimeDays）'],
      [{ leadTimeDays: -1 }, CODES.badInput, '供货周期不能为负数（字段：leadTimeDays）'],
      [{ spuId: 999999 }, CODES.notFound, '供应链商品不存在'],
      [{ barcode: taken }, CODES.conflict, new RegExp(`^该供应商的SKU「.+」（GK\\d{8}）已使用条码 ${taken}（字段：barcode）$`)],
    ] as const) {
      const res = await op(admin, supplySkuOps.create, fields(patch));
      expect(res.code, JSON.stringify(patch)).toBe(code);
      if (typeof msg === 'string') expect(res.msg).toBe(msg);
      else expect(res.msg).toMatch(msg);
    }
    expect(await writes()).toEqual(before);
    const second = await newSupplier(admin, '华东食品供应链有限公司');
    const otherSpu = await newSpu(admin, second.supplierId, cat.leaf);
    expect((await op(admin, supplySkuOps.create, fields({ spuId: otherSpu.spuId, barcode: taken }))).code).toBe(CODES.ok);
  });

  it('updates with the version; a stale version and a taken barcode are refused', async () => {
    const first = await create();
    const { skuId } = await create({ specValues: [{ name: '规格', value: '1.5L' }] });
    const s = await skuOf(skuId);
    const input = {
      skuId,
      version: s.version,
      specValues: [{ name: '规格', value: '1.5L×12' }],
      barcode: s.barcode,
      purchasePrice: 990,
      moq: 6,
      leadTimeDays: 7,
    };
    expect(data<{ version: number }>(await op(admin, supplySkuOps.update, input)).version).toBe(s.version + 1);
    expect(await skuOf(skuId)).toMatchObject({ name: '农夫山泉饮用天然水 1.5L×12', purchasePrice: 990, moq: 6, leadTimeDays: 7 });
    const before = await writes();
    expect(await op(admin, supplySkuOps.update, { ...input, moq: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    const firstBarcode = (await skuOf(first.skuId)).barcode;
    expect((await op(admin, supplySkuOps.update, { ...input, version: s.version + 1, barcode: firstBarcode })).code).toBe(CODES.conflict);
    expect(await writes()).toEqual(before);
    const h = data<Paged<HistoryEntry>>(await op(admin, supplySkuOps.history, { skuId }));
    expect(h.list[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'purchasePrice', label: '采购价', before: '¥1.35', after: '¥9.90' },
        { field: 'leadTimeDays', label: '供货周期', before: '3天', after: '7天' },
      ]),
    );
  });

  it('启用/停用 and delete follow the transition table', async () => {
    const { skuId } = await create();
    let s = await skuOf(skuId);
    const before = await writes();
    expect(await op(admin, supplySkuOps.delete, { skuId, version: s.version })).toMatchObject({
      code: CODES.conflict,
      msg: 'SKU启用中，请先停用再删除',
    });
    expect(await op(admin, supplySkuOps.setStatus, { skuId, version: s.version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: 'SKU已是启用状态',
    });
    expect(await writes()).toEqual(before);
    data(await op(admin, supplySkuOps.setStatus, { skuId, version: s.version, status: 2 }));
    // the supplier 停用: the SKU cannot be 启用
    const sup = data<{ version: number }>(await op(admin, supplierOps.detail, { supplierId }));
    data(await op(admin, supplierOps.setStatus, { supplierId, version: sup.version, status: 2 }));
    s = await skuOf(skuId);
    expect(await op(admin, supplySkuOps.setStatus, { skuId, version: s.version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '供应商已停用，SKU不能启用；请先启用供应商',
    });
    expect((await op(admin, supplySkuOps.create, fields())).code).toBe(CODES.conflict);
    data(await op(admin, supplierOps.setStatus, { supplierId, version: sup.version + 1, status: 1 }));
    expect((await op(admin, supplySkuOps.delete, { skuId, version: s.version - 1 })).code).toBe(CODES.conflict);
    data(await op(admin, supplySkuOps.delete, { skuId, version: s.version }));
    expect((await op(admin, supplySkuOps.detail, { skuId })).code).toBe(CODES.notFound);
    // its barcode is free again under the supplier
    expect((await op(admin, supplySkuOps.create, fields({ barcode: s.barcode }))).code).toBe(CODES.ok);
  });

  it('lists with filters and sorting, exports the same rows, and serves the classes at applyClassifyV2', async () => {
    const byPrice = data<Paged<SupplySkuRow>>(
      await op(admin, supplySkuOps.list, { sortField: 'purchasePrice', sortOrder: 'ascend', pageSize: 200 }),
    );
    expect(byPrice.list.map((s) => s.purchasePrice)).toEqual([...byPrice.list.map((s) => s.purchasePrice)].sort((a, b) => a - b));
    const one = byPrice.list[0];
    expect(data<Paged<SupplySkuRow>>(await op(admin, supplySkuOps.list, { keyword: one.skuCode })).total).toBe(1);
    expect(data<Paged<SupplySkuRow>>(await op(admin, supplySkuOps.list, { categoryId: cat.top })).total).toBe(byPrice.total);
    expect(data<Paged<SupplySkuRow>>(await op(admin, supplySkuOps.list, { categoryId: cat.leaf2 })).total).toBe(0);
    expect(
      data<Paged<SupplySkuRow>>(await op(admin, supplySkuOps.list, { supplierId, status: 1 })).list.every(
        (s) => s.supplierId === supplierId && s.status === 1,
      ),
    ).toBe(true);
    const file = await exportList(admin, supplySkuOps.list, { categoryId: cat.top });
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === 'SKU编码');
    expect(rows.length - header - 1).toBe(byPrice.total);
    // the spec §7 path is the classification operation's REST alias: same answer as the gateway
    const classes = data<SupplyClassRoot[]>(await rest(admin, supplySkuOps.classify));
    expect(classes).toEqual(data<SupplyClassRoot[]>(await op(admin, supplySkuOps.classify, {})));
    const top = classes.find((c) => c.id === cat.top)!;
    expect(top.skuCount).toBe(byPrice.total);
    expect(top.children[0].children.find((c) => c.id === cat.leaf)?.skuCount).toBe(byPrice.total);
    expect((await rest(other, supplySkuOps.classify)).data).toEqual([]);
  });

  it('refuses roles without section 113 (gateway and REST alias)', async () => {
    const finance = await t.signIn('finance');
    for (const o of Object.values(supplySkuOps)) {
      expect((await op(finance, o, { skuId: 1, spuId, version: 0, status: 2 })).code).toBe(CODES.forbidden);
    }
    expect((await rest(finance, supplySkuOps.classify)).code).toBe(CODES.forbidden);
  });

  it('treats another merchant’s SKU and SPU as not found and changes nothing', async () => {
    const { skuId } = await create();
    const s = await skuOf(skuId);
    const before = await writes();
    expect((await op(other, supplySkuOps.detail, { skuId })).code).toBe(CODES.notFound);
    expect((await op(other, supplySkuOps.history, { skuId })).code).toBe(CODES.notFound);
    const edit = { skuId, version: s.version, specValues: [], barcode: s.barcode, purchasePrice: 1, moq: 1, leadTimeDays: 1 };
    expect((await op(other, supplySkuOps.update, edit)).code).toBe(CODES.notFound);
    expect((await op(other, supplySkuOps.setStatus, { skuId, version: s.version, status: 2 })).code).toBe(CODES.notFound);
    expect((await op(other, supplySkuOps.delete, { skuId, version: s.version })).code).toBe(CODES.notFound);
    expect((await op(other, supplySkuOps.create, fields())).code).toBe(CODES.notFound);
    expect(await writes()).toEqual(before);
  });

  it('a concurrent race for one barcode under one supplier: one create wins, the other is refused clearly', async () => {
    const barcode = nextBarcode();
    const before = await rowCount(t, 'supply_sku');
    const answers = await race(
      2,
      (i) => op(admin, supplySkuOps.create, fields({ barcode, specValues: [{ name: '批次', value: `竞争${i}` }] })) as Promise<RaceAnswer>,
    );
    expectWinners(answers, { code: CODES.conflict, msg: /已使用条码|该供应商已有使用此条码的SKU/ });
    expect(await rowCount(t, 'supply_sku')).toBe(before + 1);
  });

  it('property: a barcode stays unique per supplier among live SKUs across random create/停用/delete sequences', async () => {
    const pool = Array.from({ length: 3 }, () => nextBarcode());
    const sup2 = await newSupplier(admin, `随机供应商${dialect}`);
    const spus = [
      (await newSpu(admin, supplierId, cat.leaf, `随机水甲${dialect}`)).spuId,
      (await newSpu(admin, sup2.supplierId, cat.leaf, `随机水乙${dialect}`)).spuId,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom('create', 'delete'),
            code: fc.integer({ min: 0, max: pool.length - 1 }),
            spu: fc.integer({ min: 0, max: 1 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          for (const st of steps) {
            if (st.kind === 'create') {
              await op(admin, supplySkuOps.create, fields({ spuId: spus[st.spu], barcode: pool[st.code] }));
            } else {
              const live = data<Paged<SupplySkuRow>>(await op(admin, supplySkuOps.list, { spuId: spus[st.spu], keyword: pool[st.code] }))
                .list[0];
              if (!live) continue;
              if (live.status === 1) data(await op(admin, supplySkuOps.setStatus, { skuId: live.skuId, version: live.version, status: 2 }));
              data(await op(admin, supplySkuOps.delete, { skuId: live.skuId, version: live.version + (live.status === 1 ? 1 : 0) }));
            }
          }
          const live = data<Paged<SupplySkuRow>>(await op(admin, supplySkuOps.list, { pageSize: 200 })).list.map(
            (s) => `${s.supplierId}:${s.barcode}`,
          );
          expect(new Set(live).size).toBe(live.length);
        },
      ),
      { numRuns: 6 },
    );
  });
});

describe('supply demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('two suppliers and 60 SKUs (the lists page) linked to standard products, bought below the guide price', async () => {
    const db = t.db.db;
    expect((await db.selectFrom('supplier').select('name').orderBy('id').execute()).map((s) => s.name)).toEqual([
      '华东食品供应链有限公司',
      '粤海饮品批发',
    ]);
    const skus = await db
      .selectFrom('supply_sku')
      .innerJoin('supply_spu', 'supply_spu.id', 'supply_sku.spu_id')
      .innerJoin('standard_product', 'standard_product.id', 'supply_spu.standard_product_id')
      .select([
        'supply_sku.barcode',
        'supply_sku.purchase_price',
        'supply_sku.supplier_id',
        'standard_product.barcode as sp_barcode',
        'standard_product.guide_price',
      ])
      .execute();
    expect(skus.length).toBe(60);
    expect(skus.every((s) => s.barcode === s.sp_barcode && barcodeCheckDigitOk(s.barcode))).toBe(true);
    expect(skus.every((s) => s.purchase_price < s.guide_price)).toBe(true);
    expect(new Set(skus.map((s) => s.supplier_id)).size).toBe(2);
    const admin = await t.signIn('admin');
    const list = data<Paged<SupplySkuRow>>(await op(admin, supplySkuOps.list, {}));
    expect(list.total).toBe(60);
    expect(data<Paged<{ spuId: number }>>(await op(admin, supplyGoodsOps.list, {})).total).toBe(60);
  });
});
