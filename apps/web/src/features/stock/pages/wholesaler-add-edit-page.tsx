import { StockOrderEditView } from '../components/stock-order-edit-view.tsx';
import { WHOLESALER_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 批发商库存 · 入库管理: a new order or a draft (wholesaler-add-edit). */
export default function WholesalerAddEditPage() {
  return <StockOrderEditView book={WHOLESALER_ORDER_BOOK} />;
}
