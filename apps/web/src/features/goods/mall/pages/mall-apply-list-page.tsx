import { APPROVAL_KINDS, type ApprovalRow } from '@merchant/contracts/goods/approval';
import { mallApprovalOps } from '@merchant/contracts/mall/mall-approval';
import { listLoader } from '../../../../platform/call.ts';
import { QueryList } from '../../../../platform/list/query-list.tsx';
import { ApplyButtons, approvalListColumns, useCanReview, type ApprovalListFlavour } from '../../components/approval-list.tsx';
import { MALL, MALL_REVIEW_ANCHOR, mallApplyPath } from '../components/mall-parts.tsx';

const KEY = ['mall', 'approvals'] as const;

const MALL_LIST: ApprovalListFlavour = {
  codeExample: 'MP2611210375',
  kindOptions: [3, 4].map((k) => ({ value: k, label: APPROVAL_KINDS[k as 3 | 4] })),
  kindWidth: 120,
  priceTitle: '起批单价（元）',
  priceWidth: 120,
  reviewedAt: false,
  reviewAnchor: MALL_REVIEW_ANCHOR,
  viewPath: (code) => mallApplyPath(code),
  editPath: (code) => mallApplyPath(code, 'edit'),
  // the mall's detail page shows the review actions to reviewers
  reviewPath: (r) => mallApplyPath(r.approvalCode),
};

/** mall-add-new-product (新品申请): the mall's applications (商城新品申请, 商城SKU申请) with their states. */
export default function MallApplyListPage() {
  const canReview = useCanReview(MALL_LIST.reviewAnchor);
  return (
    <QueryList<ApprovalRow>
      queryKey={KEY}
      request={listLoader(mallApprovalOps.list)}
      columns={approvalListColumns(MALL_LIST, canReview)}
      rowKey="id"
      title="批发商城新品申请"
      exportable={{ operation: mallApprovalOps.list }}
      toolbar={<ApplyButtons product={{ label: '新品申请', path: `${MALL}/mall-apply-detail` }} sku={`${MALL}/mall-apply-sku`} />}
    />
  );
}
