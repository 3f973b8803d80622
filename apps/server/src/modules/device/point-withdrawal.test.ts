import { deviceOps, type DeviceRow } from '@merchant/contracts/device/device';
import { pointOps, type PointRow } from '@merchant/contracts/device/point';
import { pointBindingOps } from '@merchant/contracts/device/point-binding';
import {
  WITHDRAWAL_SITE_MESSAGE,
  withdrawalOps,
  type WithdrawalDetail,
  type WithdrawalPointOption,
  type WithdrawalRow,
} from '@merchant/contracts/device/point-withdrawal';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { addDays, calendarDateOf, CODES, type ApiClient, type Paged } from '@merchant/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';

const place = {
  name: '撤点测试大厦',
  scene: 1,
  provinceCode: '44',
  cityCode: '4403',
  districtCode: '440305',
  address: '科技园南区8号',
  lng: 113.95,
  lat: 22.54,
  contactName: '孙撤点',
  contactPhone: '0755-86005678',
};

describe.each(DIALECTS)('point withdrawal applications (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let site: ApiClient;
  let other: ApiClient;
  const today = () => calendarDateOf(t.clock.now(), 'Asia/Shanghai');
  const counts = () => Promise.all([rowCount(t, 'point_withdrawal'), rowCount(t, 'record_history'), rowCount(t, 'point_device_binding')]);
  const newPoint = async (name: string) => (await call<{ pointId: number }>(admin, pointOps.create, { ...place, name })).pointId;
  const newDevice = async (name: string) =>
    (await call<{ deviceCode: string }>(admin, deviceOps.create, { name, modelCode: 'XS-S1-N' })).deviceCode;
  const apply = (client: ApiClient, pointId: number, plannedDate = today()) =>
    op(client, withdrawalOps.create, { pointId, reason: '物业收回场地', plannedDate });
  const detail = (applyCode: string) => call<WithdrawalDetail>(admin, withdrawalOps.detail, { applyCode });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    site = await t.signIn('site');
    other = await registerMerchant(t, '别家撤点公司', 'backboss', '13700000069');
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo has applications in every state; completed ones left their point 已撤点 with no device bound', async () => {
    const page = await call<Paged<WithdrawalRow>>(admin, withdrawalOps.list, { pageSize: 100 });
    expect(page.total).toBeGreaterThanOrEqual(50);
    expect(new Set(page.list.map((r) => r.statusName))).toEqual(new Set(['待审核', '已通过', '已驳回', '已撤回', '已完成']));
    for (const r of page.list.filter((x) => x.status === 5)) {
      const p = await call<PointRow>(admin, pointOps.detail, { pointId: r.pointId });
      expect(p).toMatchObject({ status: 3, deviceCount: 0 });
    }
    const open = page.list.filter((r) => r.status === 1 || r.status === 2).map((r) => r.pointId);
    expect(new Set(open).size).toBe(open.length);
    // the simulated cabinets still stand where the point seed put them (all but every seventh: 18 of 20)
    const sim = await t.db.db
      .selectFrom('point_device_binding as b')
      .innerJoin('device as d', 'd.id', 'b.device_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.device_code', '>=', 'D2611000001')
      .where('d.device_code', '<=', 'D2611000020')
      .where('b.active_device_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(sim.n)).toBe(18);
  });

  it('applies, approves (not one’s own) and executes: devices unbound, point 已撤点, history everywhere', async () => {
    const pointId = await newPoint('撤点测试大厦A');
    const codes = [await newDevice('撤点测试柜A1'), await newDevice('撤点测试柜A2')];
    await call(admin, pointBindingOps.bind, { pointId, deviceCodes: codes });
    const options = await call<WithdrawalPointOption[]>(operator, withdrawalOps.pointOptions);
    expect(options.find((o) => o.id === pointId)).toMatchObject({ deviceCount: 2, statusName: '营业中' });

    const made = await apply(operator, pointId);
    expect(made.code).toBe(CODES.ok);
    const { applyCode } = made.data as { applyCode: string };
    expect(applyCode).toMatch(/^CD\d{10}$/);
    expect((await call<WithdrawalPointOption[]>(operator, withdrawalOps.pointOptions)).some((o) => o.id === pointId)).toBe(false);
    // 运营 lacks the review permission; an applicant never reviews their own
    expect((await op(operator, withdrawalOps.approve, { applyCode, version: 0 })).code).toBe(CODES.forbidden);
    const own = (
      await call<{ applyCode: string }>(admin, withdrawalOps.create, {
        pointId: await newPoint('撤点测试大厦自审'),
        reason: '自己申请自己审核',
        plannedDate: today(),
      })
    ).applyCode;
    expect(await op(admin, withdrawalOps.approve, { applyCode: own, version: 0 })).toMatchObject({
      code: CODES.forbidden,
      msg: '不能审核自己提交的申请',
    });
    // not executable before approval
    expect(await op(admin, withdrawalOps.complete, { applyCode, version: 0 })).toMatchObject({ code: CODES.conflict });
    const approved = await call<{ version: number }>(admin, withdrawalOps.approve, { applyCode, version: 0, remark: '同意' });
    expect(approved.version).toBe(1);
    // stale version
    const before = await counts();
    expect(await op(admin, withdrawalOps.complete, { applyCode, version: 0 })).toMatchObject({ code: CODES.conflict });
    expect(await counts()).toEqual(before);
    expect(await call(operator, withdrawalOps.complete, { applyCode, version: 1 })).toMatchObject({ status: 5, version: 2 });

    const d = await detail(applyCode);
    expect(d).toMatchObject({ statusName: '已完成', unboundCount: 2, pointStatusName: '已撤点', reviewerName: 'admin', devices: [] });
    const p = await call<PointRow>(admin, pointOps.detail, { pointId });
    expect(p).toMatchObject({ status: 3, deviceCount: 0 });
    for (const c of codes) {
      expect((await call<DeviceRow>(admin, deviceOps.detail, { deviceCode: c })).pointId).toBeFalsy();
      const dh = await call<Paged<HistoryEntry>>(admin, deviceOps.history, { deviceCode: c });
      expect(dh.list[0]).toMatchObject({ actionLabel: '解绑点位', remark: `撤点申请${applyCode}` });
    }
    const ph = await call<Paged<HistoryEntry>>(admin, pointOps.history, { pointId });
    expect(ph.list.slice(0, 3).map((e) => e.actionLabel)).toEqual(['撤点', '解绑设备', '解绑设备']);
    const h = await call<Paged<HistoryEntry>>(admin, withdrawalOps.history, { applyCode });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['执行撤点', '审核通过', '提交申请']);
    // the point is no longer offered, and a new application for it is refused
    expect(await apply(operator, pointId)).toMatchObject({ code: CODES.conflict, msg: '点位「撤点测试大厦A」已撤点（字段：pointId）' });
    // a bind to the withdrawn point is refused
    expect(await op(admin, pointBindingOps.bind, { pointId, deviceCodes: [codes[0]] })).toMatchObject({ msg: '点位已撤点，不能绑定设备' });
  });

  it('rejects with a reason, lets only the applicant withdraw, and follows the transition table', async () => {
    const pointId = await newPoint('撤点测试大厦B');
    const a = (await apply(operator, pointId)).data as { applyCode: string };
    // one open application per point
    const before = await counts();
    expect(await apply(operator, pointId)).toMatchObject({ code: CODES.conflict, msg: expect.stringContaining(a.applyCode) });
    expect(await counts()).toEqual(before);
    expect(await op(admin, withdrawalOps.reject, { applyCode: a.applyCode, version: 0, reason: '短' })).toMatchObject({
      msg: '驳回原因至少2个字（字段：reason）',
    });
    expect(await op(admin, withdrawalOps.cancel, { applyCode: a.applyCode, version: 0 })).toMatchObject({
      code: CODES.forbidden,
      msg: '只有申请人可以撤回申请',
    });
    expect(await call(admin, withdrawalOps.reject, { applyCode: a.applyCode, version: 0, reason: '请先与物业确认' })).toMatchObject({
      status: 3,
    });
    expect(await op(admin, withdrawalOps.approve, { applyCode: a.applyCode, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '申请当前为「已驳回」，不能审核通过（仅待审核的申请可以）',
    });
    // the point is free again: apply and withdraw
    const b = (await apply(operator, pointId, addDays(today(), 3))).data as { applyCode: string };
    expect(await call(operator, withdrawalOps.cancel, { applyCode: b.applyCode, version: 0 })).toMatchObject({ status: 4 });
    // executing before the planned date is refused
    const c = (await apply(operator, pointId, addDays(today(), 2))).data as { applyCode: string };
    await call(admin, withdrawalOps.approve, { applyCode: c.applyCode, version: 0 });
    expect(await op(admin, withdrawalOps.complete, { applyCode: c.applyCode, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: `计划撤点日期为${addDays(today(), 2)}，当天或之后才能执行撤点`,
    });
    expect((await call<PointRow>(admin, pointOps.detail, { pointId })).status).toBe(1);
  });

  it('refuses bad input, site users, other merchants and lists/exports with filters', async () => {
    const pointId = await newPoint('撤点测试大厦C');
    const before = await counts();
    expect((await op(operator, withdrawalOps.create, { pointId, reason: '', plannedDate: today() })).msg).toBe(
      '请输入撤点原因（字段：reason）',
    );
    expect((await op(operator, withdrawalOps.create, { pointId, reason: '物业收回', plannedDate: '2026/01/01' })).msg).toBe(
      '计划撤点日期格式应为 YYYY-MM-DD 的日期（字段：plannedDate）',
    );
    expect(await op(operator, withdrawalOps.create, { pointId, reason: '物业收回', plannedDate: addDays(today(), -1) })).toMatchObject({
      code: CODES.conflict,
      msg: '计划撤点日期不能早于今天（字段：plannedDate）',
    });
    expect(await op(site, withdrawalOps.create, { pointId, reason: '物业收回', plannedDate: today() })).toMatchObject({
      code: CODES.forbidden,
      msg: WITHDRAWAL_SITE_MESSAGE,
    });
    expect((await op(site, withdrawalOps.list, {})).msg).toBe(WITHDRAWAL_SITE_MESSAGE);
    expect((await op(other, withdrawalOps.create, { pointId, reason: '物业收回', plannedDate: today() })).code).toBe(CODES.notFound);
    expect(await counts()).toEqual(before);
    const mine = await call<Paged<WithdrawalRow>>(admin, withdrawalOps.list, { pageSize: 1 });
    const code = mine.list[0].applyCode;
    for (const [o, body] of [
      [withdrawalOps.detail, { applyCode: code }],
      [withdrawalOps.approve, { applyCode: code, version: 0 }],
      [withdrawalOps.cancel, { applyCode: code, version: 0 }],
      [withdrawalOps.complete, { applyCode: code, version: 0 }],
    ] as const)
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    expect((await call<Paged<WithdrawalRow>>(other, withdrawalOps.list)).total).toBe(0);

    const f = { status: 3, point: 'P2611' };
    const page = await call<Paged<WithdrawalRow>>(admin, withdrawalOps.list, { ...f, pageSize: 100 });
    expect(page.total).toBeGreaterThan(5);
    expect(page.list.every((r) => r.status === 3 && r.reviewRemark.length > 1)).toBe(true);
    const sorted = await call<Paged<WithdrawalRow>>(admin, withdrawalOps.list, {
      sortField: 'plannedDate',
      sortOrder: 'ascend',
      pageSize: 100,
    });
    expect(sorted.list.map((r) => r.plannedDate)).toEqual([...sorted.list.map((r) => r.plannedDate)].sort());
    const file = await exportList(admin, withdrawalOps.list, f);
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '申请单号');
    expect(rows.length - header - 1).toBe(page.total);
  });

  it('one open application per point when two race (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 4 }), async (n) => {
        const pointId = await newPoint('撤点竞争大厦');
        const answers = await Promise.all(Array.from({ length: n }, () => apply(operator, pointId)));
        expect(answers.filter((a) => a.code === CODES.ok)).toHaveLength(1);
        for (const a of answers.filter((x) => x.code !== CODES.ok)) expect(a.code).toBe(CODES.conflict);
      }),
      { numRuns: 5, seed: 23 },
    );
  });

  it('never leaves a device bound to a withdrawn point when an execution and binds race (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.integer({ min: 1, max: 3 }), async (bindFirst, binds) => {
        const pointId = await newPoint('撤点竞争大厦');
        const codes: string[] = [];
        for (let i = 0; i < binds; i++) codes.push(await newDevice('撤点竞争柜'));
        const a = (await apply(operator, pointId)).data as { applyCode: string };
        await call(admin, withdrawalOps.approve, { applyCode: a.applyCode, version: 0 });
        const complete = () => op(admin, withdrawalOps.complete, { applyCode: a.applyCode, version: 1 });
        const bindAll = codes.map((c) => () => op(admin, pointBindingOps.bind, { pointId, deviceCodes: [c] }));
        const answers = await Promise.all(bindFirst ? [...bindAll.map((f) => f()), complete()] : [complete(), ...bindAll.map((f) => f())]);
        for (const x of answers) expect([CODES.ok, CODES.conflict]).toContain(x.code);
        const done = answers[bindFirst ? binds : 0];
        expect(done.code).toBe(CODES.ok);
        const p = await call<PointRow>(admin, pointOps.detail, { pointId });
        expect(p).toMatchObject({ status: 3, deviceCount: 0 });
        // every bind that went through was undone by the execution (and said so in the device's history)
        const d = await detail(a.applyCode);
        const boundOk = answers.filter((x, i) => x.code === CODES.ok && (bindFirst ? i < binds : i > 0)).length;
        expect(d.unboundCount).toBe(boundOk);
      }),
      { numRuns: 6, seed: 7 },
    );
  });
});
