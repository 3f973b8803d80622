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
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { filterSummary } from '../../platform/export/filter-summary.ts';
import { replenishRuleList } from './replenish-rule.ops.ts';
import { expectWinners, race, type RaceAnswer } from '../../test/race.ts';
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
  /** Posts stock into the hub for every SKU of the device (negative: takes out all it can — on hand down to locked). */
  const stockHub = async (skuIds: number[], quantity: number, code: string) => {
    const now = t.clock.now();
    await t.db.db.transaction().execute(async (trx) => {
      hubId = Number((await hubLocation(trx, merchantId, now)).id);
      const moves = [];
      for (const skuId of new Set(skuIds)) {
        const q = quantity < 0 ? -(await hubAvailableIn(trx, skuId)) : quantity;
        if (q !== 0)
          moves.push({ locationId: hubId, skuId, type: 'adjust' as const, quantity: q, docType: 'edit' as const, docCode: code });
      }
      await postMovements(trx, { merchantId, operatorId: 0, operatorName: '测试', now }, moves);
    });
  };
  const hubAvailableIn = async (trx: Parameters<typeof hubLocation>[0], skuId: number) => {
    const b = await trx
      .selectFrom('stock_balance')
      .select(['on_hand', 'locked'])
      .where('location_id', '=', hubId)
      .where('sku_id', '=', skuId)
      .executeTakeFirst();
    return b ? Number(b.on_hand) - Number(b.locked) : 0;
  };

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

  it('补货规则 list: filters, offset paging, allow-listed sort, actions per state, export', async () => {
    const page = (body: Record<string, unknown>) => call<Paged<ReplenishRuleRow>>(admin, rules.list, body);
    // the demo's two (日常补货（库存中心） 启用 hub, 前置仓补货（容量30%） 停用 front) and the test's (启用, hub)
    const all = await page({});
    expect(all).toMatchObject({ total: 3, pageNum: 1, pageSize: 20 });
    expect(all.list[0].name).toBe('测试补货规则'); // newest first
    expect((await page({ name: '测试补货' })).list.map((r) => r.name)).toEqual(['测试补货规则']);
    // matched literally: a typed % finds only the name containing it
    expect((await page({ name: '%' })).list.map((r) => r.name)).toEqual(['前置仓补货（容量30%）']);
    expect((await page({ name: '_' })).total).toBe(0);
    const disabled = await page({ status: 0 });
    expect(disabled.list.map((r) => r.name)).toEqual(['前置仓补货（容量30%）']);
    expect(disabled.list[0].actions).toEqual(['edit', 'enable']);
    const enabled = await page({ status: 1, pageSize: 200 });
    expect(enabled.list.map((r) => r.name).sort()).toEqual(['日常补货（库存中心）', '测试补货规则'].sort());
    expect(enabled.list.every((r) => r.status === 1 && r.actions.join() === 'edit,disable,generate')).toBe(true);
    expect((await page({ sourceKind: 'front' })).list.map((r) => r.sourceKind)).toEqual(['front']);
    expect((await page({ sourceKind: 'hub', status: 0 })).total).toBe(0);
    // paging and sort by name
    const byName = (await page({ sortField: 'name', sortOrder: 'ascend' })).list.map((r) => r.name);
    expect([...byName].sort()).toEqual(byName);
    expect((await page({ sortField: 'name', sortOrder: 'descend' })).list.map((r) => r.name)).toEqual([...byName].reverse());
    const second = await page({ sortField: 'name', sortOrder: 'ascend', pageSize: 1, pageNum: 2 });
    expect(second).toMatchObject({ total: 3, pageNum: 2, pageSize: 1 });
    expect(second.list.map((r) => r.name)).toEqual([byName[1]]);
    for (const [body, msg] of [
      [{ sortField: 'status' }, '排序字段只能是：createdAt、name（字段：sortField）'],
      [{ status: 7 }, '状态只能是启用或停用（字段：status）'],
      [{ sourceKind: 'shop' }, '货源只能是库存中心或前置仓（字段：sourceKind）'],
      [{ name: 'x'.repeat(31) }, '规则名称不能超过30个字（字段：name）'],
    ] as const) {
      expect(await op(admin, rules.list, body)).toMatchObject({ code: CODES.badInput, msg });
    }
    // 停用 → the row offers 启用 and 编辑, no 生成; back to 启用
    await call(admin, rules.disable, { id: rule.id, version: rule.version + 2 });
    expect((await page({ name: '测试补货规则' })).list[0].actions).toEqual(['edit', 'enable']);
    await call(admin, rules.enable, { id: rule.id, version: rule.version + 3 });
    rule = (await page({ name: '测试补货规则' })).list[0];
    expect(rule).toMatchObject({ status: 1, version: 7, actions: ['edit', 'disable', 'generate'] });

    const file = await exportList(admin, rules.list, { status: 1, sortField: 'name', sortOrder: 'ascend' });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') {
      const rows = sheetRows(file.workbook);
      const header = rows.findIndex((r) => r[0] === '规则名称');
      expect(rows[header]).toEqual([
        '规则名称',
        '状态',
        '触发条件',
        '补货目标',
        '最小补货量',
        '货源',
        '覆盖设备',
        '备注',
        '创建时间',
        '更新时间',
      ]);
      const body = rows.slice(header + 1);
      expect(body.map((r) => r[0])).toEqual(enabled.list.map((r) => r.name).sort());
      const mine = body.find((r) => r[0] === '测试补货规则')!;
      expect(mine.slice(1, 7)).toEqual(['启用', '可用≤补货线', '补满量', 1, '库存中心', device]);
    }
    expect(filterSummary({ name: '补货', status: 0, sourceKind: 'front' }, replenishRuleList.export)).toBe(
      '规则名称：补货；状态：停用；货源：前置仓',
    );
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
    // generating reserved what the order takes at the hub (锁定); the hub can't be emptied below that any more
    const sentBySku = new Map<number, number>();
    for (const l of d.lines) sentBySku.set(l.skuId, (sentBySku.get(l.skuId) ?? 0) + l.quantity);
    const locks = await t.db.db
      .selectFrom('stock_movement')
      .select(['sku_id', 'type', 'quantity', 'lock_delta', 'location_id'])
      .where('doc_code', '=', code)
      .execute();
    expect(locks.map((m) => [Number(m.sku_id), m.type, Number(m.quantity), Number(m.lock_delta), Number(m.location_id)]).sort()).toEqual(
      [...sentBySku].map(([skuId, q]) => [skuId, 'lock', 0, q, hubId]).sort(),
    );
    const before = await counts();
    const [lockedSku, reservedQty] = [...sentBySku][0];
    const onHand = await hubOnHand(lockedSku);
    await expect(
      t.db.db.transaction().execute((trx) =>
        postMovements(trx, { merchantId, operatorId: 0, operatorName: '测试', now: t.clock.now() }, [
          {
            locationId: hubId,
            skuId: lockedSku,
            type: 'adjust',
            quantity: -(onHand - reservedQty) - 1,
            docType: 'edit',
            docCode: 'T-EMPTY2',
          },
        ]),
      ),
    ).rejects.toThrow('库存不足');
    expect(await counts()).toEqual(before);
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
    for (const [skuId, q] of sentBySku) expect(await hubOnHand(skuId)).toBe(hubBefore.get(skuId)! - q);
    // the dispatch takes on hand and the reservation together
    const moved = await t.db.db
      .selectFrom('stock_movement')
      .select(['sku_id', 'quantity', 'lock_delta'])
      .where('doc_code', '=', code)
      .where('type', '=', 'replenish')
      .execute();
    expect(moved.map((m) => [Number(m.sku_id), Number(m.quantity), Number(m.lock_delta)]).sort()).toEqual(
      [...sentBySku].map(([skuId, q]) => [skuId, -q, -q]).sort(),
    );
    expect(await op(admin, orders.dispatch, { orderCode: code, version: 2 })).toMatchObject({
      msg: `补货单${code}状态为「配送中」，不能派送`,
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
    const file = await exportList(admin, orders.list, { deviceCode: device, status: 3 });
    expect(file.kind).toBe('file');
    if (file.kind === 'file') {
      const rows = sheetRows(file.workbook);
      const header = rows.findIndex((r) => r[0] === '单号');
      expect(rows[header]).toEqual(expect.arrayContaining(['设备', '状态', '补货数量', '创建时间']));
      const body = rows.slice(header + 1);
      expect(body.map((r) => r[0])).toContain(s.orderCode);
      expect(body.every((r) => r[1] === device && r[4] === '已取消' && typeof r[6] === 'number' && r[7] === undefined)).toBe(true);
    }
    expect((await op(admin, orders.create, { deviceCode: 'NOPE0001', sourceKind: 'hub' })).msg).toBe(
      '设备NOPE0001不存在或没有货道商品（字段：deviceCode）',
    );
  });

  it('取消 releases the reservation (已生成) or brings the goods back to the source (配送中)', async () => {
    await stockHub(
      deviceSlots.map((s) => s.skuId),
      500,
      'T-CANCEL',
    );
    const hubState = async (skuIds: number[]) =>
      (
        await t.db.db
          .selectFrom('stock_balance')
          .select(['sku_id', 'on_hand', 'locked'])
          .where('location_id', '=', hubId)
          .where('sku_id', 'in', skuIds)
          .orderBy('sku_id')
          .execute()
      ).map((b) => [Number(b.sku_id), Number(b.on_hand), Number(b.locked)]);
    const skuIds = [...new Set(deviceSlots.map((s) => s.skuId))];
    const start = await hubState(skuIds);

    const a = await call<ReplenishOrderState>(admin, orders.create, { deviceCode: device, sourceKind: 'hub' });
    const lines = (await call<ReplenishOrderDetail>(admin, orders.detail, { orderCode: a.orderCode })).lines;
    const reserved = await hubState(skuIds);
    for (const [skuId, onHand, locked] of reserved) {
      const q = lines.filter((l) => l.skuId === skuId).reduce((n, l) => n + l.quantity, 0);
      const s0 = start.find((x) => x[0] === skuId)!;
      expect([onHand, locked]).toEqual([s0[1], s0[2] + q]);
    }
    await call(admin, orders.cancel, { orderCode: a.orderCode, version: 1, cancelReason: '临时不补了' });
    expect(await hubState(skuIds)).toEqual(start);

    const b = await call<ReplenishOrderState>(admin, orders.create, { deviceCode: device, sourceKind: 'hub' });
    const dispatched = await call<ReplenishOrderState>(admin, orders.dispatch, { orderCode: b.orderCode, version: 1 });
    const sent = (await call<ReplenishOrderDetail>(admin, orders.detail, { orderCode: b.orderCode })).totalSent;
    const inTransit = await hubState(skuIds);
    expect(inTransit.reduce((n, x) => n + x[1], 0)).toBe(start.reduce((n, x) => n + x[1], 0) - sent);
    expect(await op(admin, orders.cancel, { orderCode: b.orderCode, version: dispatched.version, cancelReason: '' })).toMatchObject({
      code: CODES.badInput,
    });
    expect(
      await call(admin, orders.cancel, { orderCode: b.orderCode, version: dispatched.version, cancelReason: '车辆故障，货物退回' }),
    ).toMatchObject({ status: 3, statusName: '已取消' });
    expect(await hubState(skuIds)).toEqual(start);
    const back = await t.db.db
      .selectFrom('stock_movement')
      .select(['type', 'quantity', 'reason'])
      .where('doc_code', '=', b.orderCode)
      .where('quantity', '>', 0)
      .execute();
    expect(back.every((m) => m.type === 'replenish' && m.reason.startsWith('配送取消，退回库存中心'))).toBe(true);
    expect(back.reduce((n, m) => n + Number(m.quantity), 0)).toBe(sent);
    const h = await call<Paged<HistoryEntry>>(admin, orders.history, { orderCode: b.orderCode });
    expect(h.list[0]).toMatchObject({ actionLabel: '取消' });
    expect(h.list[0].remark).toContain(`已派送的${sent}件退回库存中心`);
    // a cabinet's late report for the cancelled order posts nothing
    await ledgerClean();
  });

  it('one open order per cabinet under a race: concurrent 手工补货 and 生成 open exactly one', async () => {
    const openOf = async () =>
      (await call<KeysetPage<ReplenishOrderRow>>(admin, orders.list, { deviceCode: device, pageSize: 100 })).list.filter(
        (r) => r.status <= 1,
      );
    await stockHub(
      deviceSlots.map((s) => s.skuId),
      500,
      'T-RACE',
    );
    expect(await openOf()).toEqual([]);
    const byHand = await race(6, () => op(admin, orders.create, { deviceCode: device, sourceKind: 'hub' }) as Promise<RaceAnswer>);
    expectWinners(byHand, { code: CODES.conflict, msg: `设备${device}已有未完成的补货单，请先完成或取消` });
    const [opened] = await openOf();
    expect(await call(admin, orders.cancel, { orderCode: opened.orderCode, version: 1, cancelReason: '竞争测试' })).toMatchObject({
      status: 3,
    });

    // generations racing each other (and one by hand): the cabinet gets one order, every other run skips it
    const runs = await Promise.all([
      ...Array.from({ length: 4 }, () => op(admin, orders.generate, { ruleId: rule.id })),
      op(admin, orders.create, { deviceCode: device, sourceKind: 'hub' }),
    ]);
    expect(runs.every((r) => r.code === CODES.ok || r.msg === `设备${device}已有未完成的补货单，请先完成或取消`)).toBe(true);
    const made = runs.flatMap((r) =>
      r.code !== CODES.ok
        ? []
        : 'orders' in (r.data as object)
          ? (r.data as ReplenishGenerateResult).orders
          : [r.data as ReplenishOrderState],
    );
    expect(made).toHaveLength(1);
    expect((await openOf()).map((r) => r.orderCode)).toEqual([made[0].orderCode]);
    await call(admin, orders.cancel, { orderCode: made[0].orderCode, version: 1, cancelReason: '竞争测试' });
    await ledgerClean();
  });

  it('the demo seed: two rules, orders in every state, the completed ones posted through the ledger', async () => {
    const seeded = (await call<Paged<ReplenishRuleRow>>(admin, rules.list, {})).list;
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
    expect((await call<Paged<ReplenishRuleRow>>(other, rules.list, {})).total).toBe(0);
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
