import { CODES, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { goodsBankOps, type BankCandidate, type GoodsBankDetail, type GoodsBankRow } from '@merchant/contracts/goods/goods-bank';
import { storeGoodsOps } from '@merchant/contracts/goods/store-goods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { channelMerchant, type ChannelMerchant } from '../../test/goods-channels-fixtures.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('goods bank (%s)', (dialect) => {
  let t: TestApp;
  let m: ChannelMerchant;
  let other: ChannelMerchant;
  const detail = async (goodsId: number) => data<GoodsBankDetail>(await op(m.client, goodsBankOps.detail, { goodsId }));
  const writes = async () => [await rowCount(t, 'goods_bank'), await rowCount(t, 'goods_bank_price'), await rowCount(t, 'record_history')];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    m = await channelMerchant(t, '商品库本店', 'bankowner', '13700000061');
    other = await channelMerchant(t, '商品库别家', 'bankboss', '13700000062');
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds a goods with its store prices (left-out SKUs take the sale price), with history; lists and exports it', async () => {
    const g = await m.newGoods('农夫山泉饮用天然水', [200, 450]);
    const cands = data<BankCandidate[]>(await op(m.client, goodsBankOps.candidates, { keyword: '农夫山泉饮用' }));
    expect(cands.find((c) => c.goodsId === g.goodsId)?.skus).toHaveLength(2);
    const res = data<{ bankId: number }>(
      await op(m.client, goodsBankOps.create, {
        goodsId: g.goodsId,
        remark: '主推',
        prices: [{ skuId: g.skus[0].skuId, storePrice: 250 }],
      }),
    );
    expect(res.bankId).toBeGreaterThan(0);
    const d = await detail(g.goodsId);
    expect(d).toMatchObject({ status: 1, statusName: '可售', remark: '主推', skuCount: 2, priceMin: 250, priceMax: 450, storeCount: 0 });
    expect(d.skus.map((s) => s.storePrice)).toEqual([250, 450]);
    expect(
      data<BankCandidate[]>(await op(m.client, goodsBankOps.candidates, { keyword: '农夫山泉饮用' })).map((c) => c.goodsId),
    ).not.toContain(g.goodsId);
    const h = data<Paged<HistoryEntry>>(await op(m.client, goodsBankOps.history, { goodsId: g.goodsId }));
    expect(h.list[0]).toMatchObject({ action: 'create', actionLabel: '加入商品库' });
    expect(h.list[0].changes).toContainEqual(expect.objectContaining({ label: expect.stringContaining('门店价'), after: '¥2.50' }));

    const page = data<Paged<GoodsBankRow>>(await op(m.client, goodsBankOps.list, { keyword: '农夫山泉饮用', status: 1 }));
    expect(page.total).toBe(1);
    expect(data<Paged<GoodsBankRow>>(await op(m.client, goodsBankOps.list, { status: 2 })).total).toBe(0);
    expect((await op(m.client, goodsBankOps.list, { sortField: 'brand' })).code).toBe(CODES.badInput);
    const file = await exportList(m.client, goodsBankOps.list, {});
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '商品编码');
    expect(rows[header + 1]).toEqual(expect.arrayContaining(['农夫山泉饮用天然水', '2.50', '4.50', '可售']));
  });

  it('refuses bad input, a goods already banked and another merchant’s goods, writing nothing', async () => {
    const g = await m.newGoods('怡宝纯净水');
    const foreign = await other.newGoods('别家的水');
    await op(m.client, goodsBankOps.create, { goodsId: g.goodsId });
    const before = await writes();
    for (const [input, code, msg] of [
      [{ goodsId: 'x' }, CODES.badInput, '商品不正确（字段：goodsId）'],
      [{ goodsId: g.goodsId, status: 3 }, CODES.badInput, '可售状态只能是可售或停售（字段：status）'],
      [
        { goodsId: g.goodsId, prices: [{ skuId: g.skus[0].skuId, storePrice: 0 }] },
        CODES.badInput,
        '门店价须大于0（字段：prices.0.storePrice）',
      ],
      [
        { goodsId: g.goodsId, prices: [{ skuId: g.skus[0].skuId, storePrice: 1.5 }] },
        CODES.badInput,
        '门店价以分为单位，须为整数（字段：prices.0.storePrice）',
      ],
      [{ goodsId: g.goodsId }, CODES.conflict, '「怡宝纯净水」已在商品库中（字段：goodsId）'],
      [{ goodsId: foreign.goodsId }, CODES.notFound, '商品不存在'],
    ] as const) {
      const res = await op(m.client, goodsBankOps.create, input);
      expect({ code: res.code, msg: res.msg }).toEqual({ code, msg });
    }
    const g2 = await m.newGoods('康师傅冰红茶');
    const before2 = await writes();
    const res = await op(m.client, goodsBankOps.create, { goodsId: g2.goodsId, prices: [{ skuId: g.skus[0].skuId, storePrice: 100 }] });
    expect({ code: res.code, msg: res.msg }).toEqual({ code: CODES.badInput, msg: '该SKU不属于此商品（字段：prices.0.skuId）' });
    expect(await writes()).toEqual(before2);
    expect(before2[2]).toBeGreaterThan(before[2]); // the goods create wrote its own history, the refusals none
    // another merchant sees none of it
    for (const o of [goodsBankOps.detail, goodsBankOps.history]) {
      expect((await op(other.client, o, { goodsId: g.goodsId })).code).toBe(CODES.notFound);
    }
    expect((await op(other.client, goodsBankOps.setStatus, { goodsId: g.goodsId, version: 0, status: 2 })).code).toBe(CODES.notFound);
  });

  it('edits prices with the version; a stale version is refused and writes nothing', async () => {
    const g = await m.newGoods('东方树叶茉莉花茶', [500, 600]);
    await op(m.client, goodsBankOps.create, { goodsId: g.goodsId });
    const d = await detail(g.goodsId);
    const input = { goodsId: g.goodsId, version: d.version, remark: '夏季', prices: [{ skuId: g.skus[1].skuId, storePrice: 580 }] };
    expect(data<{ version: number }>(await op(m.client, goodsBankOps.update, input)).version).toBe(d.version + 1);
    const after = await detail(g.goodsId);
    expect(after.skus.map((s) => s.storePrice)).toEqual([500, 580]);
    const h = data<Paged<HistoryEntry>>(await op(m.client, goodsBankOps.history, { goodsId: g.goodsId }));
    expect(h.list[0].changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ before: '¥6.00', after: '¥5.80' }),
        expect.objectContaining({ label: '备注', after: '夏季' }),
      ]),
    );
    const before = await writes();
    const stale = await op(m.client, goodsBankOps.update, { ...input, prices: [{ skuId: g.skus[1].skuId, storePrice: 1 }] });
    expect({ code: stale.code, msg: stale.msg }).toEqual({ code: CODES.conflict, msg: '该记录已被他人修改，请刷新后重试' });
    expect(await writes()).toEqual(before);
    expect((await detail(g.goodsId)).skus[1].storePrice).toBe(580);
  });

  it('follows its status table: 可售 ⇄ 停售, a repeat refused; removal only when 停售 and in no store', async () => {
    const g = await m.newGoods('百岁山矿泉水');
    await op(m.client, goodsBankOps.create, { goodsId: g.goodsId });
    let d = await detail(g.goodsId);
    const again = await op(m.client, goodsBankOps.setStatus, { goodsId: g.goodsId, version: d.version, status: 1 });
    expect({ code: again.code, msg: again.msg }).toEqual({ code: CODES.conflict, msg: '商品库中该商品已是可售状态' });
    const del = await op(m.client, goodsBankOps.delete, { goodsId: g.goodsId, version: d.version });
    expect({ code: del.code, msg: del.msg }).toEqual({ code: CODES.conflict, msg: '商品库中该商品可售，请先停售再移出' });
    const storeId = await m.newStore('商品库测试门店');
    data(await op(m.client, storeGoodsOps.assign, { storeIds: [storeId], items: [{ skuId: g.skus[0].skuId }] }));
    data(await op(m.client, goodsBankOps.setStatus, { goodsId: g.goodsId, version: d.version, status: 2 }));
    d = await detail(g.goodsId);
    expect(d).toMatchObject({ status: 2, statusName: '停售', storeCount: 1 });
    const held = await op(m.client, goodsBankOps.delete, { goodsId: g.goodsId, version: d.version });
    expect({ code: held.code, msg: held.msg }).toEqual({ code: CODES.conflict, msg: '还有1个门店商品属于该商品，请先在门店商品中移除' });
    const row = data<{ storeGoodsId: number; version: number }>(
      await op(m.client, storeGoodsOps.detail, { storeId, skuId: g.skus[0].skuId }),
    );
    data(await op(m.client, storeGoodsOps.delete, row));
    const stale = await op(m.client, goodsBankOps.delete, { goodsId: g.goodsId, version: d.version - 1 });
    expect(stale.code).toBe(CODES.conflict);
    data(await op(m.client, goodsBankOps.delete, { goodsId: g.goodsId, version: d.version }));
    expect((await op(m.client, goodsBankOps.detail, { goodsId: g.goodsId })).code).toBe(CODES.notFound);
    // it can be banked again
    expect((await op(m.client, goodsBankOps.create, { goodsId: g.goodsId })).code).toBe('200');
  });

  it('refuses roles without the anchor', async () => {
    const finance = await t.signIn('finance');
    for (const o of Object.values(goodsBankOps)) {
      expect((await op(finance, o, { goodsId: 1, version: 0, status: 2, prices: [] })).code).toBe(CODES.forbidden);
    }
  });
});
