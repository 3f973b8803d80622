import { StockBalanceListView } from '../components/stock-balance-list-view.tsx';
import { CABINET_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 智能柜库存 · 实时库存 (container-inventory-management-list): every cabinet slot's stock (设备 / 货道), filtered by device. */
export default function ContainerInventoryManagementListPage() {
  return <StockBalanceListView book={CABINET_BALANCE_BOOK} />;
}
