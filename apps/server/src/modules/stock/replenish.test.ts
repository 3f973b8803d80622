import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { STALE_VERSION_MESSAGE, type HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import {
  NOTHING_TO_REPLENISH,
  replenishOrderOps as orders,
  type ReplenishGenerateResult,
  type ReplenishOrderDetail,
  type ReplenishOrderRow,
  type ReplenishOrderState,
} from '@merchant/contracts/stock/replenish-order';
import { replenishRuleOps as rules, type ReplenishRuleRow } from '@merchant/contracts/stock/replenish-rule';
import { replenishSlotOps as slots, type ReplenishDeviceOption, type ReplenishSlotRow } from '@merchant/contracts/stock/replenish-slot';
import type { FrontWarehouseOption } from '@merchant/contracts/stock/front-warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMerchantId } from '../../platform/seeds.ts';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { frontWarehouseOps } from '@merchant/contracts/stock/front-warehouse';
import { hubLocation, postMovements } from './stock-ledger.service.ts';
import { check } from './stock.reconcile.ts';

// 智能柜补货 (section 105): 规则配置 (slot settings), 补货规则, 补货单 (generate → dispatch → complete / cancel).

describe.each(DIALECTS)('cabinet replenishment 补货 (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let merchantId: number;
  let device: string;
  let deviceSlots: ReplenishSlotRow[];
  let hubId: number;

  const ledgerClean = async () => expect(await check.run(t.db.db, merchantId)).toEqual([]);
  const counts = () =>
    Promise.all(
      ['replenish_slot', 'replenish_rule', 'replenish_order', 'replenish_order_line', 'stock_movement', 'record_history'].map((n) =>
        rowCount(t, n as never),
      ),
    );
  const slotsOf = async (deviceCode: string) =>
    (await call<Paged<ReplenishSlotRow>>(admin, slots.list, { deviceCode, pageSize: 100 })).list;
  const hubOnHand = async (skuId: number) =>
    Number(
      (
        await t.db.db
          .selectFrom('stock_balance')
          .select('on_hand')
          .where('location_id', '=', hubId)
          .where('sku_id', '=', skuId)
          .executeTakeFirst()
      )?.on_hand ?? 0,
    );
  /** Posts stock into the hub (or out of it, negative) for every SKU of the device. */
  const stockHub = async (skuIds: number[], quantity: number, code: string) => {
    const now = t.clock.now();
    await t.db.db.transaction().execute(async (trx) => {
      hubId = Number((await hubLocation(trx, merchantId, now)).id);
      const moves = [];
      for (const skuId of new Set(skuIds)) {
        const q = quantity < 0 ? -(await hubOnHandIn(trx, skuId)) : quantity;
        if (q !== 0)
          moves.push({ locationId: hubId, skuId, type: 'adjust' as const, quantity: q, docType: 'edit' as const, docCode: code });
      }
      await postMovements(trx, { merchantId, operatorId: 0, operatorName: '测试', now }, moves);
    });
  };
  const hubOnHandIn = async (trx: Parameters<typeof hubLocation>[0], skuId: number) =>
    Number(
      (
        await trx
          .selectFrom('stock_balance')
          .select('on_hand')
          .where('location_id', '=', hubId)
          .where('sku_id', '=', skuId)
          .executeTakeFirst()
      )?.on_hand ?? 0,
    );

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家补货公司', 'rpother', '13700000096');
    merchantId = (await demoMerchantId(t.db.db))!;
    const devices = await call<ReplenishDeviceOption[]>(admin, slots.devices, {});
    expect(devices.length).toBeGreaterThan(1);
    device = devices[0].deviceCode;
    deviceSlots = await slotsOf(device);
    await t.db.db.transaction().execute(async (trx) => {
      hubId = Number((await hubLocation(trx, merchantId, t.clock.now())).id);
    });
  });
  afterAll(() => t.close());

  it('规则配置: defaults, edit one slot (versioned, audited), batch set, filters, bad input, stale', async () => {
    const s = deviceSlots[0];
    expect(s).toMatchObject({ configured: false, version: 0, minLevel: Math.min(s.parLevel, s.capacity), maxLevel: s.capacity });
    const edited = await call<ReplenishSlotRow>(admin, slots.edit, {
      deviceCode: device,
      slotNo: s.slotNo,
      minLevel: 1,
      maxLevel: s.capacity - 1,
      version: 0,
    });
    expect(edited).toMatchObject({ configured: true, version: 1, minLevel: 1, maxLevel: s.capacity - 1 });
    const before = await counts();
    for (const [body, msg] of [
      [{ minLevel: 5, maxLevel: 2, version: 1 }, '补货线不能大于补满量（字段：minLevel）'],
      [{ minLevel: 0, maxLevel: s.capacity + 1, version: 1 }, `补满量不能大于货道容量${s.capacity}（字段：maxLevel）`],
      [{ minLevel: -1, maxLevel: 2, version: 1 }, '补货线不能小于0（字段：minLevel）'],
      [{ minLevel: 1.5, maxLevel: 2, version: 1 }, '补货线必须是整数（字段：minLevel）'],
      [{ minLevel: 1, maxLevel: 2 }, '缺少数据版本，请刷新后重试（字段：version）'],
    ] as const) {
      expect(await op(admin, slots.edit, { deviceCode: device, slotNo: s.slotNo, ...body })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(await op(admin, slots.edit, { deviceCode: device, slotNo: s.slotNo, minLevel: 1, maxLevel: 2, version: 0 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect((await op(admin, slots.edit, { deviceCode: device, slotNo: 'ZZ9', minLevel: 1, maxLevel: 2, version: 0 })).code).toBe(
      CODES.notFound,
    );
    expect(await counts()).toEqual(before);
    const h = await call<Paged<HistoryEntry>>(admin, slots.history, { deviceCode: device, slotNo: s.slotNo });
    expect(h.list[0]).toMatchObject({ actionLabel: '设置补货线' });
    expect(h.list[0].changes.map((c) => c.label)).toContain('补满量');

    // batch: min 100 %, max 100 % of every slot's capacity → every slot not full is below its line
    expect(await call(admin, slots.batchSet, { deviceCode: device, minPercent: 100, maxPercent: 100 })).toEqual({
      deviceCode: device,
      slotCount: deviceSlots.length,
    });
    deviceSlots = await slotsOf(device);
    expect(deviceSlots.every((x) => x.configured && x.minLevel === x.capacity && x.maxLevel === x.capacity)).toBe(true);
    expect(deviceSlots[0].version).toBe(2);
    expect(await op(admin, slots.batchSet, { deviceCode: device, minPercent: 80, maxPercent: 50 })).toMatchObject({
      code: CODES.badInput,
      msg: '补货线比例不能大于补满量比例（字段：minPercent）',
    });
    const below = await call<Paged<ReplenishSlotRow>>(admin, slots.list, { belowMin: true, pageSize: 100 });
    expect(below.list.every((x) => x.belowMin)).toBe(true);
    const bySku = await call<Paged<ReplenishSlotRow>>(admin, slots.list, { sku: deviceSlots[0].skuCode, pageSize: 100 });
    expect(bySku.list.every((x) => x.skuCode === deviceSlots[0].skuCode)).toBe(true);
  });

  let rule: ReplenishRuleRow;
  it('补货规则: add, bad input, edit (versioned), disable / enable, illegal and stale', async () => {
    const base = { name: '测试补货规则', triggerMode: 'min', fillTo: 'max', minLot: 1, sourceKind: 'hub', deviceCodes: [device] };
    rule = await call<ReplenishRuleRow>(admin, rules.add, base);
    expect(rule).toMatchObject({ status: 1, version: 1, sourceName: '库存中心', triggerText: '可用≤补货线', deviceCodes: [device] });
    const before = await counts();
    for (const [body, msg] of [
      [{ triggerMode: 'percent' }, '请输入触发百分比（1–99）（字段：triggerPercent）'],
      [{ sourceKind: 'front' }, '请选择前置仓（字段：frontWarehouseId）'],
      [{ sourceKind: 'front', frontWarehouseId: 999999 }, '前置仓不存在或已停用（字段：frontWarehouseId）'],
      [{ deviceCodes: ['NOPE0001'] }, '设备NOPE0001不存在或没有货道商品（字段：deviceCodes）'],
      [{ fillTo: 'all' }, '补货目标只能是补满量或货道容量（字段：fillTo）'],
      [{ name: '测试补货规则' }, '已有同名的补货规则，请换一个名称（字段：name）'],
      [{ name: '' }, '请输入规则名称（字段：name）'],
    ] as const) {
      const res = await op(admin, rules.add, { ...base, name: '另一条规则', ...body });
      expect(res.msg).toBe(msg);
    }
    expect(await counts()).toEqual(before);
    const fronts = await call<FrontWarehouseOption[]>(admin, frontWarehouseOps.options, {});
    const edited = await call<ReplenishRuleRow>(admin, rules.edit, {
      ...base,
      id: rule.id,
      version: 1,
      triggerMode: 'percent',
      triggerPercent: 50,
      sourceKind: 'front',
      frontWarehouseId: fronts[0].id,
    });
    expect(edited).toMatchObject({ version: 2, triggerText: '可用≤容量的50%', frontWarehouseId: fronts[0].id });
    expect(edited.sourceName).toContain(fronts[0].name);
    expect(await op(admin, rules.edit, { ...base, id: rule.id, version: 1 })).toMatchObject({ msg: STALE_VERSION_MESSAGE });
    rule = await call<ReplenishRuleRow>(admin, rules.edit, { ...base, id: rule.id, version: 2 });
    expect(await op(admin, rules.enable, { id: rule.id, version: 3 })).toMatchObject({
      code: CODES.conflict,
      msg: '补货规则「测试补货规则」已是启用状态，不能启用',
    });
    expect(await call(admin, rules.disable, { id: rule.id, version: 3 })).toEqual({ id: rule.id, status: 0, version: 4 });
    expect(await op(admin, orders.generate, { ruleId: rule.id })).toMatchObject({
      code: CODES.conflict,
      msg: '补货规则「测试补货规则」已停用，不能生成补货单',
    });
    expect(await op(admin, rules.disable, { id: rule.id, version: 3 })).toMatchObject({ msg: STALE_VERSION_MESSAGE });
    expect(await call(admin, rules.enable, { id: rule.id, version: 4 })).toEqual({ id: rule.id, status: 1, version: 5 });
    const h = await call<Paged<HistoryEntry>>(admin, rules.history, { id: rule.id });
    expect(h.list.map((x) => x.actionLabel)).toEqual(['启用', '停用', '编辑', '编辑', '新增']);
  });

  let code: string;
  it('补货单: generated from the rule, refused dispatch when the hub lacks stock, dispatch, complete one short', async () => {
    await stockHub(
      deviceSlots.map((s) => s.skuId),
      -1,
      'T-EMPTY',
    );
    // nothing at the source: nothing to plan
    expect(await op(admin, orders.generate, { ruleId: rule.id })).toMatchObject({ code: CODES.conflict, msg: NOTHING_TO_REPLENISH });
    await stockHub(
      deviceSlots.map((s) => s.skuId),
      500,
      'T-STOCK0',
    );
    const g = await call<ReplenishGenerateResult>(admin, orders.generate, { ruleId: rule.id });
    expect(g.orders).toHaveLength(1);
    expect(g.skippedDevices).toEqual([]);
    code = g.orders[0].orderCode;
    expect(code).toMatch(/^BH\d{10}$/);
    const d = await call<ReplenishOrderDetail>(admin, orders.detail, { orderCode: code });
    const need = deviceSlots.filter((s) => s.available < s.capacity);
    expect(d).toMatchObject({
      deviceCode: device,
      status: 0,
      statusName: '已生成',
      ruleName: '测试补货规则',
      sourceName: '库存中心',
      actions: ['dispatch', 'cancel'],
    });
    expect(d.lines.map((l) => [l.slotNo, l.quantity])).toEqual(need.map((s) => [s.slotNo, s.capacity - s.available]));
    // a second generation skips the cabinet with an unfinished order; by hand is refused too
    expect(await call(admin, orders.generate, { ruleId: rule.id })).toEqual({ orders: [], skippedDevices: [device] });
    expect(await op(admin, orders.create, { deviceCode: device, sourceKind: 'hub' })).toMatchObject({
      code: CODES.conflict,
      msg: `设备${device}已有未完成的补货单，请先完成或取消`,
    });
    // the hub has nothing any more: dispatch refused whole, nothing written
    await stockHub(
      deviceSlots.map((s) => s.skuId),
      -1,
      'T-EMPTY2',
    );
    const before = await counts();
    const short = await op(admin, orders.dispatch, { orderCode: code, version: 1 });
    expect(short.code).toBe(CODES.conflict);
    expect(short.msg).toContain('库存不足');
    expect(await counts()).toEqual(before);
    expect((await call<ReplenishOrderDetail>(admin, orders.detail, { orderCode: code })).status).toBe(0);
    // illegal: complete a generated order
    expect(await op(admin, orders.complete, { orderCode: code, version: 1, lines: [{ slotNo: need[0].slotNo, loaded: 1 }] })).toMatchObject(
      {
        code: CODES.conflict,
        msg: `补货单${code}状态为「已生成」，不能完成`,
      },
    );

    await stockHub(
      need.map((s) => s.skuId),
      500,
      'T-STOCK',
    );
    const hubBefore = new Map(await Promise.all(need.map(async (s) => [s.skuId, await hubOnHand(s.skuId)] as const)));
    // a race of five dispatches from the same version: exactly one posts
    const race = await Promise.all(Array.from({ length: 5 }, () => op(admin, orders.dispatch, { orderCode: code, version: 1 })));
    expect(race.filter((r) => r.code === CODES.ok)).toHaveLength(1);
    expect(race.filter((r) => r.code !== CODES.ok).every((r) => r.msg === STALE_VERSION_MESSAGE)).toBe(true);
    const sentBySku = new Map<number, number>();
    for (const l of d.lines) sentBySku.set(l.skuId, (sentBySku.get(l.skuId) ?? 0) + l.quantity);
    for (const [skuId, q] of sentBySku) expect(await hubOnHand(skuId)).toBe(hubBefore.get(skuId)! - q);
    const moved = await t.db.db.selectFrom('stock_movement').select(['type', 'quantity']).where('doc_code', '=', code).execute();
    expect(moved).toHaveLength(sentBySku.size);
    expect(moved.every((m) => m.type === 'replenish' && Number(m.quantity) < 0)).toBe(true);
    expect(await op(admin, orders.dispatch, { orderCode: code, version: 2 })).toMatchObject({
      msg: `补货单${code}状态为「配送中」，不能派送`,
    });
    expect(await op(admin, orders.cancel, { orderCode: code, version: 2, cancelReason: '不要了' })).toMatchObject({
      msg: `补货单${code}状态为「配送中」，不能取消`,
    });

    // complete: bad input names the field, nothing written
    const full = d.lines.map((l) => ({ slotNo: l.slotNo, loaded: l.quantity }));
    const before2 = await counts();
    expect(await op(admin, orders.complete, { orderCode: code, version: 2, lines: full.slice(1) })).toMatchObject({
      msg: `请填写货道${full[0].slotNo}的实装数量（字段：lines）`,
    });
    expect(
      await op(admin, orders.complete, {
        orderCode: code,
        version: 2,
        lines: [{ ...full[0], loaded: full[0].loaded + 1 }, ...full.slice(1)],
      }),
    ).toMatchObject({
      msg: `实装数量不能大于补货数量${full[0].loaded}（字段：lines.0.loaded）`,
    });
    expect(await op(admin, orders.complete, { orderCode: code, version: 2, lines: [...full, { slotNo: 'ZZ9', loaded: 1 }] })).toMatchObject(
      {
        msg: '货道ZZ9不在补货单中（字段：lines.8.slotNo）'.replace('8', String(full.length)),
      },
    );
    expect(await op(admin, orders.complete, { orderCode: code, version: 1, lines: full })).toMatchObject({ msg: STALE_VERSION_MESSAGE });
    expect(await counts()).toEqual(before2);
    // one slot one short
    const loaded = full.map((l, n) => (n === 0 ? { ...l, loaded: l.loaded - 1 } : l));
    expect(await call<ReplenishOrderState>(admin, orders.complete, { orderCode: code, version: 2, lines: loaded })).toMatchObject({
      status: 2,
      statusName: '已完成',
      version: 3,
    });
    const done = await call<ReplenishOrderDetail>(admin, orders.detail, { orderCode: code });
    expect(done.actions).toEqual([]);
    for (const l of done.lines) expect(l.quantity).toBe(l.loaded! + l.variance!);
    expect(done.lines[0].variance).toBe(1);
    expect(done.totalLoaded).toBe(done.totalSent - 1);
    const after = await slotsOf(device);
    for (const l of done.lines) {
      const s0 = deviceSlots.find((s) => s.slotNo === l.slotNo)!;
      expect(after.find((s) => s.slotNo === l.slotNo)!.onHand).toBe(s0.onHand + l.loaded!);
    }
    const variance = await t.db.db
      .selectFrom('stock_movement')
      .select(['quantity', 'reason'])
      .where('doc_code', '=', code)
      .where('type', '=', 'stocktake')
      .execute();
    expect(variance).toEqual([{ quantity: -1, reason: `补货少装：发出${full[0].loaded}，实装${full[0].loaded - 1}` }]);
    const h = await call<Paged<HistoryEntry>>(admin, orders.history, { orderCode: code });
    expect(h.list.map((x) => x.actionLabel)).toEqual(['完成', '派送', '生成']);
    await ledgerClean();
  });

  it('by hand for one cabinet, cancel with a reason; list filters and export', async () => {
    const s = await call<ReplenishOrderState>(admin, orders.create, { deviceCode: device, sourceKind: 'hub' });
    expect(await op(admin, orders.cancel, { orderCode: s.orderCode, version: 1, cancelReason: '' })).toMatchObject({
      code: CODES.badInput,
      msg: '请输入取消原因（字段：cancelReason）',
    });
    expect(await op(admin, orders.cancel, { orderCode: s.orderCode, version: 9, cancelReason: '设备维修中' })).toMatchObject({
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await call(admin, orders.cancel, { orderCode: s.orderCode, version: 1, cancelReason: '设备维修中' })).toMatchObject({
      status: 3,
      version: 2,
    });
    expect(await op(admin, orders.dispatch, { orderCode: s.orderCode, version: 2 })).toMatchObject({
      msg: `补货单${s.orderCode}状态为「已取消」，不能派送`,
    });
    const mine = await call<KeysetPage<ReplenishOrderRow>>(admin, orders.list, { deviceCode: device, pageSize: 50 });
    expect(mine.list.map((r) => r.orderCode)).toEqual(expect.arrayContaining([s.orderCode, code]));
    expect(mine.list.every((r) => r.deviceCode === device)).toBe(true);
    const cancelled = await call<KeysetPage<ReplenishOrderRow>>(admin, orders.list, { status: 3, pageSize: 50 });
    expect(cancelled.list.every((r) => r.status === 3)).toBe(true);
    expect((await call<KeysetPage<ReplenishOrderRow>>(admin, orders.list, { orderCode: code.toLowerCase() })).list).toHaveLength(1);
    expect(await op(admin, orders.list, { status: 9 })).toMatchObject({ code: CODES.badInput, msg: '状态不正确（字段：status）' });
    const paged = await call<KeysetPage<ReplenishOrderRow>>(admin, orders.list, { pageSize: 1 });
    if (paged.nextCursor) {
      const next = await call<KeysetPage<ReplenishOrderRow>>(admin, orders.list, { pageSize: 1, cursor: paged.nextCursor });
      expect(next.list[0].orderCode).not.toBe(paged.list[0].orderCode);
    }
    expect((await op(admin, orders.create, { deviceCode: 'NOPE0001', sourceKind: 'hub' })).msg).toBe(
      '设备NOPE0001不存在或没有货道商品（字段：deviceCode）',
    );
  });

  it('the demo seed: two rules, orders in every state, the completed ones posted through the ledger', async () => {
    const seeded = await call<ReplenishRuleRow[]>(admin, rules.list, {});
    expect(seeded.map((r) => r.name)).toEqual(expect.arrayContaining(['日常补货（库存中心）', '前置仓补货（容量30%）']));
    for (const status of [0, 1, 2, 3])
      expect((await call<KeysetPage<ReplenishOrderRow>>(admin, orders.list, { status })).list.length).toBeGreaterThan(0);
    const done = (await call<KeysetPage<ReplenishOrderRow>>(admin, orders.list, { status: 2, sortOrder: 'ascend' })).list[0];
    const d = await call<ReplenishOrderDetail>(admin, orders.detail, { orderCode: done.orderCode });
    for (const l of d.lines) expect(l.quantity).toBe(l.loaded! + l.variance!);
    const moved = await t.db.db.selectFrom('stock_movement').select('quantity').where('doc_code', '=', done.orderCode).execute();
    expect(moved.reduce((s, m) => s + Number(m.quantity), 0)).toBe(d.totalLoaded - d.totalSent);
    await ledgerClean();
  });

  it('is the merchant’s own; a role without the page is refused', async () => {
    expect(await call(other, slots.devices, {})).toEqual([]);
    expect((await call<Paged<ReplenishSlotRow>>(other, slots.list, {})).total).toBe(0);
    expect(await call(other, rules.list, {})).toEqual([]);
    expect((await call<KeysetPage<ReplenishOrderRow>>(other, orders.list, {})).list).toEqual([]);
    const before = await counts();
    for (const [o, body] of [
      [orders.detail, { orderCode: code }],
      [orders.dispatch, { orderCode: code, version: 3 }],
      [orders.cancel, { orderCode: code, version: 3, cancelReason: '别家取消' }],
      [orders.history, { orderCode: code }],
      [orders.generate, { ruleId: rule.id }],
      [rules.disable, { id: rule.id, version: rule.version }],
      [slots.edit, { deviceCode: device, slotNo: deviceSlots[0].slotNo, minLevel: 1, maxLevel: 1, version: 0 }],
    ] as const) {
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    }
    expect((await op(other, orders.create, { deviceCode: device, sourceKind: 'hub' })).code).toBe(CODES.badInput);
    const finance = await t.signIn('finance');
    for (const [o, body] of [
      [slots.list, {}],
      [slots.edit, { deviceCode: device, slotNo: deviceSlots[0].slotNo, minLevel: 1, maxLevel: 1, version: 2 }],
      [rules.add, { name: '财务规则', triggerMode: 'min', fillTo: 'max', sourceKind: 'hub' }],
      [orders.list, {}],
      [orders.dispatch, { orderCode: code, version: 3 }],
    ] as const) {
      expect((await op(finance, o, body)).code).toBe(CODES.forbidden);
    }
    expect(await counts()).toEqual(before);
  });
});
