import { type StoreCategory, type StoreChangeRecord, storeOps, type StoreRow } from '@merchant/contracts/merchant/store';
import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { data, rest, rowCount } from '../../test/calls.ts';
import { validStore } from '../../test/store-data.ts';

describe.each(DIALECTS)('stores (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let storeCode: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家门店', 'storeboss', '13700000055');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists categories and tags', async () => {
    const cats = data<StoreCategory[]>(await rest(admin, storeOps.categories));
    expect(cats.find((c) => c.code === 'retail')?.children?.map((c) => c.name)).toContain('便利店');
    const tags = data<{ code: string; name: string }[]>(await rest(admin, storeOps.tags));
    expect(tags).toContainEqual({ code: '24h', name: '24小时营业' });
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const before = [await rowCount(t, 'store'), await rowCount(t, 'store_change_record')];
    for (const [patch, msg] of [
      [{ name: '' }, '请输入门店名称（字段：name）'],
      [{ categoryCode: 'retail' }, '门店分类不存在（字段：categoryCode）'],
      [{ tagCodes: ['vip'] }, '门店标签不存在（字段：tagCodes.0）'],
      [{ contactPhone: '12345' }, '联系电话格式不正确（手机号、座机或400电话）（字段：contactPhone）'],
      [{ lng: 200 }, '经度需在73.5～135.1之间（中国境内）（字段：lng）'],
      [{ lat: 'abc' }, '请输入纬度（字段：lat）'],
      [{ openTime: '25:00' }, '开始营业时间格式应为 HH:mm（字段：openTime）'],
      [{ closeTime: '07:00' }, '结束营业时间不能与开始营业时间相同（字段：closeTime）'],
      [{ businessDays: [] }, '请至少选择一个营业日（字段：businessDays）'],
      [{ status: 9 }, '门店状态不正确（字段：status）'],
    ] as const) {
      expect(await rest(admin, storeOps.create, { ...validStore, ...patch })).toMatchObject({ code: CODES.badInput, msg });
    }
    expect([await rowCount(t, 'store'), await rowCount(t, 'store_change_record')]).toEqual(before);
  });

  it('creates a store with a generated code and a creation record; refuses a duplicate name', async () => {
    const res = data<{ id: number; storeCode: string }>(await rest(admin, storeOps.create, validStore));
    storeCode = res.storeCode;
    expect(storeCode).toMatch(/^MD\d{10}$/);
    const detail = data<StoreRow>(await rest(admin, storeOps.detail, { storeCode }));
    expect(detail).toMatchObject({
      ...validStore,
      contactPhone: '138****3549',
      storeCode,
      categoryName: '零售门店/便利店',
      tagNames: ['24小时营业', '到店自提'],
      businessHours: '07:00-23:00',
      statusName: '营业中',
    });
    const dup = await rest(admin, storeOps.create, validStore);
    expect(dup).toMatchObject({ code: CODES.conflict, msg: '已有同名门店，请换一个名称（字段：name）' });
    const records = data<Paged<StoreChangeRecord>>(await rest(admin, storeOps.changeRecords, { storeCode }));
    expect(records.list).toHaveLength(1);
    expect(records.list[0]).toMatchObject({ changeType: 'create', changeTypeName: '新建门店', operatorName: 'admin' });
  });

  it('lists with filters and masked phones', async () => {
    const byName = data<Paged<StoreRow>>(await rest(admin, storeOps.list, { name: '田林路测试' }));
    expect(byName.total).toBe(1);
    expect(byName.list[0]).toMatchObject({ storeCode, contactPhone: '138****3549' });
    const byParent = data<Paged<StoreRow>>(await rest(admin, storeOps.list, { categoryCode: 'retail', tagCode: '24h', pageSize: 200 }));
    expect(byParent.list.some((s) => s.storeCode === storeCode)).toBe(true);
    expect(byParent.list.every((s) => s.categoryCode.startsWith('retail-') && s.tagCodes.includes('24h'))).toBe(true);
    const sorted = data<Paged<StoreRow>>(await rest(admin, storeOps.list, { sortField: 'storeCode', sortOrder: 'ascend', pageSize: 5 }));
    expect(sorted.list.map((s) => s.storeCode)).toEqual([...sorted.list.map((s) => s.storeCode)].sort());
    expect((await rest(admin, storeOps.list, { sortField: 'contactPhone' })).code).toBe(CODES.badInput);
  });

  it('updates a store, keeping before and after of each changed field; no change writes no record', async () => {
    t.clock.advance(60_000);
    const res = data<{ changes: unknown[] }>(
      await rest(admin, storeOps.update, { ...validStore, storeCode, name: '田林路测试旗舰店', closeTime: '02:00', tagCodes: ['24h'] }),
    );
    expect(res.changes).toHaveLength(3);
    const again = data<{ changes: unknown[] }>(
      await rest(admin, storeOps.update, { ...validStore, storeCode, name: '田林路测试旗舰店', closeTime: '02:00', tagCodes: ['24h'] }),
    );
    expect(again.changes).toHaveLength(0);
    data(await op(admin, storeOps.setStatus, { storeCode, status: 2 }));
    const records = data<Paged<StoreChangeRecord>>(await rest(admin, storeOps.changeRecords, { storeCode }));
    expect(records.list.map((r) => r.changeType)).toEqual(['status', 'update', 'create']);
    expect(records.list[1].changes).toEqual([
      { field: 'name', label: '门店名称', before: '田林路测试便利店', after: '田林路测试旗舰店' },
      { field: 'tagCodes', label: '门店标签', before: ['24h', 'pickup'], after: ['24h'] },
      { field: 'closeTime', label: '结束营业时间', before: '23:00', after: '02:00' },
    ]);
    expect(records.list[0].changes).toEqual([{ field: 'status', label: '门店状态', before: 1, after: 2 }]);
    const detail = data<StoreRow>(await rest(admin, storeOps.detail, { storeCode }));
    expect(detail).toMatchObject({ businessHours: '07:00-次日02:00', statusName: '暂停营业', updatedAt: t.clock.now() });
    const bad = await rest(admin, storeOps.update, { ...validStore, storeCode, address: '短' });
    expect(bad).toMatchObject({ code: CODES.badInput, msg: '详细地址至少5个字（字段：address）' });
    expect(data<StoreRow>(await rest(admin, storeOps.detail, { storeCode })).address).toBe(validStore.address);
  });

  it('refuses roles without the anchor', async () => {
    const operator = await t.signIn('operator');
    for (const o of Object.values(storeOps).filter((o) => o.rest)) {
      expect((await rest(operator, o, { ...validStore, storeCode })).code).toBe(CODES.forbidden);
    }
    expect((await op(operator, storeOps.setStatus, { storeCode, status: 1 })).code).toBe(CODES.forbidden);
  });

  it('treats another merchant’s store code as not found and changes nothing', async () => {
    const records = await rowCount(t, 'store_change_record');
    expect((await rest(other, storeOps.detail, { storeCode })).code).toBe(CODES.notFound);
    expect((await rest(other, storeOps.update, { ...validStore, storeCode, name: '被别人改了' })).code).toBe(CODES.notFound);
    expect((await rest(other, storeOps.changeRecords, { storeCode })).code).toBe(CODES.notFound);
    expect((await op(other, storeOps.setStatus, { storeCode, status: 3 })).code).toBe(CODES.notFound);
    expect(data<Paged<StoreRow>>(await rest(other, storeOps.list)).total).toBe(0);
    expect(await rowCount(t, 'store_change_record')).toBe(records);
    expect(data<StoreRow>(await rest(admin, storeOps.detail, { storeCode })).name).toBe('田林路测试旗舰店');
    // the other merchant may use the same store name: names are unique per merchant
    expect((await rest(other, storeOps.create, validStore)).code).toBe('200');
  });
});
