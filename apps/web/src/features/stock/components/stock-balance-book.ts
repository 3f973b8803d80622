import {
  cabinetBalanceOps,
  frontBalanceOps,
  hubBalanceOps,
  wholesalerBalanceOps,
  type StockBalanceListOps,
  type StockBalanceOps,
  type StockBalanceViewOps,
} from '@merchant/contracts/stock/stock-balance';
import { STOCK_LOCATION_KINDS, type StockLocationKind } from '@merchant/contracts/stock/stock-fields';
import {
  cabinetMovementOps,
  frontMovementOps,
  stockMovementOps,
  wholesalerMovementOps,
  type StockMovementOps,
} from '@merchant/contracts/stock/stock-movement';

// The stock books whose balance and movement pages share the stock-balance views (库存管理 / 实时库存, 库存编辑,
// 库存流水): each its operation sets, its stock's name and where its pages live (routes.ts and the views link to each
// other through these) — as StockOrderBook does for 入库管理.

export interface StockBalanceBook {
  /** Tells the books' queries and saved column settings apart. */
  key: StockLocationKind;
  /** The stock (库存中心, 批发商库存, 前置仓, 智能柜). */
  stockName: string;
  balance: StockBalanceListOps;
  /** The hand edit (kinds with one location: 库存中心, 批发商库存); absent: the list is read-only. */
  edit?: { ops: StockBalanceOps; path: string };
  /** Kinds with many locations: their locations for the filter, and how the list filters and shows them. */
  locations?: { ops: StockBalanceViewOps; by: 'location' | 'device' };
  movements: StockMovementOps;
  /** The pages. */
  listPath: string;
  movementPath: string;
  /** The list's title (库存管理, 实时库存). */
  listTitle: string;
}

/** ?skuId= opens the editor on a SKU. */
export const editorOf = (book: StockBalanceBook, skuId?: number) =>
  book.edit ? (skuId ? `${book.edit.path}?skuId=${skuId}` : book.edit.path) : book.listPath;
/** 库存流水 filtered by a SKU (and a location / device when the book has many). */
export function movementsOf(book: StockBalanceBook, skuId: number, where?: { locationId?: number; deviceCode?: string }) {
  const q = new URLSearchParams({ skuId: String(skuId) });
  if (book.locations?.by === 'location' && where?.locationId) q.set('locationId', String(where.locationId));
  if (book.locations?.by === 'device' && where?.deviceCode) q.set('deviceCode', where.deviceCode);
  return `${book.movementPath}?${q}`;
}

/** 库存中心 (section 103). */
export const HUB_BALANCE_BOOK: StockBalanceBook = {
  key: 'hub',
  stockName: STOCK_LOCATION_KINDS.hub,
  balance: hubBalanceOps,
  edit: { ops: hubBalanceOps, path: '/website/inventory/inventory-editor-list' },
  movements: stockMovementOps,
  listPath: '/website/inventory/inventory-management-list',
  movementPath: '/website/inventory/inventory-water-list',
  listTitle: '库存管理',
};

/** 批发商库存 (section 108). */
export const WHOLESALER_BALANCE_BOOK: StockBalanceBook = {
  key: 'wholesaler',
  stockName: STOCK_LOCATION_KINDS.wholesaler,
  balance: wholesalerBalanceOps,
  edit: { ops: wholesalerBalanceOps, path: '/website/wholesaler/wholesaler-editor-list' },
  movements: wholesalerMovementOps,
  listPath: '/website/wholesaler/wholesaler-management-list',
  movementPath: '/website/wholesaler/wholesaler-water-list',
  listTitle: '库存管理',
};

/** 前置仓 (section 123): one row per warehouse × SKU. */
export const FRONT_BALANCE_BOOK: StockBalanceBook = {
  key: 'front',
  stockName: STOCK_LOCATION_KINDS.front,
  balance: frontBalanceOps,
  locations: { ops: frontBalanceOps, by: 'location' },
  movements: frontMovementOps,
  listPath: '/website/entrepot/entrepot-inventory-list',
  movementPath: '/website/entrepot/entrepot-inventory-water',
  listTitle: '实时库存',
};

/** 智能柜库存 (section 105): one row per cabinet slot × SKU. */
export const CABINET_BALANCE_BOOK: StockBalanceBook = {
  key: 'cabinet',
  stockName: '智能柜',
  balance: cabinetBalanceOps,
  locations: { ops: cabinetBalanceOps, by: 'device' },
  movements: cabinetMovementOps,
  listPath: '/website/container-stock/container-inventory-management-list',
  movementPath: '/website/container-stock/container-inventory-water-list',
  listTitle: '实时库存',
};
