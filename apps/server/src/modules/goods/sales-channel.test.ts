import { CODES, type Option, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { INVALID_CURSOR_MESSAGE, type KeysetPage } from '@merchant/contracts/core/keyset';
import { goodsBankOps, type GoodsBankDetail } from '@merchant/contracts/goods/goods-bank';
import { salesChannelOps, type ChannelShelfRow } from '@merchant/contracts/goods/sales-channel';
import { skuOps, type SkuRow } from '@merchant/contracts/goods/sku';
import { storeGoodsOps, type StoreGoodsRow } from '@merchant/contracts/goods/store-goods';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { channelMerchant, type ChannelMerchant } from '../../test/goods-channels-fixtures.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { expectWinners, race, type RaceAnswer } from '../../test/race.ts';

const CHANNELS = ['container', 'mall', 'online', 'locallife'] as const;

describe.each(DIALECTS)('sales channels (%s)', (dialect) => {
  let t: TestApp;
  let m: ChannelMerchant;
  let other: ChannelMerchant;
  const rowOf = async (channelCode: string, skuId: number) => {
    const page = data<KeysetPage<ChannelShelfRow>>(await op(m.client, salesChannelOps.list, { channelCode, pageSize: 500 }));
    return page.list.find((r) => r.skuId === skuId)!;
  };
  const writes = async () => [await rowCount(t, 'goods_channel_shelf'), await rowCount(t, 'record_history')];
  const set = (channelCode: string, status: number, rows: ChannelShelfRow[], client = m.client) =>
    op(client, salesChannelOps.setShelf, { channelCode, status, items: rows.map((r) => ({ skuId: r.skuId, version: r.version })) });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    m = await channelMerchant(t, '销售渠道本店', 'chanowner', '13700000065');
    other = await channelMerchant(t, '销售渠道别家', 'chanboss', '13700000066');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every live SKU per channel (never set: 下架, version 0); bulk 上架 and 下架 with history; exports', async () => {
    const channels = data<Option[]>(await op(m.client, salesChannelOps.channels, {}));
    expect(channels.map((c) => c.name)).toEqual(['智能柜', '批发商城', '线上零售', '本地生活']);
    const g = await m.newGoods('伊利纯牛奶', [350, 600]);
    const rows = await Promise.all(g.skus.map((s) => rowOf('mall', s.skuId)));
    expect(rows.map((r) => [r.status, r.version, r.channelName])).toEqual([
      [2, 0, '批发商城'],
      [2, 0, '批发商城'],
    ]);
    expect(data<{ changed: number }>(await set('mall', 1, rows)).changed).toBe(2);
    const on = await rowOf('mall', g.skus[0].skuId);
    expect(on).toMatchObject({ status: 1, statusName: '上架', shelfStatus: 1, version: 1 });
    expect((await rowOf('container', g.skus[0].skuId)).status).toBe(2); // one channel at a time
    data(await set('mall', 2, [on]));
    expect(await rowOf('mall', g.skus[0].skuId)).toMatchObject({ status: 2, version: 2 });
    const h = data<Paged<HistoryEntry>>(await op(m.client, salesChannelOps.history, { skuId: g.skus[0].skuId }));
    expect(h.list.map((e) => e.actionLabel)).toEqual(['批发商城下架', '批发商城上架']);
    expect(h.list[0].changes).toEqual([{ field: 'mall', label: '批发商城上下架状态', before: '上架', after: '下架' }]);

    const onMall = data<KeysetPage<ChannelShelfRow>>(await op(m.client, salesChannelOps.list, { channelCode: 'mall', status: 1 }));
    expect(onMall.list.map((r) => r.skuId)).toEqual([g.skus[1].skuId]);
    expect((await op(m.client, salesChannelOps.list, {})).msg).toBe('请选择销售渠道（字段：channelCode）');
    expect((await op(m.client, salesChannelOps.list, { channelCode: 'tv' })).msg).toBe('销售渠道不存在或未开通（字段：channelCode）');
    const file = await exportList(m.client, salesChannelOps.list, { channelCode: 'mall', status: 1 });
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const sheet = sheetRows(file.workbook);
    const header = sheet.findIndex((r) => r[0] === '销售渠道');
    expect(sheet.slice(header + 1)).toEqual([expect.arrayContaining(['批发商城', g.skus[1].skuCode, '6.00', '上架'])]);
  });

  it('refuses bad input, an illegal transition, a SKU 下架 at SKU level, a stale version and another merchant’s SKUs, writing nothing', async () => {
    const g = await m.newGoods('光明优倍鲜牛奶');
    const foreign = await other.newGoods('别家牛奶');
    const [a, b] = await Promise.all(g.skus.map((s) => rowOf('online', s.skuId)));
    data(await set('online', 1, [a]));
    const a1 = await rowOf('online', a.skuId);
    const sku = data<SkuRow>(await op(m.client, skuOps.detail, { skuId: b.skuId }));
    data(await op(m.client, skuOps.setStatus, { skuId: b.skuId, version: sku.version, status: 2 }));
    const before = await writes();
    for (const [input, code, msg] of [
      [{ channelCode: 'online', status: 1, items: [] }, CODES.badInput, '请选择SKU（字段：items）'],
      [{ channelCode: '', status: 1, items: [{ skuId: b.skuId, version: 0 }] }, CODES.badInput, '请选择销售渠道（字段：channelCode）'],
      [
        { channelCode: 'tv', status: 1, items: [{ skuId: b.skuId, version: 0 }] },
        CODES.badInput,
        '销售渠道不存在或未开通（字段：channelCode）',
      ],
      [
        { channelCode: 'online', status: 3, items: [{ skuId: b.skuId, version: 0 }] },
        CODES.badInput,
        '上下架状态只能是上架或下架（字段：status）',
      ],
      [
        {
          channelCode: 'online',
          status: 1,
          items: [
            { skuId: b.skuId, version: 0 },
            { skuId: b.skuId, version: 0 },
          ],
        },
        CODES.badInput,
        'SKU重复（字段：items）',
      ],
      [
        { channelCode: 'online', status: 1, items: [{ skuId: a.skuId, version: 1 }] },
        CODES.conflict,
        '「光明优倍鲜牛奶 550ml」在线上零售已是上架状态（字段：items.0.skuId）',
      ],
      [
        { channelCode: 'online', status: 1, items: [{ skuId: b.skuId, version: 0 }] },
        CODES.conflict,
        '「光明优倍鲜牛奶 1050ml」SKU已下架，不能在任何销售渠道上架；请先在SKU管理中上架（字段：items.0.skuId）',
      ],
      [{ channelCode: 'online', status: 2, items: [{ skuId: a.skuId, version: 0 }] }, CODES.conflict, '该记录已被他人修改，请刷新后重试'],
      // all or nothing: the first item would do, the second is another merchant's
      [
        {
          channelCode: 'online',
          status: 2,
          items: [
            { skuId: a.skuId, version: a1.version },
            { skuId: foreign.skus[0].skuId, version: 0 },
          ],
        },
        CODES.notFound,
        'SKU不存在',
      ],
    ] as const) {
      const res = await op(m.client, salesChannelOps.setShelf, input);
      expect({ code: res.code, msg: res.msg }).toEqual({ code, msg });
    }
    expect(await writes()).toEqual(before);
    expect((await op(other.client, salesChannelOps.history, { skuId: a.skuId })).code).toBe(CODES.notFound);
    const otherSet = await op(other.client, salesChannelOps.setShelf, {
      channelCode: 'online',
      status: 2,
      items: [{ skuId: a.skuId, version: 1 }],
    });
    expect(otherSet.code).toBe(CODES.notFound);
    expect(await rowOf('online', a.skuId)).toMatchObject({ status: 1, version: 1 });
  });

  it('two concurrent first shelf settings of one SKU and channel with version 0: one wins', async () => {
    const g = await m.newGoods('蒙牛特仑苏');
    const historyBefore = await rowCount(t, 'record_history');
    const answers = await race(
      2,
      () =>
        op(m.client, salesChannelOps.setShelf, {
          channelCode: 'locallife',
          status: 1,
          items: [{ skuId: g.skus[0].skuId, version: 0 }],
        }) as Promise<RaceAnswer>,
    );
    expectWinners(answers, { code: CODES.conflict, msg: /^(该记录已被他人修改，请刷新后重试|.*已是上架状态.*)$/ });
    expect(await rowOf('locallife', g.skus[0].skuId)).toMatchObject({ status: 1, version: 1 });
    expect(await rowCount(t, 'record_history')).toBe(historyBefore + 1);
    // and on an existing row: both with version 1
    const answers2 = await race(
      2,
      () =>
        op(m.client, salesChannelOps.setShelf, {
          channelCode: 'locallife',
          status: 2,
          items: [{ skuId: g.skus[0].skuId, version: 1 }],
        }) as Promise<RaceAnswer>,
    );
    expectWinners(answers2, { code: CODES.conflict, msg: /^(该记录已被他人修改，请刷新后重试|.*已是下架状态.*)$/ });
  });

  it('property: after any sequence of operations a SKU 下架 at SKU level is on shelf in no channel and no store', async () => {
    const g = await m.newGoods('娃哈哈AD钙奶', [200, 250]);
    const bank = () => op(m.client, goodsBankOps.detail, { goodsId: g.goodsId }).then((r) => data<GoodsBankDetail>(r));
    data(await op(m.client, goodsBankOps.create, { goodsId: g.goodsId }));
    const storeId = await m.newStore('性质测试门店');
    data(await op(m.client, storeGoodsOps.assign, { storeIds: [storeId], items: g.skus.map((s) => ({ skuId: s.skuId })) }));
    const skuIds = g.skus.map((s) => s.skuId);

    type Step =
      | { kind: 'sku'; sku: number; status: number }
      | { kind: 'channel'; sku: number; channel: number; status: number }
      | { kind: 'store'; sku: number; status: number }
      | { kind: 'bank'; status: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('sku' as const), sku: fc.nat(1), status: fc.constantFrom(1, 2) }),
      fc.record({ kind: fc.constant('channel' as const), sku: fc.nat(1), channel: fc.nat(3), status: fc.constantFrom(1, 2) }),
      fc.record({ kind: fc.constant('store' as const), sku: fc.nat(1), status: fc.constantFrom(1, 2) }),
      fc.record({ kind: fc.constant('bank' as const), status: fc.constantFrom(1, 2) }),
    );
    const run = async (s: Step) => {
      if (s.kind === 'sku') {
        const sku = data<SkuRow>(await op(m.client, skuOps.detail, { skuId: skuIds[s.sku] }));
        return op(m.client, skuOps.setStatus, { skuId: sku.skuId, version: sku.version, status: s.status });
      }
      if (s.kind === 'channel') {
        const r = await rowOf(CHANNELS[s.channel], skuIds[s.sku]);
        return set(CHANNELS[s.channel], s.status, [r]);
      }
      if (s.kind === 'store') {
        const r = data<StoreGoodsRow>(await op(m.client, storeGoodsOps.detail, { storeId, skuId: skuIds[s.sku] }));
        return op(m.client, storeGoodsOps.setStatus, { storeGoodsId: r.storeGoodsId, version: r.version, status: s.status });
      }
      const b = await bank();
      return op(m.client, goodsBankOps.setStatus, { goodsId: g.goodsId, version: b.version, status: s.status });
    };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          const res = await run(s);
          // every answer is a success or a clear refusal, never an error
          expect(['200', CODES.conflict]).toContain(res.code);
        }
        for (const skuId of skuIds) {
          const sku = data<SkuRow>(await op(m.client, skuOps.detail, { skuId }));
          const store = data<StoreGoodsRow>(await op(m.client, storeGoodsOps.detail, { storeId, skuId }));
          const inChannels = await Promise.all(CHANNELS.map((c) => rowOf(c, skuId)));
          if (sku.status === 2) {
            expect(store.status).toBe(2);
            expect(inChannels.map((r) => r.status)).toEqual([2, 2, 2, 2]);
          }
          // effective 上架 anywhere implies the SKU is 上架
          if (store.status === 1 || inChannels.some((r) => r.status === 1)) expect(sku.status).toBe(1);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('pages by keyset (every live SKU, one channel): the cursor walks each SKU once both ways; another merchant’s cursor is refused', async () => {
    const all = data<KeysetPage<ChannelShelfRow>>(await op(m.client, salesChannelOps.list, { channelCode: 'online', pageSize: 500 }));
    expect(all.list.length).toBeGreaterThanOrEqual(3);
    expect(all.total).toBe(all.list.length);
    for (const sortField of ['createdAt', 'skuCode'] as const) {
      const seen: number[] = [];
      let page = data<KeysetPage<ChannelShelfRow>>(
        await op(m.client, salesChannelOps.list, { channelCode: 'online', pageSize: 2, sortField, sortOrder: 'ascend' }),
      );
      expect(page.total).toBe(all.list.length); // counted with the first page only
      seen.push(...page.list.map((r) => r.skuId));
      const pages = [page];
      while (page.nextCursor) {
        page = data<KeysetPage<ChannelShelfRow>>(
          await op(m.client, salesChannelOps.list, {
            channelCode: 'online',
            pageSize: 2,
            sortField,
            sortOrder: 'ascend',
            cursor: page.nextCursor,
          }),
        );
        expect(page.total).toBeUndefined();
        seen.push(...page.list.map((r) => r.skuId));
        pages.push(page);
      }
      expect(seen.sort((a, b) => a - b)).toEqual(all.list.map((r) => r.skuId).sort((a, b) => a - b));
      // and back: the previous page of the last one is the one before it
      const last = pages.at(-1)!;
      if (pages.length > 1 && last.prevCursor) {
        const back = data<KeysetPage<ChannelShelfRow>>(
          await op(m.client, salesChannelOps.list, {
            channelCode: 'online',
            pageSize: 2,
            sortField,
            sortOrder: 'ascend',
            cursor: last.prevCursor,
          }),
        );
        expect(back.list.map((r) => r.skuId)).toEqual(pages.at(-2)!.list.map((r) => r.skuId));
      }
    }
    const first = data<KeysetPage<ChannelShelfRow>>(await op(m.client, salesChannelOps.list, { channelCode: 'online', pageSize: 1 }));
    expect(await op(other.client, salesChannelOps.list, { channelCode: 'online', pageSize: 1, cursor: first.nextCursor })).toMatchObject({
      code: CODES.badInput,
      msg: expect.stringContaining(INVALID_CURSOR_MESSAGE) as unknown,
    });
  });

  it('refuses roles without the anchor', async () => {
    const finance = await t.signIn('finance');
    for (const o of Object.values(salesChannelOps)) {
      expect((await op(finance, o, { skuId: 1, channelCode: 'mall', status: 2, items: [{ skuId: 1, version: 0 }] })).code).toBe(
        CODES.forbidden,
      );
    }
  });
});
