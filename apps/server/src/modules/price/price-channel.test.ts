import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { adjustmentOps } from '@merchant/contracts/price/price-adjustment';
import { priceChannelOps, type PriceChannelDevice, type PriceChannelRow } from '@merchant/contracts/price/price-channel';
import { priceSheetOps, type ChannelSheetRow } from '@merchant/contracts/price/price-sheet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';

describe.each(DIALECTS)('second channels (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const counts = () => Promise.all([rowCount(t, 'price_channel'), rowCount(t, 'price_channel_device'), rowCount(t, 'record_history')]);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家渠道公司', 'chanother', '13700000073');
    fx = await priceFixtures(t, 2);
    await t.db.db.deleteFrom('price_channel_device').where('device_code', 'in', fx.devices).execute();
  });
  afterAll(() => t.close());

  it('adds, edits with the version, refuses a duplicate name, bad input and stale edits', async () => {
    const a = await call<PriceChannelRow>(admin, priceChannelOps.add, {
      firstChannelCode: 'container',
      name: '测试写字楼渠道',
      remark: '写字楼点位',
    });
    expect(a).toMatchObject({ firstChannelName: '智能柜', statusName: '启用', deviceCount: 0, version: 1 });
    const before = await counts();
    expect(await op(admin, priceChannelOps.add, { firstChannelCode: 'container', name: '测试写字楼渠道' })).toMatchObject({
      code: CODES.conflict,
      msg: '该一级渠道下已有同名的二级渠道（字段：name）',
    });
    expect(await op(admin, priceChannelOps.add, { firstChannelCode: 'container', name: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入二级渠道名称（字段：name）',
    });
    expect(await op(admin, priceChannelOps.add, { firstChannelCode: 'moon', name: '月球渠道' })).toMatchObject({
      code: CODES.badInput,
      msg: '一级渠道不存在或未开通（字段：firstChannelCode）',
    });
    expect(await counts()).toEqual(before);
    const e = await call<PriceChannelRow>(admin, priceChannelOps.edit, {
      id: a.id,
      version: 1,
      firstChannelCode: 'container',
      name: '测试园区渠道',
      remark: '',
    });
    expect(e).toMatchObject({ name: '测试园区渠道', version: 2 });
    expect(
      await op(admin, priceChannelOps.edit, { id: a.id, version: 1, firstChannelCode: 'container', name: '又改名', remark: '' }),
    ).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    const h = await call<Paged<HistoryEntry>>(admin, priceChannelOps.history, { id: a.id });
    expect(h.list.map((x) => x.actionLabel)).toEqual(['编辑', '新增']);
  });

  it('enables and disables only from the other state', async () => {
    const a = await call<PriceChannelRow>(admin, priceChannelOps.add, { firstChannelCode: 'mall', name: '测试批发渠道' });
    // 启用 → 启用: refused, nothing written (neither the row's version nor its history)
    const before = await counts();
    expect(await op(admin, priceChannelOps.enable, { id: a.id, version: a.version })).toMatchObject({
      code: CODES.conflict,
      msg: '二级渠道「测试批发渠道」已是启用状态，不能启用',
    });
    expect(await counts()).toEqual(before);
    expect(await call<PriceChannelRow>(admin, priceChannelOps.detail, { id: a.id })).toMatchObject({ status: 1, version: a.version });
    const d = await call<{ status: number; version: number }>(admin, priceChannelOps.disable, { id: a.id, version: a.version });
    expect(d).toMatchObject({ status: 0 });
    expect(await op(admin, priceChannelOps.disable, { id: a.id, version: d.version })).toMatchObject({
      code: CODES.conflict,
      msg: '二级渠道「测试批发渠道」已是停用状态，不能停用',
    });
    // a disabled channel takes no prices
    expect(
      await op(admin, adjustmentOps.save, {
        scopeType: 'channel2',
        effectiveMode: 'now',
        reason: '停用渠道调价',
        lines: [{ skuId: fx.skus[0].id, scopeKey: String(a.id), newPrice: 100 }],
      }),
    ).toMatchObject({ code: CODES.badInput, msg: '二级渠道「测试批发渠道」已停用，不能调价（字段：lines.0.scopeKey）' });
    expect(await call(admin, priceChannelOps.enable, { id: a.id, version: d.version })).toMatchObject({ status: 1 });
  });

  it('binds cabinets (one second channel per first channel), and the channel price reaches them', async () => {
    const a = await call<PriceChannelRow>(admin, priceChannelOps.add, { firstChannelCode: 'container', name: '测试医院渠道' });
    const b = await call<PriceChannelRow>(admin, priceChannelOps.add, { firstChannelCode: 'container', name: '测试学校渠道' });
    const bound = await call<{ version: number }>(admin, priceChannelOps.bindDevices, {
      id: a.id,
      version: a.version,
      deviceCodes: fx.devices.slice(0, 2),
    });
    expect((await call<PriceChannelDevice[]>(admin, priceChannelOps.devices, { id: a.id })).map((d) => d.deviceCode)).toEqual(
      fx.devices.slice(0, 2),
    );
    const before = await counts();
    expect(await op(admin, priceChannelOps.bindDevices, { id: b.id, version: b.version, deviceCodes: [fx.devices[1]] })).toMatchObject({
      code: CODES.conflict,
      msg: `智能柜${fx.devices[1]}已属于二级渠道「测试医院渠道」，请先从那里移除（字段：deviceCodes.0）`,
    });
    expect(await op(admin, priceChannelOps.bindDevices, { id: b.id, version: b.version, deviceCodes: ['D9999999999'] })).toMatchObject({
      code: CODES.badInput,
      msg: '智能柜D9999999999不存在（字段：deviceCodes.0）',
    });
    expect(await op(admin, priceChannelOps.bindDevices, { id: a.id, version: a.version, deviceCodes: [] })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    const mall = await call<PriceChannelRow>(admin, priceChannelOps.add, { firstChannelCode: 'mall', name: '测试商城渠道' });
    expect(
      await op(admin, priceChannelOps.bindDevices, { id: mall.id, version: mall.version, deviceCodes: [fx.devices[0]] }),
    ).toMatchObject({
      code: CODES.badInput,
      msg: '只有智能柜下的二级渠道能绑定智能柜（字段：deviceCodes）',
    });
    expect((await counts())[0]).toBe(before[0] + 1);
    // a channel price: the channel sheet and the cabinet see it
    await call(admin, adjustmentOps.quick, {
      scopeType: 'channel2',
      effectiveMode: 'now',
      reason: '医院渠道统一价',
      lines: [{ skuId: fx.skus[0].id, scopeKey: String(a.id), newPrice: 4321 }],
    });
    const sheet = await call<KeysetPage<ChannelSheetRow>>(admin, priceSheetOps.channel, {
      channelCode: 'container',
      secondChannelId: a.id,
      layer: 'channel2',
      pageSize: 200,
    });
    expect(sheet.list.map((r) => [r.skuId, r.channel2Price, r.layerName])).toEqual([[fx.skus[0].id, 4321, '二级渠道价']]);
    const cab = await call<{ secondChannelName: string }>(admin, priceSheetOps.cabinetInfo, { deviceCode: fx.devices[1] });
    expect(cab.secondChannelName).toBe('测试医院渠道');
    expect((await call<PriceChannelRow>(admin, priceChannelOps.detail, { id: a.id })).priceCount).toBe(1);
    // moving the channel to another first channel once it holds cabinets: refused
    expect(
      await op(admin, priceChannelOps.edit, {
        id: a.id,
        version: bound.version,
        firstChannelCode: 'mall',
        name: '测试医院渠道',
        remark: '',
      }),
    ).toMatchObject({ code: CODES.conflict });
  });

  it('lists with filters; other merchants and roles without the page are refused', async () => {
    const page = await call<Paged<PriceChannelRow>>(admin, priceChannelOps.list, { firstChannelCode: 'container', pageSize: 200 });
    expect(page.list.every((r) => r.firstChannelCode === 'container')).toBe(true);
    const mine = page.list[0];
    for (const [o, body] of [
      [priceChannelOps.detail, { id: mine.id }],
      [priceChannelOps.edit, { id: mine.id, version: mine.version, firstChannelCode: 'container', name: '偷改', remark: '' }],
      [priceChannelOps.disable, { id: mine.id, version: mine.version }],
      [priceChannelOps.devices, { id: mine.id }],
      [priceChannelOps.bindDevices, { id: mine.id, version: mine.version, deviceCodes: [] }],
      [priceChannelOps.history, { id: mine.id }],
    ] as const) {
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    }
    expect((await call<Paged<PriceChannelRow>>(other, priceChannelOps.list, {})).list.find((r) => r.id === mine.id)).toBeUndefined();
    const finance = await t.signIn('finance');
    expect((await op(finance, priceChannelOps.add, { firstChannelCode: 'container', name: '财务渠道' })).code).toBe(CODES.forbidden);
  });
});
