import { APPROVAL_PDF_PATH, APPROVAL_STATUS, approvalOps, approvalPdfFileName } from '@merchant/contracts/goods/approval';
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

export type GoodsSaveBody = Parameters<typeof call<typeof approvalOps.save>>[1];
/** The goods' applications (新品申请, SKU申请): where their forms save (useApplySave). */
export const GOODS_APPLY: ApplyFamily<GoodsSaveBody> = {
  save: (b) => call(approvalOps.save, b),
  submit: (k) => call(approvalOps.submit, k),
  queryRoot: 'goods',
  listPath: APPROVAL_LIST_PATH,
  pathOf: (approvalCode) => approvalPath(approvalCode),
};

const COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error', 4: 'warning' };
export const ApprovalStatusTag = ({ status }: { status: number }) => (
  <Tag color={COLORS[status]}>{APPROVAL_STATUS[status as keyof typeof APPROVAL_STATUS] ?? status}</Tag>
);
export const statusOptions = Object.entries(APPROVAL_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));

/** A 元 input checked by the cents rule the server applies (the value is sent ×100). */
export { yuanSchema } from './goods-tags.tsx';
export const toCents = (yuan: number | null | undefined) => Math.round(Number(yuan ?? 0) * 100);

/** Downloads the printable application (申请单) PDF. */
export async function downloadApprovalPdf(approvalCode: string, kind: number): Promise<void> {
  const file = await http.download(
    { method: 'GET', path: APPROVAL_PDF_PATH, query: { approvalCode } },
    approvalPdfFileName(approvalCode, kind),
  );
  saveFile(file);
}
