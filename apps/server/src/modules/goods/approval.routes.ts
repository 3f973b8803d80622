import { APPROVAL_PDF_PATH, approvalKeyInput, approvalOps } from '@merchant/contracts/goods/approval';
import { anchorsOf, CODES } from '@merchant/contracts';
import type { FastifyInstance } from 'fastify';
import { loadAccess } from '../../platform/auth/access.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { auditCall, inputError, operationContext, sessionOf, signedIn, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import { foreignMerchantId } from '../../platform/tenant.ts';
import { approvalPdf } from './approval-pdf.ts';

/**
 * The printable application (secure GET `?approvalCode=`, parameters encrypted by the channel): only for a session
 * whose active role holds the application list's page (the anchor of goods.approval.detail); another merchant's
 * code answers "not found". Logged in the operation log like the detail it prints.
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  app.get(APPROVAL_PDF_PATH, async (req, reply) => {
    const session = await sessionOf(deps, req);
    const ctx = signedIn(operationContext(deps, { log: req.log, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''), session }));
    const anchors = anchorsOf(approvalOps.detail);
    const audit = (code: string, msg: string) =>
      auditCall(deps, req, ctx, {
        operation: `${approvalOps.detail.name}#pdf`,
        anchor: anchors.join(','),
        input: req.query,
        resultCode: code,
        resultMsg: msg,
      });
    try {
      const access = await loadAccess(ctx.db, session);
      if (!anchors.some((a) => access.anchors.has(a))) throw forbidden();
      if (foreignMerchantId([req.query], session.merchantId) !== undefined) throw forbidden('不能访问其他商户的数据');
      const parsed = approvalKeyInput.safeParse(req.query ?? {});
      if (!parsed.success) throw inputError(parsed.error);
      const { fileName, bytes } = await approvalPdf(ctx, parsed.data.approvalCode);
      await audit(CODES.ok, '下载申请单PDF');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', bytes.length)
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    } catch (err) {
      await audit(err instanceof AppError ? err.code : CODES.serverError, err instanceof AppError ? err.message : '服务器错误');
      throw err;
    }
  });
}
