import type { ApiClient, Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { deviceOps, type DeviceCommand, type DeviceRow } from '@merchant/contracts/device/device';
import { RESTOCKED_EVENT, restockData, type CommandPayload, type RestockData } from '@merchant/contracts/device/device-protocol';
import {
  replenishOrderOps as orders,
  type ReplenishOrderDetail,
  type ReplenishOrderState,
} from '@merchant/contracts/stock/replenish-order';
import { replenishSlotOps as slots, type ReplenishDeviceOption, type ReplenishSlotRow } from '@merchant/contracts/stock/replenish-slot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLink } from '../../platform/device-link/device-link.ts';
import { demoMerchantId } from '../../platform/seeds.ts';
import { rng, VirtualCabinet } from '../../simulator/cabinet.ts';
import { call } from '../../test/calls.ts';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { deviceLinkOf } from '../device/device.routes.ts';
import { hubLocation, postMovements } from './stock-ledger.service.ts';
import { check } from './stock.reconcile.ts';

// 补货 over the device link: 派送 sends the cabinet a 补货 command; the cabinet's `restocked` report completes the
// order through the same 完成 as the hand (as the system, once); an offline cabinet leaves it to the hand.

describe.each(DIALECTS)('replenishment over the device link (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let link: DeviceLink;
  let merchantId: number;
  let devices: string[];
  const sims: VirtualCabinet[] = [];

  const detail = (orderCode: string) => call<ReplenishOrderDetail>(admin, orders.detail, { orderCode });
  const movements = async (docCode: string) =>
    (await t.db.db.selectFrom('stock_movement').select(['type', 'quantity']).where('doc_code', '=', docCode).execute()).map((m) => [
      m.type,
      Number(m.quantity),
    ]);
  /** Stock at the hub for the cabinet's SKUs, then a 手工补货 order for it. */
  const orderFor = async (deviceCode: string) => {
    const rows = (await call<Paged<ReplenishSlotRow>>(admin, slots.list, { deviceCode, pageSize: 100 })).list;
    const now = t.clock.now();
    await t.db.db.transaction().execute(async (trx) => {
      const hubId = Number((await hubLocation(trx, merchantId, now)).id);
      const moves = [...new Set(rows.map((r) => r.skuId))].map((skuId) => ({
        locationId: hubId,
        skuId,
        type: 'adjust' as const,
        quantity: 500,
        docType: 'edit' as const,
        docCode: `T-LINK-${deviceCode}`,
      }));
      await postMovements(trx, { merchantId, operatorId: 0, operatorName: '测试', now }, moves);
    });
    return call<ReplenishOrderState>(admin, orders.create, { deviceCode, sourceKind: 'hub' });
  };
  /** The cabinet on the link (fresh secret); its 补货 commands are kept and acknowledged. */
  const connect = async (deviceCode: string, own = false) => {
    const d = await call<DeviceRow>(admin, deviceOps.detail, { deviceCode });
    const { secret } = await call<{ secret: string }>(admin, deviceOps.resetSecret, { deviceCode, version: d.version });
    const received: RestockData[] = [];
    const sim = new VirtualCabinet({ deviceCode, secret, name: d.name, storageStyle: 1 }, rng(5), {
      url: `mqtt://127.0.0.1:${link.port}`,
      heartbeatSeconds: 30,
      telemetrySeconds: 60,
      dropChance: 0,
      behaviours: own
        ? []
        : [
            {
              command: (_c, cmd: CommandPayload) => {
                if (cmd.type !== 'restock') return undefined;
                received.push(restockData.parse(cmd.data));
                return { ok: true, message: '已收到补货单' };
              },
            },
          ],
    });
    await sim.connect();
    sims.push(sim);
    return { sim, received };
  };
  const processed = (deviceCode: string, kind: string) =>
    new Promise<string>((resolve) => {
      const on = (c: string, k: string) => {
        if (c === deviceCode && k === kind) {
          link.off('processed', on);
          link.off('failed', off);
          resolve('processed');
        }
      };
      const off = (c: string, k: string) => {
        if (c === deviceCode && k === kind) {
          link.off('processed', on);
          link.off('failed', off);
          resolve('failed');
        }
      };
      link.on('processed', on);
      link.on('failed', off);
    });
  const report = async (sim: VirtualCabinet, orderCode: string, lines: { slotNo: string; loaded: number }[]) => {
    const done = processed(sim.spec.deviceCode, 'event');
    sim.publish('event', { type: RESTOCKED_EVENT, data: { orderCode, lines } });
    expect(await done).toBe('processed');
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      deviceLink: { mode: 'embedded', port: 0, portIsDefault: false, host: '127.0.0.1', sweepIntervalMs: 0, offlineAfterMs: 90_000 },
    });
    admin = await t.signIn('admin');
    link = deviceLinkOf(t.app)!;
    merchantId = (await demoMerchantId(t.db.db))!;
    // the seed's orders sit on the first five cabinets; later ones that are 已激活 are free
    const options = await call<ReplenishDeviceOption[]>(admin, slots.devices, {});
    devices = [];
    for (const o of options.slice(5)) {
      if ((await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: o.deviceCode })).status === 2) devices.push(o.deviceCode);
      if (devices.length === 3) break;
    }
    expect(devices).toHaveLength(3);
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await t.close();
  });

  it('派送 sends 补货; the cabinet’s report one short completes the order once, as the system; duplicates post nothing', async () => {
    const [a] = devices;
    const { sim, received } = await connect(a);
    const s = await orderFor(a);
    const acked = processed(a, 'ack');
    expect(await call(admin, orders.dispatch, { orderCode: s.orderCode, version: s.version })).toMatchObject({ statusName: '配送中' });
    await acked;
    const d = await detail(s.orderCode);
    expect(received).toEqual([
      {
        restockVersion: 1,
        orderCode: s.orderCode,
        lines: d.lines.map((l) => ({ slotNo: l.slotNo, skuId: l.skuId, skuCode: l.skuCode, quantity: l.quantity })),
      },
    ]);
    const cmds = await call<Paged<DeviceCommand>>(admin, deviceOps.commands, { deviceCode: a });
    expect(cmds.list[0]).toMatchObject({ commandType: 'restock', commandTypeName: '补货', statusName: '已确认' });
    expect(d.restockCommand).toMatchObject({ commandNo: cmds.list[0].commandNo, statusName: '已确认' });
    const atDispatch = await movements(s.orderCode);
    // loaded: everything, one short on the first line
    const lines = d.lines.map((l, n) => ({ slotNo: l.slotNo, loaded: l.quantity - (n === 0 ? 1 : 0) }));
    await report(sim, s.orderCode, lines);
    const done = await detail(s.orderCode);
    expect(done).toMatchObject({ statusName: '已完成', totalLoaded: d.totalSent - 1, version: 3 });
    expect(done.lines.map((l) => l.variance)).toEqual(d.lines.map((_l, n) => (n === 0 ? 1 : 0)));
    for (const l of done.lines) expect(l.quantity).toBe(l.loaded! + l.variance!);
    const posted = await movements(s.orderCode);
    expect(posted.length - atDispatch.length).toBe(d.lines.length + 1);
    expect(posted.filter(([type]) => type === 'stocktake')).toEqual([['stocktake', -1]]);
    const h = await call<Paged<HistoryEntry>>(admin, orders.history, { orderCode: s.orderCode });
    expect(h.list.find((e) => e.actionLabel === '完成')).toMatchObject({ operatorName: '系统（设备上报）' });
    expect(h.list.find((e) => e.actionLabel === '完成')?.remark).toContain(`设备${a}上报`);
    // the same report again: nothing more
    await report(sim, s.orderCode, lines);
    expect(await movements(s.orderCode)).toHaveLength(posted.length);
    expect((await detail(s.orderCode)).version).toBe(3);
    expect(await check.run(t.db.db, merchantId)).toEqual([]);
  });

  it('an offline cabinet’s order stays 配送中; another cabinet’s report for it is ignored; the hand completes it', async () => {
    const [a, b] = devices;
    const { sim } = sims.find((x) => x.spec.deviceCode === a) ? { sim: sims.find((x) => x.spec.deviceCode === a)! } : await connect(a);
    const s = await orderFor(b);
    expect(await call(admin, orders.dispatch, { orderCode: s.orderCode, version: s.version })).toMatchObject({ statusName: '配送中' });
    const cmds = await call<Paged<DeviceCommand>>(admin, deviceOps.commands, { deviceCode: b });
    expect(cmds.list[0]).toMatchObject({ commandType: 'restock', statusName: '已发送' });
    const d = await detail(s.orderCode);
    expect(d.restockCommand).toMatchObject({ commandNo: cmds.list[0].commandNo, statusName: '已发送' });
    const before = await movements(s.orderCode);
    await report(
      sim,
      s.orderCode,
      d.lines.map((l) => ({ slotNo: l.slotNo, loaded: l.quantity })),
    );
    // unknown order and unknown lines: ignored too
    await report(sim, 'BH0000000000', [{ slotNo: 'A1', loaded: 1 }]);
    expect(await detail(s.orderCode)).toMatchObject({ statusName: '配送中', version: 2 });
    expect(await movements(s.orderCode)).toEqual(before);
    const full = d.lines.map((l) => ({ slotNo: l.slotNo, loaded: l.quantity }));
    expect(await call(admin, orders.complete, { orderCode: s.orderCode, version: 2, lines: full })).toMatchObject({ statusName: '已完成' });
    expect(await check.run(t.db.db, merchantId)).toEqual([]);
  });

  it('the simulator’s own cabinet loads a dispatched order and reports it: the order completes', async () => {
    const c = devices[2];
    const { sim } = await connect(c, true);
    const s = await orderFor(c);
    const acked = processed(c, 'ack');
    await call(admin, orders.dispatch, { orderCode: s.orderCode, version: s.version });
    await acked;
    const reported = processed(c, 'event');
    for (let n = 0; n < 15; n++) await sim.tick();
    expect(await reported).toBe('processed');
    const d = await detail(s.orderCode);
    expect(d).toMatchObject({ statusName: '已完成', totalLoaded: sim.restocks[0].lines.reduce((a, l) => a + l.loaded, 0) });
    expect(d.totalSent - d.totalLoaded).toBeLessThanOrEqual(1);
    expect(await check.run(t.db.db, merchantId)).toEqual([]);
  });
});
