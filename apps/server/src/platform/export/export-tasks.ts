import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CODES, DEFAULT_BUSINESS_TIME_ZONE, formatInZone, type Paged } from '@merchant/contracts';
import { EXPORT_TASK_STATUS, type ExportTask, type exportTaskListInput } from '@merchant/contracts/file/export-task';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { AppError, badInput, notFound } from '../errors.ts';
import type { ExportTaskTable } from './export-task.table.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { lockRow } from '../row-lock.ts';
import type { ExportColumn } from './export-column.ts';
import { writeXlsx } from './xlsx-writer.ts';

const QUEUE = 'export-task';
/** A running task whose heartbeat is older than this was cut off (its server died). */
export const STALE_AFTER_MS = 2 * 60_000;
const HEARTBEAT_EVERY_MS = 1_000;
const SWEEP_EVERY_MS = 60_000;
const INTERRUPTED = '导出中断（服务重启或异常退出），请重试';
const FILE_GONE = '导出文件不存在或已过期';

type TaskRow = Selectable<ExportTaskTable>;

/** Whose tasks: an account of a merchant (every task call is limited to the caller's own). */
export interface ExportOwner {
  merchantId: number;
  accountId: number;
}

/** What a task keeps of its export: enough to run it again, later, as the account that asked for it. */
export interface ExportOrder extends ExportOwner {
  /** The list operation's name. */
  opName: string;
  /** Its validated input. */
  input: unknown;
  /** The session's selection when it was asked for (the permission is checked again with it). */
  organizationId: number | null;
  roleIds: number[];
  clientAnchor: string;
}

/** A new task: its order, and what 导出文件 shows of it. */
export interface NewExportTask extends ExportOrder {
  fileName: string;
  sourcePage: string;
  filterSummary: string;
  totalRows: number;
}

/** The rows of an order: its columns and its rows in batches (re-checking the account's access). */
export interface OpenedExport {
  columns: readonly ExportColumn[];
  rows: AsyncIterable<readonly Record<string, unknown>[]>;
}

/**
 * Opens an order's rows. Given by the export center's HTTP half (which knows the operations): the task
 * store never sees an operation, a request or the gateway. A refusal (AppError) fails the task with its message.
 */
export type OpenExport = (order: ExportOrder) => Promise<OpenedExport>;

/** A finished task's file. */
export interface ExportFile {
  path: string;
  fileName: string;
  size: number;
}

/**
 * The export center's task store, as the rest of the server sees it: 导出文件's operations (an account's own
 * tasks) and the HTTP half (queueing a task, a slot for a direct download, a finished task's file).
 */
export interface ExportTaskStore {
  list(owner: ExportOwner, input: z.output<typeof exportTaskListInput>): Promise<Paged<ExportTask>>;
  remove(owner: ExportOwner, id: number): Promise<{ id: number }>;
  retry(owner: ExportOwner, id: number): Promise<ExportTask>;
  /** Queues a task (counted against the account's active exports); its id. */
  queue(task: NewExportTask): Promise<number>;
  /** One of the account's export slots for a direct download; the function gives it back (once). */
  takeDownloadSlot(accountId: number): Promise<() => void>;
  /** A finished task's file (else "not found" with why). */
  finishedFile(owner: ExportOwner, id: number): Promise<ExportFile>;
}

export interface ExportTasksDeps {
  db: Db;
  config: Config;
  clock: Clock;
  runner: JobRunner;
  log: FastifyBaseLogger;
  open: OpenExport;
}

/**
 * `<name>_<yyyyMMddHHmmss>.xlsx` (the time on the business time zone's clock, as the pages show
 * times), built on the server: no path, no characters a file system refuses.
 */
export function exportFileName(name: string, now: number, timeZone: string = DEFAULT_BUSINESS_TIME_ZONE): string {
  const clean =
    name
      // eslint-disable-next-line no-control-regex
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '')
      .replace(/\.+$/, '')
      .trim()
      .slice(0, 60) || '导出';
  return `${clean}_${formatInZone(now, timeZone).replace(/\D/g, '')}.xlsx`;
}

