import { StockOrderEditView } from '../components/stock-order-edit-view.tsx';
import { FRONT_ENTRY_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 前置仓 · 入库单: a new order (its warehouse picked) or a draft (entrepot-entry-edit). */
export default function EntrepotEntryEditPage() {
  return <StockOrderEditView book={FRONT_ENTRY_ORDER_BOOK} />;
}
