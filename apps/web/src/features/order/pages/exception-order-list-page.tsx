import { exceptionOrderOps, type ExceptionOrderRow } from '@merchant/contracts/order/exception-order';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { ellipsisCell } from '../../../shared/ui/list/ellipsis-cell.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { useExceptionClose } from '../components/exception-close.tsx';
import {
  commodityDetailPath,
  ExceptionHandlingTag,
  exceptionHandlingOptions,
  ExceptionTag,
  exceptionTypeOptions,
  orderDetailPath,
  OrderStatusTag,
  PayStatusTag,
  yuan,
  TwoLines,
} from '../components/order-parts.tsx';

/**
 * 异常订单 (excepOrder-list): the cabinet orders that were abnormal, newest first, keyset paged; 待处理 ones offer
 * 商品核对 and 关闭 as the row's `actions` allow; 导出 through the export center.
 */
export default function ExceptionOrderListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // the prefix also covers 销售订单 and the orders' details
  const { close, closeModal } = useExceptionClose(() => void queryClient.invalidateQueries({ queryKey: ['order'] }));
  const columns: ListColumn<ExceptionOrderRow>[] = [
    {
      key: 'orderNoSub',
      title: '订单号',
      width: 170,
      render: (v) => <Link to={orderDetailPath(String(v))}>{String(v)}</Link>,
      search: { type: 'text', maxLength: 24, order: 0 },
    },
    {
      key: 'deviceCode',
      title: '设备',
      width: 170,
      render: (_v, r) => <TwoLines top={r.deviceCode} bottom={r.deviceName} />,
      search: { type: 'text', label: '设备编号', maxLength: 20, order: 1 },
    },
    { key: 'userId', title: '用户', width: 160, render: (_v, r) => <TwoLines top={r.userId} bottom={r.userPhone} /> },
    {
      key: 'excepType',
      title: '异常类型',
      width: 120,
      render: (v, r) => <ExceptionTag type={String(v ?? '')} name={r.excepTypeName} />,
      search: { type: 'select', options: exceptionTypeOptions, order: 2 },
    },
    { key: 'excepReason', title: '异常原因', width: 220, ellipsis: { showTitle: false }, render: (v) => ellipsisCell(v) },
    {
      key: 'handling',
      title: '处理状态',
      width: 90,
      render: (v, r) => <ExceptionHandlingTag handling={Number(v)} name={r.handlingName} />,
      search: { type: 'select', options: exceptionHandlingOptions, order: 3 },
    },
    { key: 'status', title: '订单状态', width: 100, render: (v, r) => <OrderStatusTag status={Number(v)} name={r.statusName} /> },
    { key: 'payStatus', title: '支付状态', width: 100, render: (v, r) => <PayStatusTag status={Number(v)} name={r.payStatusName} /> },
    { key: 'itemCount', title: '商品件数', width: 90, align: 'right' },
    { key: 'payAmount', title: '应付金额（元）', width: 125, align: 'right', render: (v) => yuan(v) },
    timeColumn<ExceptionOrderRow>('createdAt', '下单时间', {
      sortable: true,
      search: { type: 'dateRange', name: 'createdRange', label: '下单时间', order: 4 },
    }),
    rowActionsColumn(140, (r) => [
      {
        key: 'correct',
        label: '商品核对',
        show: r.actions.includes('correct'),
        onClick: () => navigate(commodityDetailPath(r.orderNoSub)),
      },
      {
        key: 'close',
        label: '关闭',
        show: r.actions.includes('close'),
        danger: true,
        onClick: () => close({ orderNoSub: r.orderNoSub, version: r.version }),
      },
    ]),
  ];
  return (
    <>
      <QueryList<ExceptionOrderRow>
        queryKey={['order', 'exception', 'list']}
        paging="keyset"
        request={listLoader(exceptionOrderOps.list)}
        columns={columns}
        rowKey="orderNoSub"
        title="异常订单"
        testId="exception-order-list"
        exportable={{ operation: exceptionOrderOps.list }}
        emptyText="没有异常订单"
      />
      {closeModal}
    </>
  );
}
