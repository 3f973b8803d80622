import { anchorsOf, CODES, type Envelope } from '@merchant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { loadAccess } from '../auth/access.ts';
import { extractToken, resolveSession } from '../auth/session.service.ts';
import { writeAudit } from '../audit.ts';
import { AppError, asAppError, badInput, forbidden, sessionInvalid } from '../errors.ts';
import { foreignMerchantId } from '../tenant.ts';
import type { Operation, OperationRegistry } from './registry.ts';
import type { AppEnv, OpContext, Services, SessionOpContext } from './op-context.ts';

export interface GatewayDeps {
  db: Db;
  config: Config;
  clock: Clock;
  registry: OperationRegistry;
  services: Services;
}

export function ok<T>(data: T, msg = '成功'): Envelope<T> {
  return { code: CODES.ok, msg, message: msg, data };
}

/** Turns the first schema issue into a clear Chinese message naming the field. */
export function inputError(error: z.ZodError): AppError {
  const fields = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  const first = fields[0];
  const message = first.field ? `${first.message}（字段：${first.field}）` : first.message;
  return badInput(message, { fields });
}

/** Session from the Authorization header, or the spec §8 code that logs the client out. */
export function sessionOf(deps: GatewayDeps, req: FastifyRequest) {
  const token = extractToken(req.headers.authorization);
  return resolveSession(deps.db.db, token, deps.clock.now(), {
    idleMs: deps.config.sessionIdleMs,
    absoluteMs: deps.config.sessionAbsoluteMs,
  });
}

/** What every context holds of the app (database, settings, clock, services), with a logger. */
export const appEnv = (deps: GatewayDeps, log: AppEnv['log']): AppEnv => ({
  db: deps.db.db,
  dialect: deps.db.dialect,
  stream: deps.db.stream,
  config: deps.config,
  clock: deps.clock,
  services: deps.services,
  log,
});

/** An operation's context for a caller: a request, or a background job acting as an account. */
export function operationContext(
  deps: GatewayDeps,
  caller: Pick<OpContext, 'log' | 'ip' | 'userAgent' | 'clientAnchor' | 'session'>,
): OpContext {
  const ctx: OpContext = { ...appEnv(deps, caller.log), ...caller };
  // A job acting as an account runs like that account's request: its merchant with it.
  if (caller.session) (ctx as SessionOpContext).merchantId = caller.session.merchantId;
  return ctx;
}

/** A context `authorize` has signed in (or a job acting as an account): its session and merchant are there. */
export function signedIn(ctx: OpContext): SessionOpContext {
  if (!ctx.session) throw sessionInvalid('该操作需要登录');
  return ctx as SessionOpContext;
}

/** Builds an operation's context for a request (the session is added by `authorize`). */
export function contextFor(deps: GatewayDeps, req: FastifyRequest, clientAnchor?: string): OpContext {
  return operationContext(deps, { log: req.log, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''), clientAnchor });
}

/**
 * Authenticates (unless public), checks the operation's own anchor against the active role's
 * resources and refuses another merchant's id anywhere in the request. Sets `ctx.session`.
 */
export async function authorize(
  deps: GatewayDeps,
  req: FastifyRequest,
  op: Pick<Operation, 'anchor' | 'public'>,
  ctx: OpContext,
  body: unknown,
  mode: { publicOnly: boolean },
): Promise<void> {
  if (op.public) return;
  if (mode.publicOnly) throw sessionInvalid('该操作需要登录');
  ctx.session = await sessionOf(deps, req);
  (ctx as Partial<SessionOpContext>).merchantId = ctx.session.merchantId;
  ctx.token = extractToken(req.headers.authorization);
  const anchors = anchorsOf(op);
  if (anchors.length > 0) {
    const access = await loadAccess(ctx.db, ctx.session);
    if (!anchors.some((a) => access.anchors.has(a))) throw forbidden();
  }
  // The merchant always comes from the session: a different one anywhere in the request is refused.
  if (foreignMerchantId([body, req.query], ctx.session.merchantId) !== undefined) {
    throw forbidden('不能访问其他商户的数据');
  }
}

/** Validates an operation's input with its own schema (a clear Chinese message naming the field). */
export function parseInput(op: Pick<Operation, 'input'>, body: unknown): unknown {
  const parsed = op.input.safeParse(body ?? {});
  if (!parsed.success) throw inputError(parsed.error);
  return parsed.data;
}

/**
 * What goes out: the handler's answer read through the operation's output schema, so only declared fields
 * leave the server. An answer outside the schema is a defect: it fails the call where outputs are checked
 * (development, tests, the end-to-end run) and is logged (and sent as it is) in production.
 */
export function answerOf(
  deps: Pick<GatewayDeps, 'config'>,
  req: Pick<FastifyRequest, 'log'>,
  op: Pick<Operation, 'name' | 'output'>,
  data: unknown,
): unknown {
  const value = data === undefined ? null : data;
  const parsed = op.output.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`);
  if (deps.config.checkOutputs) throw new Error(`operation ${op.name} answered outside its output schema: ${issues.join('; ')}`);
  req.log.error({ operation: op.name, issues }, 'answer outside the output schema');
  return value;
}

/** Writes an operation-log entry (failures of the log itself are logged, never thrown). */
export async function auditCall(
  deps: GatewayDeps,
  req: FastifyRequest,
  ctx: OpContext,
  entry: { operation: string; anchor: string; clientAnchor?: string; input: unknown; resultCode: string; resultMsg: string },
): Promise<void> {
  const input = entry.input as { userName?: unknown } | undefined;
  const userName = typeof input?.userName === 'string' ? input.userName : undefined;
  await writeAudit(ctx.db, { session: ctx.session, ...entry, ip: ctx.ip, now: deps.clock.now(), userName }).catch((err: unknown) =>
    req.log.error({ err }, 'audit write failed'),
  );
}

/**
 * Runs a named operation: find it, authenticate (unless public), check the operation's own anchor
 * against the active role's resources, validate the input, run the handler.
 */
export async function dispatch(
  deps: GatewayDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  call: { name: string; body?: unknown; anchor?: string },
  mode: { publicOnly: boolean },
): Promise<Envelope> {
  const op = deps.registry.get(call.name);
  if (!op) throw new AppError(CODES.notFound, `未知的操作：${call.name}`, 404);
  const ctx = contextFor(deps, req, call.anchor);
  let input: unknown = call.body;
  const audit = async (resultCode: string, resultMsg: string) => {
    if (!op.writes || (!op.public && !ctx.session)) return;
    await auditCall(deps, req, ctx, {
      operation: op.name,
      anchor: anchorsOf(op).join(','),
      clientAnchor: call.anchor,
      input,
      resultCode,
      resultMsg,
    });
  };
  try {
    await authorize(deps, req, op, ctx, call.body, mode);
    input = parseInput(op, call.body);
    const data = answerOf(deps, req, op, await op.handler(ctx, input));
    await audit(CODES.ok, '成功');
    reply.header('cache-control', 'no-store');
    return ok(data);
  } catch (err) {
    // The log records what the caller is told (a stray unique violation is a 409, not a server error).
    const refusal = asAppError(err);
    if (refusal) await audit(refusal.code, refusal.message);
    else await audit(CODES.serverError, '服务器错误');
    throw err;
  }
}
