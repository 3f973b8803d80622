import { CODES, GATEWAY_PATHS } from '@merchant/contracts';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { operationLogOps } from '@merchant/contracts/system/operation-log';
import { loginLogOps } from '@merchant/contracts/system/login-log';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, lastSmsCode, op, startTestApp, type TestApp } from '../../test/harness.ts';

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

describe.each(DIALECTS)('gateway enforcement and audit (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('checks the operation’s own anchor against the active role, never the anchor the client sends', async () => {
    const admin = await t.signIn('admin');
    expect((await op(admin, loginLogOps.list)).code).toBe('200');
    const operator = await t.signIn('operator');
    const refused = await operator.envelope({
      method: 'POST',
      path: GATEWAY_PATHS.request,
      body: { name: loginLogOps.list.name, anchor: 'login-log', body: {} },
    });
    expect(refused.code).toBe(CODES.forbidden);
    expect(refused.msg).toBe('没有权限执行该操作');
  });

  it('follows the active role: switching admin to 运营 loses the log pages', async () => {
    const admin = await t.signIn('admin');
    const r = await admin.call<{ selectTreeList: { orgId: number; roleList: { roleId: number; roleName: string }[] }[] }>({
      method: 'GET',
      path: GATEWAY_PATHS.resourceFetch,
    });
    const hq = r.selectTreeList[0];
    const ops = hq.roleList.find((x) => x.roleName === '运营')!;
    await admin.call({ method: 'GET', path: GATEWAY_PATHS.resourceFetch, query: { organizationId: hq.orgId, roleIds: ops.roleId } });
    expect((await op(admin, loginLogOps.list)).code).toBe(CODES.forbidden);
  });

  it('refuses a merchant id other than the session’s, in body, nested fields or query', async () => {
    const admin = await t.signIn('admin');
    const info = await admin.call<{ loginOrgRole: { merchantId: number } }>({ method: 'POST', path: GATEWAY_PATHS.getInfo, body: {} });
    const mine = info.loginOrgRole.merchantId;
    expect((await op(admin, loginLogOps.list, { merchantId: mine })).code).toBe('200');
    const other = mine + 1;
    for (const body of [{ merchantId: other }, { filter: { merchant_id: other } }, { rows: [{ bisMerchantId: String(other) }] }]) {
      const res = await op(admin, loginLogOps.list, body);
      expect(res.code).toBe(CODES.forbidden);
      expect(res.msg).toBe('不能访问其他商户的数据');
    }
    const q = await admin.envelope({ method: 'GET', path: GATEWAY_PATHS.resourceFetch, query: { merchantId: other } });
    expect(q.code).toBe(CODES.forbidden);
  });

  it('sorts only by allow-listed fields and clamps the page size to 1..200', async () => {
    const admin = await t.signIn('admin');
    const bad = await op(admin, loginLogOps.list, { sortField: 'password_hash' });
    expect(bad.code).toBe(CODES.badInput);
    expect(bad.msg).toContain('排序字段只能是');
    const big = await op(admin, loginLogOps.list, { pageSize: 5000 });
    expect((big.data as Page<unknown>).pageSize).toBe(200);
    const small = await op(admin, loginLogOps.list, { pageSize: 0 });
    expect((small.data as Page<unknown>).pageSize).toBe(1);
    expect((await op(admin, loginLogOps.list, { pageNum: -1 })).code).toBe(CODES.badInput);
  });

  it('keeps the login log per merchant, searchable by account and time', async () => {
    const admin = await t.signIn('admin');
    await t.signIn('finance');
    await op(t.anon, signInOps.loginPassword.name, { userName: 'finance', password: 'Nope12345' }, { public: true });
    const all = (await op(admin, loginLogOps.list)).data as Page<{ userName: string; success: boolean }>;
    expect(all.total).toBe(3);
    const fin = (await op(admin, loginLogOps.list, { userName: 'finance', success: false })).data as Page<{ userName: string }>;
    expect(fin.list.map((r) => r.userName)).toEqual(['finance']);
    const none = (await op(admin, loginLogOps.list, { timeRange: [0, 1000] })).data as Page<unknown>;
    expect(none.total).toBe(0);
    expect((await op(admin, loginLogOps.list, { timeRange: [5, 1] })).msg).toContain('结束时间不能早于开始时间');

    // a newly registered merchant sees only its own log
    await t.anon.envelope({ method: 'POST', path: GATEWAY_PATHS.verifyCode, body: { phone: '13700000009', purpose: 'register' } });
    const code = await lastSmsCode(t.db, '13700000009');
    await op(
      t.anon,
      signInOps.register.name,
      { merchantName: '另一家商户', userName: 'other', phone: '13700000009', code, password: 'Other1234' },
      { public: true },
    );
    const other = await t.signIn('other', 'Other1234');
    const theirs = (await op(other, loginLogOps.list)).data as Page<{ userName: string }>;
    expect(theirs.list.map((r) => r.userName)).toEqual(['other']);
  });

  it('writes the operation log for state-changing operations, with result codes', async () => {
    const admin = await t.signIn('admin');
    await op(t.anon, signInOps.resetPassword.name, { phone: '13800000001', code: '123456', password: 'Whatever123' }, { public: true });
    await op(admin, signInOps.logout.name, {}, {});
    const rows = await t.db.db.selectFrom('operation_log').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.operation, r.result_code])).toEqual([
      [signInOps.resetPassword.name, CODES.verifyCodeInvalid],
      [signInOps.logout.name, '200'],
    ]);
    expect(rows[1]).toMatchObject({ user_name: 'admin', ip: '127.0.0.1' });
    expect(rows[1].merchant_id).toBeGreaterThan(0);
    expect(rows[1].organization_id).toBeGreaterThan(0);
    const admin2 = await t.signIn('admin');
    const list = (await op(admin2, operationLogOps.list, { operation: 'logout' })).data as Page<{ operation: string }>;
    expect(list.list.map((r) => r.operation)).toEqual([signInOps.logout.name]);
  });
});
