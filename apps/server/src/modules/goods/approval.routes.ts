import { APPROVAL_PDF_PATH, approvalKeyInput, approvalOps } from '@merchant/contracts/goods/approval';
import { anchorsOf, CODES, type OperationContract } from '@merchant/contracts';
import type { FastifyInstance } from 'fastify';
import { loadAccess } from '../../platform/auth/access.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { auditCall, inputError, operationContext, sessionOf, signedIn, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { foreignMerchantId } from '../../platform/tenant.ts';
import { approvalPdf } from './approval-pdf.ts';

/**
 * The printable application (secure GET `?approvalCode=`, parameters encrypted by the channel): only for a session
 * whose active role holds the application list's page (the anchor of goods.approval.detail); another merchant's
 * code answers "not found". Logged in the operation log like the detail it prints.
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  registerApprovalPdf(app, deps, { path: APPROVAL_PDF_PATH, detail: approvalOps.detail, pdf: approvalPdf, logText: '下载申请单PDF' });
}

/**
 * The PDF route of an application family (goods here, the wholesale mall's in mall-approval.routes.ts): the
 * anchors of its detail operation decide, the download is audited as `<detail>#pdf`.
 */
export function registerApprovalPdf(
  app: FastifyInstance,
  deps: GatewayDeps,
  family: {
    path: string;
    detail: OperationContract;
    pdf: (ctx: SessionOpContext, approvalCode: string) => Promise<{ fileName: string; bytes: Buffer | Uint8Array }>;
    logText: string;
  },
): void {
  app.get(family.path, async (req, reply) => {
    const session = await sessionOf(deps, req);
    const ctx = signedIn(operationContext(deps, { log: req.log, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''), session }));
    const anchors = anchorsOf(family.detail);
    const audit = (code: string, msg: string) =>
      auditCall(deps, req, ctx, {
        operation: `${family.detail.name}#pdf`,
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
      const { fileName, bytes } = await family.pdf(ctx, parsed.data.approvalCode);
      await audit(CODES.ok, family.logText);
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
