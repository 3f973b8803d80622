import { APPROVAL_KINDS, approvalOps, type ApprovalRow } from '@merchant/contracts/goods/approval';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { ApplyButtons, approvalListColumns, useCanReview, type ApprovalListFlavour } from './approval-list.tsx';
import { GOODS_APPROVAL_PATHS, REVIEW_ANCHOR, type ApprovalPaths } from './approval-parts.tsx';

const KEY = ['goods', 'approvals'] as const;

const flavourOf = (paths: ApprovalPaths): ApprovalListFlavour => ({
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
  viewPath: (code) => paths.pathOf(code),
  editPath: (code) => paths.pathOf(code, 'edit'),
  reviewPath: (r) =>
    paths === GOODS_APPROVAL_PATHS ? `${paths.pathOf(r.approvalCode, 'review')}/${r.status}` : paths.pathOf(r.approvalCode, 'review'),
});

/**
 * The goods applications' list (新品申请 and SKU申请 with their states; reviewers find 待审核 ones here), linking to
 * `paths`: the goods section's pages (with SKU申请), or 商户商品's marchant-apply-detail pages.
 */
export function GoodsApprovalList({ paths = GOODS_APPROVAL_PATHS, skuPath }: { paths?: ApprovalPaths; skuPath?: string }) {
  const flavour = flavourOf(paths);
  const canReview = useCanReview(flavour.reviewAnchor);
  return (
    <QueryList<ApprovalRow>
      queryKey={KEY}
      request={listLoader(approvalOps.list)}
      columns={approvalListColumns(flavour, canReview)}
      rowKey="id"
      title="新品申请"
      exportable={{ operation: approvalOps.list }}
      toolbar={<ApplyButtons product={{ label: '新增申请', path: paths.addPath }} {...(skuPath ? { sku: skuPath } : {})} />}
    />
  );
}
