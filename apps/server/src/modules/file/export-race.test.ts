import { type ApiClient, CODES } from '@merchant/contracts';
import { accountOps } from '@merchant/contracts/system/account';
import { exportTaskOps } from '@merchant/contracts/file/export-task';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, startTestApp, type TestApp } from '../../test/harness.ts';
import { exportList } from '../../test/export-kit.ts';
import { expectWinners, race, type RaceAnswer } from '../../test/race.ts';

const BUSY = /^您已有2个导出正在进行（最多2个），请等待完成后再试，进度可在「文件管理 → 导出文件」查看$/;

/** The per-account cap of active exports (EXPORT_MAX_ACTIVE) under concurrent requests (issue 10 item 4). */
describe.each(DIALECTS)('export cap under concurrency (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let accountId: number;

  const exportAsTask = async (): Promise<RaceAnswer> => {
    const res = await exportList(admin, accountOps.list, {});
    if (res.kind !== 'json') throw new Error('expected a task, got a file');
    return { ...res.envelope, status: res.status };
  };
  const active = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('export_task')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    // Every export becomes a task, and no task runs (the runner is stopped): a slot is freed only by the test.
    t = await startTestApp(dialect, {
      export: { syncMaxRows: 0, fileDays: 7, maxActivePerAccount: 2, workers: 1 },
      jobRunner: 'inprocess',
    });
    await t.exports.stop();
    admin = await t.signIn('admin');
    accountId = (await t.db.db.selectFrom('account').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues no more than the cap when many exports arrive at once', async () => {
    const answers = await race(12, exportAsTask);
    expectWinners(answers, { code: CODES.tooManyRequests, msg: BUSY, status: 429 }, { winners: 2, okCode: CODES.exportQueued });
    expect(await active()).toBe(2);
  });

  it('retries no more failed exports than the cap allows at once', async () => {
    await t.db.db.updateTable('export_task').set({ status: 'failed', error_message: '测试' }).where('account_id', '=', accountId).execute();
    for (let i = 0; i < 3; i++) expect((await exportAsTask()).code).toBe(i < 2 ? CODES.exportQueued : CODES.tooManyRequests);
    await t.db.db.updateTable('export_task').set({ status: 'failed', error_message: '测试' }).where('account_id', '=', accountId).execute();
    const ids = (await t.db.db.selectFrom('export_task').select('id').where('account_id', '=', accountId).execute()).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    const answers = await race(ids.length, (i) => op(admin, exportTaskOps.retry.name, { id: ids[i] }));
    expectWinners(answers, { code: CODES.tooManyRequests, msg: BUSY, status: 429 }, { winners: 2 });
    expect(await active()).toBe(2);
  });
});
