import { STOCK_LOCATION_KINDS } from '@merchant/contracts/stock/stock-fields';
import {
  frontEntryStockOrderOps,
  frontReturnStockOrderOps,
  hubStockOrderOps,
  wholesalerStockOrderOps,
  type StockOrderOps,
  type StockOrderType,
} from '@merchant/contracts/stock/stock-order';

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
  /** The list page's menu name (入库管理, 入库单, 退货单). */
  pageName: string;
  /** The one order type the page keeps (前置仓 入库单 / 退货单); undefined: both. */
  orderType?: StockOrderType;
  /** The location is a front warehouse picked per order (the form's 前置仓, the list's column and filter). */
  pickWarehouse?: boolean;
}

/** A book whose pages are /website/<section>/<base>-list, <base>-detail/:orderCode and <base>-edit. */
function bookAt(
  key: string,
  ops: StockOrderOps,
  locationName: string,
  section: string,
  base: string,
  page: Partial<Pick<StockOrderBook, 'pageName' | 'orderType' | 'pickWarehouse'>> = {},
): StockOrderBook {
  const at = `/website/${section}/${base}`;
  return {
    pageName: '入库管理',
    ...page,
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
/** 前置仓 · 入库单 (section 123): inbound orders of a front warehouse picked per order. */
export const FRONT_ENTRY_ORDER_BOOK = bookAt(
  'front-entry',
  frontEntryStockOrderOps,
  STOCK_LOCATION_KINDS.front,
  'entrepot',
  'entrepot-entry',
  {
    pageName: '入库单',
    orderType: 'inbound',
    pickWarehouse: true,
  },
);
/** 前置仓 · 退货单 (section 123): return orders of a front warehouse picked per order. */
export const FRONT_RETURN_ORDER_BOOK = bookAt(
  'front-return',
  frontReturnStockOrderOps,
  STOCK_LOCATION_KINDS.front,
  'entrepot',
  'entrepot-returned',
  {
    pageName: '退货单',
    orderType: 'return',
    pickWarehouse: true,
  },
);
