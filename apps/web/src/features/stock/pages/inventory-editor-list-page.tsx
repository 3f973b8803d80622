import { StockEditorView } from '../components/stock-editor-view.tsx';
import { HUB_BALANCE_BOOK } from '../components/stock-balance-book.ts';

/** 库存中心 · 库存编辑 (inventory-editor-list): one SKU's 现有 / 锁定 at the hub set by hand. */
export default function InventoryEditorListPage() {
  return <StockEditorView book={HUB_BALANCE_BOOK} />;
}
