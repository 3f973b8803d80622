import { StockOrderDetailView } from '../components/stock-order-detail-view.tsx';
import { FRONT_ENTRY_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 前置仓 · 入库单: an order (entrepot-entry-detail/:orderCode). */
export default function EntrepotEntryDetailPage() {
  return <StockOrderDetailView book={FRONT_ENTRY_ORDER_BOOK} />;
}
