import { GATEWAY_PATHS, unifiedRequestSchema } from '@merchant/contracts';
import type { FastifyInstance } from 'fastify';
import { dispatch, inputError, type GatewayDeps } from './gateway.ts';

/** The unified gateway (spec §7): every business operation is dispatched by `name`. */
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
}
