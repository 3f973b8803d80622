import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import {
  anchorsOf,
  CODES,
  DEFAULT_BUSINESS_TIME_ZONE,
  formatInZone,
  EXPORT_TASK_STATUS,
  exportRequestSchema,
  exportTaskIdInput,
  type ExportQueued,
  type ExportTask,
  type exportTaskListInput,
} from '@merchant/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { ExportTaskTable } from './export-task.table.ts';
import { loadAccess } from '../auth/access.ts';
import type { SessionContext } from '../auth/session.service.ts';
import { AppError, badInput, forbidden, notFound } from '../errors.ts';
import type { OpContext, Operation } from '../gateway/registry.ts';
import { auditCall, authorize, contextFor, inputError, operationContext, parseInput, type GatewayDeps } from '../gateway/gateway.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { lockRow } from '../row-lock.ts';
import type { ExportSource } from './export-spec.ts';
import { filterSummary } from './filter-summary.ts';
import { writeXlsx } from './xlsx-writer.ts';

const QUEUE = 'export-task';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A running task whose heartbeat is older than this was cut off (its server died). */
export const STALE_AFTER_MS = 2 * 60_000;
const HEARTBEAT_EVERY_MS = 1_000;
const SWEEP_EVERY_MS = 60_000;
const INTERRUPTED = '导出中断（服务重启或异常退出），请重试';
const FILE_GONE = '导出文件不存在或已过期';

type TaskRow = Selectable<ExportTaskTable>;
type Exportable = Operation & { export: ExportSource<unknown, Record<string, unknown>> };

/**
 * `<name>_<yyyyMMddHHmmss>.xlsx` (the time on the business time zone's clock, as the pages show
 * times), built on the server: no path, no characters a file system refuses.
 */
export function exportFileName(name: string, now: number, timeZone: string = DEFAULT_BUSINESS_TIME_ZONE): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').replace(/\.+$/, '').trim().slice(0, 60) || '导出';
  return `${clean}_${formatInZone(now, timeZone).replace(/\D/g, '')}.xlsx`;
}

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
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
 * The export center (issue 6): every exportable list answers `POST …/common/export` by re-running
 * its own query through the same permission and merchant scope. Small results stream straight back
 * as an .xlsx; larger ones become tasks run by the job runner, listed on 导出文件, kept for a number
 * of days and then cleaned up.
 */
export class ExportTasks {
  /** Direct downloads in progress, per account (tasks are counted in the database). */
  private readonly inflight = new Map<number, number>();
  private sweepTimer?: NodeJS.Timeout;
  private readonly dir: string;

