import { CODES, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { INVALID_CURSOR_MESSAGE, type KeysetPage } from '@merchant/contracts/core/keyset';
import { goodsBankOps, type GoodsBankDetail } from '@merchant/contracts/goods/goods-bank';
import { skuOps, type SkuRow } from '@merchant/contracts/goods/sku';
import { storeGoodsOps, type BankSkuOption, type StoreGoodsRow, type StoreOption } from '@merchant/contracts/goods/store-goods';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { channelMerchant, type ChannelMerchant } from '../../test/goods-channels-fixtures.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { expectWinners, race, type RaceAnswer } from '../../test/race.ts';

describe.each(DIALECTS)('store goods (%s)', (dialect) => {
  let t: TestApp;
  let m: ChannelMerchant;
  let other: ChannelMerchant;
  let storeA: number;
  let storeB: number;
  const row = async (storeId: number, skuId: number) => data<StoreGoodsRow>(await op(m.client, storeGoodsOps.detail, { storeId, skuId }));
  const writes = async () => [await rowCount(t, 'store_goods'), await rowCount(t, 'record_history')];
  const banked = async (name: string, prices?: number[]) => {
    const g = await m.newGoods(name, prices);
    data(await op(m.client, goodsBankOps.create, { goodsId: g.goodsId, prices: [{ skuId: g.skus[0].skuId, storePrice: 350 }] }));
    return g;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    m = await channelMerchant(t, '门店商品本店', 'shopowner', '13700000063');
    other = await channelMerchant(t, '门店商品别家', 'shopboss', '13700000064');
    storeA = await m.newStore('漕河泾测试店');
    storeB = await m.newStore('陆家嘴测试店');
  });
  afterAll(async () => {
    await t.close();
  });

  it('assigns bank SKUs to several stores (price from the bank unless given), with history; lists, filters and exports', async () => {
    const g = await banked('农夫山泉茶π柠檬红茶', [300, 450]);
    const stores = data<StoreOption[]>(await op(m.client, storeGoodsOps.storeOptions, {}));
    expect(stores.map((s) => s.storeId)).toEqual(expect.arrayContaining([storeA, storeB]));
    const opts = data<BankSkuOption[]>(await op(m.client, storeGoodsOps.skuOptions, { keyword: '茶π' }));
    expect(opts.map((o) => o.bankPrice).sort()).toEqual([350, 450]);
    const res = data<{ created: number }>(
      await op(m.client, storeGoodsOps.assign, {
        storeIds: [storeA, storeB],
        items: [{ skuId: g.skus[0].skuId }, { skuId: g.skus[1].skuId, price: 499 }],
      }),
    );
    expect(res.created).toBe(4);
    expect(await row(storeA, g.skus[0].skuId)).toMatchObject({
      price: 350,
      bankPrice: 350,
      status: 1,
      statusName: '上架',
      storeName: '漕河泾测试店',
    });
    expect(await row(storeB, g.skus[1].skuId)).toMatchObject({ price: 499, bankPrice: 450, status: 1 });
    const h = data<Paged<HistoryEntry>>(await op(m.client, storeGoodsOps.history, { storeId: storeA, skuId: g.skus[0].skuId }));
    expect(h.list[0]).toMatchObject({ action: 'create', actionLabel: '铺货' });
    expect(h.list[0].changes).toContainEqual({ field: 'price', label: '门店价', before: '（空）', after: '¥3.50' });

    const page = data<KeysetPage<StoreGoodsRow>>(await op(m.client, storeGoodsOps.list, { storeId: storeA, keyword: '茶π' }));
    expect(page.total).toBe(2);
    const sorted = data<KeysetPage<StoreGoodsRow>>(await op(m.client, storeGoodsOps.list, { sortField: 'price', sortOrder: 'ascend' }));
    expect(sorted.list.map((r) => r.price)).toEqual([...sorted.list.map((r) => r.price)].sort((a, b) => a - b));
    const file = await exportList(m.client, storeGoodsOps.list, { storeId: storeB });
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '门店编码');
    expect(rows.slice(header + 1)).toHaveLength(2);
    expect(rows.slice(header + 1).some((r) => r.includes('陆家嘴测试店') && r.includes('4.99'))).toBe(true);
  });

  it('refuses bad input, a SKU not in the bank or already in the store, and another merchant’s stores, writing nothing', async () => {
    const g = await banked('可口可乐');
    const loose = await m.newGoods('雪碧'); // not banked
    data(await op(m.client, storeGoodsOps.assign, { storeIds: [storeA], items: [{ skuId: g.skus[0].skuId }] }));
    const foreignStore = await other.newStore('别家门店');
    const before = await writes();
    for (const [input, code, msg] of [
      [{ storeIds: [], items: [{ skuId: g.skus[1].skuId }] }, CODES.badInput, '请选择门店（字段：storeIds）'],
      [{ storeIds: [storeA, storeA], items: [{ skuId: g.skus[1].skuId }] }, CODES.badInput, '门店重复（字段：storeIds）'],
      [{ storeIds: [storeA], items: [] }, CODES.badInput, '请选择SKU（字段：items）'],
      [{ storeIds: [storeA], items: [{ skuId: g.skus[1].skuId, price: -1 }] }, CODES.badInput, '门店价须大于0（字段：items.0.price）'],
      [
        { storeIds: [storeA], items: [{ skuId: loose.skus[0].skuId }] },
        CODES.badInput,
        '该SKU不在商品库中，请先把它的商品加入商品库（字段：items.0.skuId）',
      ],
      [
        { storeIds: [storeB, storeA], items: [{ skuId: g.skus[1].skuId }, { skuId: g.skus[0].skuId }] },
        CODES.conflict,
        '门店「漕河泾测试店」已有SKU「可口可乐 550ml」，请勿重复铺货',
      ],
      [{ storeIds: [foreignStore], items: [{ skuId: g.skus[1].skuId }] }, CODES.notFound, '门店不存在'],
    ] as const) {
      const res = await op(m.client, storeGoodsOps.assign, input);
      expect({ code: res.code, msg: res.msg }).toEqual({ code, msg });
    }
    expect(await writes()).toEqual(before);
    // the other merchant can neither read nor change this merchant's rows
    const r = await row(storeA, g.skus[0].skuId);
    expect((await op(other.client, storeGoodsOps.detail, { storeId: storeA, skuId: g.skus[0].skuId })).code).toBe(CODES.notFound);
    for (const o of [storeGoodsOps.setStatus, storeGoodsOps.update, storeGoodsOps.delete]) {
      expect((await op(other.client, o, { storeGoodsId: r.storeGoodsId, version: r.version, status: 2, price: 1 })).code).toBe(
        CODES.notFound,
      );
    }
    expect((await op(other.client, storeGoodsOps.assign, { storeIds: [storeA], items: [{ skuId: g.skus[0].skuId }] })).code).toBe(
      CODES.notFound,
    );
    expect(await writes()).toEqual(before);
  });

  it('changes the store price with the version; a stale one is refused', async () => {
    const g = await banked('统一阿萨姆奶茶');
    data(await op(m.client, storeGoodsOps.assign, { storeIds: [storeB], items: [{ skuId: g.skus[0].skuId }] }));
    const r = await row(storeB, g.skus[0].skuId);
    expect(
      data<{ version: number }>(await op(m.client, storeGoodsOps.update, { storeGoodsId: r.storeGoodsId, version: r.version, price: 420 }))
        .version,
    ).toBe(r.version + 1);
    const before = await writes();
    const stale = await op(m.client, storeGoodsOps.update, { storeGoodsId: r.storeGoodsId, version: r.version, price: 1 });
    expect({ code: stale.code, msg: stale.msg }).toEqual({ code: CODES.conflict, msg: '该记录已被他人修改，请刷新后重试' });
    expect(await writes()).toEqual(before);
    const h = data<Paged<HistoryEntry>>(await op(m.client, storeGoodsOps.history, { storeId: storeB, skuId: g.skus[0].skuId }));
    expect(h.list[0].changes).toEqual([{ field: 'price', label: '门店价', before: '¥3.50', after: '¥4.20' }]);
  });

  it('follows its status table: a SKU 下架 at SKU level or a bank 停售 blocks 上架; removal only when 下架', async () => {
    const g = await banked('王老吉凉茶');
    data(await op(m.client, storeGoodsOps.assign, { storeIds: [storeA], items: [{ skuId: g.skus[0].skuId }] }));
    let r = await row(storeA, g.skus[0].skuId);
    const again = await op(m.client, storeGoodsOps.setStatus, { storeGoodsId: r.storeGoodsId, version: r.version, status: 1 });
    expect({ code: again.code, msg: again.msg }).toEqual({ code: CODES.conflict, msg: '该门店商品已是上架状态' });
    const del = await op(m.client, storeGoodsOps.delete, { storeGoodsId: r.storeGoodsId, version: r.version });
    expect({ code: del.code, msg: del.msg }).toEqual({ code: CODES.conflict, msg: '门店商品上架中，请先下架再移除' });

    // the SKU goes 下架 at SKU level: the store row shows 下架 at once and cannot be put back
    const sku = data<SkuRow>(await op(m.client, skuOps.detail, { skuId: g.skus[0].skuId }));
    data(await op(m.client, skuOps.setStatus, { skuId: sku.skuId, version: sku.version, status: 2 }));
    r = await row(storeA, g.skus[0].skuId);
    expect(r).toMatchObject({ status: 2, shelfStatus: 1, blockedReason: 'SKU已下架，不能在门店上架；请先在SKU管理中上架' });
    data(await op(m.client, storeGoodsOps.setStatus, { storeGoodsId: r.storeGoodsId, version: r.version, status: 2 }));
    r = await row(storeA, g.skus[0].skuId);
    const blocked = await op(m.client, storeGoodsOps.setStatus, { storeGoodsId: r.storeGoodsId, version: r.version, status: 1 });
    expect({ code: blocked.code, msg: blocked.msg }).toEqual({
      code: CODES.conflict,
      msg: 'SKU已下架，不能在门店上架；请先在SKU管理中上架',
    });
    data(await op(m.client, skuOps.setStatus, { skuId: sku.skuId, version: sku.version + 1, status: 1 }));
    data(await op(m.client, storeGoodsOps.setStatus, { storeGoodsId: r.storeGoodsId, version: r.version, status: 1 }));

    // the bank's 停售 takes every store row of the goods off the shelf in the same transaction
    const b = data<GoodsBankDetail>(await op(m.client, goodsBankOps.detail, { goodsId: g.goodsId }));
    data(await op(m.client, goodsBankOps.setStatus, { goodsId: g.goodsId, version: b.version, status: 2 }));
    r = await row(storeA, g.skus[0].skuId);
    expect(r).toMatchObject({ status: 2, shelfStatus: 2, blockedReason: '商品库中该商品已停售，不能在门店上架' });
    const h = data<Paged<HistoryEntry>>(await op(m.client, storeGoodsOps.history, { storeId: storeA, skuId: g.skus[0].skuId }));
    expect(h.list[0]).toMatchObject({ actionLabel: '下架', remark: '随商品库停售' });
    const offBank = await op(m.client, storeGoodsOps.setStatus, { storeGoodsId: r.storeGoodsId, version: r.version, status: 1 });
    expect(offBank.msg).toBe('商品库中该商品已停售，不能在门店上架');
    // a 停售 bank goods offers no SKUs to assign
    expect(data<BankSkuOption[]>(await op(m.client, storeGoodsOps.skuOptions, { keyword: '王老吉' }))).toEqual([]);
    const assignOff = await op(m.client, storeGoodsOps.assign, { storeIds: [storeB], items: [{ skuId: g.skus[0].skuId }] });
    expect(assignOff).toMatchObject({
      code: CODES.conflict,
      msg: '「王老吉凉茶 550ml」在商品库中已停售，不能铺货到门店（字段：items.0.skuId）',
    });

    data(await op(m.client, storeGoodsOps.delete, { storeGoodsId: r.storeGoodsId, version: r.version }));
    expect((await op(m.client, storeGoodsOps.detail, { storeId: storeA, skuId: g.skus[0].skuId })).code).toBe(CODES.notFound);
    // the history outlives the row
    const h2 = data<Paged<HistoryEntry>>(await op(m.client, storeGoodsOps.history, { storeId: storeA, skuId: g.skus[0].skuId }));
    expect(h2.list[0]).toMatchObject({ action: 'delete', actionLabel: '移除' });
  });

  it('two concurrent shelf changes of one row with the same version: one wins', async () => {
    const g = await banked('加多宝凉茶');
    data(await op(m.client, storeGoodsOps.assign, { storeIds: [storeB], items: [{ skuId: g.skus[0].skuId }] }));
    const r = await row(storeB, g.skus[0].skuId);
    const historyBefore = await rowCount(t, 'record_history');
    const answers = await race(
      2,
      () => op(m.client, storeGoodsOps.setStatus, { storeGoodsId: r.storeGoodsId, version: r.version, status: 2 }) as Promise<RaceAnswer>,
    );
    expectWinners(answers, { code: CODES.conflict, msg: /^(该记录已被他人修改，请刷新后重试|该门店商品已是下架状态)$/ });
    expect(await row(storeB, g.skus[0].skuId)).toMatchObject({ shelfStatus: 2, version: r.version + 1 });
    expect(await rowCount(t, 'record_history')).toBe(historyBefore + 1);
  });

  it('pages by keyset (SKU × store rows): each sort walks every row once forward and back, in order, within a store too; another merchant’s cursor is refused', async () => {
    const g = await banked('康师傅冰红茶', [350, 350, 280]);
    data(
      await op(m.client, storeGoodsOps.assign, {
        storeIds: [storeA, storeB],
        items: g.skus.map((s) => ({ skuId: s.skuId })), // equal prices: the sort's ties are broken by id
      }),
    );
    type Page = KeysetPage<StoreGoodsRow>;
    const list = async (i: Record<string, unknown>) => data<Page>(await op(m.client, storeGoodsOps.list, i));
    for (const storeId of [undefined, storeA]) {
      const all = await list({ storeId, pageSize: 500 });
      expect(all.total).toBe(all.list.length);
      expect(all.list.length).toBeGreaterThanOrEqual(storeId ? 3 : 6);
      for (const sortField of ['createdAt', 'price'] as const) {
        for (const sortOrder of ['ascend', 'descend'] as const) {
          const key = (r: StoreGoodsRow) => (sortField === 'price' ? r.price : r.storeGoodsId);
          const sign = sortOrder === 'ascend' ? 1 : -1;
          const expected = [...all.list]
            .sort((a, b) => sign * (key(a) - key(b) || a.storeGoodsId - b.storeGoodsId))
            .map((r) => r.storeGoodsId);
          const base = { storeId, pageSize: 2, sortField, sortOrder };
          let page = await list(base);
          expect(page.total).toBe(all.list.length); // counted with the first page only
          expect(page.prevCursor).toBeNull();
          const pages = [page];
          while (page.nextCursor) {
            page = await list({ ...base, cursor: page.nextCursor });
            expect(page.total).toBeUndefined();
            pages.push(page);
          }
          expect(pages.flatMap((p) => p.list.map((r) => r.storeGoodsId))).toEqual(expected);
          // and back from the last page to the first: the same pages, in reverse
          for (let n = pages.length - 1; n > 0; n -= 1) {
            const back = await list({ ...base, cursor: pages[n].prevCursor });
            expect(back.list.map((r) => r.storeGoodsId)).toEqual(pages[n - 1].list.map((r) => r.storeGoodsId));
          }
        }
      }
    }
    const first = await list({ pageSize: 1 });
    const before = await writes();
    expect(await op(other.client, storeGoodsOps.list, { pageSize: 1, cursor: first.nextCursor })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining(INVALID_CURSOR_MESSAGE) as unknown,
    });
    expect(await op(m.client, storeGoodsOps.list, { pageSize: 1, cursor: 'bm90LWEtY3Vyc29y' })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining(INVALID_CURSOR_MESSAGE) as unknown,
    });
    expect((await op(m.client, storeGoodsOps.list, { sortField: 'skuName' })).code).toBe(CODES.badInput);
    expect(await writes()).toEqual(before);
  });

  it.runIf(dialect === 'sqlite')('reads each sort, with the merchant alone or with a store, along one index (no sort step)', async () => {
    const plan = async (filter: string, order: string) => {
      const rows = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM store_goods WHERE merchant_id = 1
        ${sql.raw(filter)} ORDER BY ${sql.raw(order)} DESC, id DESC LIMIT 21`.execute(t.db.db);
      return rows.rows.map((r) => r.detail).join(' | ');
    };
    for (const [filter, order, index] of [
      ['', 'id', /store_goods_list_idx \(merchant_id=\?\)/],
      ['', 'price', /store_goods_price_idx \(merchant_id=\?\)/],
      ['AND store_id = 2', 'id', /store_goods_store_idx \(merchant_id=\? AND store_id=\?\)/],
      ['AND store_id = 2', 'price', /store_goods_store_price_idx \(merchant_id=\? AND store_id=\?\)/],
    ] as const) {
      const p = await plan(filter, order);
      expect(p, `${filter} ${order}`).toMatch(index);
      expect(p, `${filter} ${order}`).not.toContain('TEMP B-TREE');
    }
  });

  it('refuses roles without the anchor', async () => {
    const finance = await t.signIn('finance');
    for (const o of Object.values(storeGoodsOps)) {
      expect(
        (
          await op(finance, o, {
            storeGoodsId: 1,
            storeId: 1,
            skuId: 1,
            version: 0,
            status: 2,
            price: 1,
            storeIds: [1],
            items: [{ skuId: 1 }],
          })
        ).code,
      ).toBe(CODES.forbidden);
    }
  });
});
