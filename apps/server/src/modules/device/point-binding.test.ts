import { deviceOps, type DeviceRow } from '@merchant/contracts/device/device';
import { pointOps, type PointRow } from '@merchant/contracts/device/point';
import { pointBindingOps, type BindCandidate, type PointDeviceRow } from '@merchant/contracts/device/point-binding';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { calendarDateOf, CODES, type ApiClient, type Paged } from '@merchant/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { withdrawPoint } from '../../test/point-withdraw.ts';
import { WITHDRAW_THROUGH_APPLICATION } from './point.service.ts';

const place = {
  name: '绑定测试大厦',
  scene: 1,
  provinceCode: '44',
  cityCode: '4403',
  districtCode: '440305',
  address: '科技园南区1号',
  lng: 113.95,
  lat: 22.54,
  contactName: '钱绑定',
  contactPhone: '0755-86001234',
};

describe.each(DIALECTS)('point binding (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let other: ApiClient;
  const points: number[] = [];
  const devices: string[] = [];
  const counts = () => Promise.all([rowCount(t, 'point_device_binding'), rowCount(t, 'record_history')]);
  const openBindings = async (deviceCode: string) =>
    Number(
      (
        await t.db.db
          .selectFrom('point_device_binding as b')
          .innerJoin('device as d', 'd.id', 'b.device_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('d.device_code', '=', deviceCode)
          .where('b.active_device_id', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    other = await registerMerchant(t, '别家绑定公司', 'bindboss', '13700000068');
    for (let i = 0; i < 4; i++)
      points.push((await call<{ pointId: number }>(admin, pointOps.create, { ...place, name: `绑定测试大厦${i}` })).pointId);
    for (let i = 0; i < 6; i++)
      devices.push(
        (await call<{ deviceCode: string }>(admin, deviceOps.create, { name: `绑定测试柜${i}`, modelCode: 'XS-S1-N' })).deviceCode,
      );
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers unbound devices and binds them; the device list shows 所在点位 and filters by it', async () => {
    const cand = await call<Paged<BindCandidate>>(admin, pointBindingOps.candidates, { keyword: '绑定测试柜', pageSize: 50 });
    expect(cand.list.map((c) => c.deviceCode).sort()).toEqual([...devices].sort());
    expect(await call(admin, pointBindingOps.bind, { pointId: points[0], deviceCodes: devices.slice(0, 2) })).toEqual({ bound: 2 });
    const bound = await call<Paged<PointDeviceRow>>(admin, pointBindingOps.devices, { pointId: points[0] });
    expect(bound.list.map((d) => d.deviceCode).sort()).toEqual(devices.slice(0, 2).sort());
    expect(bound.list[0]).toMatchObject({ boundByName: 'admin', modelName: '单门常温柜' });
    const d = await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: devices[0] });
    expect(d).toMatchObject({ pointId: points[0], pointName: '绑定测试大厦0' });
    const list = await call<Paged<DeviceRow>>(admin, deviceOps.list, { point: '绑定测试大厦0', pageSize: 100 });
    expect(list.list.map((r) => r.deviceCode).sort()).toEqual(devices.slice(0, 2).sort());
    const unbound = await call<Paged<DeviceRow>>(admin, deviceOps.list, { point: '未绑定', name: '绑定测试柜', pageSize: 100 });
    expect(unbound.list.map((r) => r.deviceCode).sort()).toEqual(devices.slice(2).sort());
    const p = await call<PointRow>(admin, pointOps.detail, { pointId: points[0] });
    expect(p.deviceCount).toBe(2);
    const dh = await call<Paged<HistoryEntry>>(admin, deviceOps.history, { deviceCode: devices[0] });
    expect(dh.list[0]).toMatchObject({
      actionLabel: '绑定点位',
      changes: [{ field: 'point', after: expect.stringContaining('绑定测试大厦0') }],
    });
    const ph = await call<Paged<HistoryEntry>>(admin, pointOps.history, { pointId: points[0] });
    expect(ph.list.filter((e) => e.actionLabel === '绑定设备')).toHaveLength(2);
  });

  it('refuses a device bound elsewhere, a disabled one, bad input and a withdrawn point, all or none', async () => {
    const before = await counts();
    expect(await op(admin, pointBindingOps.bind, { pointId: points[1], deviceCodes: [devices[2], devices[0]] })).toMatchObject({
      code: CODES.conflict,
      msg: `设备${devices[0]}已绑定在点位「绑定测试大厦0」，请先解绑`,
    });
    expect((await op(admin, pointBindingOps.bind, { pointId: points[1], deviceCodes: [] })).msg).toBe(
      '请选择要绑定的设备（字段：deviceCodes）',
    );
    expect((await op(admin, pointBindingOps.bind, { pointId: points[1], deviceCodes: [devices[2], devices[2]] })).msg).toBe(
      '设备不能重复选择（字段：deviceCodes）',
    );
    const dv = await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: devices[5] });
    await call(admin, deviceOps.setStatus, { deviceCode: devices[5], version: dv.version, status: 3 });
    const mid = await counts();
    expect(await op(admin, pointBindingOps.bind, { pointId: points[1], deviceCodes: [devices[5]] })).toMatchObject({
      msg: `设备${devices[5]}已停用，不能绑定`,
    });
    await withdrawPoint(operator, admin, points[3], calendarDateOf(t.clock.now(), 'Asia/Shanghai'));
    const mid2 = await counts();
    expect(await op(admin, pointBindingOps.bind, { pointId: points[3], deviceCodes: [devices[2]] })).toMatchObject({
      msg: '点位已撤点，不能绑定设备',
    });
    expect(await counts()).toEqual(mid2);
    expect(mid[0]).toBe(before[0]);
    // 撤点 is not a direct status change (撤点管理 executes it, unbinding the devices)
    const p0 = await call<PointRow>(admin, pointOps.detail, { pointId: points[0] });
    expect(await op(admin, pointOps.setStatus, { pointId: points[0], version: p0.version, status: 3 })).toMatchObject({
      msg: WITHDRAW_THROUGH_APPLICATION,
    });
  });

  it('unbinds, keeping the binding history; a second unbind is refused', async () => {
    await call(admin, pointBindingOps.unbind, { pointId: points[0], deviceCode: devices[1] });
    const before = await counts();
    expect(await op(admin, pointBindingOps.unbind, { pointId: points[0], deviceCode: devices[1] })).toMatchObject({
      code: CODES.conflict,
      msg: `设备${devices[1]}未绑定在该点位，请刷新后重试`,
    });
    expect(await counts()).toEqual(before);
    const rows = await t.db.db.selectFrom('point_device_binding').selectAll().where('point_id', '=', points[0]).orderBy('id').execute();
    expect(rows.filter((r) => r.active_device_id === null)).toHaveLength(1);
    expect(rows.find((r) => r.active_device_id === null)).toMatchObject({ unbound_by_name: 'admin' });
    expect(Number(rows.find((r) => r.active_device_id === null)!.unbound_at)).toBeGreaterThan(0);
    expect((await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: devices[1] })).pointCode).toBe('');
    // and binds again elsewhere
    await call(admin, pointBindingOps.bind, { pointId: points[1], deviceCodes: [devices[1]] });
    expect((await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: devices[1] })).pointId).toBe(points[1]);
  });

  it('exports a point’s devices with the list’s filter and sort; another merchant and a role without 位置管理 are refused', async () => {
    const f = { pointId: points[0], keyword: '绑定测试柜', sortField: 'deviceCode', sortOrder: 'ascend' };
    const shown = await call<Paged<PointDeviceRow>>(admin, pointBindingOps.devices, { ...f, pageSize: 100 });
    expect(shown.total).toBeGreaterThan(0);
    const file = await exportList(admin, pointBindingOps.devices, f, { exportName: '位置设备' });
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '设备编号');
    expect(rows[header]).toEqual(['设备编号', '设备名称', '柜型', '设备状态', '在线', '绑定时间', '绑定人']);
    const body = rows.slice(header + 1);
    expect(body.map((r) => r[0])).toEqual(shown.list.map((d) => d.deviceCode));
    expect(body[0]).toEqual([
      shown.list[0].deviceCode,
      shown.list[0].name,
      '单门常温柜',
      shown.list[0].statusName,
      shown.list[0].online ? '在线' : '离线',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'admin',
    ]);
    // a keyword matching nothing exports the header alone
    const none = await exportList(admin, pointBindingOps.devices, { pointId: points[0], keyword: '没有这台柜' });
    if (none.kind !== 'file') throw new Error(JSON.stringify(none.envelope));
    expect(sheetRows(none.workbook).slice(sheetRows(none.workbook).findIndex((r) => r[0] === '设备编号') + 1)).toEqual([]);
    const theirs = await exportList(other, pointBindingOps.devices, { pointId: points[0] });
    expect(theirs).toMatchObject({ kind: 'json', envelope: { code: CODES.notFound } });
    const finance = await t.signIn('finance');
    expect(await exportList(finance, pointBindingOps.devices, { pointId: points[0] })).toMatchObject({
      kind: 'json',
      envelope: { code: CODES.forbidden },
    });
  });

  it('refuses roles without 位置管理 and another merchant’s points and devices', async () => {
    const finance = await t.signIn('finance');
    for (const o of Object.values(pointBindingOps)) {
      expect((await op(finance, o, { pointId: points[0], deviceCodes: [devices[2]], deviceCode: devices[2] })).code).toBe(CODES.forbidden);
    }
    const before = await counts();
    expect((await op(other, pointBindingOps.bind, { pointId: points[1], deviceCodes: [devices[2]] })).code).toBe(CODES.notFound);
    expect((await op(other, pointBindingOps.unbind, { pointId: points[0], deviceCode: devices[0] })).code).toBe(CODES.notFound);
    expect((await op(other, pointBindingOps.devices, { pointId: points[0] })).code).toBe(CODES.notFound);
    const mine = await call<{ pointId: number }>(other, pointOps.create, { ...place, name: '别家的点位' });
    expect((await op(other, pointBindingOps.bind, { pointId: mine.pointId, deviceCodes: [devices[2]] })).code).toBe(CODES.notFound);
    expect((await call<Paged<BindCandidate>>(other, pointBindingOps.candidates, {})).total).toBe(0);
    expect((await counts())[0]).toBe(before[0]);
  });

  it('binds a device to at most one point when binds race (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 2, maxLength: 6 }), async (targets) => {
        const code = (await call<{ deviceCode: string }>(admin, deviceOps.create, { name: '并发绑定柜', modelCode: 'XS-S1-N' })).deviceCode;
        // all started before any is awaited (they interleave at every await between the check and the insert)
        const answers = await Promise.all(targets.map((p) => op(admin, pointBindingOps.bind, { pointId: points[p], deviceCodes: [code] })));
        expect(answers.filter((a) => a.code === CODES.ok)).toHaveLength(1);
        for (const a of answers.filter((x) => x.code !== CODES.ok)) expect(a.code).toBe(CODES.conflict);
        expect(await openBindings(code)).toBe(1);
        // unbinds racing each other: one closes it
        const at = (await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: code })).pointId;
        const un = await Promise.all([0, 1, 2].map(() => op(admin, pointBindingOps.unbind, { pointId: at, deviceCode: code })));
        for (const a of un.filter((x) => x.code !== CODES.ok)) expect(a.code).toBe(CODES.conflict);
        expect(un.filter((a) => a.code === CODES.ok)).toHaveLength(1);
        expect(await openBindings(code)).toBe(0);
      }),
      { numRuns: 8, seed: 13 },
    );
  });
  // the race of a bind and 撤点 is in point-withdrawal.test.ts (the execution of an approved application)
});
