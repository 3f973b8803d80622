import type { FastifyInstance } from 'fastify';
import { appEnv, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import { observePaymentChanges } from '../payment/payment.service.ts';
import { merchantsDue, settleDue } from './settlement.service.ts';
import { postPaymentChange } from './split.ts';

/** Who a settlement made by the sweep names (history, bills, entries). */
export const SETTLE_OPERATOR = '系统（T+1结算）';

/**
 * The money ledger's hooks (docs/finance.md): it posts every payment captured and refund done, in the payment's
 * transaction; and the T+1 sweep settles due splits every `finance.settleIntervalMs` (0: only 立即结算).
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  observePaymentChanges(postPaymentChange);

  const sweep = async () => {
    const env = appEnv(deps, app.log);
    for (const merchantId of await merchantsDue(env.db, env.clock.now())) await settleDue(env, merchantId, SETTLE_OPERATOR);
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    const every = deps.config.finance.settleIntervalMs;
    if (every <= 0) return;
    timer = setInterval(() => {
      running ??= sweep()
        .catch((err: unknown) => app.log.error({ err }, 'settlement sweep failed'))
        .finally(() => (running = undefined));
    }, every);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
