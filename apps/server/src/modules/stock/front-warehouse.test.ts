import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { STALE_VERSION_MESSAGE } from '@merchant/contracts/core/history';
import {
  FRONT_WAREHOUSE_HOLDS_STOCK,
  frontWarehouseOps,
  type FrontWarehouseOption,
  type FrontWarehouseRow,
} from '@merchant/contracts/stock/front-warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMerchantId } from '../../platform/seeds.ts';
import { call, rowCount } from '../../test/calls.ts';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedFrontWarehouses } from './front-warehouse.service.ts';
import { postMovements } from './stock-ledger.service.ts';

// 前置仓 / 仓主管理 (entrepot-owner-list): add with its stock location, edit, enable / disable (not while it holds stock).

const base = {
  ownerName: '王小明',
  ownerPhone: '13812345678',
  contactTel: '021-62480000',
  province: '上海市',
  city: '上海市',
  district: '静安区',
  address: '南京西路1266号恒隆广场B1',
  area: 300,
  remark: '测试仓',
};

describe.each(DIALECTS)('front warehouses (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let merchantId: number;
  const counts = () => Promise.all([rowCount(t, 'front_warehouse'), rowCount(t, 'stock_location'), rowCount(t, 'record_history')]);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家前置仓公司', 'fwother', '13700000095');
    merchantId = (await demoMerchantId(t.db.db))!;
  });
  afterAll(() => t.close());

  it('adds a warehouse with its own stock location (kind front, code = the warehouse code)', async () => {
    const a = await call<FrontWarehouseRow>(admin, frontWarehouseOps.add, { ...base, name: '测试静安前置仓' });
    expect(a).toMatchObject({
      name: '测试静安前置仓',
      ownerName: '王小明',
      ownerPhone: '138****5678',
      contactTel: '021-62480000',
      fullAddress: '上海市静安区南京西路1266号恒隆广场B1',
      area: 300,
      status: 1,
      statusName: '启用',
      version: 1,
    });
    expect(a.warehouseCode).toMatch(/^QZ\d{8}$/);
    const loc = await t.db.db.selectFrom('stock_location').selectAll().where('id', '=', a.locationId).executeTakeFirstOrThrow();
    expect(loc).toMatchObject({ merchant_id: merchantId, kind: 'front', code: a.warehouseCode, name: '测试静安前置仓' });
    expect(Number(loc.owner_id)).toBe(0);
    // the owner's full number only through the (logged) reveal
    expect(await call(admin, frontWarehouseOps.revealPhone, { id: a.id })).toEqual({ phone: '13812345678' });
    // optional fields may be left out
    const b = await call<FrontWarehouseRow>(admin, frontWarehouseOps.add, {
      ...base,
      name: '测试最简前置仓',
      contactTel: '',
      district: '',
      area: '',
      remark: undefined,
    });
    expect(b).toMatchObject({ contactTel: '', district: '', area: 0, remark: '' });
    const regions = await call<{ value: string; children?: { value: string; children?: { value: string }[] }[] }[]>(
      admin,
      frontWarehouseOps.regions,
    );
    const sh = regions.find((r) => r.value === '上海市');
    expect(sh?.children?.[0].value).toBe('上海市');
    expect(sh?.children?.[0].children?.map((d) => d.value)).toContain('静安区');
    const opts = await call<FrontWarehouseOption[]>(admin, frontWarehouseOps.options, {});
    expect(opts.find((o) => o.id === a.id)).toEqual({ id: a.id, code: a.warehouseCode, name: a.name, locationId: a.locationId });
  });

  it('refuses bad input naming the field, a duplicate name and a stale edit, writing nothing', async () => {
    const a = await call<FrontWarehouseRow>(admin, frontWarehouseOps.add, { ...base, name: '测试徐汇前置仓' });
    const before = await counts();
    const refused: [unknown, string][] = [
      [{ ...base, name: '' }, '请输入前置仓名称（字段：name）'],
      [{ ...base, name: '测试仓X', ownerName: '' }, '请输入仓主姓名（字段：ownerName）'],
      [{ ...base, name: '测试仓X', ownerPhone: '12345' }, '仓主手机号格式不正确（11位手机号）（字段：ownerPhone）'],
      [{ ...base, name: '测试仓X', contactTel: 'abc' }, '联系电话格式不正确（手机号、座机或400电话）（字段：contactTel）'],
      [{ ...base, name: '测试仓X', province: '' }, '请输入省份（字段：province）'],
      [{ ...base, name: '测试仓X', address: '短' }, '详细地址至少5个字（字段：address）'],
      [{ ...base, name: '测试仓X', area: -1 }, '面积不能小于0（字段：area）'],
      [{ ...base, name: '测试仓X', area: 1.5 }, '面积必须是整数（平方米）（字段：area）'],
    ];
    for (const [body, msg] of refused) expect(await op(admin, frontWarehouseOps.add, body)).toMatchObject({ code: CODES.badInput, msg });
    expect(await op(admin, frontWarehouseOps.add, { ...base, name: '测试徐汇前置仓' })).toMatchObject({
      code: CODES.conflict,
      msg: '已有同名的前置仓，请换一个名称（字段：name）',
    });
    expect(await counts()).toEqual(before);

    // edit with the masked phone keeps the stored number; the location's name follows the warehouse's
    const e = await call<FrontWarehouseRow>(admin, frontWarehouseOps.edit, {
      ...base,
      id: a.id,
      version: a.version,
      name: '测试徐家汇前置仓',
      ownerPhone: a.ownerPhone,
      ownerName: '李四',
    });
    expect(e).toMatchObject({ name: '测试徐家汇前置仓', ownerName: '李四', ownerPhone: '138****5678', version: 2 });
    expect(await call(admin, frontWarehouseOps.revealPhone, { id: a.id })).toEqual({ phone: '13812345678' });
    const loc = await t.db.db.selectFrom('stock_location').select('name').where('id', '=', a.locationId).executeTakeFirstOrThrow();
    expect(loc.name).toBe('测试徐家汇前置仓');
    const mid = await counts();
    expect(await op(admin, frontWarehouseOps.edit, { ...base, id: a.id, version: 1, name: '又改名' })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    expect(await op(admin, frontWarehouseOps.edit, { ...base, id: a.id, version: 2, name: '测试静安前置仓' })).toMatchObject({
      code: CODES.conflict,
      msg: '已有同名的前置仓，请换一个名称（字段：name）',
    });
    expect(
      await op(admin, frontWarehouseOps.edit, { ...base, id: a.id, version: 2, name: '测试改', ownerPhone: '139****0000' }),
    ).toMatchObject({
      code: CODES.badInput,
      msg: '仓主手机号不完整：修改仓主手机号时请输入完整的号码（字段：ownerPhone）',
    });
    expect(await counts()).toEqual(mid);
    const h = await call<Paged<HistoryEntry>>(admin, frontWarehouseOps.history, { id: a.id });
    expect(h.list.map((x) => x.actionLabel)).toEqual(['编辑', '新增']);
    expect(h.list[0].changes.map((c) => c.label)).toEqual(['前置仓名称', '仓主姓名']);
  });

  it('enables and disables only from the other state; disabling is refused while it holds stock', async () => {
    const a = await call<FrontWarehouseRow>(admin, frontWarehouseOps.add, { ...base, name: '测试陆家嘴前置仓' });
    const before = await counts();
    expect(await op(admin, frontWarehouseOps.enable, { id: a.id, version: a.version })).toMatchObject({
      code: CODES.conflict,
      msg: '前置仓「测试陆家嘴前置仓」已是启用状态，不能启用',
    });
    expect(await counts()).toEqual(before);

    // stock on its location: 停用 refused, nothing written
    const sku = await t.db.db
      .selectFrom('goods_sku')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = t.clock.now();
    const stock = (quantity: number, type: 'inbound' | 'outbound', docCode: string) =>
      t.db.db
        .transaction()
        .execute((trx) =>
          postMovements(trx, { merchantId, operatorId: 0, operatorName: '测试', now }, [
            { locationId: a.locationId, skuId: sku.id, type, quantity, docType: 'seed', docCode },
          ]),
        );
    await stock(5, 'inbound', 'T1');
    expect(await op(admin, frontWarehouseOps.disable, { id: a.id, version: a.version })).toMatchObject({
      code: CODES.conflict,
      msg: `前置仓「测试陆家嘴前置仓」${FRONT_WAREHOUSE_HOLDS_STOCK}`,
    });
    expect(await call<FrontWarehouseRow>(admin, frontWarehouseOps.detail, { id: a.id })).toMatchObject({ status: 1, version: 1 });
    await stock(-5, 'outbound', 'T2');

    const d = await call<{ status: number; version: number }>(admin, frontWarehouseOps.disable, { id: a.id, version: a.version });
    expect(d).toEqual({ id: a.id, status: 0, version: 2 });
    expect(await op(admin, frontWarehouseOps.disable, { id: a.id, version: d.version })).toMatchObject({
      code: CODES.conflict,
      msg: '前置仓「测试陆家嘴前置仓」已是停用状态，不能停用',
    });
    expect(await op(admin, frontWarehouseOps.enable, { id: a.id, version: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: STALE_VERSION_MESSAGE,
    });
    // a disabled warehouse is not offered to the other entrepot pages
    expect((await call<FrontWarehouseOption[]>(admin, frontWarehouseOps.options, {})).some((o) => o.id === a.id)).toBe(false);
    expect(await call(admin, frontWarehouseOps.enable, { id: a.id, version: d.version })).toMatchObject({ status: 1, version: 3 });
    const h = await call<Paged<HistoryEntry>>(admin, frontWarehouseOps.history, { id: a.id });
    expect(h.list.map((x) => x.actionLabel)).toEqual(['启用', '停用', '新增']);
    expect(h.list[1].changes).toEqual([{ field: 'status', label: '状态', before: '启用', after: '停用' }]);
  });

  it('lists with filters and sorting; other merchants and roles without the page are refused', async () => {
    await call(admin, frontWarehouseOps.add, {
      ...base,
      name: '测试西湖前置仓',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      ownerName: '周杭',
      ownerPhone: '13957100001',
    });
    const byCity = await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, { region: ['浙江省', '杭州市'], pageSize: 100 });
    expect(byCity.list.map((r) => r.name)).toContain('测试西湖前置仓');
    expect(byCity.list.every((r) => r.city === '杭州市')).toBe(true);
    const byOwner = await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, { owner: '1395710' });
    expect(byOwner.list.map((r) => r.name)).toEqual(['测试西湖前置仓']);
    const byKeyword = await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, { keyword: '测试西湖' });
    expect(byKeyword.list.map((r) => r.name)).toEqual(['测试西湖前置仓']);
    // the demo's 西湖文化广场前置仓 matches 西湖 too
    const both = await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, { keyword: '西湖' });
    expect(both.list.map((r) => r.name).sort()).toEqual(['测试西湖前置仓', '西湖文化广场前置仓'].sort());
    const code = byKeyword.list[0].warehouseCode;
    expect((await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, { keyword: code })).total).toBe(1);
    const enabled = await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, {
      status: 1,
      sortField: 'name',
      sortOrder: 'ascend',
      pageSize: 100,
    });
    expect(enabled.list.every((r) => r.status === 1)).toBe(true);
    const names = enabled.list.map((r) => r.name);
    expect(names.length).toBeGreaterThan(2);
    expect((await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, { region: ['浙江省', '杭州市', '临安区'] })).total).toBe(0);
    expect(await op(admin, frontWarehouseOps.list, { status: 7 })).toMatchObject({
      code: CODES.badInput,
      msg: '状态只能是启用或停用（字段：status）',
    });

    const mine = byKeyword.list[0];
    for (const [o, body] of [
      [frontWarehouseOps.detail, { id: mine.id }],
      [frontWarehouseOps.edit, { ...base, id: mine.id, version: mine.version, name: '偷改' }],
      [frontWarehouseOps.disable, { id: mine.id, version: mine.version }],
      [frontWarehouseOps.enable, { id: mine.id, version: mine.version }],
      [frontWarehouseOps.revealPhone, { id: mine.id }],
      [frontWarehouseOps.history, { id: mine.id }],
    ] as const) {
      expect((await op(other, o, body)).code).toBe(CODES.notFound);
    }
    expect((await call<Paged<FrontWarehouseRow>>(other, frontWarehouseOps.list, {})).total).toBe(0);
    expect(await call(other, frontWarehouseOps.options, {})).toEqual([]);
    const finance = await t.signIn('finance');
    const before = await counts();
    expect((await op(finance, frontWarehouseOps.add, { ...base, name: '财务前置仓' })).code).toBe(CODES.forbidden);
    expect((await op(finance, frontWarehouseOps.list, {})).code).toBe(CODES.forbidden);
    expect(await counts()).toEqual(before);
  });

  it('the demo seed made its warehouses with their locations, once', async () => {
    // the stock demo seed ran seedFrontWarehouses; running it again adds nothing
    expect(
      (await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, { keyword: '前置仓', pageSize: 50 })).total,
    ).toBeGreaterThanOrEqual(12);
    expect(await seedFrontWarehouses(t.db.db, merchantId, t.clock.now())).toEqual([]);
    const page = await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, { keyword: '金鸡湖' });
    expect(page.list[0]).toMatchObject({ city: '苏州市', status: 1 });
    const loc = await t.db.db
      .selectFrom('stock_location')
      .select('code')
      .where('id', '=', page.list[0].locationId)
      .executeTakeFirstOrThrow();
    expect(loc.code).toBe(page.list[0].warehouseCode);
    expect((await call<Paged<FrontWarehouseRow>>(admin, frontWarehouseOps.list, { status: 0, keyword: '狮山' })).total).toBe(1);
  });
});
