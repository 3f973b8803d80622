import { cabinetOrderOps, type CabinetOrderRow } from '@merchant/contracts/order/cabinet-order';
import { Link, useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import {
  ExceptionTag,
  exceptionTypeOptions,
  moneyColumn,
  orderDetailPath,
  orderStatusColumns,
  orderStatusOptions,
  TwoLines,
} from '../components/order-parts.tsx';

const money = (key: keyof CabinetOrderRow & string, title: string) => moneyColumn<CabinetOrderRow>(key, title);

/** 销售订单 (salesOrder-list): the cabinets' orders, newest first, keyset paged; 导出 through the export center. */
export default function SalesOrderListPage() {
  const navigate = useNavigate();
  const columns: ListColumn<CabinetOrderRow>[] = [
    {
      key: 'orderNoSub',
      title: '订单号',
      width: 170,
      render: (v) => <Link to={orderDetailPath(String(v))}>{String(v)}</Link>,
      search: { type: 'text', maxLength: 24, order: 0 },
    },
    { key: 'applyCode', title: '开门单号', hideInTable: true, search: { type: 'text', maxLength: 24, order: 1 } },
    {
      key: 'deviceCode',
      title: '设备',
      width: 170,
      render: (_v, r) => <TwoLines top={r.deviceCode} bottom={r.deviceName} />,
      search: { type: 'text', label: '设备编号', maxLength: 20, order: 2 },
    },
    { key: 'pointName', title: '点位', width: 140, ellipsis: true, render: (v) => (v ? String(v) : '--') },
    {
      key: 'userId',
      title: '用户',
      width: 160,
      render: (_v, r) => <TwoLines top={r.userId} bottom={r.userPhone} />,
      search: { type: 'text', label: '用户标识', maxLength: 64, order: 6 },
    },
    ...orderStatusColumns<CabinetOrderRow>(orderStatusOptions, 3),
    {
      key: 'excepType',
      title: '异常类型',
      width: 120,
      render: (v, r) => <ExceptionTag type={String(v ?? '')} name={r.excepTypeName} />,
      search: { type: 'select', options: exceptionTypeOptions, order: 5 },
    },
    { key: 'itemCount', title: '商品件数', width: 90, align: 'right' },
    money('goodsAmount', '商品金额（元）'),
    money('paidAmount', '实付金额（元）'),
    money('refundedAmount', '退款金额（元）'),
    timeColumn<CabinetOrderRow>('createdAt', '下单时间', {
      sortable: true,
      search: { type: 'dateRange', name: 'createdRange', label: '下单时间', order: 7 },
    }),
    timeColumn<CabinetOrderRow>('paidAt', '支付时间'),
    rowActionsColumn(80, (r) => [{ key: 'view', label: '详情', onClick: () => navigate(orderDetailPath(r.orderNoSub)) }]),
  ];
  return (
    <QueryList<CabinetOrderRow>
      queryKey={['order', 'cabinet-order', 'list']}
      paging="keyset"
      request={listLoader(cabinetOrderOps.list)}
      columns={columns}
      rowKey="orderNoSub"
      title="销售订单"
      testId="sales-order-list"
      exportable={{ operation: cabinetOrderOps.list }}
      emptyText="还没有订单"
    />
  );
}
