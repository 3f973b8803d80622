import { settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import { operationLogOps } from '@merchant/contracts/system/operation-log';
import { loginLogOps } from '@merchant/contracts/system/login-log';
import { storeOps } from '@merchant/contracts/merchant/store';
import { type ApiClient, CODES, GATEWAY_PATHS, type Paged } from '@merchant/contracts';
import { INVALID_CURSOR_MESSAGE, type KeysetPage } from '@merchant/contracts/core/keyset';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';

const OPERATION_LOG = operationLogOps.list.name;

interface Entry {
  id: number;
  createdAt: number;
  operation: string;
  operationLabel: string;
  anchor: string;
  pageName: string;
  targetIds: string;
  targets: string;
  resultCode: string;
}

const data = <T>(res: { code: string; msg: string; data?: unknown }): T => {
  if (res.code !== CODES.ok) throw new Error(`${res.code} ${res.msg}`);
  return res.data as T;
};

/** A gateway call from a page (the client names its page, as the web app does). */
const fromPage = (c: ApiClient, anchor: string, name: string, body: unknown) =>
  c.envelope({ method: 'POST', path: GATEWAY_PATHS.request, body: { name, body, anchor } });

describe.each(DIALECTS)('operation log in words (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let entries: Entry[];
  let store: { storeCode: string; name: string };
  let apply: { id: number; applyCode: string };
  let role: { id: number; name: string };
  let menuIds: number[];
  let theirOrg: number;
  let other: ApiClient;

  const latest = (operation: string) => entries.find((e) => e.operation === operation)!;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家日志商户', 'logboss', '13700000071');
    theirOrg = data<{ id: number }[]>(await op(other, organizationOps.tree))[0].id;

    // A merchant action: a store's status; an application submitted again (refused, still logged).
    store = data<Paged<{ storeCode: string; name: string }>>(await op(admin, storeOps.list.name, { pageSize: 1 })).list[0];
    data(await op(admin, storeOps.setStatus.name, { storeCode: store.storeCode, status: 2 }));
    apply = data<Paged<{ id: number; applyCode: string }>>(await op(admin, settleApplyOps.list, { pageSize: 1 })).list[0];
    expect((await op(admin, settleApplyOps.submit, { id: apply.id })).code).not.toBe(CODES.ok);

    // A role edit with its menu grants; a role added in another merchant's organisation (refused).
    const hq = data<{ id: number }[]>(await op(admin, organizationOps.tree))[0];
    role = data<{ id: number; name: string }[]>(await op(admin, roleOps.list, { organizationId: hq.id })).find((r) => r.name === '运营')!;
    menuIds = data<{ menuIds: number[] }>(await op(admin, roleOps.detail, { id: role.id })).menuIds;
    data(await op(admin, roleOps.edit, { id: role.id, name: role.name, menuIds }));
    expect((await op(admin, roleOps.add, { organizationId: theirOrg, name: '越界角色', menuIds: [1999] })).code).not.toBe(CODES.ok);

    // Exports: the login log; the account list from 用户账号 (a list two pages share).
    expect((await exportList(admin, loginLogOps.list.name, { success: true })).kind).toBe('file');
    const res = await t.signIn('admin').then((c) =>
      c.send({
        method: 'POST',
        path: GATEWAY_PATHS.export,
        body: { name: accountOps.list.name, body: {}, anchor: 'stock-management-account' },
      }),
    );
    expect(res.status).toBe(200);
    await fromPage(admin, 'operation-log', organizationOps.edit.name, { id: hq.id, name: '总部', sort: 0 });

    entries = data<KeysetPage<Entry>>(await op(admin, OPERATION_LOG, { pageSize: 50 })).list;
  });
  afterAll(async () => {
    await t.close();
  });

  it('names merchant actions, their pages and targets in Chinese', () => {
    expect(latest(storeOps.setStatus.name)).toMatchObject({
      operationLabel: '设置门店营业状态',
      pageName: '门店管理',
      targetIds: `storeCode=${store.storeCode}`,
      targets: `门店：${store.name}（${store.storeCode}）`,
    });
    expect(latest(settleApplyOps.submit.name)).toMatchObject({
      operationLabel: '提交入驻申请',
      pageName: '入驻申请',
      targets: `入驻申请：${apply.applyCode}`,
    });
  });

  it("names a role edit and counts its menu grants; another merchant's things stay ids", () => {
    const edit = latest(roleOps.edit.name);
    expect(edit).toMatchObject({
      operationLabel: '编辑角色',
      pageName: '角色管理',
      targets: `角色：运营；名称：运营；菜单权限：${menuIds.length}项`,
    });
    // The role holds more menus than the stored targets' 500 characters take: the id list is kept as its count.
    expect(`id=${role.id};name=运营;menuIds=${menuIds.join(',')}`.length).toBeGreaterThan(500);
    expect(edit.targetIds).toBe(`id=${role.id};name=运营;menuIds=#${menuIds.length}`);
    const refused = latest(roleOps.add.name);
    expect(refused).toMatchObject({
      operationLabel: '新增角色',
      pageName: '角色管理',
      targets: `组织ID ${theirOrg}；名称：越界角色；菜单权限：1项`,
    });
    expect(refused.resultCode).not.toBe(CODES.ok);
  });

  it('names exports 导出（<list>） on the page they came from', () => {
    expect(latest(`${loginLogOps.list.name}#export`)).toMatchObject({
      operationLabel: '导出（登录日志列表）',
      pageName: '登录日志',
      targets: '',
    });
    expect(latest(`${accountOps.list.name}#export`)).toMatchObject({ operationLabel: '导出（账号列表）', pageName: '用户账号' });
    // The client's page only picks among the operation's own pages.
    expect(latest(organizationOps.edit.name).pageName).toBe('组织管理');
  });

  it('never keeps verify codes, passwords, identity or phone numbers', async () => {
    await op(t.anon, signInOps.resetPassword.name, { phone: '13800000001', code: '654321', password: 'Whatever123' }, { public: true });
    const row = await t.db.db
      .selectFrom('operation_log')
      .select(['operation', 'target_ids'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ operation: signInOps.resetPassword.name, target_ids: '' });
    const all = await t.db.db.selectFrom('operation_log').select('target_ids').execute();
    expect(all.filter((r) => /(^|;)code=|password|phone|certNo|13700000071/i.test(r.target_ids))).toEqual([]);
  });

  it('shows no codes, anchors or field names anywhere in the words', () => {
    for (const e of entries) {
      expect(e.operationLabel, e.operation).toMatch(/^[\u4e00-\u9fa5（）]+$/);
      expect(e.pageName, e.anchor).not.toMatch(/[a-z]/);
      expect(e.targets, e.targetIds).not.toMatch(/[a-z]+Id|Ids|Code|=|;/);
    }
  });

  it('finds entries by their Chinese name as well as by code', async () => {
    const named = data<KeysetPage<Entry>>(await op(admin, OPERATION_LOG, { operation: '角色', pageSize: 50 })).list;
    expect(named.map((e) => e.operationLabel).sort()).toEqual(['新增角色', '编辑角色']);
    const exported = data<KeysetPage<Entry>>(await op(admin, OPERATION_LOG, { operation: '导出', pageSize: 50 })).list;
    expect(exported.map((e) => e.operationLabel).sort()).toEqual(['导出（登录日志列表）', '导出（账号列表）']);
    const byCode = data<KeysetPage<Entry>>(await op(admin, OPERATION_LOG, { operation: 'system.role', pageSize: 50 })).list;
    expect(byCode.map((e) => e.operation).sort()).toEqual([roleOps.add.name, roleOps.edit.name]);
    // LIKE-free: a name matching nothing finds nothing.
    expect(data<KeysetPage<Entry>>(await op(admin, OPERATION_LOG, { operation: '不存在的操作' })).total).toBe(0);
  });

  it('exports the same words', async () => {
    const res = await exportList(admin, OPERATION_LOG, { operation: '角色' }, { exportName: '操作日志' });
    if (res.kind !== 'file') throw new Error(JSON.stringify(res.envelope));
    const [header, ...rows] = sheetRows(res.workbook);
    const col = (h: string) => header.indexOf(h);
    const edit = rows.find((r) => r[col('操作标识')] === roleOps.edit.name)!;
    expect([edit[col('操作')], edit[col('所属页面')], edit[col('操作对象')]]).toEqual([
      '编辑角色',
      '角色管理',
      `角色：运营；名称：运营；菜单权限：${menuIds.length}项`,
    ]);

    const all = await exportList(admin, OPERATION_LOG, { operation: '导出（登录' }, { exportName: '操作日志' });
    if (all.kind !== 'file') throw new Error(JSON.stringify(all.envelope));
    expect(
      sheetRows(all.workbook)
        .slice(1)
        .map((r) => [r[col('操作')], r[col('所属页面')]]),
    ).toEqual([['导出（登录日志列表）', '登录日志']]);
  });

  describe('keyset paging (the log grows without bound)', () => {
    const list = async (c: ApiClient, body: object) => data<KeysetPage<Entry>>(await op(c, OPERATION_LOG, body));

    it('walks newest first by 操作时间 then id, forward and back; the total comes with the first page', async () => {
      const everything = await list(admin, { pageSize: 200 });
      expect(everything.nextCursor).toBeNull();
      expect(everything.total).toBe(everything.list.length);
      const expected = [...everything.list].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).map((e) => e.id);
      expect(everything.list.map((e) => e.id)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(6);

      const pages: KeysetPage<Entry>[] = [await list(admin, { pageSize: 3 })];
      expect(pages[0]).toMatchObject({ pageSize: 3, prevCursor: null, total: expected.length });
      while (pages[pages.length - 1].nextCursor) {
        const next = await list(admin, { pageSize: 3, cursor: pages[pages.length - 1].nextCursor });
        expect(next.total).toBeUndefined();
        pages.push(next);
      }
      expect(pages.flatMap((p) => p.list.map((e) => e.id))).toEqual(expected);
      // 上一页 from the second page is the first page again.
      const back = await list(admin, { pageSize: 3, cursor: pages[1].prevCursor });
      expect(back.list.map((e) => e.id)).toEqual(pages[0].list.map((e) => e.id));
      expect(back.prevCursor).toBeNull();
    });

    it('keeps its filters and sorts oldest first when asked', async () => {
      const first = await list(admin, { operation: '角色', pageSize: 1, sortField: 'createdAt', sortOrder: 'ascend' });
      expect(first.total).toBe(2);
      const second = await list(admin, {
        operation: '角色',
        pageSize: 1,
        sortField: 'createdAt',
        sortOrder: 'ascend',
        cursor: first.nextCursor,
      });
      expect([...first.list, ...second.list].map((e) => e.operation)).toEqual([roleOps.edit.name, roleOps.add.name]);
      expect(second.nextCursor).toBeNull();
    });

    it('answers the first page for a cursor of another sort order', async () => {
      const newest = await list(admin, { pageSize: 2 });
      const oldest = await list(admin, { pageSize: 2, sortOrder: 'ascend' });
      const mixed = await list(admin, { pageSize: 2, sortOrder: 'ascend', cursor: newest.nextCursor });
      expect(mixed.list.map((e) => e.id)).toEqual(oldest.list.map((e) => e.id));
      expect(mixed.prevCursor).toBeNull();
    });

    it('refuses a cursor it did not hand out with one clear message, and a cursor never crosses merchants', async () => {
      const next = (await list(admin, { pageSize: 1 })).nextCursor!;
      for (const cursor of ['abc', `${next}x`, Buffer.from('{"v":1}').toString('base64url'), 'x'.repeat(600), '!!']) {
        const res = await op(admin, OPERATION_LOG, { cursor });
        expect(res.code, cursor).toBe(CODES.badInput);
        expect(res.msg, cursor).toContain(INVALID_CURSOR_MESSAGE);
      }
      // Another merchant's cursor only places the page among this merchant's own entries.
      const theirs = await list(other, { pageSize: 1 });
      const mine = await list(admin, { pageSize: 50, cursor: theirs.nextCursor ?? undefined });
      const myIds = new Set((await list(admin, { pageSize: 200 })).list.map((e) => e.id));
      expect(mine.list.every((e) => myIds.has(e.id))).toBe(true);
    });
  });
});
