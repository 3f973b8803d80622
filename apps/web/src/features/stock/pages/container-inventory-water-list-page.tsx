import { StockMovementListView } from '../components/stock-movement-list-view.tsx';
import { CABINET_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 智能柜库存 · 库存流水 (container-inventory-water-list): the cabinet slots' movements, filtered by device. */
export default function ContainerInventoryWaterListPage() {
  return <StockMovementListView book={CABINET_BALANCE_BOOK} />;
}
