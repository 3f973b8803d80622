import { StockOrderEditView } from '../components/stock-order-edit-view.tsx';
import { FRONT_RETURN_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 前置仓 · 退货单: a new order (its warehouse picked) or a draft (entrepot-returned-edit). */
export default function EntrepotReturnedEditPage() {
  return <StockOrderEditView book={FRONT_RETURN_ORDER_BOOK} />;
}
