import { organizationOps } from '@merchant/contracts/system/organization';
import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import fs from 'node:fs';
import path from 'node:path';
import { CODES } from '@merchant/contracts';
import { type ExportQueued, type ExportTask, exportTaskOps } from '@merchant/contracts/file/export-task';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { downloadTask, exportList, sheetRows } from '../../test/export-kit.ts';
import { STALE_AFTER_MS } from '../../platform/export/export-tasks.ts';

type Client = Awaited<ReturnType<TestApp['signIn']>>;

async function tasks(c: Client): Promise<ExportTask[]> {
  const res = await op(c, exportTaskOps.list.name, { pageSize: 50 });
  expect(res.code).toBe(CODES.ok);
  return (res.data as { list: ExportTask[] }).list;
}

/** Waits (real time: the job runner works in the background) until the task leaves queued/running. */
async function settled(c: Client, id: number): Promise<ExportTask> {
  for (let i = 0; i < 300; i++) {
    const task = (await tasks(c)).find((x) => x.id === id);
    if (task && task.status !== 'queued' && task.status !== 'running') return task;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

async function accountTotal(c: Client, body: object = {}): Promise<number> {
  const res = await op(c, accountOps.list, { ...body, pageSize: 1 });
  return (res.data as { total: number }).total;
}

describe.each(DIALECTS)('export center (%s)', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    // Exports of more than 10 rows become tasks (the demo merchant has ~30 accounts).
    t = await startTestApp(dialect, { export: { syncMaxRows: 10, fileDays: 7, maxActivePerAccount: 2, workers: 1 } });
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  it('answers a small export with the file itself: headers, name, rows and Chinese labels', async () => {
    expect(t.exports.runnerKind).toBe(dialect === 'postgres' ? 'pgboss' : 'inprocess');
    const total = await accountTotal(admin, { status: 0 });
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(10);
    const res = await exportList(admin, accountOps.list, { status: 0 }, { exportName: '账号列表' });
    if (res.kind !== 'file') throw new Error(JSON.stringify(res));
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.fileName).toMatch(/^账号列表_\d{14}\.xlsx$/);
    const rows = sheetRows(res.workbook);
    expect(rows[0]).toEqual(['账号', '手机号', '账号类型', '数据范围', '组织/角色', '状态', '创建时间', '更新时间']);
    expect(rows.length - 1).toBe(total);
    for (const r of rows.slice(1)) {
      expect(r[5]).toBe('停用');
      expect(String(r[1])).toMatch(/^\d{3}\*{4}\d{4}$|^$/); // masked as on the list
      expect(String(r[6])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // The export is in the operation log.
    const log = await t.db.db
      .selectFrom('operation_log')
      .select(['operation', 'result_code'])
      .where('operation', '=', `${accountOps.list.name}#export`)
      .execute();
    expect(log.length).toBeGreaterThan(0);
  });

  it('refuses bad input, unknown or non-exportable lists and missing permission, writing nothing', async () => {
    const before = await tasks(admin);
    const bad = await exportList(admin, accountOps.list, { status: 7 });
    expect(bad.kind === 'json' && bad.envelope.code).toBe(CODES.badInput);
    const unknown = await exportList(admin, 'no.such.list');
    expect(unknown.kind === 'json' && unknown.envelope.code).toBe(CODES.notFound);
    const notList = await exportList(admin, accountOps.detail, { id: 1 });
    expect(notList.kind === 'json' && notList.envelope).toMatchObject({ code: CODES.badInput, msg: '「账号详情」不支持导出' });
    const noName = await admin.envelope({ method: 'POST', path: '/ben-api/api/uniter/v1/common/export', body: { body: {} } });
    expect(noName.code).toBe(CODES.badInput);
    const finance = await t.signIn('finance');
    const denied = await exportList(finance, accountOps.list);
    expect(denied.kind === 'json' && denied.envelope.code).toBe(CODES.forbidden);
    const foreign = await exportList(admin, accountOps.list, { merchantId: 99999 });
    expect(foreign.kind === 'json' && foreign.envelope.code).toBe(CODES.forbidden);
    const anon = await exportList(t.anon, accountOps.list);
    expect(anon.kind === 'json' && anon.envelope.code).toBe(CODES.sessionInvalid);
    expect(await tasks(admin)).toEqual(before);
  });

  it('turns a large export into a task: 200002, progress, download, filters in words, delete', async () => {
    const total = await accountTotal(admin, { status: 1 });
    expect(total).toBeGreaterThan(10);
    const res = await exportList(admin, accountOps.list, { status: 1 }, { exportName: '账号列表' });
    if (res.kind !== 'json') throw new Error('expected a task');
    expect(res.envelope.code).toBe(CODES.exportQueued);
    expect(res.envelope.msg).toContain('导出文件');
    const { taskId, totalRows } = res.envelope.data as ExportQueued;
    expect(totalRows).toBe(total);
    const task = await settled(admin, taskId);
    expect(task).toMatchObject({
      status: 'done',
      progress: 100,
      rowCount: total,
      totalRows: total,
      sourcePage: '账号列表',
      filterSummary: '状态：启用',
    });
    expect(task.fileName).toMatch(/^账号列表_\d{14}\.xlsx$/);
    expect(task.fileSize).toBeGreaterThan(1000);
    expect(task.expiresAt).toBe(task.finishedAt! + 7 * 86_400_000);

    const file = await downloadTask(admin, taskId);
    if (file.kind !== 'file') throw new Error(JSON.stringify(file));
    expect(file.fileName).toBe(task.fileName);
    expect(file.bytes).toBe(task.fileSize);
    const rows = sheetRows(file.workbook);
    expect(rows.length - 1).toBe(total);
    expect(rows.slice(1).every((r) => r[5] === '启用')).toBe(true);

    // The stored file has a random name under DATA_DIR/exports/<merchant>/, never the client's.
    const stored = await t.db.db
      .selectFrom('export_task')
      .select(['storage_name', 'merchant_id'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(stored.storage_name).toMatch(/^[0-9a-f]{32}\.xlsx$/);
    const onDisk = path.join(t.config.dataDir, 'exports', String(stored.merchant_id), stored.storage_name!);
    expect(fs.existsSync(onDisk)).toBe(true);

    expect((await op(admin, exportTaskOps.delete.name, { id: taskId })).code).toBe(CODES.ok);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await tasks(admin)).some((x) => x.id === taskId)).toBe(false);
    const gone = await downloadTask(admin, taskId);
    expect(gone.kind === 'json' && gone.envelope.code).toBe(CODES.notFound);
  });

  it("never shows or hands over another account's or another merchant's task", async () => {
    const res = await exportList(admin, accountOps.list, {}, { exportName: '全部账号' });
    const { taskId } = (res as { envelope: { data: ExportQueued } }).envelope.data;
    await settled(admin, taskId);
    const multi = await t.signIn('multi'); // same merchant, another account
    const other = await registerMerchant(t, '另一家商户', 'otheradmin', '13900009999');
    for (const c of [multi, other]) {
      expect((await tasks(c)).some((x) => x.id === taskId)).toBe(false);
      const dl = await downloadTask(c, taskId);
      expect(dl.kind === 'json' && dl.envelope.code).toBe(CODES.notFound);
      expect((await op(c, exportTaskOps.delete.name, { id: taskId })).code).toBe(CODES.notFound);
      expect((await op(c, exportTaskOps.retry.name, { id: taskId })).code).toBe(CODES.notFound);
    }
    expect((await tasks(admin)).find((x) => x.id === taskId)?.status).toBe('done');
    const bad = await op(admin, exportTaskOps.delete.name, { id: 'x' });
    expect(bad.code).toBe(CODES.badInput);
    const notFailed = await op(admin, exportTaskOps.retry.name, { id: taskId });
    expect(notFailed).toMatchObject({ code: CODES.badInput, msg: '只有失败或已过期的导出可以重试（当前：已完成）' });
  });

  it('writes values beginning with = + - @ as text cells, never formulas', async () => {
    const orgs = [`=HYPERLINK("http://x","y")`, '+1+2', '-3+4', '@SUM(A1)'];
    const root = await t.db.db
      .selectFrom('organization')
      .select('id')
      .where('merchant_id', '=', 1)
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    for (const [i, name] of orgs.entries()) {
      const org = await op(admin, organizationOps.add, { parentId: root.id, name });
      expect(org.code, org.msg).toBe(CODES.ok);
      const organizationId = (org.data as { id: number }).id;
      const role = await op(admin, roleOps.add, { organizationId, name: `公式角色${i}`, menuIds: [] });
      expect(role.code, role.msg).toBe(CODES.ok);
      const added = await op(admin, accountOps.add, {
        userName: `formula${i}`,
        phone: `1370000111${i}`,
        password: TEST_PASSWORD,
        memberships: [{ organizationId, roleId: (role.data as { id: number }).id }],
      });
      expect(added.code, added.msg).toBe(CODES.ok);
    }
    const res = await exportList(admin, accountOps.list, { userName: 'formula', sortField: 'userName', sortOrder: 'ascend' });
    if (res.kind !== 'file') throw new Error(JSON.stringify(res));
    const ws = res.workbook.worksheets[0];
    orgs.forEach((name, i) => {
      const cell = ws.getCell(`E${i + 2}`);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
      expect(cell.value).toBe(`${name}/公式角色${i}`);
    });
  });

  it('limits concurrent exports per account with a clear message', async () => {
    const before = await t.db.db.selectFrom('export_task').select('id').execute();
    // Two tasks queued behind a busy worker: hold them as queued by marking them so directly.
    const now = t.clock.now();
    const account = await t.db.db
      .selectFrom('account')
      .select(['id', 'merchant_id'])
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const base = {
      merchant_id: account.merchant_id,
      account_id: account.id,
      op_name: accountOps.list.name,
      input_json: '{}',
      organization_id: null,
      file_name: 'x.xlsx',
      source_page: '账号列表',
      created_at: now,
      heartbeat_at: now,
    };
    await t.db.db
      .insertInto('export_task')
      .values([
        { ...base, status: 'running' },
        { ...base, status: 'running' },
      ])
      .execute();
    const res = await exportList(admin, accountOps.list, { status: 0 });
    expect(res.kind === 'json' && res.envelope.code).toBe(CODES.tooManyRequests);
    expect(res.kind === 'json' && res.envelope.msg).toContain('您已有2个导出正在进行（最多2个）');
    await t.db.db
      .deleteFrom('export_task')
      .where('id', 'not in', before.length ? before.map((b) => b.id) : [0])
      .execute();
  });

  it('marks a task whose server died mid-run failed (never done), removes the partial file, and retries it', async () => {
    const account = await t.db.db
      .selectFrom('account')
      .select(['id', 'merchant_id'])
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const role = await t.db.db
      .selectFrom('membership')
      .select(['organization_id', 'role_id'])
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    const storage = 'ab'.repeat(16) + '.xlsx';
    const part = path.join(t.config.dataDir, 'exports', String(account.merchant_id), `${storage}.part`);
    fs.mkdirSync(path.dirname(part), { recursive: true });
    fs.writeFileSync(part, 'PK partial');
    const now = t.clock.now();
    const { id } = await t.db.db
      .insertInto('export_task')
      .values({
        merchant_id: account.merchant_id,
        account_id: account.id,
        op_name: accountOps.list.name,
        input_json: '{"status":1}',
        organization_id: role.organization_id,
        role_ids: String(role.role_id),
        file_name: '账号列表_20261121100000.xlsx',
        source_page: '账号列表',
        status: 'running',
        total_rows: 30,
        processed_rows: 12,
        storage_name: storage,
        created_at: now,
        started_at: now,
        heartbeat_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Still beating: left alone.
    expect((await t.exports.sweep()).failed).toBe(0);
    t.clock.advance(STALE_AFTER_MS + 1000);
    expect((await t.exports.sweep()).failed).toBe(1);
    const failed = (await tasks(admin)).find((x) => x.id === id)!;
    expect(failed).toMatchObject({ status: 'failed', errorMessage: '导出中断（服务重启或异常退出），请重试' });
    expect(fs.existsSync(part)).toBe(false);
    const dl = await downloadTask(admin, id);
    expect(dl.kind === 'json' && dl.envelope.code).toBe(CODES.notFound);

    const retried = await op(admin, exportTaskOps.retry.name, { id });
    expect(retried.code, retried.msg).toBe(CODES.ok);
    const done = await settled(admin, id);
    expect(done.status).toBe('done');
    const file = await downloadTask(admin, id);
    if (file.kind !== 'file') throw new Error(JSON.stringify(file));
    expect(sheetRows(file.workbook).length - 1).toBe(await accountTotal(admin, { status: 1 }));
  });

  it('expires finished files after the configured days and deletes them', async () => {
    const res = await exportList(admin, accountOps.list, {}, { exportName: '过期测试' });
    const { taskId } = (res as { envelope: { data: ExportQueued } }).envelope.data;
    const done = await settled(admin, taskId);
    const row = await t.db.db
      .selectFrom('export_task')
      .select(['storage_name', 'merchant_id'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    const onDisk = path.join(t.config.dataDir, 'exports', String(row.merchant_id), row.storage_name!);
    t.clock.advance(done.expiresAt! - t.clock.now() + 1);
    const swept = await t.exports.sweep();
    admin = await t.signIn('admin'); // the old session has run past its absolute limit
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await tasks(admin)).find((x) => x.id === taskId)?.status).toBe('expired');
    const dl = await downloadTask(admin, taskId);
    expect(dl.kind === 'json' && dl.envelope).toMatchObject({ code: CODES.notFound, msg: '导出文件不存在或已过期' });
  });
});
