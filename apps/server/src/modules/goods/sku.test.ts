import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { INVALID_CURSOR_MESSAGE, type KeysetPage } from '@merchant/contracts/core/keyset';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { goodsOps, type GoodsDetail } from '@merchant/contracts/goods/goods';
import { skuName, skuOps, type GoodsOption, type SkuRow } from '@merchant/contracts/goods/sku';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, rowCount } from '../../test/calls.ts';
import { addStorageStyleLock } from './sku.service.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { categoryBranch, merchantIdOf, nextBarcode } from '../../test/goods-fixtures.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { expectWinners, race, type RaceAnswer } from '../../test/race.ts';

describe.each(DIALECTS)('SKUs (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let cat: Awaited<ReturnType<typeof categoryBranch>>;
  let goodsId: number;

  const newGoods = async (name: string, storageStyle = 2) =>
    data<{ goodsId: number }>(
      await op(admin, goodsOps.create, {
        name,
        brand: '蒙牛',
        categoryId: cat.leaf,
        unit: '盒',
        storageStyle,
        shelfLifeDays: 21,
        skus: [{ specValues: [{ name: '口味', value: '原味' }], barcode: nextBarcode(), basePrice: 650 }],
      }),
    ).goodsId;
  const skuOf = async (skuId: number) => data<SkuRow>(await op(admin, skuOps.detail, { skuId }));
  const writes = async () => [await rowCount(t, 'goods_sku'), await rowCount(t, 'record_history')];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // a merchant of its own: the demo merchant's seeded goods would blur totals and filters
    admin = await registerMerchant(t, '本店商品SKU', 'skuowner', '13700000078');
    other = await registerMerchant(t, '别家SKU', 'skuboss', '13700000077');
    cat = await categoryBranch(t, await merchantIdOf(t, 'skuowner'));
    goodsId = await newGoods('蒙牛纯牛奶');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a SKU under a goods: storage style defaults to the goods’, name from spec values, history', async () => {
    const barcode = nextBarcode();
    const res = data<{ skuId: number; skuCode: string }>(
      await op(admin, skuOps.create, { goodsId, specValues: [{ name: '口味', value: '草莓' }], barcode, basePrice: 680 }),
    );
    expect(res.skuCode).toMatch(/^K\d{8}$/);
    const sku = await skuOf(res.skuId);
    expect(sku).toMatchObject({
      name: '蒙牛纯牛奶 草莓',
      goodsName: '蒙牛纯牛奶',
      storageStyle: 2,
      storageStyleName: '冷藏',
      status: 1,
      statusName: '上架',
      basePrice: 680,
      categoryPath: '食品/饮料/饮用水',
      specText: '口味：草莓',
    });
    const h = data<Paged<HistoryEntry>>(await op(admin, skuOps.history, { skuId: res.skuId }));
    expect(h.list[0]).toMatchObject({ action: 'create', actionLabel: '新增SKU' });
    expect(h.list[0].changes).toContainEqual({ field: 'basePrice', label: '销售价', before: '（空）', after: '¥6.80' });
    const options = data<GoodsOption[]>(await op(admin, skuOps.goodsOptions, { keyword: '蒙牛纯' }));
    expect(options.map((o) => o.goodsId)).toContain(goodsId);
  });

  it('refuses bad input, a duplicate barcode or spec, writing nothing', async () => {
    const taken = (await skuOf(data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { goodsId })).list[0].skuId)).barcode;
    const before = await writes();
    for (const [patch, code, msg] of [
      [{ barcode: '6901234567890' }, CODES.badInput, 'SKU条码校验位不正确，请核对（字段：barcode）'],
      [{ barcode: '12345' }, CODES.badInput, 'SKU条码应为13位（EAN-13）、8位（EAN-8）或12位（UPC-A）（字段：barcode）'],
      [{ basePrice: 0 }, CODES.badInput, '销售价须大于0（字段：basePrice）'],
      [{ storageStyle: 5 }, CODES.badInput, '储存方式只能是常温、冷藏或冷冻（字段：storageStyle）'],
      [
        {
          specValues: [
            { name: '口味', value: 'a' },
            { name: '口味', value: 'b' },
          ],
        },
        CODES.badInput,
        '规格名「口味」重复（字段：specValues.1.name）',
      ],
      [{ barcode: taken }, CODES.conflict, new RegExp(`^条码 ${taken} 已被SKU「蒙牛纯牛奶 .+」（K\\d{8}）使用（字段：barcode）$`)],
      [{ specValues: [{ name: '口味', value: '原味' }] }, CODES.conflict, '该商品已有相同规格的SKU「蒙牛纯牛奶 原味」（字段：specValues）'],
    ] as const) {
      const res = await op(admin, skuOps.create, {
        goodsId,
        specValues: [{ name: '口味', value: '香蕉' }],
        barcode: nextBarcode(),
        basePrice: 600,
        ...(patch as object),
      });
      expect(res.code).toBe(code);
      if (typeof msg === 'string') expect(res.msg).toBe(msg);
      else expect(res.msg).toMatch(msg);
    }
    expect(await writes()).toEqual(before);
  });

  it('updates with the version (storage style may change); a stale version and a taken barcode are refused', async () => {
    const { skuId } = data<{ skuId: number }>(
      await op(admin, skuOps.create, { goodsId, specValues: [{ name: '口味', value: '巧克力' }], barcode: nextBarcode(), basePrice: 700 }),
    );
    const s = await skuOf(skuId);
    const input = {
      skuId,
      version: s.version,
      specValues: [{ name: '口味', value: '黑巧克力' }],
      barcode: s.barcode,
      basePrice: 720,
      storageStyle: 1,
    };
    expect(data<{ version: number }>(await op(admin, skuOps.update, input)).version).toBe(s.version + 1);
    expect(await skuOf(skuId)).toMatchObject({ name: '蒙牛纯牛奶 黑巧克力', basePrice: 720, storageStyle: 1 });
    const before = await writes();
    expect(await op(admin, skuOps.update, { ...input, basePrice: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    const taken = data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { goodsId, sortField: 'createdAt', sortOrder: 'ascend' })).list[0]
      .barcode;
    expect((await op(admin, skuOps.update, { ...input, version: s.version + 1, barcode: taken })).code).toBe(CODES.conflict);
    expect(await writes()).toEqual(before);
    const h = data<Paged<HistoryEntry>>(await op(admin, skuOps.history, { skuId }));
    expect(h.list[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'basePrice', label: '销售价', before: '¥7.00', after: '¥7.20' },
        { field: 'storageStyle', label: '储存方式', before: '冷藏', after: '常温' },
      ]),
    );
  });

  it('refuses a storage style change while a storage style lock holds the SKU; other fields still change', async () => {
    const { skuId } = data<{ skuId: number }>(
      await op(admin, skuOps.create, {
        goodsId,
        specValues: [{ name: '口味', value: '储存锁测试' }],
        barcode: nextBarcode(),
        basePrice: 680,
      }),
    );
    const mid = await merchantIdOf(t, 'skuowner');
    const asked: [number, number][] = [];
    // stands in for the stock / orders issues' check: this one SKU has stock or sales
    const release = addStorageStyleLock(async (_db, merchantId, id) => {
      asked.push([merchantId, id]);
      return id === skuId ? '已有库存或销售' : null;
    });
    try {
      const s = await skuOf(skuId);
      const input = { skuId, version: s.version, specValues: s.specValues, barcode: s.barcode, basePrice: s.basePrice };
      const before = await writes();
      expect(await op(admin, skuOps.update, { ...input, storageStyle: 3 })).toMatchObject({
        code: CODES.conflict,
        msg: '该SKU已有库存或销售，储存方式不能修改（字段：storageStyle）',
      });
      expect(await writes()).toEqual(before);
      expect(await skuOf(skuId)).toMatchObject({ storageStyle: s.storageStyle, version: s.version });
      expect(asked).toEqual([[mid, skuId]]);
      // the lock is asked only when the storage style changes: a price edit goes through
      expect(
        data<{ version: number }>(await op(admin, skuOps.update, { ...input, storageStyle: s.storageStyle, basePrice: 690 })).version,
      ).toBe(s.version + 1);
      expect(asked).toHaveLength(1);
    } finally {
      release();
    }
    // released (no lock registered, as today): the storage style may change again (冷藏 → 常温)
    const s = await skuOf(skuId);
    expect(
      data<{ version: number }>(
        await op(admin, skuOps.update, {
          skuId,
          version: s.version,
          specValues: s.specValues,
          barcode: s.barcode,
          basePrice: s.basePrice,
          storageStyle: 1,
        }),
      ).version,
    ).toBe(s.version + 1);
  });

  it('上架/下架 and delete follow the transition table', async () => {
    const { skuId } = data<{ skuId: number }>(
      await op(admin, skuOps.create, { goodsId, specValues: [{ name: '口味', value: '芒果' }], barcode: nextBarcode(), basePrice: 690 }),
    );
    let s = await skuOf(skuId);
    const before = await writes();
    expect(await op(admin, skuOps.delete, { skuId, version: s.version })).toMatchObject({
      code: CODES.conflict,
      msg: 'SKU上架中，请先下架再删除',
    });
    expect(await op(admin, skuOps.setStatus, { skuId, version: s.version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: 'SKU已是上架状态',
    });
    expect((await op(admin, skuOps.setStatus, { skuId, version: s.version, status: 3 })).code).toBe(CODES.badInput);
    expect(await writes()).toEqual(before);
    data(await op(admin, skuOps.setStatus, { skuId, version: s.version, status: 2 }));
    s = await skuOf(skuId);
    expect(s.statusName).toBe('下架');
    expect((await op(admin, skuOps.delete, { skuId, version: s.version - 1 })).code).toBe(CODES.conflict);
    data(await op(admin, skuOps.delete, { skuId, version: s.version }));
    expect((await op(admin, skuOps.detail, { skuId })).code).toBe(CODES.notFound);
    // the last SKU of a goods stays
    const lone = await newGoods('蒙牛特仑苏');
    const last = data<GoodsDetail>(await op(admin, goodsOps.detail, { goodsId: lone })).skus[0];
    data(await op(admin, skuOps.setStatus, { skuId: last.skuId, version: last.version, status: 2 }));
    expect(await op(admin, skuOps.delete, { skuId: last.skuId, version: last.version + 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '这是商品的最后一个SKU，不能删除；如需删除请删除商品',
    });
  });

  it('lists with filters and sorting, and exports the same rows', async () => {
    const byPrice = data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { sortField: 'basePrice', sortOrder: 'ascend', pageSize: 200 }));
    expect(byPrice.list.map((s) => s.basePrice)).toEqual([...byPrice.list.map((s) => s.basePrice)].sort((a, b) => a - b));
    const one = byPrice.list[0];
    expect(data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { keyword: one.barcode })).list.map((s) => s.skuId)).toEqual([one.skuId]);
    expect(data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { keyword: one.skuCode })).total).toBe(1);
    expect(byPrice.total).toBe(byPrice.list.length);
    expect(data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { categoryId: cat.top })).total).toBe(byPrice.total);
    expect(data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { categoryId: cat.leaf2 })).total).toBe(0);
    expect(data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { storageStyle: 3 })).total).toBe(0);
    const file = await exportList(admin, skuOps.list, { categoryId: cat.top });
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === 'SKU编码');
    expect(rows.length - header - 1).toBe(byPrice.total);
    expect(rows.slice(header + 1).some((r) => r.includes('食品/饮料/饮用水'))).toBe(true);
    const goodsFile = await exportList(admin, goodsOps.list, {});
    expect(goodsFile.kind).toBe('file');
  });

  it('pages by keyset: every sort walks forward and back over the same rows; totals with the first page', async () => {
    const prices = [300, 500, 500, 500, 120, 990, 500, 300, 75, 1200, 500, 300];
    const g = data<{ goodsId: number }>(
      await op(admin, goodsOps.create, {
        name: '蒙牛翻页',
        brand: '蒙牛',
        categoryId: cat.leaf,
        unit: '盒',
        storageStyle: 1,
        shelfLifeDays: 30,
        skus: prices.map((basePrice, i) => ({ specValues: [{ name: '批次', value: `第${i + 1}批` }], barcode: nextBarcode(), basePrice })),
      }),
    ).goodsId;
    const page = async (input: Record<string, unknown>) => data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, input));
    const sorts = [
      { sortField: 'createdAt', sortOrder: 'descend' },
      { sortField: 'createdAt', sortOrder: 'ascend' },
      { sortField: 'basePrice', sortOrder: 'ascend' },
      { sortField: 'basePrice', sortOrder: 'descend' },
      { sortField: 'skuCode', sortOrder: 'ascend' },
      { sortField: 'skuCode', sortOrder: 'descend' },
    ];
    for (const filter of [{ goodsId: g }, { categoryId: cat.top, keyword: '蒙牛' }]) {
      for (const sort of sorts) {
        const all = await page({ ...filter, ...sort, pageSize: 100 });
        expect(all.nextCursor).toBeNull();
        const input = { ...filter, ...sort, pageSize: 5 };
        // forward: the pages in order are the whole list; only the first page counts
        const pages: KeysetPage<SkuRow>[] = [await page(input)];
        expect(pages[0]).toMatchObject({ total: all.list.length, prevCursor: null });
        while (pages[pages.length - 1].nextCursor) pages.push(await page({ ...input, cursor: pages[pages.length - 1].nextCursor }));
        expect(pages.flatMap((p) => p.list.map((r) => r.skuId))).toEqual(all.list.map((r) => r.skuId));
        expect(pages.slice(1).every((p) => p.total === undefined)).toBe(true);
        // back: each previous page is the page walked before it
        let at = pages[pages.length - 1];
        for (let i = pages.length - 2; i >= 0; i--) {
          at = await page({ ...input, cursor: at.prevCursor });
          expect(at.list.map((r) => r.skuId)).toEqual(pages[i].list.map((r) => r.skuId));
        }
        expect(at.prevCursor).toBeNull();
      }
      // the sorted fields are in order (ties by id in the same direction)
      const byPrice = await page({ ...filter, sortField: 'basePrice', sortOrder: 'ascend', pageSize: 100 });
      const key = (r: SkuRow) => [r.basePrice, r.skuId];
      expect(byPrice.list.map(key)).toEqual([...byPrice.list.map(key)].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    }
    expect((await page({ goodsId: g, pageSize: 5 })).total).toBe(prices.length);

    // a cursor of another sort: the first page of the asked one
    const second = (await page({ goodsId: g, pageSize: 5 })).nextCursor!;
    const first = await page({ goodsId: g, pageSize: 5, sortField: 'basePrice', sortOrder: 'ascend' });
    expect((await page({ goodsId: g, pageSize: 5, sortField: 'basePrice', sortOrder: 'ascend', cursor: second })).list).toEqual(first.list);
    // another merchant's cursor, and forged ones, are refused: nothing else happens
    const before = await writes();
    const refused = { code: CODES.badInput, msg: expect.stringContaining(INVALID_CURSOR_MESSAGE) as unknown };
    expect(await op(other, skuOps.list, { cursor: second })).toMatchObject(refused);
    const decoded = JSON.parse(Buffer.from(second, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forge = (c: Record<string, unknown>) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
    for (const cursor of [
      'abc',
      forge({ ...decoded, m: Number(decoded.m) + 1 }),
      forge({ ...decoded, k: 'x' }),
      forge({ ...decoded, extra: 1 }),
      `${second}A`,
    ]) {
      expect(await op(admin, skuOps.list, { goodsId: g, cursor })).toMatchObject(refused);
    }
    expect(await op(admin, skuOps.list, { cursor: '../etc' })).toMatchObject(refused);
    expect(await writes()).toEqual(before);
  });

  it('names a SKU by its goods and spec values, a value the goods name ends with not repeated', () => {
    expect(skuName('农夫山泉饮用天然水', [{ name: '规格', value: '550ml' }])).toBe('农夫山泉饮用天然水 550ml');
    expect(skuName('莫斯利安原味酸奶 200g', [{ name: '规格', value: '200g' }])).toBe('莫斯利安原味酸奶 200g');
    expect(
      skuName('可乐', [
        { name: '口味', value: '原味' },
        { name: '规格', value: '330ml' },
      ]),
    ).toBe('可乐 原味 330ml');
  });

  it('refuses roles without the anchor', async () => {
    const finance = await t.signIn('finance');
    for (const o of Object.values(skuOps)) {
      expect((await op(finance, o, { skuId: 1, goodsId, version: 0, status: 2 })).code).toBe(CODES.forbidden);
    }
  });

  it('treats another merchant’s SKU as not found and changes nothing', async () => {
    const s = data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { goodsId })).list[0];
    const before = await writes();
    expect((await op(other, skuOps.detail, { skuId: s.skuId })).code).toBe(CODES.notFound);
    expect((await op(other, skuOps.history, { skuId: s.skuId })).code).toBe(CODES.notFound);
    expect(
      (
        await op(other, skuOps.update, {
          skuId: s.skuId,
          version: s.version,
          specValues: [],
          barcode: s.barcode,
          basePrice: 1,
          storageStyle: 1,
        })
      ).code,
    ).toBe(CODES.notFound);
    expect((await op(other, skuOps.setStatus, { skuId: s.skuId, version: s.version, status: 2 })).code).toBe(CODES.notFound);
    expect((await op(other, skuOps.delete, { skuId: s.skuId, version: s.version })).code).toBe(CODES.notFound);
    expect(await writes()).toEqual(before);
    // the same barcode is free for another merchant
    expect((await op(other, skuOps.goodsOptions, {})).data).toEqual([]);
  });

  it('a concurrent race for one barcode: one create wins, the other is refused clearly', async () => {
    const barcode = nextBarcode();
    const before = await rowCount(t, 'goods_sku');
    const answers = await race(
      2,
      (i) =>
        op(admin, skuOps.create, {
          goodsId,
          specValues: [{ name: '规格', value: `竞争${i}` }],
          barcode,
          basePrice: 500,
        }) as Promise<RaceAnswer>,
    );
    expectWinners(answers, { code: CODES.conflict, msg: /条码|该条码已被其他SKU使用/ });
    expect(await rowCount(t, 'goods_sku')).toBe(before + 1);
  });

  it('property: barcodes stay unique among live SKUs across random create/delete sequences', async () => {
    const pool = Array.from({ length: 4 }, () => nextBarcode());
    const g = await newGoods(`蒙牛随机${dialect}`);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ kind: fc.constantFrom('create', 'delete'), code: fc.integer({ min: 0, max: pool.length - 1 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (steps) => {
          for (const st of steps) {
            if (st.kind === 'create') {
              n += 1;
              await op(admin, skuOps.create, {
                goodsId: g,
                specValues: [{ name: '批次', value: `p${n}` }],
                barcode: pool[st.code],
                basePrice: 100,
              });
            } else {
              const live = data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { goodsId: g, keyword: pool[st.code] })).list[0];
              if (!live) continue;
              data(await op(admin, skuOps.setStatus, { skuId: live.skuId, version: live.version, status: 2 }));
              await op(admin, skuOps.delete, { skuId: live.skuId, version: live.version + 1 });
            }
          }
          const live = data<KeysetPage<SkuRow>>(await op(admin, skuOps.list, { pageSize: 200 })).list.map((s) => s.barcode);
          expect(new Set(live).size).toBe(live.length);
        },
      ),
      { numRuns: 6 },
    );
  });
});
