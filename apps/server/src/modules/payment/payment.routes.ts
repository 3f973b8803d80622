import type { FastifyInstance } from 'fastify';
import { appEnv, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import { CallbackRefused } from './payment-provider.ts';
import { handleCallback } from './payment.service.ts';
import { providerNamed } from './provider-registry.ts';

/** Where providers send their notifications: POST /pay-api/notify/<provider> (docs/payments.md). */
export const PAY_NOTIFY_PATH = '/pay-api/notify/:provider';
/** Providers retry, but a notification is small: 64 KB is plenty. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/**
 * The providers' notify route: public (no session; the provider's signature is the proof), rate-limited per address
 * like the other public routes, with a budget ten times theirs (a provider sends the notifications of every merchant
 * from a few addresses). The body is read raw — the signature covers the exact bytes — and answered the way the
 * provider expects: accepted (200 + its success body) or refused (400, nothing written).
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps, limit: number): void {
  const env = appEnv(deps, app.log);
  void app.register(async (scope) => {
    // the raw text for every content type: the signature is over the bytes as sent
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>(
      PAY_NOTIFY_PATH,
      { bodyLimit: NOTIFY_BODY_LIMIT, config: { rateLimit: { max: limit * 10, timeWindow: 60_000 } } },
      async (req, reply) => {
        const provider = providerNamed(env, req.params.provider);
        if (!provider) return reply.status(404).send({ code: 'FAIL', message: '支付渠道不存在' });
        const raw = typeof req.body === 'string' ? req.body : '';
        try {
          const outcome = await handleCallback({ ...env, log: req.log }, provider.name, req.headers, raw);
          req.log.info({ provider: provider.name, outcome }, 'payment notification');
          const ack = provider.ack(true, '成功');
          return reply.status(ack.status).type(ack.contentType).send(ack.body);
        } catch (err) {
          if (!(err instanceof CallbackRefused)) throw err;
          req.log.warn({ provider: provider.name, reason: err.message }, 'payment notification refused');
          const ack = provider.ack(false, err.message);
          return reply.status(ack.status).type(ack.contentType).send(ack.body);
        }
      },
    );
  });
}
