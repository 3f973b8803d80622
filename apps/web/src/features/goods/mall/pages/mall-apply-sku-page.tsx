import { MallSkuApplyForm } from '../components/mall-apply-forms.tsx';

/** mall-apply-sku: a new 商城SKU申请 (edited later on its mall-apply-detail page). */
export default function MallApplySkuPage() {
  return <MallSkuApplyForm />;
}
