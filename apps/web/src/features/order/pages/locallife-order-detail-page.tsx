import { ChannelOrderDetailView } from '../components/channel-order-detail.tsx';

/** loc-life-order-detail/:orderNoSub — a 本地生活 order. */
export default function LocalLifeOrderDetailPage() {
  return <ChannelOrderDetailView kind="locallife" />;
}
