import { StockOrderDetailView } from '../components/stock-order-detail-view.tsx';
import { HUB_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 库存中心 · 入库管理: an order (inventory-add-detail/:orderCode). */
export default function InventoryAddDetailPage() {
  return <StockOrderDetailView book={HUB_ORDER_BOOK} />;
}
