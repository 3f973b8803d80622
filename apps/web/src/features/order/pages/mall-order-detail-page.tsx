import { ChannelOrderDetailView } from '../components/channel-order-detail.tsx';

/** wholesale-order-detail/:orderNoSub — a 批发 order. */
export default function MallOrderDetailPage() {
  return <ChannelOrderDetailView kind="mall" />;
}
