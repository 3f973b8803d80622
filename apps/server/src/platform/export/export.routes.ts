import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { anchorsOf, CODES, exportRequestSchema, GATEWAY_PATHS } from '@merchant/contracts';
import { EXPORT_DOWNLOAD_PATH, exportTaskIdInput, type ExportQueued } from '@merchant/contracts/file/export-task';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadAccess } from '../auth/access.ts';
import type { SessionContext } from '../auth/session.service.ts';
import { AppError, badInput, forbidden } from '../errors.ts';
import {
  auditCall,
  authorize,
  contextFor,
  inputError,
  operationContext,
  parseInput,
  signedIn,
  type GatewayDeps,
} from '../gateway/gateway.ts';
import type { OpContext } from '../gateway/op-context.ts';
import type { ExportSource } from './export-spec.ts';
import { contentDisposition } from '../content-disposition.ts';
import { exportFileName, type OpenExport } from './export-tasks.ts';
import { filterSummary } from './filter-summary.ts';
import { writeXlsx } from './xlsx-writer.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Source = ExportSource<unknown, Record<string, unknown>>;

/**
 * The export center's HTTP half (issue 6), above the gateway: every exportable list answers
 * `POST …/common/export` by re-running its own query through the same permission and merchant scope. Small
 * results stream straight back as an .xlsx; larger ones become tasks of the task store
 * (`deps.services.exports`), downloaded later from `…/common/export/download`.
 */
export function registerExportRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  app.post(GATEWAY_PATHS.export, (req, reply) => handleExport(deps, req, reply));
  app.post(EXPORT_DOWNLOAD_PATH, (req, reply) => download(deps, req, reply));
}

/** `POST /ben-api/api/uniter/v1/common/export`: a file now, or a task (pass-silent 200002). */
async function handleExport(deps: GatewayDeps, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const parsed = exportRequestSchema.safeParse(req.body ?? {});
  if (!parsed.success) throw inputError(parsed.error);
  const call = parsed.data;
  const op = deps.registry.get(call.name);
  if (!op) throw new AppError(CODES.notFound, `未知的操作：${call.name}`, 404);
  const ctx = contextFor(deps, req, call.anchor);
  let input: unknown = call.body;
  const audit = (resultCode: string, resultMsg: string) =>
    ctx.session
      ? auditCall(deps, req, ctx, {
          operation: `${op.name}#export`,
          anchor: anchorsOf(op).join(','),
          clientAnchor: call.anchor,
          input,
          resultCode,
          resultMsg,
        })
      : Promise.resolve();
  try {
    await authorize(deps, req, op, ctx, call.body, { publicOnly: false });
    if (!op.export) throw badInput(`「${op.summary}」不支持导出`);
    input = parseInput(op, call.body);
    const session = ctx.session!;
    const source = op.export as Source;
    const total = await source.count(signedIn(ctx), input);
    const fileName = exportFileName(call.exportName || op.summary, deps.clock.now(), deps.config.businessTimeZone);
    if (total > deps.config.export.syncMaxRows) {
      const taskId = await deps.services.exports.queue({
        merchantId: session.merchantId,
        accountId: session.accountId,
        opName: op.name,
        input,
        organizationId: session.organizationId,
        roleIds: session.roleIds,
        clientAnchor: call.anchor ?? '',
        fileName,
        sourcePage: op.summary,
        filterSummary: filterSummary(input, source, deps.config.businessTimeZone),
        totalRows: total,
      });
      const msg = `数据较多（${total}条），已转为后台导出，完成后请到「文件管理 → 导出文件」下载`;
      await audit(CODES.exportQueued, msg);
      reply.header('cache-control', 'no-store');
      const data: ExportQueued = { taskId, totalRows: total };
      return { code: CODES.exportQueued, msg, message: msg, data };
    }
    const release = await deps.services.exports.takeDownloadSlot(session.accountId);
    await audit(CODES.ok, `导出${total}条`);
    return streamNow(deps, req, reply, release, source, ctx, input, fileName);
  } catch (err) {
    await audit(err instanceof AppError ? err.code : CODES.serverError, err instanceof AppError ? err.message : '服务器错误');
    throw err;
  }
}

function streamNow(
  deps: GatewayDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  release: () => void,
  source: Source,
  ctx: OpContext,
  input: unknown,
  fileName: string,
) {
  const body = new PassThrough();
  const abort = new AbortController();
  // The client went away: stop reading the database.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abort.abort(new Error('client closed'));
  });
  writeXlsx(body, source.columns, source.rows(signedIn(ctx), input), {
    sheetName: fileName.replace(/_\d+\.xlsx$/, ''),
    signal: abort.signal,
    timeZone: deps.config.businessTimeZone,
  })
    .catch((err: unknown) => {
      req.log.error({ err }, 'export stream failed');
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

/** `POST …/common/export/download {id}`: the finished file of the account's own task. */
async function download(deps: GatewayDeps, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const ctx = contextFor(deps, req);
  // Any signed-in account (no anchor): the task must be its own.
  await authorize(deps, req, { anchor: null, public: false }, ctx, req.body, { publicOnly: false });
  const parsed = exportTaskIdInput.safeParse(req.body ?? {});
  if (!parsed.success) throw inputError(parsed.error);
  const session = ctx.session!;
  const file = await deps.services.exports.finishedFile({ merchantId: session.merchantId, accountId: session.accountId }, parsed.data.id);
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('content-length', String(file.size))
    .header('cache-control', 'no-store');
  return reply.send(fs.createReadStream(file.path));
}

/**
 * How the task store opens a task's rows: the list operation, run as the account that asked (its session
 * rebuilt from the task), permission checked again (a role changed since is honoured), input re-validated.
 */
export function exportOpener(deps: GatewayDeps, log: FastifyBaseLogger): OpenExport {
  return async (order) => {
    const op = deps.registry.get(order.opName);
    if (!op?.export) throw badInput('该列表已不支持导出');
    const account = await deps.db.db
      .selectFrom('account')
      .select(['user_name', 'status'])
      .where('id', '=', order.accountId)
      .where('merchant_id', '=', order.merchantId)
      .executeTakeFirst();
    if (!account || account.status !== 1) throw forbidden('账号已停用，导出已取消');
    const session: SessionContext = {
      sessionId: 0,
      accountId: order.accountId,
      merchantId: order.merchantId,
      userName: account.user_name,
      organizationId: order.organizationId,
      roleIds: order.roleIds,
    };
    const anchors = anchorsOf(op);
    if (anchors.length > 0) {
      const access = await loadAccess(deps.db.db, session).catch(() => ({ anchors: new Set<string>() }));
      if (!anchors.some((a) => access.anchors.has(a))) throw forbidden('账号已无该列表的权限，导出已取消');
    }
    const ctx = operationContext(deps, { log, ip: '', userAgent: 'export-task', session, clientAnchor: order.clientAnchor });
    const source = op.export as Source;
    return { columns: source.columns, rows: source.rows(signedIn(ctx), parseInput(op, order.input)) };
  };
}
