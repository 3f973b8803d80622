import {
  APPROVAL_PDF_PATH,
  APPROVAL_STATUS,
  approvalOps,
  approvalPdfFileName,
  type ApprovalStatus,
} from '@merchant/contracts/goods/approval';
import { Tag } from 'antd';
import { call } from '../../../platform/call.ts';
import { http } from '../../../platform/http-client.ts';
import { saveFile } from '../../../platform/save-file.ts';
import type { ApplyFamily } from './use-apply-save.tsx';

// Small pieces shared by the application pages (新品申请, SKU申请, 审核记录).

export const APPROVAL_LIST_PATH = '/website/goods/new-products-list';
/** The application's page: view (default), edit or review. */
export const approvalPath = (approvalCode: string, handleType: 'view' | 'edit' | 'review' = 'view') =>
  `/website/goods/add-new-products/${handleType}/${approvalCode}`;
export const REVIEW_ANCHOR = 'new-products-review';

/**
 * Where the goods application pages link to (the list, an application's view / edit / review page, a new one,
 * its PDF page): the goods section's (102) by default; 商户商品 (section 129) renders the same pages with its own
 * addresses (MERCHANT_GOODS_APPROVAL_PATHS) so that its user stays in its section.
 */
export interface ApprovalPaths {
  listPath: string;
  addPath: string;
  pathOf: (approvalCode: string, handleType?: 'view' | 'edit' | 'review') => string;
  /** The application's printable PDF page; without it the PDF is only downloaded. */
  pdfPathOf?: (approvalCode: string) => string;
}
export const GOODS_APPROVAL_PATHS: ApprovalPaths = {
  listPath: APPROVAL_LIST_PATH,
  addPath: '/website/goods/add-new-products/add',
  pathOf: approvalPath,
};
const MGM = '/website/merchant-goods-management';
/** 商户商品's addresses: marchant-add-new-product, marchant-apply-detail/{approvalCode?}/{detail?}, marchant-apply-detail-pdf. */
export const MERCHANT_GOODS_APPROVAL_PATHS: ApprovalPaths = {
  listPath: `${MGM}/marchant-add-new-product`,
  addPath: `${MGM}/marchant-apply-detail`,
  // the edit form without `detail`; view and review (a reviewer's actions are on the view) with it
  pathOf: (code, handleType = 'view') =>
    `${MGM}/marchant-apply-detail/${encodeURIComponent(code)}${handleType === 'edit' ? '' : '/detail'}`,
  pdfPathOf: (code) => `${MGM}/marchant-apply-detail-pdf?approvalCode=${encodeURIComponent(code)}`,
};

export type GoodsSaveBody = Parameters<typeof call<typeof approvalOps.save>>[1];
/** The goods' applications (新品申请, SKU申请): where their forms save (useApplySave), answering to `paths`. */
export const goodsApply = (paths: ApprovalPaths = GOODS_APPROVAL_PATHS): ApplyFamily<GoodsSaveBody> => ({
  save: (b) => call(approvalOps.save, b),
  submit: (k) => call(approvalOps.submit, k),
  queryRoot: 'goods',
  listPath: paths.listPath,
  pathOf: (approvalCode) => paths.pathOf(approvalCode),
});
export const GOODS_APPLY = goodsApply();

/** A colour for every status of the contract's APPROVAL_STATUS (a status added there must get one here). */
export const APPROVAL_STATUS_COLORS: Record<ApprovalStatus, string> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'warning',
};
export const ApprovalStatusTag = ({ status }: { status: number }) => (
  <Tag color={APPROVAL_STATUS_COLORS[status as ApprovalStatus]}>{APPROVAL_STATUS[status as ApprovalStatus] ?? status}</Tag>
);
export const statusOptions = Object.entries(APPROVAL_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));

/** Downloads the printable application (申请单) PDF. */
export async function downloadApprovalPdf(approvalCode: string, kind: number): Promise<void> {
  const file = await http.download(
    { method: 'GET', path: APPROVAL_PDF_PATH, query: { approvalCode } },
    approvalPdfFileName(approvalCode, kind),
  );
  saveFile(file);
}
