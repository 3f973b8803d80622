import { ChannelOrderList } from '../components/channel-order-list.tsx';

/** 本地生活订单 (loc-life-order). */
export default function LocalLifeOrderListPage() {
  return <ChannelOrderList kind="locallife" />;
}
