import { pointOps, type PointRow, type RegionNode } from '@merchant/contracts/device/point';
import { pointLogOps, type PointLogRow } from '@merchant/contracts/device/point-log';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import type { KeysetPage } from '@merchant/contracts/core/keyset';
import { calendarDateOf, CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { withdrawPoint } from '../../test/point-withdraw.ts';
import { toGcj02, WITHDRAW_THROUGH_APPLICATION } from './point.service.ts';

// 上海市 / 上海市(市辖区) / 徐汇区
const valid = {
  name: '测试科技园一号楼',
  scene: 1,
  provinceCode: '31',
  cityCode: '3101',
  districtCode: '310104',
  address: '宜山路700号',
  lng: 121.43,
  lat: 31.18,
  coordSystem: 'GCJ02',
  contactName: '赵测试',
  contactPhone: '13812345678',
};

describe.each(DIALECTS)('points (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let operator: ApiClient;
  let other: ApiClient;
  let id = 0;
  let code = '';
  let version = 0;
  let adminId = 0;
  const counts = () => Promise.all([rowCount(t, 'point'), rowCount(t, 'record_history')]);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    operator = await t.signIn('operator');
    other = await registerMerchant(t, '别家点位公司', 'pointboss', '13700000067');
    adminId = (await t.db.db.selectFrom('account').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the region tree and the demo points with their bound devices', async () => {
    const tree = await call<RegionNode[]>(admin, pointOps.regions);
    const sh = tree.find((p) => p.value === '31')!;
    expect(sh.label).toBe('上海市');
    expect(sh.children![0]).toMatchObject({ value: '3101', label: '上海市' });
    const page = await call<Paged<PointRow>>(admin, pointOps.list, { pageSize: 100 });
    expect(page.total).toBeGreaterThanOrEqual(60);
    expect(new Set(page.list.map((p) => p.pointCode)).size).toBe(page.list.length);
    expect(page.list.reduce((s, p) => s + p.deviceCount, 0)).toBeGreaterThan(40);
    const bj = await call<Paged<PointRow>>(admin, pointOps.list, { region: ['11'], pageSize: 100 });
    expect(bj.total).toBeGreaterThan(5);
    expect(bj.list.every((p) => p.regionText.startsWith('北京市') && p.lng > 115 && p.lng < 118)).toBe(true);
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const before = await counts();
    for (const [patch, msg] of [
      [{ name: '' }, '请输入点位名称（字段：name）'],
      [{ scene: 9 }, '场景类型不正确（字段：scene）'],
      [{ provinceCode: '' }, '请选择省份（字段：provinceCode）'],
      [{ provinceCode: '99' }, '省份不存在（字段：provinceCode）'],
      [{ cityCode: '3201' }, '城市不属于所选省份（字段：cityCode）'],
      [{ districtCode: '320102' }, '区县不属于所选城市（字段：districtCode）'],
      [{ districtCode: '' }, '请选择区县（字段：districtCode）'],
      [{ lng: 200 }, '经度须在73到136之间（中国境内）（字段：lng）'],
      [{ contactPhone: '12345' }, '联系电话格式不正确（手机号、座机或400电话）（字段：contactPhone）'],
      [{ coordSystem: 'XY' }, '坐标系只能是 GCJ-02、WGS-84 或 BD-09（字段：coordSystem）'],
    ] as const) {
      expect(await op(admin, pointOps.create, { ...valid, ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(await counts()).toEqual(before);
  });

  it('creates a point with a generated code; WGS-84 coordinates are stored as GCJ-02', async () => {
    const res = await call<{ pointId: number; pointCode: string }>(admin, pointOps.create, { ...valid, coordSystem: 'WGS84' });
    id = res.pointId;
    code = res.pointCode;
    expect(code).toMatch(/^P\d{8}$/);
    const p = await call<PointRow>(admin, pointOps.detail, { pointId: id });
    const [lng, lat] = toGcj02(valid.lng, valid.lat, 'WGS84');
    expect(p).toMatchObject({
      name: valid.name,
      sceneName: '写字楼',
      regionText: '上海市 徐汇区',
      status: 1,
      statusName: '营业中',
      version: 0,
    });
    expect(p.fullAddress).toBe('上海市徐汇区宜山路700号');
    expect(p.lng).toBeCloseTo(lng, 6);
    expect(p.lat).toBeCloseTo(lat, 6);
    // GCJ-02 lies a few hundred metres off WGS-84 in Shanghai
    expect(Math.abs(p.lng - valid.lng)).toBeGreaterThan(0.002);
    const h = await call<Paged<HistoryEntry>>(admin, pointOps.history, { pointId: id });
    expect(h.list.map((e) => e.actionLabel)).toEqual(['新增位置']);
  });

  it('converts BD-09 as well (a round trip back lands where it started)', () => {
    const [lng, lat] = toGcj02(121.4737, 31.2304, 'BD09');
    expect(lng).toBeLessThan(121.4737);
    expect(lat).toBeLessThan(31.2304);
    expect(toGcj02(121.4737, 31.2304, 'GCJ02')).toEqual([121.4737, 31.2304]);
  });

  it('finds it by keyword, region and scene', async () => {
    const one = async (f: object) =>
      (await call<Paged<PointRow>>(admin, pointOps.list, { pageSize: 100, ...f })).list.map((r) => r.pointCode);
    expect(await one({ keyword: '测试科技园' })).toEqual([code]);
    expect(await one({ keyword: code })).toEqual([code]);
    expect(await one({ region: ['31', '3101', '310104'], scene: 1 })).toContain(code);
    expect(await one({ region: ['11'], keyword: '测试科技园' })).toEqual([]);
    expect((await op(admin, pointOps.list, { sortField: 'secret' })).code).toBe(CODES.badInput);
  });

  it('edits the place with the version, refusing a stale one', async () => {
    t.clock.advance(1000);
    const res = await call<{ version: number }>(admin, pointOps.update, { ...valid, pointId: id, version, name: '测试科技园二号楼' });
    expect(res.version).toBe(1);
    const before = await counts();
    expect(await op(admin, pointOps.update, { ...valid, pointId: id, version, name: '被覆盖' })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    expect(await counts()).toEqual(before);
    version = res.version;
    const h = await call<Paged<HistoryEntry>>(admin, pointOps.history, { pointId: id });
    expect(h.list[0].changes.map((c) => c.field)).toEqual(['name', 'coordinates']);
  });

  it('edits the business terms (rent in cents, commission in basis points) and logs each field', async () => {
    const terms = {
      pointId: id,
      version,
      rentCents: 150000,
      commissionBp: 1250,
      openTime: '07:00',
      closeTime: '22:00',
      operatorId: adminId,
      remark: '',
    };
    const before = await counts();
    for (const [patch, msg] of [
      [{ rentCents: -1 }, '月租金不能为负数（字段：rentCents）'],
      [{ commissionBp: 10001 }, '佣金比例不能超过100%（字段：commissionBp）'],
      [{ openTime: '25:00' }, '营业开始时间格式为 HH:mm（字段：openTime）'],
      [{ closeTime: '06:00' }, '营业结束时间须晚于开始时间（字段：closeTime）'],
    ] as const) {
      expect(await op(admin, pointOps.updateTerms, { ...terms, ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(await op(admin, pointOps.updateTerms, { ...terms, operatorId: 999999 })).toMatchObject({
      msg: '运营人员不存在（字段：operatorId）',
    });
    expect(await counts()).toEqual(before);
    version = (await call<{ version: number }>(admin, pointOps.updateTerms, terms)).version;
    const p = await call<PointRow>(admin, pointOps.detail, { pointId: id });
    expect(p).toMatchObject({ rentCents: 150000, commissionBp: 1250, openTime: '07:00', closeTime: '22:00', operatorName: 'admin' });
    expect(await op(admin, pointOps.updateTerms, { ...terms, version: version - 1 })).toMatchObject({ code: CODES.conflict });
    const log = await call<KeysetPage<PointLogRow>>(admin, pointLogOps.list, { pointCode: code, field: 'rentCents' });
    expect(log.list).toHaveLength(1);
    expect(log.list[0]).toMatchObject({ pointCode: code, pointName: '测试科技园二号楼', actionLabel: '编辑点位经营' });
    expect(log.list[0].changes).toContainEqual({ field: 'rentCents', label: '月租金', before: '0.00元', after: '1500.00元' });
    expect(log.list[0].changes).toContainEqual({ field: 'commissionBp', label: '佣金比例', before: '0.00%', after: '12.50%' });
    const all = await call<KeysetPage<PointLogRow>>(admin, pointLogOps.list, { pointCode: code, pageSize: 1 });
    expect(all.total).toBe(3);
    const next = await call<KeysetPage<PointLogRow>>(admin, pointLogOps.list, { pointCode: code, pageSize: 1, cursor: all.nextCursor });
    expect(next.list[0].id).toBeLessThan(all.list[0].id);
    const none = await call<KeysetPage<PointLogRow>>(admin, pointLogOps.list, { pointCode: code, createdAt: [0, 1] });
    expect(none.list).toEqual([]);
    expect((await op(admin, pointLogOps.list, { field: 'secret' })).msg).toBe('变更字段不正确（字段：field）');
  });

  it('moves through the business status table only', async () => {
    const before = await counts();
    expect(await op(admin, pointOps.setStatus, { pointId: id, version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '点位状态为「营业中」，不能改为「营业中」',
    });
    expect(await counts()).toEqual(before);
    version = (await call<{ version: number }>(admin, pointOps.setStatus, { pointId: id, version, status: 2 })).version;
    version = (await call<{ version: number }>(admin, pointOps.setStatus, { pointId: id, version, status: 1 })).version;
    expect(await op(admin, pointOps.setStatus, { pointId: id, version: 0, status: 2 })).toMatchObject({ code: CODES.conflict });
    // 撤点 is not a direct status change: it goes through 撤点管理 (an application, reviewed, executed)
    expect(await op(admin, pointOps.setStatus, { pointId: id, version, status: 3 })).toMatchObject({ msg: WITHDRAW_THROUGH_APPLICATION });
    expect(await withdrawPoint(operator, admin, id, calendarDateOf(t.clock.now(), 'Asia/Shanghai'))).toMatchObject({ code: CODES.ok });
    version = (await call<PointRow>(admin, pointOps.detail, { pointId: id })).version;
    expect(await op(admin, pointOps.setStatus, { pointId: id, version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '点位状态为「已撤点」，不能改为「营业中」',
    });
    expect(await op(admin, pointOps.update, { ...valid, pointId: id, version })).toMatchObject({ msg: '点位已撤点，不能修改' });
    const h = await call<Paged<HistoryEntry>>(admin, pointOps.history, { pointId: id });
    expect(h.list.slice(0, 3).map((e) => e.actionLabel)).toEqual(['撤点', '恢复营业', '暂停营业']);
  });

  it('exports the point list and 点位日志 with the same filters', async () => {
    const f = { region: ['11'] };
    const total = (await call<Paged<PointRow>>(admin, pointOps.list, f)).total;
    const file = await exportList(admin, pointOps.list, f);
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '点位编号');
    expect(rows.length - header - 1).toBe(total);
    expect(rows[header + 1].join('|')).toContain('北京市');
    const log = await exportList(admin, pointLogOps.list, { pointCode: code });
    if (log.kind !== 'file') throw new Error(JSON.stringify(log.envelope));
    const logRows = sheetRows(log.workbook);
    expect(logRows.some((r) => String(r[4] ?? '').includes('月租金：0.00元 → 1500.00元'))).toBe(true);
  });

  it('refuses roles without the point pages', async () => {
    const finance = await t.signIn('finance');
    for (const o of [...Object.values(pointOps), ...Object.values(pointLogOps)]) {
      expect((await op(finance, o, { ...valid, pointId: id, version, status: 2 })).code).toBe(CODES.forbidden);
    }
  });

  it('treats another merchant’s point as not found and changes nothing', async () => {
    const before = await counts();
    for (const [o, body] of [
      [pointOps.detail, {}],
      [pointOps.update, { ...valid, version }],
      [pointOps.updateTerms, { version, rentCents: 1, commissionBp: 1, openTime: '08:00', closeTime: '09:00', operatorId: 1 }],
      [pointOps.setStatus, { version, status: 2 }],
      [pointOps.history, {}],
    ] as const) {
      expect((await op(other, o, { pointId: id, ...body })).code).toBe(CODES.notFound);
    }
    expect((await call<Paged<PointRow>>(other, pointOps.list)).total).toBe(0);
    expect((await call<KeysetPage<PointLogRow>>(other, pointLogOps.list, {})).list).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