function toTask(r: TaskRow): ExportTask {
  const total = Number(r.total_rows);
  const done = Number(r.processed_rows);
  return {
    id: r.id,
    fileName: r.file_name,
    sourcePage: r.source_page,
    filterSummary: r.filter_summary,
    status: r.status,
    progress: r.status === 'done' ? 100 : total > 0 ? Math.min(99, Math.floor((done * 100) / total)) : 0,
    rowCount: done,
    totalRows: total,
    fileSize: r.file_size === null ? null : Number(r.file_size),
    errorMessage: r.error_message,
    createdAt: Number(r.created_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
  };
}

/**
 * The export center's tasks (issue 6): an export too large to stream straight back (see export.routes.ts)
 * becomes a task run by the job runner, listed on 导出文件, kept for a number of days and then cleaned up.
 */
export class ExportTasks implements ExportTaskStore {
  /** Direct downloads in progress, per account (tasks are counted in the database). */
  private readonly inflight = new Map<number, number>();
  private sweepTimer?: NodeJS.Timeout;
  private readonly dir: string;
  private readonly runner: JobRunner;
  private readonly log: FastifyBaseLogger;

  constructor(private readonly deps: ExportTasksDeps) {
    this.runner = deps.runner;
    this.log = deps.log;
    this.dir = path.join(deps.config.dataDir, 'exports');
    this.runner.work(QUEUE, deps.config.export.workers, (data, signal) => this.run(Number(data.taskId), signal));
  }

  get runnerKind(): JobRunner['kind'] {
    return this.runner.kind;
  }

  async start(): Promise<void> {
    if (this.runner.kind === 'inprocess') {
      // One server owns every task: whatever was running died with the last process, and the
      // queued ones were only in its memory.
      await this.failRunning();
      const queued = await this.deps.db.db.selectFrom('export_task').select('id').where('status', '=', 'queued').orderBy('id').execute();
      for (const t of queued) await this.runner.send(QUEUE, { taskId: t.id });
    }
    await this.runner.start();
    await this.sweep().catch((err: unknown) => this.log.error({ err }, 'export sweep failed'));
    this.sweepTimer = setInterval(() => {
      this.sweep().catch((err: unknown) => this.log.error({ err }, 'export sweep failed'));
    }, SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweepTimer);
    await this.runner.stop();
  }

  /**
   * Takes one of the account's export slots (EXPORT_MAX_ACTIVE) and runs `take` — the task's insert,
   * or counting a direct download — in the same transaction, under a lock on the account row: the
   * count and the write are one step, so concurrent requests cannot all pass the check. Direct
   * downloads are counted by the server that streams them (`inflight`).
   */
  private async takeSlot<T>(accountId: number, take: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const max = this.deps.config.export.maxActivePerAccount;
    return this.deps.db.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'account', accountId);
      const row = await trx
        .selectFrom('export_task')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      const active = Number(row.n) + (this.inflight.get(accountId) ?? 0);
      if (active >= max) {
        throw new AppError(
          CODES.tooManyRequests,
          `您已有${active}个导出正在进行（最多${max}个），请等待完成后再试，进度可在「文件管理 → 导出文件」查看`,
          429,
        );
      }
      return take(trx);
    });
  }

  /** A slot for a direct download; the returned function gives it back (once) when the stream ends. */
  async takeDownloadSlot(accountId: number): Promise<() => void> {
    let taken = false;
    const release = () => {
      if (!taken) return;
      taken = false;
      const n = (this.inflight.get(accountId) ?? 1) - 1;
      if (n > 0) this.inflight.set(accountId, n);
      else this.inflight.delete(accountId);
    };
    try {
      await this.takeSlot(accountId, async () => {
        this.inflight.set(accountId, (this.inflight.get(accountId) ?? 0) + 1);
        taken = true;
      });
    } catch (err) {
      release();
      throw err;
    }
    return release;
  }

  async queue(task: NewExportTask): Promise<number> {
    const row = await this.takeSlot(task.accountId, (trx) =>
      trx
        .insertInto('export_task')
        .values({
          merchant_id: task.merchantId,
          account_id: task.accountId,
          op_name: task.opName,
          input_json: JSON.stringify(task.input),
          organization_id: task.organizationId,
          role_ids: task.roleIds.join(','),
          client_anchor: task.clientAnchor.slice(0, 128),
          file_name: task.fileName,
          source_page: task.sourcePage.slice(0, 64),
          filter_summary: task.filterSummary.slice(0, 1000),
          status: 'queued',
          total_rows: task.totalRows,
          created_at: this.deps.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    // After the commit: the job must find the task queued.
    await this.runner.send(QUEUE, { taskId: row.id });
    return row.id;
  }

  // ---------------------------------------------------------------- the job

  private filePath(merchantId: number, storageName: string): string {
    return path.join(this.dir, String(merchantId), storageName);
  }

  /** Runs one task: claims it, re-checks the account's access, writes to a .part file, renames when complete. */
  async run(taskId: number, signal: AbortSignal): Promise<void> {
    const { db } = this.deps.db;
    const now = this.deps.clock.now();
    const storageName = `${randomBytes(16).toString('hex')}.xlsx`;
    const claimed = await db
      .updateTable('export_task')
      .set((eb) => ({
        status: 'running',
        started_at: now,
        heartbeat_at: now,
        processed_rows: 0,
        storage_name: storageName,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', taskId)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return; // deleted, or another worker has it
    const task = await db.selectFrom('export_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    const finalPath = this.filePath(task.merchant_id, storageName);
    const partPath = `${finalPath}.part`;
    const stop = new AbortController();
    const onServerStop = () => stop.abort(signal.reason);
    signal.addEventListener('abort', onServerStop, { once: true });
    let out: fs.WriteStream | undefined;
    try {
      const opened = await this.deps.open({
        merchantId: task.merchant_id,
        accountId: task.account_id,
        opName: task.op_name,
        input: JSON.parse(task.input_json),
        organizationId: task.organization_id,
        roleIds: task.role_ids ? task.role_ids.split(',').map(Number) : [],
        clientAnchor: task.client_anchor,
      });
      fs.mkdirSync(path.dirname(finalPath), { recursive: true });
      out = fs.createWriteStream(partPath);
      let lastBeat = 0;
      const onProgress = async (rows: number) => {
        const t = this.deps.clock.now();
        if (Date.now() - lastBeat < HEARTBEAT_EVERY_MS) return;
        lastBeat = Date.now();
        const res = await db
          .updateTable('export_task')
          .set({ processed_rows: rows, heartbeat_at: t })
          .where('id', '=', taskId)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) stop.abort(new Error('任务已删除'));
      };
      const closed = pipelineDone(out);
      const written = await writeXlsx(out, opened.columns, opened.rows, {
        sheetName: task.file_name.replace(/_\d+\.xlsx$/, ''),
        onProgress,
        signal: stop.signal,
        timeZone: this.deps.config.businessTimeZone,
      });
      await closed;
      // Only a complete file gets its final name, and only then is the task done.
      fs.renameSync(partPath, finalPath);
      const size = fs.statSync(finalPath).size;
      const finished = this.deps.clock.now();
      const res = await db
        .updateTable('export_task')
        .set({
          status: 'done',
          processed_rows: written.rows,
          total_rows: written.rows,
          file_size: size,
          finished_at: finished,
          heartbeat_at: finished,
          expires_at: finished + this.deps.config.export.fileDays * 86_400_000,
          error_message: null,
        })
        .where('id', '=', taskId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) fs.rmSync(finalPath, { force: true }); // deleted meanwhile
    } catch (err) {
      out?.destroy();
      fs.rmSync(partPath, { force: true });
      const message = signal.aborted ? INTERRUPTED : err instanceof AppError ? err.message : '导出失败，请重试';
      if (!(err instanceof AppError) && !signal.aborted) this.log.error({ err, taskId }, 'export task failed');
      await db
        .updateTable('export_task')
        .set({ status: 'failed', error_message: message, finished_at: this.deps.clock.now(), storage_name: null })
        .where('id', '=', taskId)
        .where('status', '=', 'running')
        .execute();
    } finally {
      signal.removeEventListener('abort', onServerStop);
    }
  }

  /** Marks running tasks failed (all of them, or those whose heartbeat is older than `staleBefore`). */
  private async failRunning(staleBefore?: number): Promise<number> {
    const now = this.deps.clock.now();
    let q = this.deps.db.db
      .updateTable('export_task')
      .set({ status: 'failed', error_message: INTERRUPTED, finished_at: now })
      .where('status', '=', 'running');
    if (staleBefore !== undefined) q = q.where('heartbeat_at', '<', staleBefore);
    const rows = await q.returning(['id', 'merchant_id', 'storage_name']).execute();
    for (const r of rows) if (r.storage_name) fs.rmSync(`${this.filePath(r.merchant_id, r.storage_name)}.part`, { force: true });
    return rows.length;
  }

  /** Fails tasks whose server died mid-run (stale heartbeat) and deletes expired files. */
  async sweep(): Promise<{ failed: number; expired: number }> {
    const { db } = this.deps.db;
    const now = this.deps.clock.now();
    const failed = await this.failRunning(now - STALE_AFTER_MS);
    const expired = await db
      .selectFrom('export_task')
      .select(['id', 'merchant_id', 'storage_name'])
      .where('status', '=', 'done')
      .where('expires_at', '<=', now)
      .execute();
    for (const r of expired) {
      await db
        .updateTable('export_task')
        .set({ status: 'expired', storage_name: null })
        .where('id', '=', r.id)
        .where('status', '=', 'done')
        .execute();
      if (r.storage_name) fs.rmSync(this.filePath(r.merchant_id, r.storage_name), { force: true });
    }
    return { failed, expired: expired.length };
  }

  // ---------------------------------------------------------------- 导出文件 operations

  async list(owner: ExportOwner, input: z.output<typeof exportTaskListInput>): Promise<Paged<ExportTask>> {
    let q = this.deps.db.db.selectFrom('export_task').where('merchant_id', '=', owner.merchantId).where('account_id', '=', owner.accountId);
    if (input.status) q = q.where('status', '=', input.status);
    const [rows, total] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(input.pageSize)
        .offset((input.pageNum - 1) * input.pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(toTask), total: Number(total.n), pageNum: input.pageNum, pageSize: input.pageSize };
  }

  private async own(owner: ExportOwner, id: number): Promise<TaskRow> {
    const row = await this.deps.db.db
      .selectFrom('export_task')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', owner.merchantId)
      .where('account_id', '=', owner.accountId)
      .executeTakeFirst();
    if (!row) throw notFound('导出任务');
    return row;
  }

  async remove(owner: ExportOwner, id: number): Promise<{ id: number }> {
    const row = await this.own(owner, id);
    await this.deps.db.db.deleteFrom('export_task').where('id', '=', row.id).execute();
    if (row.storage_name) {
      const file = this.filePath(row.merchant_id, row.storage_name);
      fs.rmSync(file, { force: true });
      if (row.status !== 'running') fs.rmSync(`${file}.part`, { force: true });
    }
    return { id: row.id };
  }

  async retry(owner: ExportOwner, id: number): Promise<ExportTask> {
    const row = await this.own(owner, id);
    if (row.status !== 'failed' && row.status !== 'expired')
      throw badInput(`只有失败或已过期的导出可以重试（当前：${EXPORT_TASK_STATUS[row.status]}）`);
    const updated = await this.takeSlot(row.account_id, (trx) =>
      trx
        .updateTable('export_task')
        .set({
          status: 'queued',
          error_message: null,
          processed_rows: 0,
          finished_at: null,
          expires_at: null,
          file_size: null,
          storage_name: null,
          created_at: this.deps.clock.now(),
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .returningAll()
        .executeTakeFirst(),
    );
    if (!updated) throw badInput('导出任务状态已变化，请刷新后再试');
    await this.runner.send(QUEUE, { taskId: row.id });
    return toTask(updated);
  }

  async finishedFile(owner: ExportOwner, id: number): Promise<ExportFile> {
    const row = await this.own(owner, id);
    if (row.status !== 'done' || !row.storage_name)
      throw new AppError(CODES.notFound, row.status === 'expired' ? FILE_GONE : `导出尚未完成（${EXPORT_TASK_STATUS[row.status]}）`, 404);
    const file = this.filePath(row.merchant_id, row.storage_name);
    if (!fs.existsSync(file)) throw new AppError(CODES.notFound, FILE_GONE, 404);
    return { path: file, fileName: row.file_name, size: fs.statSync(file).size };
  }
}

/** Resolves when a file stream has flushed and closed (rejects on its error). */
function pipelineDone(out: fs.WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('close', resolve);
    out.once('error', reject);
  });
}
