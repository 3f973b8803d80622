import { APPROVAL_KINDS, approvalOps, type ApprovalRow } from '@merchant/contracts/goods/approval';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { ApplyButtons, approvalListColumns, useCanReview, type ApprovalListFlavour } from '../components/approval-list.tsx';
import { approvalPath, REVIEW_ANCHOR } from '../components/approval-parts.tsx';

const KEY = ['goods', 'approvals'] as const;

const GOODS_LIST: ApprovalListFlavour = {
  codeExample: 'XP2611210375',
  kindOptions: Object.entries(APPROVAL_KINDS)
    // kinds 3 and 4 are the wholesale mall's (its own 新品申请 page)
    .filter(([v]) => Number(v) <= 2)
    .map(([v, l]) => ({ value: Number(v), label: l })),
  kindWidth: 100,
  priceTitle: '销售价（元）',
  priceWidth: 110,
  reviewedAt: true,
  reviewAnchor: REVIEW_ANCHOR,
  viewPath: (code) => approvalPath(code),
  editPath: (code) => approvalPath(code, 'edit'),
  reviewPath: (r) => `${approvalPath(r.approvalCode, 'review')}/${r.status}`,
};

/** new-products-list: 新品申请 and SKU申请 with their states; reviewers find 待审核 ones here. */
export default function NewProductsListPage() {
  const canReview = useCanReview(GOODS_LIST.reviewAnchor);
  return (
    <QueryList<ApprovalRow>
      queryKey={KEY}
      request={listLoader(approvalOps.list)}
      columns={approvalListColumns(GOODS_LIST, canReview)}
      rowKey="id"
      title="新品申请"
      exportable={{ operation: approvalOps.list }}
      toolbar={<ApplyButtons product={{ label: '新增申请', path: '/website/goods/add-new-products/add' }} sku="/website/goods/apply-sku" />}
    />
  );
}
