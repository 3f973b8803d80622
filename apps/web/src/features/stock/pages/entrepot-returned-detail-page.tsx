import { StockOrderDetailView } from '../components/stock-order-detail-view.tsx';
import { FRONT_RETURN_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 前置仓 · 退货单: an order (entrepot-returned-detail/:orderCode). */
export default function EntrepotReturnedDetailPage() {
  return <StockOrderDetailView book={FRONT_RETURN_ORDER_BOOK} />;
}
