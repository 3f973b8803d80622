import { Link, useParams } from 'react-router';
import { Result } from 'antd';
import { ApprovalProductForm } from '../components/approval-product-form.tsx';
import { APPROVAL_LIST_PATH } from '../components/approval-parts.tsx';

/** apply-goods/:handleType?  申请新品 from the goods pages: the 新品申请 form (its only handleType is add). */
export default function ApprovalApplyGoodsPage() {
  const { handleType = 'add' } = useParams();
  if (handleType !== 'add')
    return <Result status="404" title="页面类型不正确" extra={<Link to={APPROVAL_LIST_PATH}>返回新品申请列表</Link>} />;
  return <ApprovalProductForm />;
}
