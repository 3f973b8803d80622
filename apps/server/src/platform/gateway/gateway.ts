import { CODES, type Envelope } from '@merchant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { loadAccess } from '../auth/access.ts';
import { extractToken, resolveSession } from '../auth/session.service.ts';
import { AppError, badInput, forbidden, sessionInvalid } from '../errors.ts';
import type { OpContext, OperationRegistry, Services } from './registry.ts';

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
  const ctx: OpContext = {
    db: deps.db.db,
    dialect: deps.db.dialect,
    config: deps.config,
    clock: deps.clock,
    log: req.log,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    clientAnchor: call.anchor,
    services: deps.services,
  };
  if (!op.public) {
    if (mode.publicOnly) throw sessionInvalid('该操作需要登录');
    ctx.session = await sessionOf(deps, req);
    ctx.token = extractToken(req.headers.authorization);
    if (op.anchor !== null) {
      const access = await loadAccess(ctx.db, ctx.session);
      if (!access.anchors.has(op.anchor)) throw forbidden();
    }
  }
  const parsed = op.input.safeParse(call.body ?? {});
  if (!parsed.success) throw inputError(parsed.error);
  const data = await op.handler(ctx, parsed.data);
  reply.header('cache-control', 'no-store');
  return ok(data ?? null);
}
