import { GATEWAY_PATHS, unifiedRequestSchema } from '@merchant/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dispatch, inputError, type GatewayDeps } from './gateway.ts';

/**
 * The unified gateway (spec §7): every business operation is dispatched by `name`. An operation whose
 * contract names a REST alias (spec §7 paths such as /ben-api/v1/store/storeList) answers there too, as a
 * thin alias: same permission, tenant check, validation and audit. A POST body (or GET query) may carry the
 * client's `anchor` (logged only).
 */
export function registerGatewayRoutes(app: FastifyInstance, deps: GatewayDeps, publicRateLimit: number): void {
  const parse = (body: unknown) => {
    const parsed = unifiedRequestSchema.safeParse(body ?? {});
    if (!parsed.success) throw inputError(parsed.error);
    return parsed.data;
  };
  app.post(GATEWAY_PATHS.request, async (req, reply) => {
    const call = parse(req.body);
    return dispatch(deps, req, reply, call, { publicOnly: false });
  });
  app.post(GATEWAY_PATHS.ignoreSecurity, { config: { rateLimit: { max: publicRateLimit, timeWindow: 60_000 } } }, async (req, reply) => {
    const call = parse(req.body);
    return dispatch(deps, req, reply, call, { publicOnly: true });
  });
  for (const op of deps.registry.list()) {
    if (!op.rest) continue;
    const { method, path } = op.rest;
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const body = ((method === 'GET' ? req.query : req.body) ?? {}) as Record<string, unknown>;
      const anchor = typeof body.anchor === 'string' ? body.anchor : undefined;
      return dispatch(deps, req, reply, { name: op.name, body, anchor }, { publicOnly: false });
    };
    const options = op.public ? { config: { rateLimit: { max: publicRateLimit, timeWindow: 60_000 } } } : {};
    if (method === 'GET') app.get(path, options, handler);
    else app.post(path, options, handler);
  }
}
