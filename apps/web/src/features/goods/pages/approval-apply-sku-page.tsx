import { ApprovalSkuForm } from '../components/approval-sku-form.tsx';

/** apply-sku: SKU申请 (a new SKU of an existing SPU, reviewed like a new product). */
export default function ApprovalApplySkuPage() {
  return <ApprovalSkuForm />;
}
