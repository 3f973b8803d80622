import { StockMovementListView } from '../components/stock-movement-list-view.tsx';
import { FRONT_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 前置仓 · 库存流水 (entrepot-inventory-water): the warehouses' movements, filtered by 前置仓. */
export default function EntrepotInventoryWaterPage() {
  return <StockMovementListView book={FRONT_BALANCE_BOOK} />;
}
