import { STOCK_LOCATION_KINDS } from '@merchant/contracts/stock/stock-fields';
import { hubStockOrderOps, wholesalerStockOrderOps, type StockOrderOps, type StockOrderType } from '@merchant/contracts/stock/stock-order';

// The stock books whose 入库管理 pages share the stock-order views: each its operation set, its stock's name and where
// its pages live (routes.ts and the views link to each other through these).

export interface StockOrderBook {
  /** Tells the books' list queries apart. */
  key: string;
  ops: StockOrderOps;
  /** The stock the orders move (库存中心, 批发商库存). */
  locationName: string;
  /** The list page. */
  list: string;
  /** An order's detail page. */
  detail: (orderCode: string) => string;
  /** The form: a new order of a type… */
  create: (type: StockOrderType) => string;
  /** …or a draft to edit. */
  edit: (orderCode: string) => string;
}

/** A book whose pages are /website/<section>/<base>-list, <base>-detail/:orderCode and <base>-edit. */
function bookAt(key: string, ops: StockOrderOps, locationName: string, section: string, base: string): StockOrderBook {
  const at = `/website/${section}/${base}`;
  return {
    key,
    ops,
    locationName,
    list: `${at}-list`,
    detail: (orderCode) => `${at}-detail/${encodeURIComponent(orderCode)}`,
    create: (type) => `${at}-edit?type=${type}`,
    edit: (orderCode) => `${at}-edit?orderCode=${encodeURIComponent(orderCode)}`,
  };
}

/** 库存中心 · 入库管理 (section 103). */
export const HUB_ORDER_BOOK = bookAt('hub', hubStockOrderOps, STOCK_LOCATION_KINDS.hub, 'inventory', 'inventory-add');
/** 批发商库存 · 入库管理 (section 108). */
export const WHOLESALER_ORDER_BOOK = bookAt(
  'wholesaler',
  wholesalerStockOrderOps,
  STOCK_LOCATION_KINDS.wholesaler,
  'wholesaler',
  'wholesaler-add',
);
