import { useSearchParams } from 'react-router';
import { ApprovalPdfPage } from '../components/approval-pdf-page.tsx';
import { MERCHANT_GOODS_APPROVAL_PATHS } from '../components/approval-parts.tsx';

/** marchant-apply-detail-pdf?approvalCode= (商户商品): the printable application with 下载PDF (the server's PDF). */
export default function MarchantApplyDetailPdfPage() {
  const [search] = useSearchParams();
  return <ApprovalPdfPage approvalCode={search.get('approvalCode') ?? ''} paths={MERCHANT_GOODS_APPROVAL_PATHS} />;
}
