import { StockBalanceListView } from '../components/stock-balance-list-view.tsx';
import { HUB_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 库存中心 · 库存管理 (inventory-management-list): the hub warehouse's stock, one row per SKU held. */
export default function InventoryManagementListPage() {
  return <StockBalanceListView book={HUB_BALANCE_BOOK} />;
}
