import { StockEditorView } from '../components/stock-editor-view.tsx';
import { WHOLESALER_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 批发商库存 · 库存编辑 (wholesaler-editor-list): one SKU's 现有 / 锁定 in the wholesaler stock set by hand. */
export default function WholesalerEditorListPage() {
  return <StockEditorView book={WHOLESALER_BALANCE_BOOK} />;
}
