import { StockBalanceListView } from '../components/stock-balance-list-view.tsx';
import { WHOLESALER_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 批发商库存 · 库存管理 (wholesaler-management-list): the wholesaler stock, one row per SKU held. */
export default function WholesalerManagementListPage() {
  return <StockBalanceListView book={WHOLESALER_BALANCE_BOOK} />;
}
