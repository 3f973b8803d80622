import { MALL_APPROVAL_PDF_PATH, mallApprovalOps } from '@merchant/contracts/mall/mall-approval';
import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../../platform/gateway/gateway.ts';
import { registerApprovalPdf } from './approval.routes.ts';
import { pdf } from './mall-approval.service.ts';

/**
 * The printable mall application (secure GET `?approvalCode=`, parameters encrypted by the channel): only for a
 * session whose active role holds 新品申请 of the mall (the anchor of mall.new-product.detail); another merchant's
 * code, or a goods application's, answers "not found". Logged in the operation log like the detail it prints.
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  registerApprovalPdf(app, deps, { path: MALL_APPROVAL_PDF_PATH, detail: mallApprovalOps.detail, pdf, logText: '下载商城申请单PDF' });
}
