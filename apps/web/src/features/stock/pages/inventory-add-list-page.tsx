import { StockOrderListView } from '../components/stock-order-list-view.tsx';
import { HUB_ORDER_BOOK } from '../components/stock-order-paths.ts';

/** 库存中心 · 入库管理 (inventory-add-list): the hub warehouse's 入库单 and 退货单. */
export default function InventoryAddListPage() {
  return <StockOrderListView book={HUB_ORDER_BOOK} />;
}