  constructor(
    private readonly deps: GatewayDeps,
    private readonly runner: JobRunner,
    private readonly log: FastifyBaseLogger,
  ) {
    this.dir = path.join(deps.config.dataDir, 'exports');
    runner.work(QUEUE, deps.config.export.workers, (data, signal) => this.run(Number(data.taskId), signal));
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

  // ---------------------------------------------------------------- request: export

  /** `POST /ben-api/api/uniter/v1/common/export`: a file now, or a task (pass-silent 200002). */
  async handleExport(req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const parsed = exportRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw inputError(parsed.error);
    const call = parsed.data;
    const op = this.deps.registry.get(call.name);
    if (!op) throw new AppError(CODES.notFound, `未知的操作：${call.name}`, 404);
    const ctx = contextFor(this.deps, req, call.anchor);
    let input: unknown = call.body;
    const audit = (resultCode: string, resultMsg: string) =>
      ctx.session
        ? auditCall(this.deps, req, ctx, { operation: `${op.name}#export`, anchor: anchorsOf(op).join(','), clientAnchor: call.anchor, input, resultCode, resultMsg })
        : Promise.resolve();
    try {
      await authorize(this.deps, req, op, ctx, call.body, { publicOnly: false });
      if (!op.export) throw badInput(`「${op.summary}」不支持导出`);
      input = parseInput(op, call.body);
      const session = ctx.session!;
      const source = op.export as ExportSource<unknown, Record<string, unknown>>;
      const total = await source.count(ctx, input);
      const fileName = exportFileName(call.exportName || op.summary, this.deps.clock.now(), this.deps.config.businessTimeZone);
      if (total > this.deps.config.export.syncMaxRows) {
        const taskId = await this.createTask(op as Exportable, session, input, call, fileName, total);
        const msg = `数据较多（${total}条），已转为后台导出，完成后请到「文件管理 → 导出文件」下载`;
        await audit(CODES.exportQueued, msg);
        reply.header('cache-control', 'no-store');
        const data: ExportQueued = { taskId, totalRows: total };
        return { code: CODES.exportQueued, msg, message: msg, data };
      }
      const release = await this.takeDownloadSlot(session.accountId);
      await audit(CODES.ok, `导出${total}条`);
      return this.streamNow(reply, release, source, ctx, input, fileName);
    } catch (err) {
      await audit(err instanceof AppError ? err.code : CODES.serverError, err instanceof AppError ? err.message : '服务器错误');
      throw err;
    }
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
        throw new AppError(CODES.tooManyRequests, `您已有${active}个导出正在进行（最多${max}个），请等待完成后再试，进度可在「文件管理 → 导出文件」查看`, 429);
      }
      return take(trx);
    });
  }

  /** A slot for a direct download; the returned function gives it back (once) when the stream ends. */
  private async takeDownloadSlot(accountId: number): Promise<() => void> {
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

  private streamNow(reply: FastifyReply, release: () => void, source: ExportSource<unknown, Record<string, unknown>>, ctx: OpContext, input: unknown, fileName: string) {
    const body = new PassThrough();
    const abort = new AbortController();
    // The client went away: stop reading the database.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abort.abort(new Error('client closed'));
    });
    writeXlsx(body, source.columns, source.rows(ctx, input), { sheetName: fileName.replace(/_\d+\.xlsx$/, ''), signal: abort.signal, timeZone: this.deps.config.businessTimeZone })
      .catch((err: unknown) => {
        this.log.error({ err }, 'export stream failed');
        body.destroy(err instanceof Error ? err : new Error(String(err)));
      })
      .finally(release);
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .header('access-control-expose-headers', 'content-disposition');
    return reply.send(body);
  }

  private async createTask(op: Exportable, session: SessionContext, input: unknown, call: z.infer<typeof exportRequestSchema>, fileName: string, total: number): Promise<number> {
    const row = await this.takeSlot(session.accountId, (trx) => trx
      .insertInto('export_task')
      .values({
        merchant_id: session.merchantId,
        account_id: session.accountId,
        op_name: op.name,
        input_json: JSON.stringify(input),
        organization_id: session.organizationId,
        role_ids: session.roleIds.join(','),
        client_anchor: (call.anchor ?? '').slice(0, 128),
        file_name: fileName,
        source_page: op.summary.slice(0, 64),
        filter_summary: filterSummary(input, op.export, this.deps.config.businessTimeZone).slice(0, 1000),
        status: 'queued',
        total_rows: total,
        created_at: this.deps.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
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
      .set((eb) => ({ status: 'running', started_at: now, heartbeat_at: now, processed_rows: 0, storage_name: storageName, attempts: eb('attempts', '+', 1) }))
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
      const { op, ctx, input } = await this.prepareRun(task);
      fs.mkdirSync(path.dirname(finalPath), { recursive: true });
      out = fs.createWriteStream(partPath);
      let lastBeat = 0;
      const onProgress = async (rows: number) => {
        const t = this.deps.clock.now();
        if (Date.now() - lastBeat < HEARTBEAT_EVERY_MS) return;
        lastBeat = Date.now();
        const res = await db.updateTable('export_task').set({ processed_rows: rows, heartbeat_at: t }).where('id', '=', taskId).where('status', '=', 'running').executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) stop.abort(new Error('任务已删除'));
      };
      const closed = pipelineDone(out);
      const written = await writeXlsx(out, op.export.columns, op.export.rows(ctx, input), { sheetName: task.file_name.replace(/_\d+\.xlsx$/, ''), onProgress, signal: stop.signal, timeZone: this.deps.config.businessTimeZone });
      await closed;
      // Only a complete file gets its final name, and only then is the task done.
      fs.renameSync(partPath, finalPath);
      const size = fs.statSync(finalPath).size;
      const finished = this.deps.clock.now();
      const res = await db
        .updateTable('export_task')
        .set({ status: 'done', processed_rows: written.rows, total_rows: written.rows, file_size: size, finished_at: finished, heartbeat_at: finished, expires_at: finished + this.deps.config.export.fileDays * 86_400_000, error_message: null })
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

  /** The list operation, its context as the asking account, and its input re-validated. */
  private async prepareRun(task: TaskRow): Promise<{ op: Exportable; ctx: OpContext; input: unknown }> {
    const op = this.deps.registry.get(task.op_name);
    if (!op?.export) throw badInput('该列表已不支持导出');
    const account = await this.deps.db.db.selectFrom('account').select(['user_name', 'status']).where('id', '=', task.account_id).where('merchant_id', '=', task.merchant_id).executeTakeFirst();
    if (!account || account.status !== 1) throw forbidden('账号已停用，导出已取消');
    const session: SessionContext = {
      sessionId: 0,
      accountId: task.account_id,
      merchantId: task.merchant_id,
      userName: account.user_name,
      organizationId: task.organization_id,
      roleIds: task.role_ids ? task.role_ids.split(',').map(Number) : [],
    };
    // Permission is checked again when the task runs: a role changed since is honoured.
    const anchors = anchorsOf(op);
    if (anchors.length > 0) {
      const access = await loadAccess(this.deps.db.db, session).catch(() => ({ anchors: new Set<string>() }));
      if (!anchors.some((a) => access.anchors.has(a))) throw forbidden('账号已无该列表的权限，导出已取消');
    }
    const ctx = operationContext(this.deps, { log: this.log, ip: '', userAgent: 'export-task', session, clientAnchor: task.client_anchor });
    return { op: op as Exportable, ctx, input: parseInput(op, JSON.parse(task.input_json)) };
  }

  /** Marks running tasks failed (all of them, or those whose heartbeat is older than `staleBefore`). */
  private async failRunning(staleBefore?: number): Promise<number> {
    const now = this.deps.clock.now();
    let q = this.deps.db.db.updateTable('export_task').set({ status: 'failed', error_message: INTERRUPTED, finished_at: now }).where('status', '=', 'running');
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
    const expired = await db.selectFrom('export_task').select(['id', 'merchant_id', 'storage_name']).where('status', '=', 'done').where('expires_at', '<=', now).execute();
    for (const r of expired) {
      await db.updateTable('export_task').set({ status: 'expired', storage_name: null }).where('id', '=', r.id).where('status', '=', 'done').execute();
      if (r.storage_name) fs.rmSync(this.filePath(r.merchant_id, r.storage_name), { force: true });
    }
    return { failed, expired: expired.length };
  }

  // ---------------------------------------------------------------- 导出文件 operations

  async list(ctx: OpContext, input: z.output<typeof exportTaskListInput>) {
    const s = ctx.session!;
    let q = ctx.db.selectFrom('export_task').where('merchant_id', '=', s.merchantId).where('account_id', '=', s.accountId);
    if (input.status) q = q.where('status', '=', input.status);
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(toTask), total: Number(total.n), pageNum: input.pageNum, pageSize: input.pageSize };
  }

  private async own(ctx: OpContext, id: number): Promise<TaskRow> {
    const s = ctx.session!;
    const row = await ctx.db.selectFrom('export_task').selectAll().where('id', '=', id).where('merchant_id', '=', s.merchantId).where('account_id', '=', s.accountId).executeTakeFirst();
    if (!row) throw notFound('导出任务');
    return row;
  }

  async remove(ctx: OpContext, id: number): Promise<{ id: number }> {
    const row = await this.own(ctx, id);
    await ctx.db.deleteFrom('export_task').where('id', '=', row.id).execute();
    if (row.storage_name) {
      const file = this.filePath(row.merchant_id, row.storage_name);
      fs.rmSync(file, { force: true });
      if (row.status !== 'running') fs.rmSync(`${file}.part`, { force: true });
    }
    return { id: row.id };
  }

  async retry(ctx: OpContext, id: number): Promise<ExportTask> {
    const row = await this.own(ctx, id);
    if (row.status !== 'failed' && row.status !== 'expired') throw badInput(`只有失败或已过期的导出可以重试（当前：${EXPORT_TASK_STATUS[row.status]}）`);
    const updated = await this.takeSlot(row.account_id, (trx) => trx
      .updateTable('export_task')
      .set({ status: 'queued', error_message: null, processed_rows: 0, finished_at: null, expires_at: null, file_size: null, storage_name: null, created_at: this.deps.clock.now() })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .returningAll()
      .executeTakeFirst());
    if (!updated) throw badInput('导出任务状态已变化，请刷新后再试');
    await this.runner.send(QUEUE, { taskId: row.id });
    return toTask(updated);
  }

  /** `POST …/common/export/download {id}`: the finished file of the account's own task. */
  async download(req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const ctx = contextFor(this.deps, req);
    // Any signed-in account (no anchor): the task must be its own.
    await authorize(this.deps, req, { anchor: null, public: false }, ctx, req.body, { publicOnly: false });
    const parsed = exportTaskIdInput.safeParse(req.body ?? {});
    if (!parsed.success) throw inputError(parsed.error);
    const row = await this.own(ctx, parsed.data.id);
    if (row.status !== 'done' || !row.storage_name) throw new AppError(CODES.notFound, row.status === 'expired' ? FILE_GONE : `导出尚未完成（${EXPORT_TASK_STATUS[row.status]}）`, 404);
    const file = this.filePath(row.merchant_id, row.storage_name);
    if (!fs.existsSync(file)) throw new AppError(CODES.notFound, FILE_GONE, 404);
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(row.file_name))
      .header('content-length', String(fs.statSync(file).size))
      .header('cache-control', 'no-store');
    return reply.send(fs.createReadStream(file));
  }
}

/** Resolves when a file stream has flushed and closed (rejects on its error). */
function pipelineDone(out: fs.WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('close', resolve);
    out.once('error', reject);
  });
}
