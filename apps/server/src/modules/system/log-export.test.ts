import { type ApiClient, CODES } from '@merchant/contracts';
import { organizationOps } from '@merchant/contracts/system/organization';
import { operationLogOps } from '@merchant/contracts/system/operation-log';
import { loginLogOps } from '@merchant/contracts/system/login-log';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterSummary } from '../../platform/export/filter-summary.ts';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';
import { loginLogList } from './login-log.ops.ts';
import { operationLogList } from './operation-log.ops.ts';

const OPERATION_LOG = operationLogOps.list.name;
const LOGIN_LOG = loginLogOps.list.name;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function listTotal(c: ApiClient, name: string, body: object = {}): Promise<number> {
  const res = await op(c, name, { ...body, pageSize: 1 });
  expect(res.code).toBe(CODES.ok);
  return (res.data as { total: number }).total;
}

/** The exported sheet's rows (header first), downloaded directly. */
async function exported(c: ApiClient, name: string, body: object, exportName: string): Promise<unknown[][]> {
  const res = await exportList(c, name, body, { exportName });
  if (res.kind !== 'file') throw new Error(JSON.stringify(res.envelope));
  expect(res.fileName).toMatch(new RegExp(`^${exportName}_\\d{14}\\.xlsx$`));
  return sheetRows(res.workbook);
}

describe.each(DIALECTS)('audit log exports (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // Sign-ins (one refused) for the login log; changes (one refused) for the operation log.
    await t.signIn('finance');
    await op(t.anon, signInOps.loginPassword.name, { userName: 'finance', password: 'Nope12345' }, { public: true });
    const leaving = await t.signIn('owner');
    await op(leaving, signInOps.logout.name);
    admin = await t.signIn('admin');
    const tree = (await op(admin, organizationOps.tree)).data as { id: number }[];
    expect((await op(admin, organizationOps.delete, { id: tree[0].id })).code).toBe(CODES.conflict);
  });
  afterAll(async () => {
    await t.close();
  });

  it('exports the operation log as the list shows it: operations and results in words', async () => {
    const header = ['操作时间', '操作账号', '操作', '操作标识', '所属页面', '操作对象', '结果', '结果码', 'IP 地址'];
    // A filter the export's own log entry (…#export) does not match: the file is exactly the list.
    const filter = { operation: 'system.org' };
    const rows = await exported(admin, OPERATION_LOG, filter, '操作日志');
    expect(rows[0]).toEqual(header);
    expect(rows.length - 1).toBe(await listTotal(admin, OPERATION_LOG, filter));
    const refused = rows.find((r) => r[3] === organizationOps.delete.name)!;
    expect([refused[1], refused[2], refused[4], refused[6], refused[7]]).toEqual([
      'admin',
      '删除组织',
      '组织管理',
      '根组织不能删除',
      CODES.conflict,
    ]);
    expect(String(refused[0])).toMatch(TIME);

    // Unfiltered, the file holds the export's own audit entry too (written before the rows are read).
    const all = await exported(admin, OPERATION_LOG, {}, '操作日志');
    expect(all.length - 1).toBe(await listTotal(admin, OPERATION_LOG));
    const logout = all.find((r) => r[3] === signInOps.logout.name)!;
    expect([logout[1], logout[2], logout[6], logout[7]]).toEqual(['owner', '退出登录', '成功', CODES.ok]);

    // Filters narrow the file exactly as they narrow the list.
    const byResult = await exported(admin, OPERATION_LOG, { resultCode: CODES.conflict }, '操作日志');
    expect(byResult.length - 1).toBe(await listTotal(admin, OPERATION_LOG, { resultCode: CODES.conflict }));
    expect(byResult.length - 1).toBeLessThan(all.length - 1);
    expect(byResult.slice(1).every((r) => r[7] === CODES.conflict)).toBe(true);
    const none = await exported(admin, OPERATION_LOG, { timeRange: [0, 1000] }, '操作日志');
    expect(none).toEqual([header]);

    expect(filterSummary({ operation: signInOps.logout.name, resultCode: CODES.ok, pageNum: 1 }, operationLogList.export)).toBe(
      '操作：退出登录；结果码：200',
    );
  });

  it('exports the login log with method, result, failure reason and device in words', async () => {
    const header = ['登录时间', '登录账号', '登录方式', '登录结果', '失败原因', 'IP 地址', '登录设备', '设备信息（User-Agent）'];
    const rows = await exported(admin, LOGIN_LOG, {}, '登录日志');
    expect(rows[0]).toEqual(header);
    const total = await listTotal(admin, LOGIN_LOG);
    expect(rows.length - 1).toBe(total);
    for (const r of rows.slice(1)) {
      expect(String(r[0])).toMatch(TIME);
      expect(r[2]).toBe('密码登录');
      expect(['成功', '失败']).toContain(r[3]);
      expect(typeof r[6]).toBe('string');
    }

    const failed = await exported(admin, LOGIN_LOG, { success: false }, '登录日志');
    expect(failed.length - 1).toBe(await listTotal(admin, LOGIN_LOG, { success: false }));
    expect(failed.length - 1).toBeLessThan(total);
    expect(failed.slice(1)).toContainEqual(expect.arrayContaining(['finance', '密码登录', '失败', '账号或密码错误']));
    expect(failed.slice(1).every((r) => r[3] === '失败')).toBe(true);

    const mine = await exported(admin, LOGIN_LOG, { userName: 'finance', success: true }, '登录日志');
    expect(mine.length - 1).toBe(await listTotal(admin, LOGIN_LOG, { userName: 'finance', success: true }));
    expect(mine.slice(1).map((r) => [r[1], r[3]])).toEqual([['finance', '成功']]);

    expect(
      filterSummary(
        { userName: 'finance', success: false, timeRange: [Date.UTC(2026, 0, 1, 16), Date.UTC(2026, 0, 2, 15, 59, 59)] },
        loginLogList.export,
      ),
    ).toBe('登录账号：finance；登录成功：否；登录时间：2026-01-02 00:00:00 至 2026-01-02 23:59:59');
  });

  it('refuses an account without the log pages (A0301)', async () => {
    const operator = await t.signIn('operator');
    for (const name of [OPERATION_LOG, LOGIN_LOG]) {
      const res = await exportList(operator, name, {});
      expect(res.kind === 'json' && res.envelope.code).toBe(CODES.forbidden);
    }
  });
});
