import { ChannelOrderDetailView } from '../components/channel-order-detail.tsx';

/** online-retailers-detail/:orderNoSub — a 线上零售 order. */
export default function OnlineOrderDetailPage() {
  return <ChannelOrderDetailView kind="online" />;
}
