import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { deviceOps, type DeviceRow } from '@merchant/contracts/device/device';
import { cabinetOrderOps as ops, type CabinetOrderDetail, type CabinetOrderRow } from '@merchant/contracts/order/cabinet-order';
import { DOOR_CLOSE_LIMIT_MS, doorSessionOps, type DoorSessionDetail, type DoorSessionState } from '@merchant/contracts/order/door-session';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceLink } from '../../platform/device-link/device-link.ts';
import { demoMerchantId } from '../../platform/seeds.ts';
import { rng, VirtualCabinet, type Visit } from '../../simulator/cabinet.ts';
import { call, rest, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { newOpenApp, openClient } from '../../test/open-api-kit.ts';
import { payCtx } from '../../test/payment-kit.ts';
import { deviceLinkOf } from '../device/device.routes.ts';
import { resolvePrices } from '../price/price.resolver.ts';
import { check } from '../stock/stock.reconcile.ts';
import * as doors from './door-session.service.ts';
import { check as orderCheck } from './order.reconcile.ts';

// 智能柜购物 over the real device link (docs/orders.md): a door-open request → the cabinet opens → closes with what it
// saw taken → one order per session, priced at the door opening, stock out of the slots through the ledger, charged
// through the payment adapter; what a person must check becomes an abnormal order that moves no stock.

interface Slot {
  slotNo: string;
  skuId: number;
  onHand: number;
}

describe.each(DIALECTS)('cabinet orders from door sessions (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let link: DeviceLink;
  let merchantId: number;
  const cabinets = new Map<string, { sim: VirtualCabinet; slots: Slot[]; next: Visit[] }>();
  let devices: string[] = [];
  let seq = 0;
  let consumerApp: ReturnType<typeof openClient>;
  /** A door-open request through the open API, as the consumer app sends it. */
  const openDoor = (body: Record<string, unknown>) => consumerApp.post<DoorSessionState>('/open-api/v1/cabinet/door-open', body);

  const ctx = () => ({ ...payCtx(t, merchantId, '开放接口（测试小程序）'), services: { deviceLink: link } as never });
  const processed = (deviceCode: string, kind: string) =>
    new Promise<void>((resolve, reject) => {
      const on = (c: string, k: string) => {
        if (c !== deviceCode || k !== kind) return;
        link.off('processed', on);
        link.off('failed', off);
        resolve();
      };
      const off = (c: string, k: string, err?: unknown) => {
        if (c !== deviceCode || k !== kind) return;
        link.off('processed', on);
        link.off('failed', off);
        reject(err instanceof Error ? err : new Error(`${kind} of ${c} failed`));
      };
      link.on('processed', on);
      link.on('failed', off);
    });

  async function slotsOf(deviceCode: string): Promise<Slot[]> {
    const rows = await t.db.db
      .selectFrom('device_goods as dg')
      .leftJoin('stock_location as l', (j) =>
        j
          .onRef('l.merchant_id', '=', 'dg.merchant_id')
          .on('l.kind', '=', 'cabinet')
          .onRef('l.device_code', '=', 'dg.device_code')
          .onRef('l.slot_no', '=', 'dg.slot_no'),
      )
      .leftJoin('stock_balance as b', (j) => j.onRef('b.location_id', '=', 'l.id').onRef('b.sku_id', '=', 'dg.sku_id'))
      .select(['dg.slot_no', 'dg.sku_id', 'b.on_hand', 'b.locked'])
      .where('dg.merchant_id', '=', merchantId)
      .where('dg.device_code', '=', deviceCode)
      .orderBy('dg.slot_no')
      .execute();
    return rows.map((r) => ({ slotNo: r.slot_no, skuId: Number(r.sku_id), onHand: Number(r.on_hand ?? 0) - Number(r.locked ?? 0) }));
  }

  /** The cabinet on the link with a fresh secret; its consumers take what `next` says, in turn. */
  async function connect(deviceCode: string) {
    const d = await call<DeviceRow>(admin, deviceOps.detail, { deviceCode });
    const { secret } = await call<{ secret: string }>(admin, deviceOps.resetSecret, { deviceCode, version: d.version });
    const next: Visit[] = [];
    const sim = new VirtualCabinet({ deviceCode, secret, name: d.name, storageStyle: 1 }, rng(7), {
      url: `mqtt://127.0.0.1:${link.port}`,
      heartbeatSeconds: 30,
      telemetrySeconds: 600,
      dropChance: 0,
      shopper: () => next.shift() ?? { items: [], closeAfterSeconds: 1 },
    });
    const online = processed(deviceCode, 'heartbeat');
    await sim.connect();
    await sim.tick(); // heartbeat at second 0: online
    await online;
    const c = { sim, slots: (await slotsOf(deviceCode)).filter((s) => s.onHand >= 3), next };
    cabinets.set(deviceCode, c);
    return c;
  }

  /** One consumer's visit: the request, the door opening (priced then), the door closing after the visit's seconds. */
  async function shop(deviceCode: string, visit: Visit, userId = 'wx-user-001'): Promise<DoorSessionState> {
    const c = cabinets.get(deviceCode)!;
    c.next.push(visit);
    const opened = processed(deviceCode, 'event');
    const res = await openDoor({ deviceCode, userId, userPhone: '13912345678', requestId: `REQ-${dialect}-${++seq}-X` });
    expect(res.code).toBe('200');
    const s = res.data!;
    // the cabinet may have opened before the answer is read back
    expect(['待开门', '已开门']).toContain(s.statusName);
    await opened;
    if (visit.closeAfterSeconds === null) return s;
    const closed = processed(deviceCode, 'event');
    for (let n = 0; n <= visit.closeAfterSeconds; n++) await c.sim.tick();
    await closed;
    return s;
  }
  const session = (applyCode: string) => call<DoorSessionDetail>(admin, doorSessionOps.detail, { applyCode });
  const order = (orderNoSub: string) => call<CabinetOrderDetail>(admin, ops.detail, { orderNoSub });
  const movements = (docCode: string) =>
    t.db.db
      .selectFrom('stock_movement')
      .select(['type', 'quantity', 'sku_id'])
      .where('merchant_id', '=', merchantId)
      .where('doc_code', '=', docCode)
      .execute();

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      deviceLink: { mode: 'embedded', port: 0, portIsDefault: false, host: '127.0.0.1', sweepIntervalMs: 0, offlineAfterMs: 90_000 },
    });
    admin = await t.signIn('admin');
    link = deviceLinkOf(t.app)!;
    merchantId = (await demoMerchantId(t.db.db))!;
    consumerApp = openClient(t, await newOpenApp(t, merchantId, 'container', '测试小程序'));
    // 已激活 cabinets with a planogram and at least two slots with stock to sell
    const rows = await t.db.db
      .selectFrom('device as d')
      .innerJoin('device_goods as dg', 'dg.device_code', 'd.device_code')
      .select('d.device_code')
      .where('d.merchant_id', '=', merchantId)
      .where('d.status', '=', 2)
      .groupBy('d.device_code')
      .orderBy('d.device_code')
      .execute();
    devices = [];
    for (const r of rows) {
      const slots = await slotsOf(r.device_code);
      if (slots.filter((s) => s.onHand >= 3).length >= 2) devices.push(r.device_code);
      if (devices.length === 4) break;
    }
    expect(devices).toHaveLength(4);
  });
  afterAll(async () => {
    await Promise.all([...cabinets.values()].map((c) => c.sim.stop()));
    await t.close();
  });

  it('a visit makes one order: priced at the door opening, stock out of the slots, paid through 沙箱支付, the timeline complete', async () => {
    const [a] = devices;
    const { slots } = await connect(a);
    const [s1, s2] = slots;
    const items = [
      { slotNo: s1.slotNo, skuId: s1.skuId, quantity: 2, confidence: 0.97 },
      { slotNo: s2.slotNo, skuId: s2.skuId, quantity: 1, confidence: 0.99 },
    ];
    const s = await shop(a, { items, weight: { expectedGrams: 1050, measuredGrams: 1040 }, closeAfterSeconds: 3 });
    const d = await session(s.applyCode);
    expect(d).toMatchObject({
      statusName: '已完成',
      deviceCode: a,
      userId: 'wx-user-001',
      userPhone: '139****5678',
      appName: '测试小程序',
    });
    expect(d.events.map((e) => e.typeName)).toEqual(['开门请求', '下发开门指令', '柜门已打开', '柜门已关闭', '生成订单']);
    expect(d.orderNoSub).toMatch(/^XS\d{14}$/);
    const o = await order(d.orderNoSub);
    const prices = await resolvePrices(
      t.db.db,
      merchantId,
      items.map((i) => ({ skuId: i.skuId, deviceCode: a })),
    );
    expect(o).toMatchObject({
      applyCode: s.applyCode,
      statusName: '已完成',
      payStatusName: '已支付',
      excepType: '',
      itemCount: 3,
      goodsAmount: prices[0].priceCents * 2 + prices[1].priceCents,
      paidAmount: prices[0].priceCents * 2 + prices[1].priceCents,
      pricedAt: d.openedAt,
    });
    expect(o.lines.map((l) => [l.slotNo, l.quantity, l.unitPrice, l.confidence])).toEqual([
      [s1.slotNo, 2, prices[0].priceCents, 970],
      [s2.slotNo, 1, prices[1].priceCents, 990],
    ]);
    expect(o.payments).toHaveLength(1);
    expect(o.payments[0]).toMatchObject({ providerLabel: '沙箱支付', statusName: '已支付', amount: o.paidAmount });
    // the slots' stock: one 销售 movement per line, under the order's number
    const moved = await movements(o.orderNoSub);
    expect(moved.map((m) => [m.type, Number(m.quantity)]).sort()).toEqual([
      ['sale', -1],
      ['sale', -2],
    ]);
    const after = await slotsOf(a);
    expect(after.find((x) => x.slotNo === s1.slotNo)!.onHand).toBe(s1.onHand - 2);
    expect(after.find((x) => x.slotNo === s2.slotNo)!.onHand).toBe(s2.onHand - 1);
    const h = await call<Paged<HistoryEntry>>(admin, ops.history, { orderNoSub: o.orderNoSub });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['支付成功', '生成订单']);
    expect(h.list[1].operatorName).toBe('系统（设备上报）');
    expect(await check.run(t.db.db, merchantId)).toEqual([]);
    cabinets.get(a)!.slots = after.filter((x) => x.onHand >= 3);

    // the same door-closed again: no second order, no stock moved; the timeline says it was ignored
    const again = processed(a, 'event');
    cabinets.get(a)!.sim.publish('event', { type: 'door-closed', data: { applyCode: s.applyCode, items } });
    await again;
    expect(await movements(o.orderNoSub)).toHaveLength(2);
    expect((await session(s.applyCode)).events.at(-1)?.typeName).toBe('重复上报（已忽略）');
    const n = await t.db.db
      .selectFrom('sale_order')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('apply_code', '=', s.applyCode)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('a door-closed report the server never got (the cabinet offline as the door shut) is sent again until settled: one order', async () => {
    const [a] = devices;
    const c = cabinets.get(a)!;
    const slot = c.slots[0];
    c.next.push({ items: [{ slotNo: slot.slotNo, skuId: slot.skuId, quantity: 1, confidence: 0.99 }], closeAfterSeconds: 2 });
    const opened = processed(a, 'event');
    const res = await openDoor({ deviceCode: a, userId: 'wx-offline', requestId: `REQ-${dialect}-offline-close` });
    await opened;
    await c.sim.disconnect(); // off the link: the door-closed report goes nowhere
    for (let n = 0; n < 3; n++) await c.sim.tick();
    expect(c.sim.unsettled.has(res.data!.applyCode)).toBe(true);
    expect((await session(res.data!.applyCode)).statusName).toBe('已开门');
    await c.sim.connect();
    const closed = processed(a, 'event');
    for (let n = 0; n < 11; n++) await c.sim.tick();
    await closed;
    const d = await session(res.data!.applyCode);
    expect(d.statusName).toBe('已完成');
    expect((await order(d.orderNoSub)).statusName).toBe('已完成');
    // the server's door-settled reaches the cabinet: it stops re-sending
    await vi.waitFor(() => expect(c.sim.unsettled.has(res.data!.applyCode)).toBe(false));
  });

  it('nothing taken: the session ends without an order', async () => {
    const [a] = devices;
    const s = await shop(a, { items: [], closeAfterSeconds: 2 });
    const d = await session(s.applyCode);
    expect(d).toMatchObject({ statusName: '已完成', orderNoSub: '' });
    expect(d.events.at(-1)?.typeName).toBe('未取商品');
  });

  it('low confidence, goods the slot does not hold and a wrong weight make abnormal orders that move no stock and charge nothing', async () => {
    const [, b] = devices;
    const { slots } = await connect(b);
    const [s1, s2] = slots;
    const before = await slotsOf(b);
    const low = await shop(b, { items: [{ slotNo: s1.slotNo, skuId: s1.skuId, quantity: 1, confidence: 0.55 }], closeAfterSeconds: 2 });
    const wrong = await shop(b, { items: [{ slotNo: s1.slotNo, skuId: s2.skuId, quantity: 1, confidence: 0.95 }], closeAfterSeconds: 2 });
    const heavy = await shop(b, {
      items: [{ slotNo: s2.slotNo, skuId: s2.skuId, quantity: 1, confidence: 0.95 }],
      weight: { expectedGrams: 350, measuredGrams: 700 },
      closeAfterSeconds: 2,
    });
    const expected = [
      [low, '识别置信度低', '置信度55.0%'],
      [wrong, '识别商品不符', `货道${s1.slotNo}配置的是SKU ${s1.skuId}`],
      [heavy, '重量不符', '称重700克'],
    ] as const;
    for (const [s, typeName, words] of expected) {
      const o = await order((await session(s.applyCode)).orderNoSub);
      expect(o).toMatchObject({ statusName: '异常', excepTypeName: typeName, payStatusName: '未支付', payments: [] });
      expect(o.excepReason).toContain(words);
      expect(await movements(o.orderNoSub)).toEqual([]);
    }
    expect(await slotsOf(b)).toEqual(before);
  });

  it('more taken than the books hold: an abnormal order 库存不符, nothing posted', async () => {
    const [, b] = devices;
    const [s1] = cabinets.get(b)!.slots;
    const s = await shop(b, {
      items: [{ slotNo: s1.slotNo, skuId: s1.skuId, quantity: s1.onHand + 1, confidence: 0.99 }],
      closeAfterSeconds: 2,
    });
    const o = await order((await session(s.applyCode)).orderNoSub);
    expect(o).toMatchObject({ statusName: '异常', excepTypeName: '库存不符', itemCount: s1.onHand + 1 });
    expect(o.excepReason).toContain('账面库存不足');
    expect(await movements(o.orderNoSub)).toEqual([]);
    expect(await check.run(t.db.db, merchantId)).toEqual([]);
  });

  it('a failed payment makes the order 异常 支付失败 with the adapter’s reason; the stock stays sold', async () => {
    const [, , c] = devices;
    const { slots } = await connect(c);
    const rate = t.config.payment.sandbox.failRate;
    t.config.payment.sandbox.failRate = 1;
    try {
      const s = await shop(c, {
        items: [{ slotNo: slots[0].slotNo, skuId: slots[0].skuId, quantity: 1, confidence: 0.99 }],
        closeAfterSeconds: 2,
      });
      const o = await order((await session(s.applyCode)).orderNoSub);
      expect(o).toMatchObject({ statusName: '异常', payStatusName: '支付失败', excepTypeName: '支付失败', paidAmount: 0 });
      expect(o.payments[0]).toMatchObject({ statusName: '支付失败', providerLabel: '沙箱支付' });
      expect(o.excepReason).toContain('沙箱支付');
      expect(await movements(o.orderNoSub)).toHaveLength(1);
    } finally {
      t.config.payment.sandbox.failRate = rate;
    }
  });

  it('one consumer at a cabinet at a time; a retried request is the same session; bad, offline, unknown and foreign cabinets are refused', async () => {
    const [, , c, dOff] = devices;
    const opened = processed(c, 'event');
    const first = await openDoor({ deviceCode: c, userId: 'wx-a', requestId: `REQ-${dialect}-busy-1` });
    expect(first.code).toBe('200');
    await opened;
    const sessions = await rowCount(t, 'door_session');
    expect(await openDoor({ deviceCode: c, userId: 'wx-b', requestId: `REQ-${dialect}-busy-2` })).toMatchObject({
      code: CODES.conflict,
      msg: '该柜门正在使用中，请稍后再试',
    });
    const same = await openDoor({ deviceCode: c, userId: 'wx-a', requestId: `REQ-${dialect}-busy-1` });
    expect(same.data!.applyCode).toBe(first.data!.applyCode);
    expect(await openDoor({ deviceCode: c, userId: 'wx-z', requestId: `REQ-${dialect}-busy-1` })).toMatchObject({
      msg: `请求号REQ-${dialect}-busy-1已用于另一次开门`,
    });
    expect((await openDoor({ deviceCode: dOff, userId: 'wx-a', requestId: `REQ-${dialect}-off-1` })).msg).toBe('设备离线，暂不能开门');
    expect((await openDoor({ deviceCode: 'D0000000000', userId: 'wx-a', requestId: `REQ-${dialect}-none-1` })).msg).toBe('设备不存在');
    expect((await openDoor({ deviceCode: 'X1', userId: 'wx-a', requestId: `REQ-${dialect}-bad-1` })).msg).toContain('设备编号不正确');
    expect((await openDoor({ deviceCode: c, userId: 'wx a', requestId: `REQ-${dialect}-bad-2` })).msg).toContain('用户标识只能包含');
    expect((await openDoor({ deviceCode: c, userId: 'wx-a', requestId: 'short' })).msg).toContain('请求号至少8个字符');
    // another merchant's open app cannot open this merchant's cabinet
    const other = await registerMerchant(t, '别家开门公司', 'dooroth', '13700000092');
    const otherId = Number(
      (await t.db.db.selectFrom('account').select('merchant_id').where('user_name', '=', 'dooroth').executeTakeFirstOrThrow()).merchant_id,
    );
    expect(other).toBeTruthy();
    const foreign = openClient(t, await newOpenApp(t, otherId, 'container', '别家小程序'));
    expect(
      (await foreign.post('/open-api/v1/cabinet/door-open', { deviceCode: c, userId: 'wx-a', requestId: `REQ-${dialect}-foreign` })).msg,
    ).toBe('设备不存在');
    expect((await foreign.post('/open-api/v1/cabinet/door-session', { applyCode: first.data!.applyCode })).msg).toBe('开门记录不存在');
    expect(await rowCount(t, 'door_session')).toBe(sessions);
    // the consumer app follows its session; the cabinet closes with nothing taken: free again
    expect((await consumerApp.post('/open-api/v1/cabinet/door-session', { applyCode: first.data!.applyCode })).data).toMatchObject({
      statusName: '已开门',
    });
    const closed = processed(c, 'event');
    cabinets.get(c)!.sim.closeDoor();
    await closed;
    expect((await session(first.data!.applyCode)).statusName).toBe('已完成');
  });

  it('a door left open past the limit: 异常 with an abnormal order 柜门未关; the late report fills its goods, still 异常', async () => {
    const [a] = devices;
    const c = cabinets.get(a)!;
    const s = await shop(a, {
      items: [{ slotNo: c.slots[0].slotNo, skuId: c.slots[0].skuId, quantity: 1, confidence: 0.99 }],
      closeAfterSeconds: null,
    });
    t.clock.advance(DOOR_CLOSE_LIMIT_MS + 1000);
    await doors.sweep(t.db.db, t.clock.now(), () => ctx());
    let d = await session(s.applyCode);
    expect(d).toMatchObject({ statusName: '异常' });
    expect(d.events.map((e) => e.typeName).slice(-2)).toEqual(['柜门超时未关', '生成订单']);
    let o = await order(d.orderNoSub);
    expect(o).toMatchObject({ statusName: '异常', excepTypeName: '柜门未关', itemCount: 0, lines: [] });
    // the sweep again: nothing more
    await doors.sweep(t.db.db, t.clock.now(), () => ctx());
    expect((await session(s.applyCode)).events).toHaveLength(d.events.length);
    const late = processed(a, 'event');
    c.sim.closeDoor();
    await late;
    d = await session(s.applyCode);
    expect(d.statusName).toBe('已完成');
    expect(d.events.at(-1)?.typeName).toBe('迟到的关门上报');
    o = await order(d.orderNoSub);
    expect(o).toMatchObject({ statusName: '异常', excepTypeName: '柜门未关', itemCount: 1 });
    expect(o.excepReason).toContain('设备迟到上报');
    expect(await movements(o.orderNoSub)).toEqual([]);
  });

  it('50 consumers at once: one gets the door, 49 hear it is busy; visits past the last unit never oversell', async () => {
    const [, , c] = devices;
    const cab = cabinets.get(c)!;
    const sessions = await rowCount(t, 'door_session');
    cab.next.push({ items: [], closeAfterSeconds: 1 });
    const opened = processed(c, 'event');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => openDoor({ deviceCode: c, userId: `wx-race-${i}`, requestId: `REQ-${dialect}-race-${i}` })),
    );
    expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
    expect(
      answers.filter((a) => a.code !== '200').every((a) => a.code === CODES.conflict && a.msg === '该柜门正在使用中，请稍后再试'),
    ).toBe(true);
    expect(await rowCount(t, 'door_session')).toBe(sessions + 1);
    await opened;
    const closed = processed(c, 'event');
    for (let n = 0; n < 3; n++) await cab.sim.tick();
    await closed;

    // the last units of one slot: each visit takes one; the ones after the slot is empty are 库存不符, nothing oversold
    const [slot] = (await slotsOf(c)).filter((x) => x.onHand > 0);
    const states: string[] = [];
    for (let n = 0; n < slot.onHand + 3; n++) {
      const s = await shop(
        c,
        { items: [{ slotNo: slot.slotNo, skuId: slot.skuId, quantity: 1, confidence: 0.99 }], closeAfterSeconds: 1 },
        `wx-last-${n}`,
      );
      const o = await order((await session(s.applyCode)).orderNoSub);
      states.push(o.excepTypeName || o.statusName);
    }
    expect(states).toEqual([...Array<string>(slot.onHand).fill('已完成'), '库存不符', '库存不符', '库存不符']);
    expect((await slotsOf(c)).find((x) => x.slotNo === slot.slotNo)!.onHand).toBe(0);
    expect(await check.run(t.db.db, merchantId)).toEqual([]);
  });

  it('lists, filters, getOrderByUser and the permission and merchant walls', async () => {
    const all = await call<KeysetPage<CabinetOrderRow>>(admin, ops.list, { pageSize: 50 });
    const mine = all.list.filter((r) => cabinets.has(r.deviceCode));
    expect(mine.length).toBeGreaterThanOrEqual(6);
    const abnormal = await call<KeysetPage<CabinetOrderRow>>(admin, ops.list, { status: 5, pageSize: 50 });
    expect(abnormal.list.every((r) => r.statusName === '异常')).toBe(true);
    const byDevice = await call<KeysetPage<CabinetOrderRow>>(admin, ops.list, { deviceCode: devices[1], pageSize: 50 });
    expect(byDevice.list.every((r) => r.deviceCode === devices[1])).toBe(true);
    const byUser = await rest(admin, ops.byUser, { userId: 'wx-user-001', pageSize: 50 });
    expect(byUser.code).toBe('200');
    expect((byUser.data as KeysetPage<CabinetOrderRow>).list.every((r) => r.userId === 'wx-user-001')).toBe(true);
    expect((await op(admin, ops.list, { status: 9 })).msg).toContain('订单状态不正确');
    expect((await op(admin, ops.byUser, {})).msg).toContain('请输入用户标识');
    expect((await op(admin, ops.detail, { orderNoSub: 'XS0000000000000' })).msg).toBe('订单不存在');
    // 财务 holds the online orders (104), not the cabinets' (110)
    const finance = await t.signIn('finance');
    for (const [o, body] of [
      [ops.list, {}],
      [ops.detail, { orderNoSub: 'XS0000000000000' }],
      [ops.byUser, { userId: 'wx-user-001' }],
      [doorSessionOps.detail, { applyCode: 'KM0000000000000' }],
    ] as const)
      expect((await op(finance, o, body)).code).toBe(CODES.forbidden);
    const other = await registerMerchant(t, '别家智能柜公司', 'ordother', '13700000091');
    const someone = mine[0].orderNoSub;
    expect((await op(other, ops.detail, { orderNoSub: someone })).msg).toBe('订单不存在');
    expect((await call<KeysetPage<CabinetOrderRow>>(other, ops.list, {})).list).toEqual([]);
    expect((await op(other, doorSessionOps.detail, { applyCode: mine[0].applyCode })).msg).toBe('开门记录不存在');
    // the orders reconcile with their lines, sale movements and payments; a line changed behind their back does not
    expect(await orderCheck.run(t.db.db, merchantId)).toEqual([]);
    const paid = mine.find((r) => r.statusName === '已完成')!;
    const row = await t.db.db.selectFrom('sale_order').select('id').where('order_no_sub', '=', paid.orderNoSub).executeTakeFirstOrThrow();
    await t.db.db.updateTable('sale_order_line').set({ quantity: 9 }).where('order_id', '=', row.id).where('line_no', '=', 1).execute();
    const found = await orderCheck.run(t.db.db, merchantId);
    expect(found.some((f) => f.startsWith(`订单 ${paid.orderNoSub}: 销售流水合计`))).toBe(true);
    expect(found.some((f) => f.startsWith(`订单 ${paid.orderNoSub}: 商品件数`))).toBe(true);
    expect(found.some((f) => f.includes('小计'))).toBe(true);
  });
});
