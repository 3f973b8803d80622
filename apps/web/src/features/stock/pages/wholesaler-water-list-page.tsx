import { StockMovementListView } from '../components/stock-movement-list-view.tsx';
import { WHOLESALER_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 批发商库存 · 库存流水 (wholesaler-water-list): the wholesaler stock's movements, newest first. */
export default function WholesalerWaterListPage() {
  return <StockMovementListView book={WHOLESALER_BALANCE_BOOK} />;
}
