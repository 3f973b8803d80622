import { useParams } from 'react-router';
import { ApprovalPage } from '../components/approval-page.tsx';
import { MERCHANT_GOODS_APPROVAL_PATHS } from '../components/approval-parts.tsx';

/**
 * marchant-apply-detail/{approvalCode?}/{detail?} (商户商品): the goods application page — a new application without
 * a code, the edit form with one, the application's view (with its actions and 预览申请单) with `detail` — linking
 * back to marchant-add-new-product / marchant-apply-detail / marchant-apply-detail-pdf.
 */
export default function MarchantApplyDetailPage() {
  const { approvalCode, detail } = useParams();
  const handleType = !approvalCode ? 'add' : detail ? 'view' : 'edit';
  return <ApprovalPage handleType={handleType} approvalCode={approvalCode} paths={MERCHANT_GOODS_APPROVAL_PATHS} />;
}
