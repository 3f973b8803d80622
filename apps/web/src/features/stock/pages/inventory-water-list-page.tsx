import { StockMovementListView } from '../components/stock-movement-list-view.tsx';
import { HUB_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 库存中心 · 库存流水 (inventory-water-list): the hub's movements, newest first. */
export default function InventoryWaterListPage() {
  return <StockMovementListView book={HUB_BALANCE_BOOK} />;
}
