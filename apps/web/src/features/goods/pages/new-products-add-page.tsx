import { useParams } from 'react-router';
import { ApprovalPage } from '../components/approval-page.tsx';

/**
 * add-new-products/:handleType?/:approvalCode?/:approveStatus?  add: a new 新品申请; edit: edit a draft,
 * rejected or withdrawn application (新品 or SKU); view / review: the application with the actions its state
 * allows (review is view opened from the list's 审核 link). Also the page of apply-goods.
 */
export default function NewProductsAddPage() {
  const { handleType = 'add', approvalCode } = useParams();
  return <ApprovalPage handleType={handleType} approvalCode={approvalCode} />;
}
