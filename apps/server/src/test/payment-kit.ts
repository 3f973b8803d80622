import type { FastifyBaseLogger } from 'fastify';
import type { PaymentNotification } from '../modules/payment/payment-provider.ts';
import { sandboxOf } from '../modules/payment/provider-registry.ts';
import type { SessionOpContext, Services } from '../platform/gateway/op-context.ts';
import type { TestApp } from './harness.ts';

// The payment tests' kit: a service context for a merchant (as device.routes.ts builds one for a device's report), the
// merchant of a signed-in user, and the sandbox's signed notifications delivered to the real notify route.

export function payCtx(t: TestApp, merchantId: number, userName = '测试收银'): SessionOpContext {
  return {
    db: t.db.db,
    dialect: t.db.dialect,
    stream: t.db.stream,
    config: t.config,
    clock: t.clock,
    log: t.app.log as FastifyBaseLogger,
    ip: '',
    userAgent: 'test',
    services: {} as Services,
    session: { sessionId: 0, accountId: 0, merchantId, userName, organizationId: null, roleIds: [] },
    merchantId,
  };
}

export async function merchantOf(t: TestApp, userName: string): Promise<number> {
  const r = await t.db.db.selectFrom('account').select('merchant_id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  return Number(r.merchant_id);
}

export const sandbox = (t: TestApp) => sandboxOf({ db: t.db.db, config: t.config, clock: t.clock });

/** Delivers a notification through POST /pay-api/notify/sandbox; `tamper` changes the signed request before it goes. */
export async function notify(
  t: TestApp,
  n: PaymentNotification,
  opts: { at?: number; secret?: string; tamper?: (r: { headers: Record<string, string>; body: string }) => void } = {},
) {
  const req = await sandbox(t).callback(n, opts);
  opts.tamper?.(req);
  const res = await t.app.inject({ method: 'POST', url: '/pay-api/notify/sandbox', headers: req.headers, payload: req.body });
  return { status: res.statusCode, body: res.body };
}
