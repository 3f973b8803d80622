import { StockOrderEditView } from '../components/stock-order-edit-view.tsx';
import { HUB_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 库存中心 · 入库管理: a new order or a draft (inventory-add-edit). */
export default function InventoryAddEditPage() {
  return <StockOrderEditView book={HUB_ORDER_BOOK} />;
}
