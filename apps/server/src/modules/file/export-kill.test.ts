import { accountOps } from '@merchant/contracts/system/account';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, CODES, GATEWAY_PATHS } from '@merchant/contracts';
import { type ExportQueued, type ExportTask, exportTaskOps } from '@merchant/contracts/file/export-task';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { runSeeds } from '../../platform/seeds.ts';
import { downloadTask, exportList, sheetRows } from '../../test/export-kit.ts';
import { op, TEST_PASSWORD } from '../../test/harness.ts';
import { freePort, startServerProcess } from '../../test/server-process.ts';

// A real server process is killed (SIGKILL) while it writes an export, then started again: the task
// must end failed with its partial file gone, never done with a truncated file; a retry completes.

const EXTRA_ACCOUNTS = 60_000;

async function signIn(port: number) {
  const anon = new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, appKey: 'A1001000' });
  const { token } = await anon.call<{ token: string }>({
    method: 'POST',
    path: GATEWAY_PATHS.ignoreSecurity,
    body: { name: signInOps.loginPassword.name, body: { userName: 'admin', password: TEST_PASSWORD } },
  });
  return new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, appKey: 'A1001000', getToken: () => token });
}

describe('export task killed mid-run (sqlite, real process)', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-kill-'));
    const db = await createDb({ dataDir });
    await migrateToLatest(db.db);
    await runSeeds(db.db, { demoSeed: true, demoPassword: TEST_PASSWORD }, Date.now());
    await db.destroy();
    // Enough accounts that the export is still running when the process is killed.
    const raw = new SQLite(path.join(dataDir, 'merchant.db'));
    const tmpl = raw.prepare("select * from account where user_name = 'operator'").get() as Record<string, unknown>;
    const cols = Object.keys(tmpl).filter((c) => c !== 'id');
    const insert = raw.prepare(`insert into account (${cols.join(',')}) values (${cols.map((c) => '@' + c).join(',')})`);
    raw.transaction(() => {
      for (let i = 0; i < EXTRA_ACCOUNTS; i++) insert.run({ ...tmpl, user_name: `bulk${i}`, phone: String(15000000000 + i) });
    })();
    raw.close();
  }, 120_000);
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves a failed task and no file, then a retry completes', async () => {
    const port = await freePort();
    child = await startServerProcess(dataDir, port, { EXPORT_SYNC_MAX_ROWS: '0' });
    let admin = await signIn(port);
    const res = await exportList(admin, accountOps.list, {}, { exportName: '账号列表' });
    if (res.kind !== 'json') throw new Error('expected a task');
    expect(res.envelope.code).toBe(CODES.exportQueued);
    const { taskId, totalRows } = res.envelope.data as ExportQueued;
    expect(totalRows).toBeGreaterThan(EXTRA_ACCOUNTS);

    // Kill it once rows are being written.
    const exportsDir = path.join(dataDir, 'exports');
    const partFiles = () =>
      fs.existsSync(exportsDir)
        ? fs
            .readdirSync(exportsDir, { recursive: true })
            .map(String)
            .filter((f) => f.endsWith('.part'))
        : [];
    let running: ExportTask | undefined;
    for (let i = 0; i < 600 && !running; i++) {
      const list = ((await op(admin, exportTaskOps.list.name, {})).data as { list: ExportTask[] }).list;
      const t = list.find((x) => x.id === taskId);
      if (t?.status === 'running' && t.rowCount > 0 && partFiles().length > 0) running = t;
      else if (t?.status === 'done') throw new Error('export finished before it could be killed; raise EXTRA_ACCOUNTS');
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(running).toBeDefined();
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    expect(partFiles().length).toBe(1); // the partial file is on disk, under its .part name only

    child = await startServerProcess(dataDir, port, { EXPORT_SYNC_MAX_ROWS: '0' });
    admin = await signIn(port);
    const after = ((await op(admin, exportTaskOps.list.name, {})).data as { list: ExportTask[] }).list.find((x) => x.id === taskId)!;
    expect(after).toMatchObject({ status: 'failed', errorMessage: '导出中断（服务重启或异常退出），请重试' });
    expect(partFiles()).toEqual([]);
    const dl = await downloadTask(admin, taskId);
    expect(dl.kind === 'json' && dl.envelope.code).toBe(CODES.notFound);

    expect((await op(admin, exportTaskOps.retry.name, { id: taskId })).code).toBe(CODES.ok);
    let done: ExportTask | undefined;
    for (let i = 0; i < 1200 && !done; i++) {
      const t = ((await op(admin, exportTaskOps.list.name, {})).data as { list: ExportTask[] }).list.find((x) => x.id === taskId);
      if (t?.status === 'done') done = t;
      else if (t?.status === 'failed') throw new Error(`retry failed: ${t.errorMessage}`);
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(done?.rowCount).toBe(totalRows);
    const file = await downloadTask(admin, taskId);
    if (file.kind !== 'file') throw new Error(JSON.stringify(file));
    expect(sheetRows(file.workbook).length - 1).toBe(totalRows);
  }, 180_000);
});
