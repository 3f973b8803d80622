import {
  CHANNEL_ORDER_KINDS,
  CHANNEL_ORDER_OPS,
  type ChannelOrderKind,
  type ChannelOrderRow,
} from '@merchant/contracts/order/channel-order';
import { Link, useNavigate } from 'react-router';
import { listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { rowActionsColumn } from '../../../shared/ui/row-actions.tsx';
import { useChannelOrderActions } from './channel-order-actions.tsx';
import { channelOrderDetailPath, channelOrderStatusOptions, moneyColumn, orderStatusColumns, TwoLines } from './order-parts.tsx';

// 渠道订单 (section 104): the list shared by 线上零售订单, 批发订单 and 本地生活订单.

const money = (key: keyof ChannelOrderRow & string, title: string) => moneyColumn<ChannelOrderRow>(key, title);
const dash = (v: unknown) => (v ? String(v) : '--');

/**
 * A channel's orders (线上零售订单, 批发订单, 本地生活订单): newest first, keyset paged; 门店 for 本地生活 only; 发货, 修改物流,
 * 取消发货, 确认收货 and 取消订单 as the row's `actions` allow; 导出 through the export center.
 */
export function ChannelOrderList({ kind }: { kind: ChannelOrderKind }) {
  const navigate = useNavigate();
  const ops = CHANNEL_ORDER_OPS[kind];
  const { title } = CHANNEL_ORDER_KINDS[kind];
  const { buttonsOf, modals } = useChannelOrderActions(kind);
  const columns: ListColumn<ChannelOrderRow>[] = [
    {
      key: 'orderNoSub',
      title: '订单号',
      width: 170,
      render: (v) => <Link to={channelOrderDetailPath(kind, String(v))}>{String(v)}</Link>,
      search: { type: 'text', maxLength: 24, order: 0 },
    },
    {
      key: 'channelOrderNo',
      title: '渠道订单号',
      width: 180,
      ellipsis: true,
      render: dash,
      search: { type: 'text', maxLength: 64, order: 1 },
    },
    {
      key: 'userId',
      title: '用户',
      width: 150,
      ellipsis: true,
      render: dash,
      search: { type: 'text', label: '用户标识', maxLength: 64, order: 4 },
    },
    { key: 'receiverName', title: '收货人', width: 100, ellipsis: true, render: dash },
    { key: 'receiverPhone', title: '手机号', width: 120, render: dash },
    ...(kind === 'locallife'
      ? [{ key: 'storeName', title: '门店', width: 140, ellipsis: true, render: dash } satisfies ListColumn<ChannelOrderRow>]
      : []),
    ...orderStatusColumns<ChannelOrderRow>(channelOrderStatusOptions, 2),
    { key: 'itemCount', title: '商品件数', width: 90, align: 'right' },
    money('payAmount', '应付金额（元）'),
    money('paidAmount', '实付金额（元）'),
    {
      key: 'trackingNo',
      title: '物流',
      width: 170,
      render: (_v, r) => (r.trackingNo ? <TwoLines top={r.carrierName} bottom={r.trackingNo} /> : '--'),
    },
    timeColumn<ChannelOrderRow>('createdAt', '下单时间', {
      sortable: true,
      search: { type: 'dateRange', name: 'createdRange', label: '下单时间', order: 5 },
    }),
    timeColumn<ChannelOrderRow>('payDeadline', '支付截止'),
    rowActionsColumn(300, (r) => [
      { key: 'view', label: '详情', onClick: () => navigate(channelOrderDetailPath(kind, r.orderNoSub)) },
      ...buttonsOf(r),
    ]),
  ];
  return (
    <>
      <QueryList<ChannelOrderRow>
        queryKey={['order', 'channel', kind, 'list']}
        paging="keyset"
        request={listLoader(ops.list)}
        columns={columns}
        rowKey="orderNoSub"
        title={title}
        testId="channel-order-list"
        exportable={{ operation: ops.list }}
        emptyText="还没有订单"
      />
      {modals}
    </>
  );
}
