import { StockBalanceListView } from '../components/stock-balance-list-view.tsx';
import { FRONT_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 前置仓 · 实时库存 (entrepot-inventory-list): every warehouse's stock, filtered by 前置仓. */
export default function EntrepotInventoryListPage() {
  return <StockBalanceListView book={FRONT_BALANCE_BOOK} />;
}
