import { CODES, type ApiClient } from '@merchant/contracts';
import { deviceOps } from '@merchant/contracts/device/device';
import { storeGoodsOps } from '@merchant/contracts/goods/store-goods';
import { skuOps } from '@merchant/contracts/goods/sku';
import {
  MATCHING_CABINETS_MAX,
  priceOptionOps,
  type CabinetOption,
  type MatchingCabinets,
  type PriceSkuOption,
  type PriceStoreOption,
} from '@merchant/contracts/price/price-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { signInWithOnlyPage } from '../../test/role-kit.ts';

// The price pages' pickers (智能柜, 门店, prefilled SKUs) through price operations: a role holding only 价格调整 can
// pick, though it cannot read 设备列表 / 门店商品 / SKU列表; another merchant's rows never show.

describe.each(DIALECTS)('price picker options (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let pricer: ApiClient;

  /** An account of the demo merchant whose one role holds exactly 价格调整 (and its parents). */
  const priceOnlyAccount = () =>
    signInWithOnlyPage(t, admin, {
      merchantId: 1,
      anchor: 'price-adjustment',
      roleName: '只调价',
      userName: 'priceonly',
      phone: '13600009901',
    });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家选项公司', 'optother', '13700000079');
    pricer = await priceOnlyAccount();
  });
  afterAll(() => t.close());

  it('a role with only 价格调整 picks cabinets, stores and SKUs, not through the other pages’ operations', async () => {
    expect((await op(pricer, deviceOps.list, {})).code).toBe(CODES.forbidden);
    expect((await op(pricer, storeGoodsOps.storeOptions, {})).code).toBe(CODES.forbidden);

    const cabinets = await call<CabinetOption[]>(pricer, priceOptionOps.cabinets, {});
    expect(cabinets.length).toBeGreaterThan(0);
    expect(cabinets.length).toBeLessThanOrEqual(50);
    const dbActive = await t.db.db
      .selectFrom('device')
      .select('device_code')
      .where('merchant_id', '=', 1)
      .where('status', '=', 2)
      .execute();
    const active = new Set(dbActive.map((d) => d.device_code));
    expect(cabinets.every((c) => active.has(c.deviceCode) && c.name !== '' && c.modelName !== '')).toBe(true);
    // the seed binds cabinets to second channels: their names come along
    expect(cabinets.some((c) => c.secondChannelId !== null && c.secondChannelName !== '')).toBe(true);
    // keyword: by code (any case) or by name
    const one = cabinets[0];
    const byCode = await call<CabinetOption[]>(pricer, priceOptionOps.cabinets, { keyword: one.deviceCode.toLowerCase() });
    expect(byCode.map((c) => c.deviceCode)).toContain(one.deviceCode);
    const byName = await call<CabinetOption[]>(pricer, priceOptionOps.cabinets, { keyword: one.name });
    expect(byName.map((c) => c.deviceCode)).toContain(one.deviceCode);
    expect(byName.every((c) => c.name.includes(one.name) || c.deviceCode.includes(one.name.toUpperCase()))).toBe(true);
    expect(await call<CabinetOption[]>(pricer, priceOptionOps.cabinets, { pageSize: 3 })).toHaveLength(3);

    const stores = await call<PriceStoreOption[]>(pricer, priceOptionOps.stores, {});
    const dbStores = await t.db.db.selectFrom('store').select('id').where('merchant_id', '=', 1).execute();
    expect(stores.map((s) => s.storeId).sort((a, b) => a - b)).toEqual(dbStores.map((s) => Number(s.id)).sort((a, b) => a - b));
    expect(stores.every((s) => s.name !== '' && s.storeCode !== '')).toBe(true);

    const dbSkus = await t.db.db
      .selectFrom('goods_sku')
      .select(['id', 'sku_code', 'name', 'barcode'])
      .where('merchant_id', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(3)
      .execute();
    expect((await op(pricer, skuOps.detail, { skuId: Number(dbSkus[0].id) })).code).toBe(CODES.forbidden);
    const ids = [Number(dbSkus[2].id), Number(dbSkus[0].id), Number(dbSkus[1].id)];
    const skus = await call<PriceSkuOption[]>(pricer, priceOptionOps.skus, { skuIds: ids });
    expect(skus.map((s) => s.skuId)).toEqual(ids);
    expect(skus[1]).toEqual({ skuId: ids[1], skuCode: dbSkus[0].sku_code, skuName: dbSkus[0].name, barcode: dbSkus[0].barcode });
  });

  it('another merchant sees none of the demo merchant’s cabinets, stores or SKUs', async () => {
    const mine = await call<CabinetOption[]>(admin, priceOptionOps.cabinets, {});
    expect(await call<CabinetOption[]>(other, priceOptionOps.cabinets, {})).toEqual([]);
    expect(await call<CabinetOption[]>(other, priceOptionOps.cabinets, { keyword: mine[0].deviceCode })).toEqual([]);
    expect(await call<PriceStoreOption[]>(other, priceOptionOps.stores, {})).toEqual([]);
    const sku = await t.db.db.selectFrom('goods_sku').select('id').where('merchant_id', '=', 1).executeTakeFirstOrThrow();
    expect(await call<PriceSkuOption[]>(other, priceOptionOps.skus, { skuIds: [Number(sku.id)] })).toEqual([]);
    // a merchant id from the client is refused
    expect((await op(admin, priceOptionOps.stores, { merchantId: 999_999 })).code).toBe(CODES.forbidden);
  });

  it('refuses a role without the price pages, and bad input', async () => {
    const finance = await t.signIn('finance');
    expect((await op(finance, priceOptionOps.cabinets, {})).code).toBe(CODES.forbidden);
    expect((await op(finance, priceOptionOps.stores, {})).code).toBe(CODES.forbidden);
    expect((await op(finance, priceOptionOps.skus, { skuIds: [1] })).code).toBe(CODES.forbidden);
    for (const [input, msg] of [
      [{ pageSize: 51 }, '每页最多50条'],
      [{ pageSize: 0 }, '每页条数不正确'],
      [{ keyword: 'x'.repeat(61) }, '关键词不能超过60个字'],
    ] as const) {
      const r = await op(admin, priceOptionOps.cabinets, input);
      expect(r.code).toBe(CODES.badInput);
      expect(r.msg).toContain(msg);
    }
    for (const [input, msg] of [
      [{}, '请选择SKU'],
      [{ skuIds: [] }, '请选择SKU'],
      [{ skuIds: Array.from({ length: 101 }, (_, n) => n + 1) }, '一次最多查询100个SKU'],
      [{ skuIds: ['abc'] }, 'SKU'],
    ] as const) {
      const r = await op(admin, priceOptionOps.skus, input);
      expect(r.code).toBe(CODES.badInput);
      expect(r.msg).toContain(msg);
    }
  });

  describe('matchingCabinets (调整柜价 with nothing ticked: the cabinets matching 商品柜价’s filter)', () => {
    let skuA: { id: number; goods_id: number };
    let skuB: { id: number; goods_id: number };
    let devices: { id: number; device_code: string; name: string }[];
    /** The reference: the merchant's device_goods rows, filtered in JS. */
    async function expected(skuIds: number[], deviceName?: string) {
      const rows = await t.db.db
        .selectFrom('device_goods as dg')
        .innerJoin('device as d', 'd.id', 'dg.device_id')
        .select(['dg.device_code', 'dg.sku_id', 'd.name'])
        .where('dg.merchant_id', '=', 1)
        .execute();
      const codes = rows
        .filter((r) => skuIds.includes(Number(r.sku_id)) && (!deviceName || r.name.includes(deviceName)))
        .map((r) => r.device_code);
      return [...new Set(codes)].sort();
    }

    beforeAll(async () => {
      const skus = await t.db.db
        .selectFrom('goods_sku')
        .select(['id', 'goods_id'])
        .where('merchant_id', '=', 1)
        .where('deleted_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      [skuA, skuB] = skus.map((r) => ({ id: Number(r.id), goods_id: Number(r.goods_id) }));
      devices = (
        await t.db.db
          .selectFrom('device')
          .select(['id', 'device_code', 'name'])
          .where('merchant_id', '=', 1)
          .orderBy('id')
          .limit(3)
          .execute()
      ).map((d) => ({ ...d, id: Number(d.id) }));
      // A in a 货道 of the first two cabinets, B in the third (twice: two slots, one cabinet)
      const row = (d: (typeof devices)[number], sku: typeof skuA, slot: string) => ({
        merchant_id: 1,
        device_id: d.id,
        device_code: d.device_code,
        slot_no: slot,
        layer: 9,
        col: Number(slot.slice(-1)),
        sku_id: sku.id,
        goods_id: sku.goods_id,
        capacity: 10,
        par_level: 2,
        template_code: 'T-PRICE-TEST',
        applied_at: t.clock.now(),
      });
      await t.db.db
        .insertInto('device_goods')
        .values([row(devices[0], skuA, 'Z91'), row(devices[1], skuA, 'Z91'), row(devices[2], skuB, 'Z91'), row(devices[2], skuB, 'Z92')])
        .execute();
    });

    it('resolves every cabinet carrying the SKUs, with the device-name filter, for a role holding only 价格调整', async () => {
      for (const [skuIds, deviceName] of [
        [[skuA.id], undefined],
        [[skuB.id], undefined],
        [[skuA.id, skuB.id], undefined],
        [[skuA.id, skuB.id], devices[2].name],
        [[skuA.id, skuB.id], devices[0].name.slice(0, 2)],
        [[skuA.id], '没有这样的设备名称'],
      ] as const) {
        const got = await call<MatchingCabinets>(pricer, priceOptionOps.matchingCabinets, {
          skuIds,
          ...(deviceName ? { deviceName } : {}),
        });
        expect(got.deviceCodes, `${skuIds.join(',')} ${deviceName ?? ''}`).toEqual(await expected([...skuIds], deviceName));
      }
      const both = await call<MatchingCabinets>(pricer, priceOptionOps.matchingCabinets, { skuIds: [skuA.id, skuB.id] });
      expect(both.deviceCodes).toEqual(expect.arrayContaining(devices.map((d) => d.device_code)));
    });

    it('bad input is refused with the field named; another merchant and a role without the price pages get nothing', async () => {
      for (const [input, msg] of [
        [{}, '请选择SKU（字段：skuIds）'],
        [{ skuIds: [] }, '请选择SKU（字段：skuIds）'],
        [{ skuIds: Array.from({ length: 51 }, (_, n) => n + 1) }, '一次最多50个SKU（字段：skuIds）'],
        [{ skuIds: [skuA.id, skuA.id] }, 'SKU不能重复（字段：skuIds）'],
        [{ skuIds: ['abc'] }, 'SKU'],
        [{ skuIds: [skuA.id], deviceName: 'x'.repeat(51) }, '设备名称不能超过50个字'],
      ] as const) {
        const r = await op(admin, priceOptionOps.matchingCabinets, input);
        expect(r.code, JSON.stringify(input)).toBe(CODES.badInput);
        expect(r.msg).toContain(msg);
      }
      expect(await call<MatchingCabinets>(other, priceOptionOps.matchingCabinets, { skuIds: [skuA.id, skuB.id] })).toEqual({
        deviceCodes: [],
      });
      expect((await op(admin, priceOptionOps.matchingCabinets, { skuIds: [skuA.id], merchantId: 999_999 })).code).toBe(CODES.forbidden);
      const finance = await t.signIn('finance');
      expect((await op(finance, priceOptionOps.matchingCabinets, { skuIds: [skuA.id] })).code).toBe(CODES.forbidden);
    });

    it('more than the limit is refused, never cut (and the limit itself is served)', async () => {
      const [proto] = await t.db.db.selectFrom('device').selectAll().where('id', '=', devices[0].id).execute();
      const { id: _id, ...rest } = proto;
      const codes = Array.from({ length: MATCHING_CABINETS_MAX + 1 }, (_, n) => `DZ${String(n).padStart(8, '0')}`);
      await t.db.db
        .insertInto('device')
        .values(codes.map((device_code) => ({ ...rest, device_code, name: '批量测试柜' })))
        .execute();
      const made = await t.db.db
        .selectFrom('device')
        .select(['id', 'device_code'])
        .where('device_code', 'in', codes)
        .orderBy('device_code')
        .execute();
      for (let n = 0; n < made.length; n += 100) {
        await t.db.db
          .insertInto('device_goods')
          .values(
            made.slice(n, n + 100).map((d) => ({
              merchant_id: 1,
              device_id: Number(d.id),
              device_code: d.device_code,
              slot_no: 'Z93',
              layer: 9,
              col: 3,
              sku_id: skuA.id,
              goods_id: skuA.goods_id,
              capacity: 10,
              par_level: 2,
              template_code: 'T-PRICE-TEST',
              applied_at: t.clock.now(),
            })),
          )
          .execute();
      }
      const before = await op(admin, priceOptionOps.matchingCabinets, { skuIds: [skuA.id], deviceName: '批量测试柜' });
      expect(before).toMatchObject({
        code: CODES.badInput,
        msg: expect.stringContaining(`符合条件的智能柜超过${MATCHING_CABINETS_MAX}台`) as unknown,
      });
      // one fewer: exactly the limit, all of them
      await t.db.db.deleteFrom('device_goods').where('device_code', '=', codes[0]).execute();
      const at = await call<MatchingCabinets>(admin, priceOptionOps.matchingCabinets, { skuIds: [skuA.id], deviceName: '批量测试柜' });
      expect(at.deviceCodes).toEqual(codes.slice(1));
      await t.db.db.deleteFrom('device_goods').where('device_code', 'in', codes).execute();
      await t.db.db.deleteFrom('device').where('device_code', 'in', codes).execute();
    });
  });
});
