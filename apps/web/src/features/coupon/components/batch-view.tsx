import { GOODS_SCOPES, type GoodsScope } from '@merchant/contracts/marketing/coupon-fields';
import { couponBatchOps, type BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { COUPON_BATCH_ANCHOR, pathOf } from '../coupon-paths.ts';
import { useBatchActions } from './batch-actions.tsx';
import { batchKey, BatchStatusTag, CouponTypeTag, dash, yuan } from './coupon-parts.tsx';
import { skuLabel } from './scope-selects.tsx';

type Item = NonNullable<DescriptionsProps['items']>[number];

const time = (v: number | null) => (v ? formatDateTime(v) : '--');
const yesNo = (v: boolean, yes: string, no: string) => <Tag color={v ? 'success' : 'default'}>{v ? yes : no}</Tag>;

/** The amounts the batch's type uses, in 元. */
function moneyItems(b: BatchRow): Item[] {
  if (b.couponType === 'discount')
    return [
      { key: 'discount', label: '折扣', children: `${(b.discountPercent / 10).toFixed(1).replace(/\.0$/, '')}折` },
      { key: 'threshold', label: '使用门槛（元）', children: b.thresholdAmount > 0 ? yuan(b.thresholdAmount) : '无门槛' },
      { key: 'maxDiscount', label: '最高优惠（元）', children: b.maxDiscount > 0 ? yuan(b.maxDiscount) : '不封顶' },
    ];
  return [
    ...(b.couponType === 'full_reduce' ? [{ key: 'threshold', label: '使用门槛（元）', children: yuan(b.thresholdAmount) }] : []),
    { key: 'reduce', label: '优惠金额（元）', children: yuan(b.reduceAmount) },
  ];
}

/**
 * A batch's 详情 (coupon-apply/view/:groupCode, and an edit the batch does not allow now, with `notice` saying why):
 * the header with its code, status and the steps its `actions` allow (the list's, plus 发券 / 券明细), every field —
 * the rule and its amounts, validity, stock issued and used, scope (the SKUs and cities), stacking, refund, who
 * created and reviewed it, the reject reason — and its 操作记录 (for a role with the batch page; the other coupon
 * pages open a batch's 详情 without its history).
 */
export function BatchView({ batch: b, notice }: { batch: BatchRow; notice?: ReactNode }) {
  const navigate = useNavigate();
  const mayHistory = useHasAnchor(COUPON_BATCH_ANCHOR);
  const actions = useBatchActions({ onRemoved: () => navigate(pathOf('batch'), { replace: true }) });
  const left = Math.max(0, b.totalStock - b.issuedCount);
  const items: Array<Item | false> = [
    { key: 'batchCode', label: '批次号', children: b.batchCode },
    { key: 'name', label: '批次名称', children: b.name },
    { key: 'type', label: '券类型', children: <CouponTypeTag type={b.couponType} name={b.couponTypeName} /> },
    { key: 'rule', label: '优惠规则', children: <span data-testid="batch-rule">{b.ruleText}</span> },
    ...moneyItems(b),
    { key: 'valid', label: '有效期', children: b.validText },
    { key: 'stock', label: '发行总量', children: `${b.totalStock} 张` },
    { key: 'issued', label: '已发 / 剩余', children: `${b.issuedCount} / ${left} 张` },
    { key: 'used', label: '已使用', children: `${b.usedCount} 张` },
    { key: 'perUser', label: '每人限领', children: `${b.perUserLimit} 张` },
    { key: 'stackable', label: '可叠加', children: yesNo(b.stackable, '可叠加', '不叠加') },
    { key: 'refund', label: '全额退款退券', children: yesNo(b.refundReturn, '退券', '不退') },
    { key: 'status', label: '状态', children: <BatchStatusTag status={b.status} name={b.statusName} /> },
    { key: 'creator', label: '创建', children: `${dash(b.creatorName)} ${time(b.createdAt)}` },
    !!b.reviewerName && { key: 'reviewer', label: '审核', children: `${b.reviewerName} ${time(b.reviewedAt)}` },
    !!b.rejectReason && {
      key: 'reject',
      label: '驳回原因',
      children: <Typography.Text type="danger">{b.rejectReason}</Typography.Text>,
    },
    { key: 'remark', label: '备注', children: dash(b.remark), span: 'filled' },
  ];
  const scope: Item[] = [
    {
      key: 'goods',
      label: '适用商品',
      span: 'filled',
      children:
        b.goodsScope === 'skus' ? (
          <Space size={[4, 4]} wrap data-testid="batch-skus">
            {b.skus.map((s) => (
              <Tag key={s.skuId}>{skuLabel(s)}</Tag>
            ))}
          </Space>
        ) : (
          (GOODS_SCOPES[b.goodsScope as GoodsScope] ?? '全部商品')
        ),
    },
    {
      key: 'cities',
      label: '适用城市',
      span: 'filled',
      children: b.cityNames.length ? (
        <Space size={[4, 4]} wrap data-testid="batch-cities">
          {b.cityNames.map((c) => (
            <Tag key={c}>{c}</Tag>
          ))}
        </Space>
      ) : (
        '全部城市'
      ),
    },
  ];
  const buttons = actions.headerButtons(b);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span data-testid="batch-title">
              {b.name}（{b.batchCode}）
            </span>
            <BatchStatusTag status={b.status} name={b.statusName} />
          </Space>
        }
        extra={
          <Space wrap>
            {buttons.map((x) => (
              <Button key={x.key} type={x.type} danger={x.danger} loading={x.loading} onClick={x.onClick}>
                {x.label}
              </Button>
            ))}
          </Space>
        }
      >
        {notice ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={notice} data-testid="batch-notice" /> : null}
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} items={items.filter((i): i is Item => !!i)} />
      </Card>
      <Card variant="borderless" title="使用范围">
        <Descriptions column={1} items={scope} />
      </Card>
      {mayHistory ? (
        <Card variant="borderless" title="操作记录">
          <RecordHistory operation={couponBatchOps.history} input={{ batchCode: b.batchCode }} queryKey={batchKey(b.batchCode)} />
        </Card>
      ) : null}
      {actions.modals}
    </Space>
  );
}
