import { StockOrderListView } from '../components/stock-order-list-view.tsx';
import { WHOLESALER_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 批发商库存 · 入库管理 (wholesaler-add-list): the wholesaler stock's 入库单 and 退货单. */
export default function WholesalerAddListPage() {
  return <StockOrderListView book={WHOLESALER_ORDER_BOOK} />;
}
