import { storeOps, type StoreRow } from '@merchant/contracts/merchant/store';
import { staffOps, type StaffRow } from '@merchant/contracts/merchant/staff';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { data, rest, rowCount } from '../../test/calls.ts';
import { validStore } from '../../test/store-data.ts';

describe.each(DIALECTS)('store staff (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let stores: StoreRow[];
  let theirStore: number;
  let id: number;
  const valid = () => ({ name: '陈思远', phone: '15921873456', position: 'manager', entryDate: '2026-08-23', remark: '' });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家员工商户', 'staffboss', '13700000011');
    stores = data<Paged<StoreRow>>(await rest(admin, storeOps.list, { pageSize: 3, sortField: 'createdAt', sortOrder: 'ascend' })).list;
    theirStore = data<{ id: number }>(await rest(other, storeOps.create, validStore)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses bad staff with the field named, writing nothing', async () => {
    const before = [await rowCount(t, 'store_staff'), await rowCount(t, 'store_staff_store')];
    for (const [patch, msg] of [
      [{ name: '' }, '请输入姓名（字段：name）'],
      [{ phone: '1592187345' }, '手机号格式不正确（字段：phone）'],
      [{ position: 'boss' }, '岗位不正确（字段：position）'],
      [{ storeIds: ['x'] }, '门店不正确（字段：storeIds.0）'],
    ] as const) {
      expect(await rest(admin, staffOps.create, { ...valid(), ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect(await rest(admin, staffOps.create, { ...valid(), storeIds: [stores[0].id, theirStore] })).toMatchObject({
      code: CODES.notFound,
      msg: '门店不存在',
    });
    expect([await rowCount(t, 'store_staff'), await rowCount(t, 'store_staff_store')]).toEqual(before);
  });

  it('creates, lists (masked phone), edits and configures stores', async () => {
    const res = data<{ id: number; staffNo: string }>(await rest(admin, staffOps.create, { ...valid(), storeIds: [stores[0].id] }));
    id = res.id;
    expect(res.staffNo).toMatch(/^YG\d{10}$/);
    expect((await rest(admin, staffOps.create, { ...valid(), name: '重复号码' })).msg).toBe('该手机号已被其他员工使用（字段：phone）');
    const list = data<Paged<StaffRow>>(await rest(admin, staffOps.list, { name: '陈思远' }));
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      staffNo: res.staffNo,
      phone: '159****3456',
      positionName: '店长',
      statusName: '启用',
      stores: [{ id: stores[0].id }],
    });
    const detail = data<StaffRow>(await rest(admin, staffOps.detail, { id }));
    expect(detail).toMatchObject({ phone: '159****3456', entryDate: '2026-08-23' });
    data(await rest(admin, staffOps.update, { ...valid(), id, position: 'clerk', remark: '调岗为店员' }));
    expect(data<StaffRow>(await rest(admin, staffOps.detail, { id }))).toMatchObject({ positionName: '店员', remark: '调岗为店员' });
    const options = data<{ stores: { id: number }[]; selected: number[] }>(await rest(admin, staffOps.storeOptions, { id }));
    expect(options.selected).toEqual([stores[0].id]);
    expect(options.stores.map((s) => s.id)).not.toContain(theirStore);
    const all = data<{ stores: { id: number }[]; selected: number[] }>(await rest(admin, staffOps.storeOptions, {}));
    expect(all.selected).toEqual([]);
    expect(all.stores.length).toBe(options.stores.length);
    expect((await rest(admin, staffOps.configStore, { id, storeIds: [stores[1].id, theirStore] })).code).toBe(CODES.notFound);
    data(await rest(admin, staffOps.configStore, { id, storeIds: [stores[1].id, stores[2].id] }));
    expect(data<{ selected: number[] }>(await rest(admin, staffOps.storeOptions, { id })).selected).toEqual([stores[1].id, stores[2].id]);
    expect(data<Paged<StaffRow>>(await rest(admin, staffOps.list, { storeId: stores[2].id })).list.map((s) => s.id)).toContain(id);
  });

  it('disables and enables', async () => {
    data(await rest(admin, staffOps.disable, { id }));
    expect(data<StaffRow>(await rest(admin, staffOps.detail, { id })).statusName).toBe('停用');
    expect((await rest(admin, staffOps.disable, { id })).msg).toBe('该员工已是停用状态');
    expect(data<Paged<StaffRow>>(await rest(admin, staffOps.list, { status: 0, name: '陈思远' })).total).toBe(1);
    data(await rest(admin, staffOps.enable, { id }));
    expect(data<StaffRow>(await rest(admin, staffOps.detail, { id })).status).toBe(1);
  });

  it('refuses roles without the anchor and other merchants’ ids', async () => {
    const operator = await t.signIn('operator');
    for (const o of Object.values(staffOps).filter((o) => o.rest)) {
      expect((await rest(operator, o, { ...valid(), id, storeIds: [] })).code).toBe(CODES.forbidden);
    }
    for (const path of [staffOps.detail, staffOps.update, staffOps.disable, staffOps.enable, staffOps.storeOptions, staffOps.configStore]) {
      expect((await rest(other, path, { ...valid(), id, storeIds: [] })).code).toBe(CODES.notFound);
    }
    expect(data<Paged<StaffRow>>(await rest(other, staffOps.list)).total).toBe(0);
    // phones are unique per merchant only
    expect((await rest(other, staffOps.create, valid())).code).toBe('200');
    expect(data<StaffRow>(await rest(admin, staffOps.detail, { id })).stores).toHaveLength(2);
    const log = await t.db.db.selectFrom('operation_log').select('operation').where('operation', 'like', 'merchant.staff.%').execute();
    expect(log.map((l) => l.operation)).toEqual(
      expect.arrayContaining([
        staffOps.create.name,
        staffOps.update.name,
        staffOps.disable.name,
        staffOps.enable.name,
        staffOps.configStore.name,
      ]),
    );
  });
});
