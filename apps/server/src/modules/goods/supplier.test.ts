import { CODES, type ApiClient, type Paged } from '@merchant/contracts';
import type { HistoryEntry } from '@merchant/contracts/core/history';
import { supplierOps, type SupplierOption, type SupplierRow } from '@merchant/contracts/goods/supplier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, rowCount } from '../../test/calls.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { newSupplier, nextPhone, supplySetup } from '../../test/supply-fixtures.ts';

describe.each(DIALECTS)('suppliers (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  const detailOf = async (supplierId: number) => data<SupplierRow>(await op(admin, supplierOps.detail, { supplierId }));
  const writes = async () => [await rowCount(t, 'supplier'), await rowCount(t, 'record_history')];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ admin, other } = await supplySetup(t, 'sp', ['13700000061', '13700000062']));
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a supplier with a generated code and a masked phone, and its history', async () => {
    const res = data<{ supplierId: number; supplierCode: string }>(
      await op(admin, supplierOps.create, { name: '华东食品供应链有限公司', contact: '陈建国', phone: '13816620418', remark: '上海仓' }),
    );
    expect(res.supplierCode).toMatch(/^GY\d{8}$/);
    expect(await detailOf(res.supplierId)).toMatchObject({
      supplierCode: res.supplierCode,
      name: '华东食品供应链有限公司',
      phone: '138****0418',
      status: 1,
      statusName: '启用',
      spuCount: 0,
    });
    const h = data<Paged<HistoryEntry>>(await op(admin, supplierOps.history, { supplierId: res.supplierId }));
    expect(h.list[0]).toMatchObject({ action: 'create', actionLabel: '新增供应商' });
    expect(h.list[0].changes).toContainEqual({ field: 'phone', label: '联系电话', before: '（空）', after: '138****0418' });
    const opts = data<SupplierOption[]>(await op(admin, supplierOps.options, {}));
    expect(opts.map((o) => o.supplierId)).toContain(res.supplierId);
  });

  it('refuses bad input and a taken name, writing nothing', async () => {
    await newSupplier(admin, '粤海饮品批发');
    const before = await writes();
    for (const [patch, code, msg] of [
      [{ name: '' }, CODES.badInput, '请输入供应商名称（字段：name）'],
      [{ name: '粤' }, CODES.badInput, '供应商名称至少2个字（字段：name）'],
      [{ contact: undefined }, CODES.badInput, '请输入联系人（字段：contact）'],
      [{ phone: '12ab' }, CODES.badInput, '联系电话格式不正确（手机号、座机或400电话）（字段：phone）'],
      [{ name: '粤海饮品批发' }, CODES.conflict, /^已有同名的供应商（GY\d{8}），请换一个名称（字段：name）$/],
    ] as const) {
      const res = await op(admin, supplierOps.create, { name: '新供应商', contact: '李四', phone: nextPhone(), ...(patch as object) });
      expect(res.code).toBe(code);
      if (typeof msg === 'string') expect(res.msg).toBe(msg);
      else expect(res.msg).toMatch(msg);
    }
    expect(await writes()).toEqual(before);
  });

  it('updates with the version, keeping the stored phone when the masked one comes back; stale and wrong masks refused', async () => {
    const { supplierId } = await newSupplier(admin, '闽南副食批发');
    const s = await detailOf(supplierId);
    const input = { supplierId, version: s.version, name: '闽南副食批发部', contact: '黄经理', phone: s.phone, remark: '厦门' };
    expect(data<{ version: number }>(await op(admin, supplierOps.update, input)).version).toBe(s.version + 1);
    const after = await detailOf(supplierId);
    expect(after).toMatchObject({ name: '闽南副食批发部', contact: '黄经理', phone: s.phone });
    const stored = await t.db.db.selectFrom('supplier').select('phone').where('id', '=', supplierId).executeTakeFirstOrThrow();
    expect(stored.phone).not.toContain('*');
    const before = await writes();
    expect(await op(admin, supplierOps.update, { ...input, remark: '旧版本' })).toMatchObject({
      code: CODES.conflict,
      msg: '该记录已被他人修改，请刷新后重试',
    });
    expect(await op(admin, supplierOps.update, { ...input, version: after.version, phone: '139****9999' })).toMatchObject({
      code: CODES.badInput,
      msg: '联系电话不完整：修改联系电话时请输入完整的号码（字段：phone）',
    });
    expect(await writes()).toEqual(before);
    const h = data<Paged<HistoryEntry>>(await op(admin, supplierOps.history, { supplierId }));
    expect(h.list[0].changes).toContainEqual({ field: 'name', label: '供应商名称', before: '闽南副食批发', after: '闽南副食批发部' });
  });

  it('启用/停用 follow the transition table', async () => {
    const { supplierId } = await newSupplier(admin, '停用测试供应商');
    const s = await detailOf(supplierId);
    const before = await writes();
    expect(await op(admin, supplierOps.setStatus, { supplierId, version: s.version, status: 1 })).toMatchObject({
      code: CODES.conflict,
      msg: '供应商已是启用状态',
    });
    expect((await op(admin, supplierOps.setStatus, { supplierId, version: s.version, status: 3 })).code).toBe(CODES.badInput);
    expect(await writes()).toEqual(before);
    data(await op(admin, supplierOps.setStatus, { supplierId, version: s.version, status: 2 }));
    expect((await detailOf(supplierId)).statusName).toBe('停用');
    expect((await op(admin, supplierOps.setStatus, { supplierId, version: s.version, status: 1 })).code).toBe(CODES.conflict);
    data(await op(admin, supplierOps.setStatus, { supplierId, version: s.version + 1, status: 1 }));
    const h = data<Paged<HistoryEntry>>(await op(admin, supplierOps.history, { supplierId }));
    expect(h.list.map((e) => e.actionLabel).slice(0, 2)).toEqual(['启用', '停用']);
  });

  it('lists with filters and exports the same rows (phones masked)', async () => {
    const all = data<Paged<SupplierRow>>(
      await op(admin, supplierOps.list, { pageSize: 200, sortField: 'supplierCode', sortOrder: 'ascend' }),
    );
    expect(all.list.map((s) => s.supplierCode)).toEqual([...all.list.map((s) => s.supplierCode)].sort());
    expect(data<Paged<SupplierRow>>(await op(admin, supplierOps.list, { keyword: '粤海' })).total).toBe(1);
    const file = await exportList(admin, supplierOps.list, {});
    if (file.kind !== 'file') throw new Error(JSON.stringify(file.envelope));
    const rows = sheetRows(file.workbook);
    const header = rows.findIndex((r) => r[0] === '供应商编码');
    expect(rows.length - header - 1).toBe(all.total);
    expect(rows.slice(header + 1).every((r) => String(r[3]).includes('*'))).toBe(true);
  });

  it('refuses roles without section 113', async () => {
    const finance = await t.signIn('finance');
    for (const o of Object.values(supplierOps)) {
      expect(
        (await op(finance, o, { supplierId: 1, version: 0, status: 2, name: '某供应商', contact: '张三', phone: '13800000000' })).code,
      ).toBe(CODES.forbidden);
    }
  });

  it('treats another merchant’s supplier as not found and changes nothing', async () => {
    const { supplierId } = await newSupplier(admin, '别家看不到的供应商');
    const s = await detailOf(supplierId);
    const before = await writes();
    expect((await op(other, supplierOps.detail, { supplierId })).code).toBe(CODES.notFound);
    expect((await op(other, supplierOps.history, { supplierId })).code).toBe(CODES.notFound);
    expect(
      (await op(other, supplierOps.update, { supplierId, version: s.version, name: '改名', contact: '张三', phone: nextPhone() })).code,
    ).toBe(CODES.notFound);
    expect((await op(other, supplierOps.setStatus, { supplierId, version: s.version, status: 2 })).code).toBe(CODES.notFound);
    expect(await writes()).toEqual(before);
    expect(data<SupplierOption[]>(await op(other, supplierOps.options, {}))).toEqual([]);
  });
});
