import { MERCHANT_PATH_OPS, MERCHANT_PATHS } from '@merchant/contracts';
import type { FastifyInstance } from 'fastify';
import { dispatch, type GatewayDeps } from '../../platform/gateway/gateway.ts';

/**
 * Spec §7 REST paths of merchant information, stores and store staff: each a thin alias of one
 * gateway operation (same permission, tenant check, validation and audit). The body may carry the
 * client's `anchor` (logged only).
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  for (const [key, path] of Object.entries(MERCHANT_PATHS) as [keyof typeof MERCHANT_PATHS, string][]) {
    const name = MERCHANT_PATH_OPS[key];
    app.post(path, async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const anchor = typeof body.anchor === 'string' ? body.anchor : undefined;
      return dispatch(deps, req, reply, { name, body, anchor }, { publicOnly: false });
    });
  }
}
