import { ChannelOrderList } from '../components/channel-order-list.tsx';

/** 线上零售订单 (online-retailers-list). */
export default function OnlineOrderListPage() {
  return <ChannelOrderList kind="online" />;
}
