import { ChannelOrderList } from '../components/channel-order-list.tsx';

/** 批发订单 (wholesale-order-list). */
export default function MallOrderListPage() {
  return <ChannelOrderList kind="mall" />;
}
