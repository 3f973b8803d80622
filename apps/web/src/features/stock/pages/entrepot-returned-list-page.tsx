import { StockOrderListView } from '../components/stock-order-list-view.tsx';
import { FRONT_RETURN_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 前置仓 · 退货单 (entrepot-returned-list): the front warehouses' 退货单, the warehouse a column and a filter. */
export default function EntrepotReturnedListPage() {
  return <StockOrderListView book={FRONT_RETURN_ORDER_BOOK} />;
}
