import { afterSaleOps, type AfterSaleRow } from '@merchant/contracts/order/after-sale';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { useAfterSaleActions } from '../components/after-sale-actions.tsx';
import { AfterSaleCreateModal } from '../components/after-sale-create.tsx';
import {
  afterSaleDetailPath,
  AfterSaleStatusTag,
  afterSaleStatusOptions,
  AfterSaleTypeTag,
  afterSaleTypeOptions,
  dash,
  orderDetailPathOf,
  RefundStatusTag,
  yuan,
} from '../components/after-sale-parts.tsx';

/**
 * 售后工单 (after-sale-order): the work orders of every channel's orders, newest first, keyset paged; 受理, 完成 and 驳回
 * as the row's `actions` allow; 新建售后工单 (also opened for an order by ?orderNoSub=); 导出 through the export center.
 */
export default function AfterSaleListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [creating, setCreating] = useState<{ orderNoSub: string } | null>(() => {
    const orderNoSub = (search.get('orderNoSub') ?? '').trim();
    return orderNoSub ? { orderNoSub } : null;
  });
  const { buttonsOf, modals } = useAfterSaleActions();

  const closeCreate = () => {
    setCreating(null);
    // the order's number has done its work: a reload does not open the modal again
    if (search.has('orderNoSub')) {
      const next = new URLSearchParams(search);
      next.delete('orderNoSub');
      setSearch(next, { replace: true });
    }
  };

  const columns: ListColumn<AfterSaleRow>[] = [
    {
      key: 'workNumber',
      title: '工单号',
      width: 170,
      render: (v) => <Link to={afterSaleDetailPath(String(v))}>{String(v)}</Link>,
      search: { type: 'text', maxLength: 24, order: 0 },
    },
    {
      key: 'orderNoSub',
      title: '订单号',
      width: 170,
      render: (v, r) => {
        const to = orderDetailPathOf(r.channelName, String(v));
        return to ? <Link to={to}>{String(v)}</Link> : String(v);
      },
      search: { type: 'text', maxLength: 24, order: 1 },
    },
    { key: 'channelName', title: '渠道', width: 100, render: dash },
    {
      key: 'type',
      title: '售后类型',
      width: 100,
      render: (v, r) => <AfterSaleTypeTag type={String(v)} name={r.typeName} />,
      search: { type: 'select', options: afterSaleTypeOptions, order: 2 },
    },
    {
      key: 'status',
      title: '工单状态',
      width: 100,
      render: (v, r) => <AfterSaleStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: afterSaleStatusOptions, order: 3 },
    },
    { key: 'reason', title: '申请原因', width: 200, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
    { key: 'itemCount', title: '商品件数', width: 90, align: 'right' },
    { key: 'refundAmount', title: '退款金额（元）', width: 125, align: 'right', render: (v) => yuan(v) },
    {
      key: 'refundStatus',
      title: '退款状态',
      width: 100,
      render: (v, r) => <RefundStatusTag status={Number(v)} name={r.refundStatusName} />,
    },
    { key: 'creatorName', title: '创建人', width: 100, render: dash },
    { key: 'handlerName', title: '处理人', width: 100, render: dash },
    timeColumn<AfterSaleRow>('createdAt', '创建时间', {
      sortable: true,
      search: { type: 'dateRange', name: 'createdRange', label: '创建时间', order: 4 },
    }),
    timeColumn<AfterSaleRow>('completedAt', '完成时间'),
    rowActionsColumn(200, (r) => [
      { key: 'view', label: '详情', onClick: () => navigate(afterSaleDetailPath(r.workNumber)) },
      ...buttonsOf(r),
    ]),
  ];
  return (
    <>
      <QueryList<AfterSaleRow>
        queryKey={['after-sale', 'list']}
        paging="keyset"
        request={listLoader(afterSaleOps.list)}
        columns={columns}
        rowKey="workNumber"
        title="售后工单"
        testId="after-sale-list"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating({ orderNoSub: '' })}>
            新建售后工单
          </Button>
        }
        exportable={{ operation: afterSaleOps.list }}
        emptyText="还没有售后工单"
      />
      {creating ? <AfterSaleCreateModal initialOrderNoSub={creating.orderNoSub} onClose={closeCreate} /> : null}
      {modals}
    </>
  );
}
