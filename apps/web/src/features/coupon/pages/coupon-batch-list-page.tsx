import { couponBatchOps, type BatchRow } from '@merchant/contracts/marketing/coupon-batch';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import { ACTIONS_KEY, type ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { createdAtColumn } from '../../../shared/ui/list/time-columns.ts';
import { applyPath, COUPON_BATCH_ANCHOR, COUPON_PAGES } from '../coupon-paths.ts';
import { useBatchActions } from '../components/batch-actions.tsx';
import { BATCH_STATUS_OPTIONS, BatchStatusTag, COUPON_KEY, COUPON_TYPE_OPTIONS, CouponTypeTag, dash } from '../components/coupon-parts.tsx';

const TITLE = COUPON_PAGES.batch.title;
const load = listLoader(couponBatchOps.list);

/** A count, right-aligned. */
const countColumn = (key: string, title: string, over: Partial<ListColumn<BatchRow>> = {}): ListColumn<BatchRow> => ({
  key,
  title,
  width: 100,
  align: 'right',
  render: (v) => dash(v),
  ...over,
});

/** 已发 / 总量 with a thin bar of how much of the stock is out. */
function IssuedCell({ issued, total }: { issued: number; total: number }) {
  return (
    <div style={{ lineHeight: 1.3 }}>
      <Typography.Text data-testid="batch-issued">
        {issued} / {total}
      </Typography.Text>
      <Progress percent={total > 0 ? Math.round((issued / total) * 100) : 0} size="small" showInfo={false} style={{ margin: 0 }} />
    </div>
  );
}

/**
 * The batch list's one column definition (DESIGN §8): table, search form (关键字, 券类型, 状态, 创建时间) and the export's
 * filters. Sorted by the contract's sortable fields: 已发, 总量, 创建时间.
 */
export function batchColumns(actions: (row: BatchRow) => ReactNode): ListColumn<BatchRow>[] {
  return [
    {
      key: 'batchCode',
      title: '批次号',
      width: 150,
      keyColumn: true,
      render: (v) => <Link to={applyPath('view', String(v))}>{String(v)}</Link>,
    },
    {
      key: 'keyword',
      title: '关键字',
      hideInTable: true,
      search: { type: 'text', maxLength: 40, placeholder: '批次号或名称', order: 0 },
    },
    { key: 'name', title: '名称', width: 180, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
    {
      key: 'couponType',
      title: '类型',
      width: 100,
      render: (v, r) => <CouponTypeTag type={String(v)} name={r.couponTypeName} />,
      search: { type: 'select', label: '券类型', options: COUPON_TYPE_OPTIONS, order: 1 },
    },
    { key: 'ruleText', title: '规则', width: 200, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
    { key: 'validText', title: '有效期', width: 230, render: (v) => dash(v) },
    {
      key: 'issuedCount',
      title: '已发/总量',
      width: 150,
      sortable: true,
      render: (_v, r) => <IssuedCell issued={r.issuedCount} total={r.totalStock} />,
    },
    countColumn('totalStock', '发行总量', { sortable: true, width: 110 }),
    countColumn('usedCount', '已用', { width: 90 }),
    countColumn('perUserLimit', '每人限领', { width: 100 }),
    {
      key: 'status',
      title: '状态',
      width: 100,
      render: (v, r) => <BatchStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: BATCH_STATUS_OPTIONS, order: 2 },
    },
    { key: 'creatorName', title: '创建人', width: 110, render: (v) => dash(v) },
    createdAtColumn<BatchRow>(3),
    { key: ACTIONS_KEY, title: '操作', width: 280, render: (_v, r) => actions(r) },
  ];
}

/**
 * coupon-batch-list — 优惠券批次: the batches (批次号 leading to its 详情, 名称, 类型, 规则, 有效期, 已发/总量, 已用, 每人限领,
 * 状态, 创建人, 创建时间), searched by 关键字 (批次号或名称), 券类型, 状态 and 创建时间; each row's steps as its `actions`
 * allow (编辑, 提交审核, 审核通过, 驳回, 停用, 启用, 删除) and the links 发券 / 券明细; 新增批次 for a role with the page; 导出.
 */
export default function CouponBatchListPage() {
  const navigate = useNavigate();
  const mayCreate = useHasAnchor(COUPON_BATCH_ANCHOR);
  const actions = useBatchActions();
  return (
    <>
      <QueryList<BatchRow>
        queryKey={[...COUPON_KEY, 'batches']}
        request={(p) => load(p)}
        columns={batchColumns(actions.rowButtons)}
        rowKey="batchCode"
        title={TITLE}
        testId="coupon-batch-list"
        toolbar={
          mayCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(applyPath('add'))}>
              新增批次
            </Button>
          ) : null
        }
        exportable={{ operation: couponBatchOps.list, exportName: TITLE }}
        emptyText="还没有优惠券批次"
      />
      {actions.modals}
    </>
  );
}
