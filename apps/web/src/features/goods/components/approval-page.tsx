import { approvalOps } from '@merchant/contracts/goods/approval';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, Result, Skeleton } from 'antd';
import { call } from '../../../platform/call.ts';
import { ApprovalProductForm } from './approval-product-form.tsx';
import { ApprovalSkuForm } from './approval-sku-form.tsx';
import { ApprovalView, GOODS_APPROVAL, goodsApprovalFlavour } from './approval-view.tsx';
import { GOODS_APPROVAL_PATHS, type ApprovalPaths } from './approval-parts.tsx';

const HANDLE_TYPES = ['add', 'edit', 'view', 'review'] as const;

/**
 * A goods application's page (新品申请 / SKU申请) by its handle type — add: a new 新品申请; edit: edit a draft,
 * rejected or withdrawn application; view / review: the application with the actions its state allows — linking
 * to `paths` (the goods section's add-new-products pages, or 商户商品's marchant-apply-detail ones).
 */
export function ApprovalPage({
  handleType,
  approvalCode,
  paths = GOODS_APPROVAL_PATHS,
}: {
  handleType: string;
  approvalCode: string | undefined;
  paths?: ApprovalPaths;
}) {
  const detailKey = ['goods', 'approval', approvalCode] as const;
  const detail = useQuery({
    queryKey: detailKey,
    queryFn: () => call(approvalOps.detail, { approvalCode: approvalCode! }),
    enabled: Boolean(approvalCode) && handleType !== 'add',
  });
  const own = paths !== GOODS_APPROVAL_PATHS;
  const backToList = <Link to={paths.listPath}>返回新品申请列表</Link>;

  if (!(HANDLE_TYPES as readonly string[]).includes(handleType)) return <Result status="404" title="页面类型不正确" extra={backToList} />;
  if (handleType === 'add') return <ApprovalProductForm {...(own ? { paths } : {})} />;
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
    return d.kind === 2 ? <ApprovalSkuForm initial={d} paths={paths} /> : <ApprovalProductForm initial={d} paths={paths} />;
  }
  return <ApprovalView detail={d} queryKey={detailKey} flavour={own ? goodsApprovalFlavour(paths) : GOODS_APPROVAL} />;
}
