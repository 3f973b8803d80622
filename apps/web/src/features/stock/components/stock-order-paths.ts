import type { StockOrderType } from '@merchant/contracts/stock/stock-order';

// Where the 入库管理 pages live (routes.ts and the pages link to each other through these).

export const INVENTORY_ADD_LIST = '/website/inventory/inventory-add-list';

/** An order's detail page. */
export const stockOrderPath = (orderCode: string) => `/website/inventory/inventory-add-detail/${encodeURIComponent(orderCode)}`;

/** The form: a new order of a type, or a draft to edit. */
export const newStockOrderPath = (type: StockOrderType) => `/website/inventory/inventory-add-edit?type=${type}`;
export const editStockOrderPath = (orderCode: string) => `/website/inventory/inventory-add-edit?orderCode=${encodeURIComponent(orderCode)}`;
