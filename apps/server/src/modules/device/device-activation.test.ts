import {
  activationOps,
  type ActivationContractOption,
  type ActivationDetail,
  type ActivationDevice,
  type ActivationRow,
} from '@merchant/contracts/device/device-activation';
import { deviceOps, type DeviceRow } from '@merchant/contracts/device/device';
import { contractOps } from '@merchant/contracts/merchant/contract';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { DEVICE_MODEL_MISMATCH_MESSAGE } from '@merchant/contracts/core/error-codes';
import { calendarDateOf, CODES, type ApiClient, type Paged } from '@merchant/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('device activation applications (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let other: ApiClient;
  const day = (days: number) => calendarDateOf(t.clock.now() + days * DAY, 'Asia/Shanghai');
  const counts = () =>
    Promise.all([
      rowCount(t, 'device_activation'),
      rowCount(t, 'device_activation_item'),
      rowCount(t, 'record_history'),
      rowCount(t, 'contract'),
    ]);
  const contract = async (client: ApiClient, modelCode: string, cabinetCount: number, patch: object = {}) =>
    (
      await call<{ id: number }>(client, contractOps.add, {
        name: `测试${modelCode}投放合同`,
        contractType: 'cabinet',
        partyName: '上海测试物业管理有限公司',
        amount: 100_000,
        signDate: day(-10),
        startDate: day(-5),
        endDate: day(300),
        cabinetModelCode: modelCode,
        cabinetCount,
        ...patch,
      })
    ).id;
  const device = async (client: ApiClient, modelCode: string) =>
    (await call<{ deviceCode: string }>(client, deviceOps.create, { name: '测试激活柜', modelCode, firmware: '', remark: '' })).deviceCode;
  const detail = (client: ApiClient, applyCode: string) => call<ActivationDetail>(client, activationOps.detail, { applyCode });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    other = await registerMerchant(t, '别家激活公司', 'activeboss', '13700000077');
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo has applications in every state, consistent with the devices', async () => {
    const page = await call<Paged<ActivationRow>>(admin, activationOps.list, { pageSize: 100 });
    expect(page.total).toBeGreaterThanOrEqual(50);
    expect(new Set(page.list.map((r) => r.statusName))).toEqual(new Set(['待审核', '已通过', '已驳回', '已撤回']));
    const approved = page.list.filter((r) => r.status === 2).flatMap((r) => r.deviceCodes);
    expect(approved.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `D2611${String(i + 1).padStart(6, '0')}`));
    expect(page.list.filter((r) => r.status === 1).flatMap((r) => r.deviceCodes)).toEqual(['D2611000021']);
    // the 24 cabinets of device.seed.ts: the 20 approved ones are 已激活 (point.seed.ts's D2611000025… are activated by hand)
    const devices = await call<Paged<DeviceRow>>(admin, deviceOps.list, { status: 2, deviceCode: 'D26110000', pageSize: 100 });
    expect(
      devices.list
        .map((d) => d.deviceCode)
        .filter((c) => c <= 'D2611000024')
        .sort(),
    ).toEqual(approved);
    const options = await call<ActivationContractOption[]>(admin, activationOps.contractOptions);
    expect(options.find((c) => c.modelCode === 'XS-D2-C')).toMatchObject({ cabinetActivated: 4, cabinetCount: 8 });
    // D2611000021 is held by its pending application: not offered again
    const free = await call<ActivationDevice[]>(admin, activationOps.deviceOptions, {});
    expect(free.map((d) => d.deviceCode)).toContain('D2611000022');
    expect(free.map((d) => d.deviceCode)).not.toContain('D2611000021');
    expect((await call<Paged<ActivationRow>>(admin, activationOps.list, { deviceCode: 'D2611000021', status: 1 })).total).toBe(1);
  });

  it('refuses bad input, a model mismatch (20001), a contract not in force, too many cabinets — writing nothing', async () => {
    const cold = await contract(admin, 'XS-D2-C', 1);
    const d1 = await device(admin, 'XS-D2-C');
    const d2 = await device(admin, 'XS-D2-C');
    const wrong = await device(admin, 'XS-S1-N');
    const lease = (
      await call<{ id: number }>(admin, contractOps.add, {
        name: '测试场地租赁合同',
        contractType: 'lease',
        partyName: '上海测试物业管理有限公司',
        amount: 100,
        signDate: day(-10),
        startDate: day(-5),
        endDate: day(300),
      })
    ).id;
    const ended = await contract(admin, 'XS-D2-C', 5, { startDate: day(-100), endDate: day(-1), signDate: day(-101) });
    const stopped = await contract(admin, 'XS-D2-C', 5);
    await call(admin, contractOps.terminate, { id: stopped, reason: '点位撤场' });
    const before = await counts();
    for (const [body, code, msg] of [
      [{ contractId: cold, deviceCodes: [] }, CODES.badInput, '请选择要激活的设备（字段：deviceCodes）'],
      [{ contractId: cold, deviceCodes: [d1, d1] }, CODES.badInput, '设备不能重复选择（字段：deviceCodes）'],
      [{ contractId: cold, deviceCodes: ['X1'] }, CODES.badInput, '设备编号不正确（字段：deviceCodes.0）'],
      [{ deviceCodes: [d1] }, CODES.badInput, undefined],
      [{ contractId: cold, deviceCodes: ['D0000000000'] }, CODES.badInput, '设备不存在：D0000000000（字段：deviceCodes）'],
      [{ contractId: cold, deviceCodes: [d1, wrong] }, CODES.deviceModelMismatch, DEVICE_MODEL_MISMATCH_MESSAGE],
      [{ contractId: lease, deviceCodes: [d1] }, CODES.badInput, undefined],
      [{ contractId: ended, deviceCodes: [d1] }, CODES.conflict, undefined],
      [{ contractId: stopped, deviceCodes: [d1] }, CODES.conflict, undefined],
      [{ contractId: cold, deviceCodes: [d1, d2] }, CODES.conflict, undefined],
      [{ contractId: cold, deviceCodes: ['D2611000004'] }, CODES.conflict, '设备D2611000004状态为「已激活」，只有未激活的设备可以申请激活'],
    ] as const) {
      const res = await op(operator, activationOps.create, body);
      expect(res.code).toBe(code);
      if (msg) expect(res.msg).toBe(msg);
    }
    expect((await op(operator, activationOps.create, { contractId: ended, deviceCodes: [d1] })).msg).toMatch(/已到期.*不能激活设备/);
    expect((await op(operator, activationOps.create, { contractId: stopped, deviceCodes: [d1] })).msg).toMatch(/已终止，不能激活设备/);
    expect((await op(operator, activationOps.create, { contractId: cold, deviceCodes: [d1, d2] })).msg).toMatch(
      /覆盖1台柜，已激活0台，剩余1台，不足以激活2台设备/,
    );
    expect(await counts()).toEqual(before);
  });

  it('applies, refuses a second pending application for the device, reviews (not one’s own), activates in one go', async () => {
    const c = await contract(admin, 'XS-S1-F', 2);
    const d1 = await device(admin, 'XS-S1-F');
    const d2 = await device(admin, 'XS-S1-F');
    const made = await call<{ applyCode: string; status: number; version: number }>(operator, activationOps.create, {
      contractId: c,
      deviceCodes: [d1, d2],
      remark: '园区二期两台冷冻柜',
    });
    expect(made.applyCode).toMatch(/^JH\d{10}$/);
    expect(made).toMatchObject({ status: 1, version: 0 });
    expect(await detail(operator, made.applyCode)).toMatchObject({
      statusName: '待审核',
      modelName: '单门冷冻柜',
      deviceCount: 2,
      mine: true,
      devices: [{ deviceCode: d1, statusName: '未激活' }, { deviceCode: d2 }],
      contract: { cabinetCount: 2, cabinetActivated: 0 },
    });
    // the devices are held by it
    expect((await op(admin, activationOps.create, { contractId: c, deviceCodes: [d2] })).msg).toBe(
      `设备${d2}已在待审核的激活申请${made.applyCode}中（字段：deviceCodes）`,
    );
    // the operator holds no review permission; the admin may not review an application of their own
    expect((await op(operator, activationOps.approve, { applyCode: made.applyCode, version: 0 })).code).toBe(CODES.forbidden);
    const d3 = await device(admin, 'XS-S1-F');
    const c3 = await contract(admin, 'XS-S1-F', 1);
    const own = await call<{ applyCode: string }>(admin, activationOps.create, { contractId: c3, deviceCodes: [d3] });
    expect(await op(admin, activationOps.approve, { applyCode: own.applyCode, version: 0 })).toMatchObject({
      code: CODES.forbidden,
      msg: '不能审核自己提交的申请',
    });
    // stale version, then approve
    expect((await op(admin, activationOps.approve, { applyCode: made.applyCode, version: 3 })).code).toBe(CODES.conflict);
    await call(admin, activationOps.approve, { applyCode: made.applyCode, version: 0, remark: '同意' });
    const after = await detail(admin, made.applyCode);
    expect(after).toMatchObject({
      statusName: '已通过',
      reviewerName: 'admin',
      reason: '同意',
      contract: { cabinetActivated: 2 },
      mine: false,
    });
    expect(after.devices.map((d) => d.statusName)).toEqual(['已激活', '已激活']);
    const dh = await call<Paged<HistoryEntry>>(admin, deviceOps.history, { deviceCode: d1 });
    expect(dh.list[0]).toMatchObject({ actionLabel: '激活设备' });
    expect(dh.list[0].remark).toContain(made.applyCode);
    const h = await call<Paged<HistoryEntry>>(admin, activationOps.history, { applyCode: made.applyCode });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['审核通过', '提交申请']);
    // illegal transitions: nothing more happens to an approved application
    const before = await counts();
    for (const [o, body] of [
      [activationOps.approve, { applyCode: made.applyCode, version: 1 }],
      [activationOps.reject, { applyCode: made.applyCode, version: 1, reason: '再驳回' }],
    ] as const) {
      expect(await op(admin, o, body)).toMatchObject({
        code: CODES.conflict,
        msg: '申请当前为「已通过」，不能' + (o === activationOps.approve ? '审核通过' : '审核驳回') + '（仅待审核的申请可以）',
      });
    }
    expect((await op(operator, activationOps.withdraw, { applyCode: made.applyCode, version: 1 })).code).toBe(CODES.conflict);
    expect(await counts()).toEqual(before);
  });

  it('withdraws (applicant only) and rejects with a reason, freeing the devices', async () => {
    const c = await contract(admin, 'XS-S1-C', 3);
    const d = await device(admin, 'XS-S1-C');
    const a = await call<{ applyCode: string }>(operator, activationOps.create, { contractId: c, deviceCodes: [d] });
    expect((await op(admin, activationOps.withdraw, { applyCode: a.applyCode, version: 0 })).msg).toBe('只有申请人可以撤回申请');
    await call(operator, activationOps.withdraw, { applyCode: a.applyCode, version: 0 });
    expect((await detail(operator, a.applyCode)).statusName).toBe('已撤回');
    const b = await call<{ applyCode: string }>(operator, activationOps.create, { contractId: c, deviceCodes: [d] });
    expect((await op(admin, activationOps.reject, { applyCode: b.applyCode, version: 0, reason: '' })).msg).toBe(
      '驳回原因至少2个字（字段：reason）',
    );
    await call(admin, activationOps.reject, { applyCode: b.applyCode, version: 0, reason: '点位照片不清晰' });
    expect(await detail(operator, b.applyCode)).toMatchObject({
      statusName: '已驳回',
      reason: '点位照片不清晰',
      devices: [{ statusName: '未激活' }],
    });
    // the device is free again
    expect(
      (await call<ActivationDevice[]>(operator, activationOps.deviceOptions, { modelCode: 'XS-S1-C' })).map((x) => x.deviceCode),
    ).toContain(d);
  });

  it('refuses stale versions of 撤回 and 驳回, a 驳回 without the review permission, and roles without the page — writing nothing', async () => {
    const c = await contract(admin, 'XS-S1-C', 3);
    const d = await device(admin, 'XS-S1-C');
    const a = await call<{ applyCode: string }>(operator, activationOps.create, { contractId: c, deviceCodes: [d] });
    const before = await counts();
    expect(await op(operator, activationOps.withdraw, { applyCode: a.applyCode, version: 1 })).toMatchObject({ code: CODES.conflict });
    expect(await op(admin, activationOps.reject, { applyCode: a.applyCode, version: 2, reason: '过期的驳回' })).toMatchObject({
      code: CODES.conflict,
    });
    expect((await op(operator, activationOps.reject, { applyCode: a.applyCode, version: 0, reason: '自己驳回' })).code).toBe(
      CODES.forbidden,
    );
    const finance = await t.signIn('finance');
    for (const [o, body] of [
      [activationOps.list, {}],
      [activationOps.detail, { applyCode: a.applyCode }],
      [activationOps.create, { contractId: c, deviceCodes: [d] }],
      [activationOps.withdraw, { applyCode: a.applyCode, version: 0 }],
    ] as const) {
      expect((await op(finance, o, body)).code).toBe(CODES.forbidden);
    }
    expect(await counts()).toEqual(before);
    expect((await detail(operator, a.applyCode)).statusName).toBe('待审核');
  });

  it('never shows or touches another merchant’s applications', async () => {
    const mine = (await call<Paged<ActivationRow>>(admin, activationOps.list, { status: 1 })).list[0];
    for (const [o, body] of [
      [activationOps.detail, { applyCode: mine.applyCode }],
      [activationOps.withdraw, { applyCode: mine.applyCode, version: mine.version }],
      [activationOps.approve, { applyCode: mine.applyCode, version: mine.version }],
      [activationOps.reject, { applyCode: mine.applyCode, version: mine.version, reason: '别家驳回' }],
    ] as const) {
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    }
    expect((await call<Paged<ActivationRow>>(other, activationOps.list)).total).toBe(0);
    expect(await call<ActivationContractOption[]>(other, activationOps.contractOptions)).toEqual([]);
    expect((await op(other, activationOps.create, { contractId: mine.contractId, deviceCodes: ['D2611000022'] })).msg).toBe(
      '合同不存在（字段：contractId）',
    );
  });

  it('property: approvals racing for the last cabinets of a contract never activate more than it covers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 2, max: 4 }), async (cabinets, applications) => {
        const c = await contract(admin, 'XS-D2-N', cabinets);
        const codes: string[] = [];
        for (let i = 0; i < applications; i++) {
          const d = await device(admin, 'XS-D2-N');
          codes.push(
            (
              await call<{ applyCode: string }>(operator, activationOps.create, { contractId: c, deviceCodes: [d] }).catch(() => ({
                applyCode: '',
              }))
            ).applyCode,
          );
        }
        const made = codes.filter(Boolean);
        const results = await Promise.all(made.map((applyCode) => op(admin, activationOps.approve, { applyCode, version: 0 })));
        const ok = results.filter((r) => r.code === CODES.ok).length;
        const row = await t.db.db
          .selectFrom('contract')
          .select(['cabinet_activated', 'cabinet_count'])
          .where('id', '=', c)
          .executeTakeFirstOrThrow();
        expect(Number(row.cabinet_activated)).toBe(ok);
        expect(ok).toBeLessThanOrEqual(cabinets);
        const active = await t.db.db
          .selectFrom('device_activation as a')
          .innerJoin('device_activation_item as i', 'i.activation_id', 'a.id')
          .innerJoin('device', 'device.id', 'i.device_id')
          .select('device.status')
          .where('a.contract_id', '=', c)
          .execute();
        expect(active.filter((r) => r.status === 2).length).toBe(ok);
      }),
      { numRuns: 4 },
    );
  });
});
