import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { deviceOps, type DeviceCommand } from '@merchant/contracts/device/device';
import { priceChannelOps } from '@merchant/contracts/price/price-channel';
import {
  adjustmentOps,
  type AdjustmentDetail,
  type AdjustmentPush,
  type AdjustmentState,
} from '@merchant/contracts/price/price-adjustment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLink } from '../../platform/device-link/device-link.ts';
import { rng, VirtualCabinet } from '../../simulator/cabinet.ts';
import { call } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { priceFixtures } from '../../test/price-fixtures.ts';
import { deviceLinkOf } from '../device/device.routes.ts';
import { priceSchedulerOf } from './price.routes.ts';

// Applying a cabinet price sends 同步价格 to each affected cabinet; the simulator's cabinet takes the prices and
// acknowledges; an unanswered push times out and can be sent again.

describe.each(DIALECTS)('price push to cabinets (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let link: DeviceLink;
  let fx: Awaited<ReturnType<typeof priceFixtures>>;
  const sims: VirtualCabinet[] = [];

  const cabinet = async (name: string) => {
    const r = await call<{ deviceCode: string; secret: string }>(admin, deviceOps.create, { name, modelCode: 'XS-D2-N' });
    await call(admin, deviceOps.setStatus, { deviceCode: r.deviceCode, version: 0, status: 2 });
    return r;
  };
  const connect = async (r: { deviceCode: string; secret: string }, name: string) => {
    const sim = new VirtualCabinet({ deviceCode: r.deviceCode, secret: r.secret, name, storageStyle: 1 }, rng(3), {
      url: `mqtt://127.0.0.1:${link.port}`,
      heartbeatSeconds: 30,
      telemetrySeconds: 60,
      dropChance: 0,
    });
    await sim.connect();
    sims.push(sim);
    return sim;
  };
  const ackFrom = (code: string) =>
    new Promise<void>((resolve) => {
      const on = (c: string, k: string) => {
        if (c === code && k === 'ack') {
          link.off('processed', on);
          resolve();
        }
      };
      link.on('processed', on);
    });
  const pushes = async (orderNo: string) => (await call<AdjustmentDetail>(admin, adjustmentOps.detail, { orderNo })).pushes;

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      deviceLink: { mode: 'embedded', port: 0, portIsDefault: false, host: '127.0.0.1', sweepIntervalMs: 0, offlineAfterMs: 90_000 },
    });
    admin = await t.signIn('admin');
    link = deviceLinkOf(t.app)!;
    fx = await priceFixtures(t, 2);
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await t.close();
  });

  it('a scheduled cabinet price reaches the simulator’s cabinet, which acknowledges; a silent one times out and is pushed again', async () => {
    const a = await cabinet('调价测试柜甲');
    const b = await cabinet('调价测试柜乙');
    const simA = await connect(a, '调价测试柜甲');
    const s = await call<AdjustmentState>(admin, adjustmentOps.save, {
      scopeType: 'cabinet',
      effectiveMode: 'scheduled',
      effectiveAt: t.clock.now() + 30_000,
      reason: '两台柜子定时调价',
      lines: [a.deviceCode, b.deviceCode].flatMap((d) => fx.skus.map((sku, i) => ({ skuId: sku.id, scopeKey: d, newPrice: 300 + i }))),
    });
    await call(admin, adjustmentOps.submit, { orderNo: s.orderNo, version: s.version });
    expect(await pushes(s.orderNo)).toEqual([]);
    t.clock.advance(30_000);
    const acked = ackFrom(a.deviceCode);
    expect(await priceSchedulerOf(t.app)!.sweep()).toBe(1);
    await acked;
    expect(Object.fromEntries(simA.prices)).toEqual({ [fx.skus[0].id]: 300, [fx.skus[1].id]: 301 });
    expect(simA.priceOrders).toEqual([s.orderNo]);
    let p = new Map((await pushes(s.orderNo)).map((x) => [x.deviceCode, x]));
    expect(p.get(a.deviceCode)).toMatchObject({ statusName: '已确认', canRepush: false, attempts: 1, message: '已同步价格2个' });
    expect(p.get(b.deviceCode)).toMatchObject({ statusName: '已发送', canRepush: false });
    // 30 s without an answer: 超时, and only that one may be pushed again
    t.clock.advance(31_000);
    await link.sweep();
    p = new Map((await pushes(s.orderNo)).map((x) => [x.deviceCode, x]));
    expect(p.get(b.deviceCode)).toMatchObject({ statusName: '超时', canRepush: true });
    expect((await call<AdjustmentDetail>(admin, adjustmentOps.detail, { orderNo: s.orderNo })).pushFailed).toBe(1);
    expect(await op(admin, adjustmentOps.repush, { orderNo: s.orderNo, deviceCodes: [a.deviceCode] })).toMatchObject({
      code: CODES.conflict,
      msg: `智能柜${a.deviceCode}推送状态为「已确认」，只有超时或失败的能重新推送`,
    });
    // another merchant cannot see the order; a role without 价格调整 may not push; nothing is sent
    const other = await registerMerchant(t, '别家推送公司', 'pushboss', '13700000093');
    expect((await op(other, adjustmentOps.repush, { orderNo: s.orderNo })).code).toBe(CODES.notFound);
    expect((await op(await t.signIn('finance'), adjustmentOps.repush, { orderNo: s.orderNo })).code).toBe(CODES.forbidden);
    expect((await pushes(s.orderNo)).find((x) => x.deviceCode === b.deviceCode)).toMatchObject({ attempts: 1, statusName: '超时' });
    const simB = await connect(b, '调价测试柜乙');
    const ackedB = ackFrom(b.deviceCode);
    const after = await call<AdjustmentPush[]>(admin, adjustmentOps.repush, { orderNo: s.orderNo });
    expect(after.find((x) => x.deviceCode === b.deviceCode)).toMatchObject({ attempts: 2 });
    await ackedB;
    expect(simB.prices.get(fx.skus[1].id)).toBe(301);
    expect((await pushes(s.orderNo)).every((x) => x.statusName === '已确认')).toBe(true);
    const cmds = await call<Paged<DeviceCommand>>(admin, deviceOps.commands, { deviceCode: b.deviceCode });
    expect(cmds.list.map((c) => c.commandTypeName)).toContain('同步价格');
  });

  it('a second channel’s price is pushed to its cabinets; a draft or cancelled order cannot be re-pushed', async () => {
    const c = await cabinet('调价测试柜丙');
    const simC = await connect(c, '调价测试柜丙');
    const ch = await call<{ id: number; version: number }>(admin, priceChannelOps.add, {
      firstChannelCode: 'container',
      name: '推送测试渠道',
    });
    await call(admin, priceChannelOps.bindDevices, { id: ch.id, version: ch.version, deviceCodes: [c.deviceCode] });
    const acked = ackFrom(c.deviceCode);
    const q = await call<AdjustmentState>(admin, adjustmentOps.quick, {
      scopeType: 'channel2',
      effectiveMode: 'now',
      reason: '渠道价推送',
      lines: [{ skuId: fx.skus[0].id, scopeKey: String(ch.id), newPrice: 888 }],
    });
    await acked;
    expect(simC.prices.get(fx.skus[0].id)).toBe(888);
    expect((await pushes(q.orderNo)).map((x) => x.deviceCode)).toEqual([c.deviceCode]);
    const d = await call<AdjustmentState>(admin, adjustmentOps.save, {
      scopeType: 'cabinet',
      effectiveMode: 'now',
      reason: '草稿不推送',
      lines: [{ skuId: fx.skus[0].id, scopeKey: c.deviceCode, newPrice: 1 }],
    });
    expect(await op(admin, adjustmentOps.repush, { orderNo: d.orderNo })).toMatchObject({
      code: CODES.conflict,
      msg: `调价单${d.orderNo}状态为「草稿」，只有已生效的调价单能重新推送`,
    });
  });
});
