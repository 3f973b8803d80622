import { GoodsApprovalList } from '../components/goods-approval-list.tsx';
import { MERCHANT_GOODS_APPROVAL_PATHS } from '../components/approval-parts.tsx';

/** marchant-add-new-product (商户商品): the goods applications' list, its links kept under merchant-goods-management. */
export default function MarchantAddNewProductPage() {
  return <GoodsApprovalList paths={MERCHANT_GOODS_APPROVAL_PATHS} />;
}
