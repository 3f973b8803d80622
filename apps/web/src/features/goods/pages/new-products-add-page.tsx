import { approvalOps } from '@merchant/contracts/goods/approval';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Card, Result, Skeleton } from 'antd';
import { call } from '../../../platform/call.ts';
import { ApprovalProductForm } from '../components/approval-product-form.tsx';
import { ApprovalSkuForm } from '../components/approval-sku-form.tsx';
import { ApprovalView } from '../components/approval-view.tsx';
import { APPROVAL_LIST_PATH } from '../components/approval-parts.tsx';

const HANDLE_TYPES = ['add', 'edit', 'view', 'review'] as const;
const backToList = <Link to={APPROVAL_LIST_PATH}>返回新品申请列表</Link>;

/**
 * add-new-products/:handleType?/:approvalCode?/:approveStatus?  add: a new 新品申请; edit: edit a draft,
 * rejected or withdrawn application (新品 or SKU); view / review: the application with the actions its state
 * allows (review is view opened from the list's 审核 link). Also the page of apply-goods.
 */
export default function NewProductsAddPage() {
  const { handleType = 'add', approvalCode } = useParams();
  const detailKey = ['goods', 'approval', approvalCode] as const;
  const detail = useQuery({
    queryKey: detailKey,
    queryFn: () => call(approvalOps.detail, { approvalCode: approvalCode! }),
    enabled: Boolean(approvalCode) && handleType !== 'add',
  });

  if (!(HANDLE_TYPES as readonly string[]).includes(handleType)) return <Result status="404" title="页面类型不正确" extra={backToList} />;
  if (handleType === 'add') return <ApprovalProductForm />;
  if (!approvalCode) return <Result status="warning" title="缺少申请单号" extra={backToList} />;
  if (detail.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  const d = detail.data;
  if (!d) return <Result status="warning" title="申请不存在或已删除" extra={backToList} />;
  if (handleType === 'edit') {
    if (![0, 3, 4].includes(d.status))
      return <Result status="warning" title={`申请当前为「${d.statusName}」，不能编辑`} extra={backToList} />;
    return d.kind === 2 ? <ApprovalSkuForm initial={d} /> : <ApprovalProductForm initial={d} />;
  }
  return <ApprovalView detail={d} queryKey={detailKey} />;
}
