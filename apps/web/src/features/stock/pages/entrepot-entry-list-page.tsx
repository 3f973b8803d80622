import { StockOrderListView } from '../components/stock-order-list-view.tsx';
import { FRONT_ENTRY_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 前置仓 · 入库单 (entrepot-entry-list): the front warehouses' 入库单, the warehouse a column and a filter. */
export default function EntrepotEntryListPage() {
  return <StockOrderListView book={FRONT_ENTRY_ORDER_BOOK} />;
}
