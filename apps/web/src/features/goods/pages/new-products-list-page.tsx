import { GoodsApprovalList } from '../components/goods-approval-list.tsx';

/** new-products-list: 新品申请 and SKU申请 with their states; reviewers find 待审核 ones here. */
export default function NewProductsListPage() {
  return <GoodsApprovalList skuPath="/website/goods/apply-sku" />;
}
