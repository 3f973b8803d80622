import { type ApiClient, CODES, GATEWAY_PATHS, type Paged } from '@merchant/contracts';
import { contractOps, type ContractRow } from '@merchant/contracts/merchant/contract';
import { staffOps, type StaffRow } from '@merchant/contracts/merchant/staff';
import type { UserInfo } from '@merchant/contracts/permission/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, rowCount } from '../../test/calls.ts';

// Issue 10 item 11: business dates are calendar dates of the business time zone, stored as
// 'YYYY-MM-DD' and answered, exported and compared as that string; timestamps are shown (exports,
// file names) on the business time zone's clock; "today" is the business zone's today.

/** 2026-11-21 16:30:00 UTC = 2026-11-22 00:30:00 in Shanghai: the two calendars disagree on "today". */
const NEAR_MIDNIGHT = Date.UTC(2026, 10, 21, 16, 30, 0);

const contract = (patch: Record<string, unknown> = {}) => ({
  name: '外滩店场地租赁合同',
  contractType: 'lease',
  partyName: '上海外滩置业有限公司',
  amount: 1_200_000,
  signDate: '2025-12-08',
  startDate: '2026-11-22',
  endDate: '2027-11-21',
  fileId: null,
  remark: '',
  ...patch,
});

describe.each(DIALECTS)('business dates and the business time zone (%s)', (dialect) => {
  let shanghai: TestApp;
  let utc: TestApp;
  let admin: ApiClient;
  let utcAdmin: ApiClient;

  beforeAll(async () => {
    [shanghai, utc] = await Promise.all([startTestApp(dialect), startTestApp(dialect, { businessTimeZone: 'UTC' })]);
    shanghai.clock.t = NEAR_MIDNIGHT;
    utc.clock.t = NEAR_MIDNIGHT;
    [admin, utcAdmin] = await Promise.all([shanghai.signIn('admin'), utc.signIn('admin')]);
  });
  afterAll(async () => {
    await Promise.all([shanghai.close(), utc.close()]);
  });

  it('tells the web the business time zone with the user info', async () => {
    const info = await admin.envelope<UserInfo>({ method: 'POST', path: GATEWAY_PATHS.getInfo, body: {} });
    expect(info.data?.timeZone).toBe('Asia/Shanghai');
    expect((await utcAdmin.envelope<UserInfo>({ method: 'POST', path: GATEWAY_PATHS.getInfo, body: {} })).data?.timeZone).toBe('UTC');
  });

  it('refuses a date that is not a calendar date, naming the field, writing nothing', async () => {
    const before = [await rowCount(shanghai, 'contract'), await rowCount(shanghai, 'store_staff')];
    for (const [patch, msg] of [
      [{ signDate: Date.UTC(2025, 11, 7, 16) }, '签订日期格式应为 YYYY-MM-DD 的日期（字段：signDate）'],
      [{ signDate: '2025/12/08' }, '签订日期格式应为 YYYY-MM-DD 的日期（字段：signDate）'],
      [{ startDate: '2026-02-30' }, '生效日期不是有效的日期（1900-01-01～2099-12-31）（字段：startDate）'],
      [{ endDate: '2026-11-22T00:00:00+08:00' }, '到期日期格式应为 YYYY-MM-DD 的日期（字段：endDate）'],
      [{ endDate: undefined }, '请选择到期日期（字段：endDate）'],
      [{ endDate: '2026-11-21' }, '到期日期不能早于生效日期（字段：endDate）'],
    ] as const) {
      expect(await op(admin, contractOps.add, contract(patch))).toMatchObject({ code: CODES.badInput, msg });
    }
    const staff = { name: '林晓雨', phone: '15800001111', position: 'clerk', remark: '' };
    expect(await op(admin, staffOps.create, { ...staff, entryDate: '2026-13-01' })).toMatchObject({
      code: CODES.badInput,
      msg: '入职日期不是有效的日期（1900-01-01～2099-12-31）（字段：entryDate）',
    });
    expect(await op(admin, staffOps.create, { ...staff, entryDate: 1_700_000_000_000 })).toMatchObject({
      code: CODES.badInput,
      msg: '入职日期格式应为 YYYY-MM-DD 的日期（字段：entryDate）',
    });
    expect([await rowCount(shanghai, 'contract'), await rowCount(shanghai, 'store_staff')]).toEqual(before);
  });

  it('stores the date as the text picked and answers the same string in every zone', async () => {
    for (const [t, c] of [
      [shanghai, admin],
      [utc, utcAdmin],
    ] as const) {
      const { id } = await call<{ id: number }>(c, contractOps.add, contract());
      const raw = await t.db.db
        .selectFrom('contract')
        .select(['sign_date', 'start_date', 'end_date'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(raw).toEqual({ sign_date: '2025-12-08', start_date: '2026-11-22', end_date: '2027-11-21' });
      expect(await call<ContractRow>(c, contractOps.detail, { id })).toMatchObject({
        signDate: '2025-12-08',
        startDate: '2026-11-22',
        endDate: '2027-11-21',
      });
      const staff = await call<{ id: number }>(c, staffOps.create, {
        name: '林晓雨',
        phone: '15800001111',
        position: 'clerk',
        entryDate: '2026-11-22',
        remark: '',
      });
      expect(await call<StaffRow>(c, staffOps.detail, { id: staff.id })).toMatchObject({ entryDate: '2026-11-22' });
      await call(c, staffOps.update, {
        id: staff.id,
        name: '林晓雨',
        phone: '158****1111',
        position: 'clerk',
        entryDate: null,
        remark: '',
      });
      expect((await call<StaffRow>(c, staffOps.detail, { id: staff.id })).entryDate).toBeNull();
    }
  });

  it('derives the status on today in the business time zone', async () => {
    const byName = async (c: ApiClient, name: string) =>
      (await call<Paged<ContractRow>>(c, contractOps.list, { name, pageSize: 200 })).list[0];
    // starts on 2026-11-22: it is already that day in Shanghai, still the 21st in UTC
    expect((await byName(admin, '外滩店')).status).toBe('active');
    expect((await byName(utcAdmin, '外滩店')).status).toBe('pending');
    // ended on 2026-11-21: over in Shanghai, its last day in UTC
    await call(admin, contractOps.add, contract({ name: '南京路店场地租赁合同', startDate: '2025-11-22', endDate: '2026-11-21' }));
    await call(utcAdmin, contractOps.add, contract({ name: '南京路店场地租赁合同', startDate: '2025-11-22', endDate: '2026-11-21' }));
    expect((await byName(admin, '南京路店')).status).toBe('expired');
    expect((await byName(utcAdmin, '南京路店')).status).toBe('expiring');
    // the status filter (SQL) agrees with the rows
    const pending = await call<Paged<ContractRow>>(utcAdmin, contractOps.list, { status: 'pending', pageSize: 200 });
    expect(pending.list.map((c) => c.name)).toContain('外滩店场地租赁合同');
    const expired = await call<Paged<ContractRow>>(admin, contractOps.list, { status: 'expired', pageSize: 200 });
    expect(expired.list.map((c) => c.name)).toContain('南京路店场地租赁合同');
    // a contract that has not started yet can be deleted; one in force cannot
    expect((await op(admin, contractOps.delete, { id: (await byName(admin, '外滩店')).id })).code).toBe(CODES.conflict);
  });

  it('filters the 到期日期 range by calendar dates, both days included', async () => {
    const inRange = await call<Paged<ContractRow>>(admin, contractOps.list, { endRange: ['2026-11-21', '2026-11-21'], pageSize: 200 });
    expect(inRange.list.map((c) => c.endDate)).toEqual(inRange.list.map(() => '2026-11-21'));
    expect(inRange.list.map((c) => c.name)).toContain('南京路店场地租赁合同');
    expect(await op(admin, contractOps.list, { endRange: [Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31)] })).toMatchObject({
      code: CODES.badInput,
      msg: '到期日期范围格式应为 YYYY-MM-DD（字段：endRange）',
    });
    expect(await op(admin, contractOps.list, { endRange: ['2026-12-31', '2026-01-01'] })).toMatchObject({
      code: CODES.badInput,
      msg: '到期日期范围的结束日期不能早于开始日期（字段：endRange）',
    });
  });

  it('exports the same date strings, times and file names on the business clock', async () => {
    for (const [c, stamp] of [
      [admin, '20261122003000'],
      [utcAdmin, '20261121163000'],
    ] as const) {
      const res = await exportList(c, contractOps.list, { name: '外滩店' }, { exportName: '合同列表' });
      if (res.kind !== 'file') throw new Error(JSON.stringify(res.envelope));
      expect(res.fileName).toBe(`合同列表_${stamp}.xlsx`);
      const rows = sheetRows(res.workbook);
      expect(rows[0].slice(6, 9)).toEqual(['签订日期', '有效期', '到期日期']);
      expect(rows[1].slice(6, 9)).toEqual(['2025-12-08', '2026-11-22 至 2027-11-21', '2027-11-21']);
    }
    // a timestamp column: 创建时间 of the employee created at NEAR_MIDNIGHT
    for (const [c, time] of [
      [admin, '2026-11-22 00:30:00'],
      [utcAdmin, '2026-11-21 16:30:00'],
    ] as const) {
      const res = await exportList(c, staffOps.list, { name: '林晓雨' }, { exportName: '门店员工' });
      if (res.kind !== 'file') throw new Error(JSON.stringify(res.envelope));
      expect(sheetRows(res.workbook)[1][7]).toBe(time);
    }
  });
});
