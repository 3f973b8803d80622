import { GATEWAY_PATHS } from '@merchant/contracts';
import { verifyCodeRequest } from '@merchant/contracts/permission/sign-in';
import type { FastifyInstance } from 'fastify';
import { issueVerifyCode } from '../../platform/auth/verify-code.service.ts';
import { inputError, ok, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import { findAccountByPhone } from './sign-in.repo.ts';

/**
 * The verify-code request (spec §7 getVerifyCode/v2): not an operation — rate-limited per address, behind the
 * captcha hook, and answering the same whether or not the phone has an account.
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps, publicRateLimit: number): void {
  app.post(GATEWAY_PATHS.verifyCode, { config: { rateLimit: { max: publicRateLimit, timeWindow: 60_000 } } }, async (req) => {
    const parsed = verifyCodeRequest.safeParse(req.body ?? {});
    if (!parsed.success) throw inputError(parsed.error);
    const { phone, purpose } = parsed.data;
    // The captcha / slider hook point (default: none), before any budget is spent.
    await deps.services.humanCheck.check({ phone, purpose, ip: req.ip, request: req });
    const exists = Boolean(await findAccountByPhone(deps.db.db, phone));
    // Codes are only delivered where they can be used; the answer is the same either way.
    const deliver = purpose === 'register' ? !exists : exists;
    const data = await issueVerifyCode(
      deps.db.db,
      deps.services.sms,
      { phone, purpose, deliver, ip: req.ip },
      deps.clock.now(),
      deps.config.verifyCodeBudget,
    );
    return ok(data, '验证码已发送');
  });
}
