import { BATCH_EDITABLE, BATCH_STATUS, batchCodeSchema, type BatchStatus } from '@merchant/contracts/marketing/coupon-fields';
import { couponBatchOps, type BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DocumentLoading } from '../../../platform/document-detail.tsx';
import { call } from '../../../platform/call.ts';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { ForbiddenResult, isNotFoundError, LoadFailedResult, NotFoundResult } from '../../../shared/ui/page-result.tsx';
import { COUPON_BATCH_ANCHOR, isHandleType, pathOf } from '../coupon-paths.ts';
import { BatchForm } from '../components/batch-form.tsx';
import { BatchView } from '../components/batch-view.tsx';
import { batchKey, DETAIL } from '../components/coupon-parts.tsx';

const BACK = { label: '返回优惠券批次', to: pathOf('batch') };

/** Why a batch opened for 编辑 is shown read-only. */
function lockedNote(b: BatchRow): string {
  if (!BATCH_EDITABLE.includes(b.status)) {
    const name = b.statusName || BATCH_STATUS[b.status as BatchStatus] || '--';
    return `该批次当前为「${name}」，只有草稿或已驳回的批次可以编辑，以下为批次详情。`;
  }
  return '当前角色不能编辑该批次，以下为批次详情。';
}

/**
 * coupon-apply/:handleType/:groupCode?/:subCode? — a batch's form: add (新增优惠券, a role with 优惠券批次), edit
 * (编辑优惠券: the batch's form when its `actions` include 编辑, else its 详情 with the reason) and view (优惠券详情).
 * groupCode is the 批次号; subCode is accepted and unused. A malformed address or a batch that does not exist says so,
 * with the way back to the list.
 */
export default function CouponApplyPage() {
  const params = useParams();
  const handleType = params.handleType;
  const mayCreate = useHasAnchor(COUPON_BATCH_ANCHOR);
  const code = params.groupCode?.trim().toUpperCase() ?? '';
  const isAdd = handleType === 'add';
  const valid = isHandleType(handleType) && (isAdd || batchCodeSchema.safeParse(code).success);
  const detail = useQuery({
    queryKey: batchKey(code),
    queryFn: () => call(couponBatchOps.detail, { batchCode: code }, DETAIL),
    enabled: valid && !isAdd,
    retry: false,
  });

  if (!valid) return <NotFoundResult title="页面参数不正确" subTitle="请从优惠券批次列表进入" back={BACK} />;
  if (isAdd) return mayCreate ? <BatchForm /> : <ForbiddenResult back={BACK} />;
  if (detail.isError)
    return isNotFoundError(detail.error) ? (
      <NotFoundResult title="优惠券批次不存在" subTitle={`批次号为 ${code} 的批次不存在或已被删除`} back={BACK} />
    ) : (
      <LoadFailedResult back={BACK} onRetry={() => void detail.refetch()} />
    );
  const b = detail.data;
  if (!b) return <DocumentLoading />;
  if (handleType === 'edit') {
    return b.actions.includes('edit') ? (
      <BatchForm key={`${b.batchCode}-${b.version}`} row={b} />
    ) : (
      <BatchView batch={b} notice={lockedNote(b)} />
    );
  }
  return <BatchView batch={b} />;
}
