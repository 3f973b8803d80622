import { StockOrderDetailView } from '../components/stock-order-detail-view.tsx';
import { WHOLESALER_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 批发商库存 · 入库管理: an order (wholesaler-add-detail/:orderCode). */
export default function WholesalerAddDetailPage() {
  return <StockOrderDetailView book={WHOLESALER_ORDER_BOOK} />;
}
